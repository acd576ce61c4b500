import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import SQLKit
import Testing

@testable import BooksTrackStore

@Suite("Schema migrations and accounts")
struct SchemaAndAccountTests {
    @Test("A new database gets every migration, and migrating again changes nothing", arguments: TestDatabase.available)
    func migrations(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            #expect(try await Migrator.appliedVersions(store.database) == Array(1...Migrator.latestVersion))
            #expect(try await Migrator.migrate(store.database, now: TestClock.now) == [])
        }
    }

    @Test(
        "A migration that fails half-way (a crash, a full disk) leaves the database as it was; the next start finishes it",
        arguments: TestDatabase.available)
    func interruptedMigration(database: TestDatabase) async throws {
        let (location, cleanup) = try await database.makeDatabase()
        do {
            try await Self.interruptedMigration(location)
            try await cleanup()
        } catch {
            try? await cleanup()
            throw error
        }
    }

    static func interruptedMigration(_ location: DatabaseLocation) async throws {
        try await Database.withDatabase(location, clock: TestClock.wall) { db in
            let earlier = Array(Migrations.all.dropLast())
            let last = try #require(Migrations.all.last)
            _ = try await Migrator.migrate(db, now: TestClock.now, migrations: earlier)
            // The next version's first statements run, then the migration dies.
            let dying = Migration(
                version: last.version, name: last.name,
                statements: [
                    "CREATE TABLE half_done (id TEXT PRIMARY KEY)", "INSERT INTO half_done (id) VALUES ('x')",
                    "SELECT * FROM no_such_table_the_crash",
                ])
            await #expect(throws: (any Error).self) {
                try await Migrator.migrate(db, now: TestClock.now, migrations: earlier + [dying])
            }
            #expect(try await Migrator.appliedVersions(db) == earlier.map(\.version))
            await #expect(throws: (any Error).self, "nothing of the failed migration stays") {
                try await db.read { try await $0.raw("SELECT id FROM half_done").all() }
            }
            // The next start applies the real migration, once.
            #expect(try await Migrator.migrate(db, now: TestClock.now) == [last.version])
            #expect(try await Migrator.appliedVersions(db) == Array(1...Migrator.latestVersion))
            #expect(try await Migrator.migrate(db, now: TestClock.now) == [])
        }
    }

    @Test(
        "Notifications kept with a web address before migration 27 lead to the same places, named (issue 42)",
        arguments: TestDatabase.available)
    func noticeDestinations(database: TestDatabase) async throws {
        let (location, cleanup) = try await database.makeDatabase()
        do {
            try await Database.withDatabase(location, clock: TestClock.wall) { db in
                let earlier = Migrations.all.filter { $0.version < 27 }
                _ = try await Migrator.migrate(db, now: TestClock.now, migrations: earlier)
                let alice = try await Store(database: db).makeReader("alice")
                let goal = Goal.ID.random()
                let links = [
                    "/goals/\(goal.string)", "/goals", "/insights/reading#achievements", "/contributions",
                    "/library?status=reading", "/notifications", "https://elsewhere.example/",
                ]
                try await db.write { db in
                    for (index, link) in links.enumerated() {
                        try await db.raw(
                            """
                            INSERT INTO notifications (id, user_id, kind, title, body, link, dedupe_key, created_at)
                            VALUES (\(bind: AppNotification.ID.random().string), \(bind: alice.userID.string), 'test',
                                \(bind: "n\(index)"), '', \(bind: link), \(bind: "k\(index)"), \(bind: index))
                            """
                        ).run()
                    }
                }
                try await Migrator.migrate(db, now: TestClock.now)
                let destinations = try await alice.notifications.recent(unreadOnly: false).sorted { $0.title < $1.title }
                    .map(\.destination)
                #expect(destinations == [.goal(goal), .goals, .achievements, .contributions, .readingNow, .notifications, nil])
            }
            try await cleanup()
        } catch {
            try? await cleanup()
            throw error
        }
    }

    @Test("A database from a newer BooksTrack is refused rather than damaged", arguments: TestDatabase.available)
    func newerSchema(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            try await store.database.write { db in
                try await db.raw("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)").run()
            }
            await #expect(throws: StoreError.newerSchema(found: 999, known: Migrator.latestVersion)) {
                try await Migrator.migrate(store.database, now: TestClock.now)
            }
        }
    }

    @Test("The first account is the owner; names are unique without regard to case", arguments: TestDatabase.available)
    func accounts(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.users.create(name: "alice", now: TestClock.now)
            let bob = try await store.users.create(name: "Bob", displayName: "Bob Smith", now: TestClock.now)
            #expect(alice.role == .owner)
            #expect(bob.role == .reader)
            #expect(try await store.users.user(named: "BOB")?.displayName == "Bob Smith")
            #expect(try await store.users.all().map(\.name) == ["alice", "Bob"])
            await #expect(throws: StoreError.conflict(.userName("ALICE"))) {
                try await store.users.create(name: "ALICE", now: TestClock.now)
            }
            await #expect(throws: StoreError.self) { try await store.users.create(name: "two words", now: TestClock.now) }
            await #expect(throws: StoreError.self) { try await store.users.create(name: "", now: TestClock.now) }
        }
    }

    @Test("Settings are saved per reader and change the reader's data version", arguments: TestDatabase.available)
    func settings(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            let before = try await alice.dataVersion()
            let settings = ReaderSettings(
                primaryLanguage: LanguageCode(lenient: "sw"), timeZone: "Africa/Lagos",
                underrepresentedRegions: [.europe, .northAmerica])
            try await store.users.update(settings: settings, for: alice.userID, now: TestClock.now)
            #expect(try await store.users.user(id: alice.userID)?.settings == settings)
            #expect(try await alice.dataVersion() > before)
        }
    }

    @Test("Only one reading session per reader can be running, enforced by the database", arguments: TestDatabase.available)
    func oneActiveSession(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            try await alice.importText("Book Id,Title,Author,Exclusive Shelf\n1,A,X,currently-reading\n2,B,Y,currently-reading\n")
            let entries = try await alice.library.whole().entries
            @Sendable func start(_ entry: LibraryEntry) async throws {
                try await store.database.write { db in
                    try await db.raw(
                        """
                        INSERT INTO reading_sessions (id, user_id, entry_id, started_at, start_page, logged_afterwards, created_at)
                        VALUES (\(bind: UUID().uuidString), \(bind: alice.userID.string), \(bind: entry.id.string), 1, 0, 0, 1)
                        """
                    ).run()
                }
            }
            try await start(entries[0])
            await #expect(throws: (any Error).self) { try await start(entries[1]) }
            #expect(try await store.count("reading_sessions") == 1)
        }
    }
}
