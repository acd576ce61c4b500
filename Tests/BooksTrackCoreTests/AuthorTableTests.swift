import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackCore

@Suite("The bundled author table")
struct AuthorTableTests {
    @Test("Spellings, accents, case, punctuation and initials fold to one key")
    func keys() {
        #expect(AuthorTable.key("J.R.R. Tolkien") == AuthorTable.key("J. R. R. Tolkien"))
        #expect(AuthorTable.key("Ngũgĩ wa Thiong’o") == AuthorTable.key("Ngugi wa Thiong'o"))
        #expect(AuthorTable.key("  TONI   MORRISON ") == "toni morrison")
        #expect(AuthorTable.key("Toni Morrison") != AuthorTable.key("Toni Morris"))
    }

    @Test("ASCII names take a short way to the same key as Unicode folding")
    func asciiKeys() {
        let names = [
            "Ursula K. Le Guin", "  ursula k le   guin ", "O'Brien, Flann", "J.R.R. Tolkien", "Ngũgĩ wa Thiong'o",
            "Jean-Paul Sartre", "ALL CAPS 1984", "tab\tand\nnewline", "under_score & co.", "~!@#$%^&*()", "", "a",
            "Z9", "Kazuo Ishiguro (trans.)",
        ]
        for name in names {
            #expect(AuthorTable.key(name) == AuthorTable.foldedKey(name), "\(name)")
        }
        // Every ASCII character on its own and between letters.
        for byte in UInt8(0)..<128 {
            let text = "a" + String(UnicodeScalar(byte)) + "B" + String(UnicodeScalar(byte))
            #expect(AuthorTable.key(text) == AuthorTable.foldedKey(text), "byte \(byte)")
        }
        #expect(AuthorTable.key("Ursula K. Le Guin") == "ursula k le guin")
    }

    @Test("The shipped table knows famous writers, with a source per fact")
    func shipped() throws {
        let table = AuthorTable.bundled
        #expect(table.people.count > 9_000)
        guard case .one(let morrison) = table.match("toni morrison") else {
            Issue.record("Toni Morrison is in the Post45 prize tables")
            return
        }
        #expect(morrison.gender == .female && morrison.countries.first?.alpha2 == "US" && morrison.wikidataID == "Q72334")
        #expect(morrison.genderSource == "post45-major-literary-prizes")
        #expect(AuthorTableSource.title(of: morrison.genderSource) == "Post45 Data Collective, Major Literary Prizes")
        // Camus: the nationality table (France) before the Nobel table's birth country (Algeria).
        guard case .one(let camus) = table.match("Albert Camus") else {
            Issue.record("one Albert Camus")
            return
        }
        #expect(camus.countries.map(\.alpha2) == ["FR", "DZ"])
        #expect(table.match("Nobody Ever Wrote This") == .none)
    }

    @Test("Two people of one name with different facts are both kept, for the reader to choose")
    func namesakes() {
        guard case .several(let people) = AuthorTable.bundled.match("Veronica Roth") else {
            Issue.record("the tables disagree on Veronica Roth's gender: a question, not a pick")
            return
        }
        #expect(Set(people.compactMap(\.gender)) == [.female, .male])
    }

    @Test("R-style NA is missing, never Namibia; a Namibian is Namibian")
    func notApplicable() {
        let table = AuthorTable(
            tsv: """
                # name\taliases\twikidata\tgender\tgender_source\tcountries\tcountry_source\tbirth_year\tbirth_source
                A Writer\t\t\t\t\t\t\t\t
                Namibian Writer\t\t\tfemale\tx\tNA\tx\t1950\tx
                """)
        #expect(table.people.first { $0.name == "A Writer" }?.countries.isEmpty == true)
        #expect(table.people.first { $0.name == "Namibian Writer" }?.countries.first?.alpha2 == "NA")
    }

    @Test("Generated so that no cell reads NA as a country: every NA in the table is a Namibian's")
    func noNamibiaByAccident() throws {
        let namibians = AuthorTable.bundled.people.filter { $0.countries.contains { $0.alpha2 == "NA" } }
        for person in namibians { #expect(person.countrySource != nil, "\(person.name)") }
        #expect(namibians.count < 5, "a handful of Namibian writers at most, not every missing cell")
    }

    @Test("A person's word beats a live look-up, which beats the bundled table, whatever the order")
    func precedence() {
        let early = Date(timeIntervalSince1970: 1_000)
        let late = Date(timeIntervalSince1970: 2_000)
        let bundled = AuthorFactAssertion(
            kind: .gender, value: "male", provenance: Provenance(source: .bundled, recordedAt: late, detail: "x"))
        let wikidata = AuthorFactAssertion(
            kind: .gender, value: "female", provenance: Provenance(source: .wikidata, recordedAt: early, detail: "Q1"))
        let reader = AuthorFactAssertion(
            kind: .gender, value: "nonBinary", provenance: Provenance(source: .user, recordedAt: early))
        #expect(AuthorFactAssertion.winner(among: [wikidata, bundled]) == wikidata)
        #expect(AuthorFactAssertion.winner(among: [reader, wikidata, bundled]) == reader)
        #expect(AuthorFactAssertion.winner(among: [bundled]) == bundled)
    }
}
