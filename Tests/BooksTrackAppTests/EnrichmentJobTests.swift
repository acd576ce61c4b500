import BooksTrackCore
import BooksTrackEnrichment
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp

/// Enrichment end to end: the application over a real database, its job runner, and the real
/// clients against the local replay server of recorded answers.
@Suite("Author facts arrive by themselves, in the background, without guessing", .serialized)
struct EnrichmentJobTests {
    static var today: LocalDate { TestClock.today }

    static func settings(_ server: ReplayServer) -> EnrichmentSettings {
        let provider = { (url: URL) in
            ProviderSettings(
                baseURL: url, userAgent: ProviderSettings.userAgent(contact: nil), minimumInterval: .zero, attempts: 2,
                backoff: .milliseconds(5))
        }
        return EnrichmentSettings(
            enabled: true, wikidata: provider(server.wikidata), openLibrary: provider(server.openLibrary),
            covers: provider(server.covers))
    }

    /// Adds a read book. With its year known and no ISBN, Open Library is not asked about it.
    @discardableResult
    static func add(
        _ title: String, by author: String, for user: User, app: BooksTrack, year: String = "1990", isbn: String = ""
    ) async throws -> LibraryEntry.ID {
        let draft = try BookDraft.parse(
            ["title": title, "authors": author, "status": "read", "year": year, "isbn": isbn], today: today
        ).get()
        guard case .added(let id) = try await app.library.add(draft, for: user, now: TestClock.now) else {
            throw StoreError.notFound(.reader)
        }
        return id
    }

    /// A reader on an application whose look-ups go to a fresh replay server.
    static func withReader(
        _ database: TestDatabase, named name: String, _ body: (BooksTrack, Store, User, ReplayServer) async throws -> Void
    ) async throws {
        let server = try ReplayServer()
        defer { server.stop() }
        try await database.withStore { (store: Store) async throws in
            let app = BooksTrack(store: store, clock: { TestClock.now }, enrichment: Self.settings(server))
            let user = try await store.users.create(name: name, now: TestClock.now)
            try await body(app, store, user, server)
        }
    }

    static func author(_ name: String, of user: User, store: Store) async throws -> Author {
        let id = try #require(try await store.enrichment.authors(for: user.id).first { $0.name == name }?.id)
        return try #require(try await store.catalogue.author(id: id))
    }

    @Test(
        "Three authors: one found (facts with Wikidata provenance), namesakes become a question, an unknown name stays unknown",
        arguments: TestDatabase.available)
    func foundAmbiguousUnknown(_ database: TestDatabase) async throws {
        try await Self.withReader(database, named: "erin") { app, store, user, server in
            try await Self.add("The Hitchhiker's Guide to the Galaxy", by: "Douglas Adams", for: user, app: app)
            try await Self.add("Michael Jackson's Beer Companion", by: "Michael Jackson", for: user, app: app)
            try await Self.add("Untitled", by: "xyzzy_totally_nonexistent_query_12345", for: user, app: app)

            // The bundled table answered at once (Douglas Adams's Wikidata id), the rest waits.
            let before = try await Self.author("Douglas Adams", of: user, store: store)
            #expect(before.wikidataID?.value == "Q42" && before.wikidataID?.provenance.source == .bundled)
            #expect(before.gender == nil)
            let waiting = try await app.enrichment.progress(for: user.id)
            #expect(waiting.authors == 3 && waiting.done == 0 && waiting.running)
            #expect(waiting.line == "Looking up 3 authors: 0 done")

            await app.jobs.drain()

            let adams = try await Self.author("Douglas Adams", of: user, store: store)
            #expect(adams.gender?.value == .male)
            #expect(adams.gender?.provenance.source == .wikidata && adams.gender?.provenance.detail == "Q42")
            #expect(adams.country?.value.alpha2 == "GB")
            #expect(adams.birthYear?.value == 1952)

            let jackson = try await Self.author("Michael Jackson", of: user, store: store)
            #expect(jackson.gender == nil && jackson.country == nil, "nothing is invented for an ambiguous name")
            let questions = try await app.enrichment.questions(for: user.id)
            #expect(Set(questions.map(\.candidate.reference)) == ["Q2831", "Q167877"])
            let beerWriter = try #require(questions.first { $0.candidate.reference == "Q167877" })
            #expect(beerWriter.candidate.question.hasPrefix("Is this Michael Jackson, English writer and journalist"))
            #expect(beerWriter.bookTitle == "Michael Jackson's Beer Companion")

            let unknown = try await Self.author("xyzzy_totally_nonexistent_query_12345", of: user, store: store)
            #expect(unknown.gender == nil && unknown.wikidataID == nil)

            let done = try await app.enrichment.progress(for: user.id)
            #expect(done.authors == 3 && done.done == 3 && done.ambiguous == 1 && !done.running)
            #expect(try await server.log().allSatisfy { $0.status == .code(200) }, "only recorded requests were made")

            // Yes: the beer writer's facts, the identification as the reader's; the other question closes.
            #expect(try await app.enrichment.answer(beerWriter.candidate.id, yes: true, by: user.id))
            #expect(!(try await app.enrichment.answer(beerWriter.candidate.id, yes: true, by: user.id)), "a double submit")
            let answered = try await Self.author("Michael Jackson", of: user, store: store)
            #expect(answered.wikidataID?.value == "Q167877" && answered.wikidataID?.provenance.source == .user)
            #expect(answered.gender?.value == .male && answered.country?.value.alpha2 == "GB")
            #expect(try await app.enrichment.questions(for: user.id).isEmpty)

            // Another reader cannot answer a question about an author who is not in their library.
            let other = try await store.users.create(name: "finn", now: TestClock.now)
            let singer = try #require(questions.first { $0.candidate.reference == "Q2831" })
            await #expect(throws: StoreError.self) {
                try await app.enrichment.answer(singer.candidate.id, yes: true, by: other.id)
            }
        }
    }

    @Test(
        "A book with an ISBN: Open Library's edition gives its page count; what nobody recorded is not invented",
        arguments: TestDatabase.available)
    func openLibraryByISBN(_ database: TestDatabase) async throws {
        try await Self.withReader(database, named: "kai") { app, store, user, server in
            let entry = try await Self.add(
                "Slow reading", by: "John Miedema", for: user, app: app, year: "", isbn: "9780980200447")
            await app.jobs.drain()
            let detail = try #require(try await store.reader(user.id).browse.detail(of: entry))
            #expect(detail.edition?.details.pageCount == 92)
            #expect(detail.work.firstPublishedYear == nil, "the work's record was not recorded: no year is made up")
            let openLibrary = try await server.log().filter { $0.host == "openlibrary.org" }
            #expect(openLibrary.first?.path == "/api/books" && openLibrary.first?.status == .code(200))
            #expect(openLibrary.dropFirst().allSatisfy { $0.status == .code(404) }, "the work and author pages are not recorded")
            let miedema = try await Self.author("John Miedema", of: user, store: store)
            #expect(miedema.wikidataID == nil && miedema.gender == nil)
        }
    }

    @Test(
        "A book found by ISBN gets its edition's cover, fetched once for every reader and reached only through one's own book",
        arguments: TestDatabase.available)
    func coverFetchedOnceAndKept(_ database: TestDatabase) async throws {
        try await Self.withReader(database, named: "ines") { app, store, user, server in
            try await server.serve(
                host: "covers.openlibrary.org", path: "/b/id/5546156-M.jpg", contentType: "image/jpeg",
                body: ReplayServer.coverJPEG)
            let entry = try await Self.add(
                "Slow reading", by: "John Miedema", for: user, app: app, year: "", isbn: "9780980200447")
            await app.jobs.drain()
            #expect(try await store.covers.coverID(of: entry, for: user.id) == "openlibrary:5546156")
            let cover = try #require(try await store.covers.cover(of: entry, for: user.id))
            #expect(cover.mediaType == "image/jpeg" && cover.data == ReplayServer.coverJPEG)
            let asked = try await server.log().filter { $0.host == "covers.openlibrary.org" }
            #expect(asked.map(\.path) == ["/b/id/5546156-M.jpg"] && asked.first?.query["default"] == "false")

            // Another reader with the same edition: the kept picture, not a second request.
            let other = try await store.users.create(name: "jon", now: TestClock.now)
            let theirs = try await Self.add(
                "Slow reading", by: "John Miedema", for: other, app: app, year: "", isbn: "9780980200447")
            await app.jobs.drain()
            #expect(try await store.covers.coverID(of: theirs, for: other.id) == "openlibrary:5546156")
            #expect(try await server.log().filter { $0.host == "covers.openlibrary.org" }.count == 1)
            #expect(try await store.covers.cover(of: entry, for: other.id) == nil, "one reader's book is not another's")
        }
    }

    @Test(
        "A cover that is not a picture (an HTML page) is not kept: the book keeps its initials",
        arguments: TestDatabase.available)
    func coverThatIsNotAPicture(_ database: TestDatabase) async throws {
        try await Self.withReader(database, named: "ola") { app, store, user, server in
            try await server.serve(
                host: "covers.openlibrary.org", path: "/b/id/5546156-M.jpg", contentType: "text/html",
                body: Data("<html><body>Not here</body></html>".utf8))
            let entry = try await Self.add(
                "Slow reading", by: "John Miedema", for: user, app: app, year: "", isbn: "9780980200447")
            await app.jobs.drain()
            #expect(try await store.covers.coverID(of: entry, for: user.id) == nil)
            #expect(try await store.covers.has("openlibrary:5546156") == false)
        }
    }

    @Test(
        "A book imported from a row with no title gets the title of its ISBN's record; a title the reader gave is kept",
        arguments: TestDatabase.available)
    func untitledBookGetsItsTitle(_ database: TestDatabase) async throws {
        try await Self.withReader(database, named: "uma") { app, store, user, _ in
            let file = "Title,Author,ISBN13,Exclusive Shelf\n,John Miedema,9780980200447,read\n,Ann Nobody,9782070427796,read\n"
            let batch = try BooksTrackImport.LibraryFileReader.read(bytes: Array(file.utf8), today: Self.today)
            let report = try await app.imports.importNow(batch, for: user, fileName: "no-titles.csv", dryRun: false)
            #expect(report.imported == 2)
            let reader = store.reader(user.id)
            let untitled = try await reader.browse.list(LibraryQuery(missing: .title), primaryLanguage: nil).items
            #expect(untitled.map(\.title).sorted() == ["Untitled (ISBN 9780980200447)", "Untitled (ISBN 9782070427796)"])
            // The reader names the second one before the look-ups run: their title stays.
            let named = try #require(untitled.first { $0.title.hasSuffix("9782070427796)") })
            let draft = try BookDraft.parse(
                ["title": "L'Étranger", "authors": "Ann Nobody", "status": "read", "isbn": "9782070427796"], today: Self.today
            ).get()
            try await app.library.update(named.entryID, with: draft, for: user, now: TestClock.now)
            await app.jobs.drain()
            let titles = try await reader.browse.list(LibraryQuery(), primaryLanguage: nil).items.map(\.title).sorted()
            #expect(titles == ["L'Étranger", "Slow reading"])
            #expect(try await reader.browse.count(LibraryQuery(missing: .title), primaryLanguage: nil) == 0)
        }
    }

    @Test(
        "A batch of ids that fails is asked for one by one: one unanswered id does not hold back the others",
        arguments: TestDatabase.available)
    func batchFallsBackToSingles(_ database: TestDatabase) async throws {
        try await Self.withReader(database, named: "lee") { app, store, user, server in
            // Both ids come from the bundled table; only Douglas Adams's answer was recorded.
            try await Self.add("The Hitchhiker's Guide to the Galaxy", by: "Douglas Adams", for: user, app: app)
            try await Self.add("Beloved", by: "Toni Morrison", for: user, app: app)
            await app.jobs.drain()
            let adams = try await Self.author("Douglas Adams", of: user, store: store)
            #expect(adams.gender?.provenance.source == .wikidata && adams.country?.value.alpha2 == "GB")
            let morrison = try await Self.author("Toni Morrison", of: user, store: store)
            #expect(morrison.gender?.provenance.source == .bundled, "still the table's word: her answer was not recorded")
            let progress = try await app.enrichment.progress(for: user.id)
            #expect(progress.done == 1 && progress.retrying == 1)
            let asked = try await server.log().compactMap { $0.query["ids"] }
            #expect(asked.first?.split(separator: "|").count == 2 && asked.dropFirst().sorted() == ["Q42", "Q72334"])
        }
    }

    @Test("A person's answer is never replaced by a look-up", arguments: TestDatabase.available)
    func personWins(_ database: TestDatabase) async throws {
        try await Self.withReader(database, named: "gale") { app, store, user, server in
            let book = try await Self.add("Mostly Harmless", by: "Douglas Adams", for: user, app: app)
            let adams = try await Self.author("Douglas Adams", of: user, store: store)
            _ = try await app.profiling.answer(
                for: user, book: book, fact: .gender, author: adams.id, value: "nonBinary", note: nil, now: TestClock.now)
            await app.jobs.drain()
            let after = try await Self.author("Douglas Adams", of: user, store: store)
            #expect(after.gender?.value == .nonBinary && after.gender?.provenance.source == .user)
            #expect(after.country?.value.alpha2 == "GB", "facts nobody answered still arrive")
        }
    }

    @Test(
        "A look-up stopped mid-way (its process killed) resumes after the restart without asking again what it had",
        arguments: TestDatabase.available)
    func resumes(_ database: TestDatabase) async throws {
        try await Self.withReader(database, named: "hana") { app, store, user, server in
            try await Self.add("Life, the Universe and Everything", by: "Douglas Adams", for: user, app: app)
            await app.jobs.drain()
            #expect(try await server.log().count == 1)

            // New books arrive; the look-up starts in a process that is then killed.
            try await Self.add("Beer Companion", by: "Michael Jackson", for: user, app: app)
            try await Self.add("Untitled", by: "xyzzy_totally_nonexistent_query_12345", for: user, app: app)
            let dead = "\(ProcessInfo.processInfo.hostName):999999:deadbeef"
            let claimed = try #require(
                try await store.jobs.claimNext(kinds: [EnrichmentService.jobKind], worker: dead, now: TestClock.now))
            #expect(try await app.enrichment.progress(for: user.id).done == 1)

            // The restarted process gives the dead one's job up, queues it again and finishes it.
            await app.jobs.drain()
            #expect(try await store.jobs.job(claimed.id)?.status == .done)
            let progress = try await app.enrichment.progress(for: user.id)
            #expect(progress.done == 3 && progress.authors == 3)
            let wikidataByID = try await server.log().filter { $0.query["ids"] == "Q42" }
            #expect(wikidataByID.count == 1, "Douglas Adams was not looked up twice")
        }
    }

    @Test(
        "With the network down the product works, says so calmly, and the look-up waits for a retry",
        arguments: TestDatabase.available)
    func networkDown(_ database: TestDatabase) async throws {
        try await Self.withReader(database, named: "ines") { app, store, user, server in
            try await server.down(host: "www.wikidata.org")
            try await Self.add("Beloved", by: "Toni Morrison", for: user, app: app)
            try await Self.add("Kindred", by: "Octavia E. Butler", for: user, app: app)
            try await Self.add("Pachinko", by: "Min Jin Lee", for: user, app: app)
            try await Self.add("Homegoing", by: "Yaa Gyasi", for: user, app: app)
            await app.jobs.drain()
            let morrison = try await Self.author("Toni Morrison", of: user, store: store)
            #expect(morrison.gender?.value == .female && morrison.gender?.provenance.source == .bundled)
            let progress = try await app.enrichment.progress(for: user.id)
            #expect(progress.retrying >= 1 && progress.unreachable >= 1)
            #expect(progress.line?.contains("can’t be reached right now") == true)
            // The job comes back when the retry is due — not at once.
            #expect(try await store.jobs.jobs(kind: EnrichmentService.jobKind).first?.status == .queued)
            #expect(
                try await store.jobs.claimNext(kinds: [EnrichmentService.jobKind], worker: "w", now: TestClock.now) == nil)
            #expect(!progress.running)
        }
    }

    @Test("Look-ups off: the bundled table still applies on import, and the product says look-ups are off")
    func off() async throws {
        try await TestDatabase.sqlite.withStore { (store: Store) async throws in
            let app = BooksTrack(store: store, clock: { TestClock.now })
            let user = try await store.users.create(name: "jo", now: TestClock.now)
            try await Self.add("Beloved", by: "Toni Morrison", for: user, app: app)
            let morrison = try await Self.author("Toni Morrison", of: user, store: store)
            #expect(morrison.gender?.value == .female && morrison.country?.value.alpha2 == "US")
            #expect(morrison.gender?.provenance.detail == "post45-major-literary-prizes")
            let progress = try await app.enrichment.progress(for: user.id)
            #expect(progress.line?.hasPrefix("Automatic look-ups are off") == true)
            #expect(try await store.jobs.jobs(kind: EnrichmentService.jobKind).isEmpty)
        }
    }

    @Test("Namesakes from the bundled table are told apart in words, not by the names of datasets (issue 44 item 9)")
    func namesakesInWords() async throws {
        try await TestDatabase.sqlite.withStore { (store: Store) async throws in
            let app = BooksTrack(store: store, clock: { TestClock.now })
            let user = try await store.users.create(name: "jo", now: TestClock.now)
            // The table has two Veronica Roths from one bestseller list: one recorded as a man, one as a woman.
            try await Self.add("Divergent", by: "Veronica Roth", for: user, app: app)
            let questions = try await app.enrichment.questions(for: user.id).map(\.candidate.question).sorted()
            #expect(
                questions == [
                    "Is this Veronica Roth, a man from the United States?",
                    "Is this Veronica Roth, a woman from the United States?",
                ])
        }
    }
}
