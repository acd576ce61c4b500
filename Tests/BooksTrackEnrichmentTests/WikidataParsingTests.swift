import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackEnrichment

/// The recorded real answers in `Tests/Fixtures/apis`, read as BooksTrack reads them. Each test
/// names the quirk of the fixtures' README it covers.
@Suite("Wikidata answers, every shape and quirk recorded")
struct WikidataParsingTests {
    static func body(_ name: String) throws -> Data { Data(try Fixtures.bytes("apis/wikidata/\(name)")) }

    static func person(_ name: String, _ id: String) throws -> WikidataPerson {
        let entities = try WikidataEntity.entities(in: try body(name), requested: [id])
        return try #require(entities[id].map(WikidataPerson.init), "\(id) in \(name)")
    }

    @Test(
        "Four envelopes (wbgetentities, Special:EntityData, a bare entity, the REST API) give the same Douglas Adams",
        arguments: [
            "wbgetentities_Q42_2020-03_warnings.json", "entitydata_Q42_2025-12_mul-label.json", "bare-entity_Q42_2018-07.json",
            "rest-v1_items_Q42_2025.json", "wbgetentities_Q6-Q42-P31_2015-02.json", "entitydata_Q42_2021-05.json",
        ])
    func douglasAdams(_ file: String) throws {
        let adams = try Self.person(file, "Q42")
        #expect(adams.isHuman)
        #expect(adams.isWriter)
        #expect(adams.gender == .male)
        #expect(adams.citizenship?.country?.alpha2 == "GB")
        #expect(adams.birthYear == 1952, "padded years such as +00000001952 are read too")
        #expect(adams.deathYear == 2001)
        #expect(adams.entity.label == "Douglas Adams", "English, else the multilingual label")
        #expect(adams.isNamed("douglas adams"))
    }

    @Test("Only a mul label: the label falls back to mul, not to another script")
    func mulOnlyLabel() throws {
        let adams = try Self.person("entitydata_Q42_2025-12_mul-label.json", "Q42")
        #expect(adams.entity.labels["en"] == nil)
        #expect(adams.entity.label == "Douglas Adams")
    }

    @Test("Pre-2016 values carry only numeric-id; Ted Cruz's preferred citizenship (USA) beats the normal one (Canada)")
    func numericIDAndPreferredRank() throws {
        let cruz = try Self.person("wbgetentities_Q2036942_Ted-Cruz_2016-03.json", "Q2036942")
        #expect(cruz.gender == .male)
        #expect(cruz.entity.allItems("P27").sorted() == ["Q16", "Q30"])
        #expect(cruz.citizenship?.country?.alpha2 == "US")
    }

    @Test("Estonia preferred over the Soviet Union (Ansip); both normal gives the present-day country (Alender)")
    func historicalStates() throws {
        let ansip = try Self.person("wbgetentities_23ids_Q57640-Andrus-Ansip_2015-11.json", "Q57640")
        #expect(ansip.citizenship?.country?.alpha2 == "EE")
        let alender = try Self.person("wbgetentities_10ids_Q2492624-Urmas-Alender_2015-11.json", "Q2492624")
        #expect(alender.citizenship?.country?.alpha2 == "EE")
    }

    @Test("A historical state with no present-day country is recorded as its region (Ming dynasty → Asia)")
    func historicalRegion() throws {
        let song = try Self.person("entitydata_Q45648994_Song-Hu_2023-04.json", "Q45648994")
        #expect(song.citizenship?.country == nil)
        let facts = song.facts(at: TestClock.now)
        #expect(facts.first { $0.kind == .region }?.value == CulturalRegion.asia.rawValue)
        #expect(!facts.contains { $0.kind == .country })
    }

    @Test("Several birth dates: the preferred one, never a deprecated one, and a century is not a year (Constantine)")
    func ranksOnDates() throws {
        let constantine = try Self.person("entitydata_Q8413_Constantine-the-Great_2025-12.json", "Q8413")
        #expect(constantine.birthYear == 272)
        #expect(WikidataEntity.year("-0274-00-00T00:00:00Z") == -274)
        #expect(WikidataEntity.year("+00000001952-03-11T00:00:00Z") == 1952)
    }

    @Test("Gender 'some value' or 'no value' stays unknown: nothing is guessed")
    func somevalueGender() throws {
        let master = try Self.person("wbgetentities_Q617611_somevalue-gender_2016-02.json", "Q617611")
        #expect(master.isHuman)
        #expect(master.gender == nil)
        #expect(!master.facts(at: TestClock.now).contains { $0.kind == .gender })
    }

    @Test("A gender item BooksTrack does not know is left unknown, a non-binary one is read (input constructed: none recorded)")
    func constructedGenders() throws {
        func entity(_ gender: String) throws -> WikidataPerson {
            let json = """
                {"entities":{"Q1":{"id":"Q1","labels":{},"claims":{"P31":[{"rank":"normal","mainsnak":{"snaktype":"value",
                "datavalue":{"type":"wikibase-entityid","value":{"id":"Q5"}}}}],"P21":[{"rank":"normal","mainsnak":
                {"snaktype":"value","datavalue":{"type":"wikibase-entityid","value":{"id":"\(gender)"}}}}]}}}}
                """
            return WikidataPerson(try #require(try WikidataEntity.entities(in: Data(json.utf8))["Q1"]))
        }
        #expect(try entity("Q48270").gender == .nonBinary)
        #expect(try entity("Q999999999").gender == nil)
    }

    @Test("A Wikimedia list article is not a person")
    func notAPerson() throws {
        let list = try Self.person("wbgetentities_Q868585_not-a-person_2016-01.json", "Q868585")
        #expect(!list.isHuman)
    }

    @Test("Redirects are found under the id asked for, whichever key the answer uses")
    func redirects() throws {
        let karlsruhe = try WikidataEntity.entities(
            in: try Self.body("wbgetentities_Q32063953_redirect-to-Q1040_2018-01.json"), requested: ["Q32063953"])
        #expect(karlsruhe["Q32063953"]?.id == "Q1040")
        let kangnam = try WikidataEntity.entities(
            in: try Self.body("entitydata_Q16231742_redirect-to-Q3571994_Kangnam_2017-08.json"), requested: ["Q16231742"])
        #expect(kangnam["Q16231742"]?.id == "Q3571994")
    }

    @Test("Missing entities (deleted, unknown title) are absent; the found one beside a missing one is read")
    func missing() throws {
        #expect(try WikidataEntity.entities(in: try Self.body("wbgetentities_Q21974469_deleted-missing_2016-09.json")).isEmpty)
        #expect(
            try WikidataEntity.entities(in: try Self.body("wbgetentities_titles-enwiki-Xyzzy_missing-minus1_2026-04.json"))
                .isEmpty)
        let mixed = try WikidataEntity.entities(in: try Self.body("wbgetentities_Q6-Q42-P31_2015-02.json"))
        #expect(mixed["Q6"] == nil)
        #expect(mixed["Q42"] != nil)
    }

    @Test("Errors come with HTTP 200 in the body: read as errors, not as empty results")
    func errorsInTheBody() throws {
        #expect(throws: WikidataAPIError.self) {
            try WikidataEntity.entities(in: try Self.body("error_no-such-entity_bogus_2015.json"))
        }
        #expect(WikidataClient.isMaxlag(try Self.body("error_maxlag_2020.json")))
        #expect(!WikidataClient.isMaxlag(try Self.body("wbgetentities_Q42_2020-03_warnings.json")))
    }

    @Test("Namesakes: 'Michael Jackson' the singer and the beer writer both write; neither is taken, both are asked")
    func namesakes() throws {
        let entities = try WikidataEntity.entities(
            in: try Self.body("wbgetentities_10ids_Michael-Jackson-namesakes_2016-03.json"))
        guard case .ambiguous(let people) = AuthorMatch.decide(name: "Michael Jackson", among: Array(entities.values)) else {
            Issue.record("a name shared by several people must not be taken as an identification")
            return
        }
        #expect(Set(people.map(\.id)) == ["Q2831", "Q167877"], "the computer scientist writes no books")
        #expect(people.first { $0.id == "Q167877" }?.summary.contains("English writer and journalist") == true)
    }

    @Test("One human writer of that name is found; a name nobody has is nobody")
    func decisions() throws {
        let adams = try WikidataEntity.entities(in: try Self.body("wbgetentities_Q42_2020-03_warnings.json"))
        guard case .found(let person) = AuthorMatch.decide(name: "Douglas Adams", among: Array(adams.values)) else {
            Issue.record("one writer of that name should be found")
            return
        }
        #expect(person.id == "Q42")
        #expect(AuthorMatch.decide(name: "Douglas Adamson", among: Array(adams.values)) == .none)
        let politicians = try WikidataEntity.entities(in: try Self.body("wbgetentities_Q2036942_Ted-Cruz_2016-03.json"))
        #expect(AuthorMatch.decide(name: "Ted Cruz", among: Array(politicians.values)) == .none, "not tied to books")
    }
}

@Suite("Open Library answers")
struct OpenLibraryParsingTests {
    static func object(_ name: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(try Fixtures.bytes("apis/openlibrary/\(name)"))) as? [String: Any])
    }

    @Test("A description is a string or a /type/text object")
    func descriptions() throws {
        let fox = OpenLibraryClient.work(try Self.object("works_OL45804W_Fantastic-Mr-Fox_2025.json"), key: "/works/OL45804W")
        let sabriel = OpenLibraryClient.work(try Self.object("works_OL15832982W_Sabriel_2020.json"), key: "/works/OL15832982W")
        #expect(fox.description?.isEmpty == false)
        #expect(sabriel.description?.isEmpty == false)
        #expect(fox.authorKeys == ["/authors/OL34184A"])
    }

    @Test("An author's Wikidata id and free-text birth date")
    func author() throws {
        let dahl = OpenLibraryClient.author(try Self.object("authors_OL34184A_Roald-Dahl_2025.json"), key: "/authors/OL34184A")
        #expect(dahl.wikidataID == "Q25161")
        #expect(dahl.birthYear == 1916)
        let old = OpenLibraryClient.author(try Self.object("authors_OL1A_Sachi-Rautroy_2013.json"), key: "/authors/OL1A")
        #expect(old.wikidataID == nil)
    }

    @Test("A title search's year: only exact title and author matches, the earliest of them")
    func searchYear() throws {
        let hits = OpenLibraryClient.hits(try Self.object("search_author-tolkien_title-lord-of-the-rings_2013.json"))
        #expect(!hits.isEmpty)
        let exact = hits.filter { AuthorTable.key($0.title) == "the lord of the rings" }
        #expect(!exact.isEmpty)
        let year = OpenLibrarySearchHit.firstPublished(of: "The Lord of the Rings", by: ["J.R.R. Tolkien"], in: hits)
        #expect(year == 1954, "the earliest of the works with that title by J. R. R. Tolkien (spelled otherwise)")
        #expect(OpenLibrarySearchHit.firstPublished(of: "The Lord of the Rings", by: ["Somebody Else"], in: hits) == nil)
        #expect(OpenLibrarySearchHit.firstPublished(of: "The Lord", by: ["J.R.R. Tolkien"], in: hits) == nil)
    }

    @Test("Subjects become genres the app knows; 'Fiction' alone and subjects it does not know are passed over")
    func subjectsAsGenres() throws {
        let fox = try #require(
            try Self.object("api-books_OLID-OL7353617M_jscmd-data_2025.json")["OLID:OL7353617M"] as? [String: Any])
        let edition = OpenLibraryClient.edition(fox)
        #expect(edition.subjects.contains("Juvenile fiction") && edition.subjects.contains("Fiction"))
        // "Plays" and "Fantasy fiction" come 26th and 30th: adaptations', not the book's.
        #expect(GenreChoice.fromSubjects(edition.subjects) == ["Young adult & children"])
        let sabriel = OpenLibraryClient.work(try Self.object("works_OL15832982W_Sabriel_2020.json"), key: "/works/OL15832982W")
        #expect(GenreChoice.fromSubjects(sabriel.subjects) == ["Fantasy", "Young adult & children"])
        let slow = try #require(
            try Self.object("api-books_ISBN-9780980200447_jscmd-data_2025.json")["ISBN:9780980200447"] as? [String: Any])
        #expect(GenreChoice.fromSubjects(OpenLibraryClient.edition(slow).subjects).isEmpty, "Books and reading: no genre")
    }

    @Test("A work's original language is what its translations were translated from; none says nothing")
    func originalLanguage() throws {
        let fox = OpenLibraryClient.originalLanguage(try Self.object("works_OL45804W_editions_2025.json"))
        #expect(fox?.code == "en", "French, Japanese and Scots editions, each translated from English")
        #expect(OpenLibraryClient.originalLanguage(try Self.object("works_OL15832982W_editions_2020.json")) == nil)
    }

    @Test("/api/books is keyed by the bibkey as sent; authors come as URLs")
    func edition() throws {
        let object = try Self.object("api-books_ISBN-9780980200447_jscmd-data_2025.json")
        let edition = OpenLibraryClient.edition(try #require(object["ISBN:9780980200447"] as? [String: Any]))
        #expect(edition.title == "Slow reading")
        #expect(edition.pages == 92)
        #expect(edition.authors.map(\.key) == ["/authors/OL2622287A"])
        #expect(edition.authors.map(\.name) == ["John Miedema"])
    }
}
