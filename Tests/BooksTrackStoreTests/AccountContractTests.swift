import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@Suite("Accounts in the store: logins, tokens, invitations, rate limits, uploads")
struct AccountContractTests {
    static let hour: TimeInterval = 3_600
    static let emptyPreview = ImportReport(format: .goodreads, dryRun: true, outcomes: [], fileWarnings: [])

    @Test("A login is found by its hash until it expires, and extending it moves the expiry", arguments: TestDatabase.available)
    func logins(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let user = try await store.users.create(name: "dana", now: TestClock.now)
            let logins = store.logins
            try await logins.create(
                tokenHash: "h1", csrfToken: "c1", for: user.id, expiresAt: TestClock.now + Self.hour, now: TestClock.now)
            #expect(try await logins.login(tokenHash: "h1", now: TestClock.now)?.user.id == user.id)
            #expect(try await logins.login(tokenHash: "h1", now: TestClock.now + 2 * Self.hour) == nil)
            try await logins.extend(tokenHash: "h1", until: TestClock.now + 3 * Self.hour, now: TestClock.now)
            #expect(try await logins.login(tokenHash: "h1", now: TestClock.now + 2 * Self.hour)?.csrfToken == "c1")
            try await logins.create(
                tokenHash: "h2", csrfToken: "c2", for: user.id, expiresAt: TestClock.now + Self.hour, now: TestClock.now)
            try await logins.deleteAll(of: user.id, except: "h2")
            #expect(try await logins.login(tokenHash: "h1", now: TestClock.now) == nil)
            #expect(try await logins.login(tokenHash: "h2", now: TestClock.now) != nil)
        }
    }

    @Test(
        "A session brings the reader's data_version and unread count; a read inside it uses that version",
        arguments: TestDatabase.available)
    func sessionBringsVersion(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let user = try await store.users.create(name: "dana", now: TestClock.now)
            let other = try await store.users.create(name: "eli", now: TestClock.now)
            try await store.logins.create(
                tokenHash: "h1", csrfToken: "c1", for: user.id, expiresAt: TestClock.now + Self.hour, now: TestClock.now)
            let reader = store.reader(user.id)
            try await reader.notifications.record(
                [Notice(kind: "achievement", key: "k", title: "T", body: "B")], now: TestClock.now)
            let session = try #require(try await store.logins.login(tokenHash: "h1", now: TestClock.now))
            #expect(session.unread == 1)
            #expect(session.dataVersion == (try await reader.dataVersion()))
            let (mine, theirs) = try await KnownDataVersion.$current.withValue((user.id, session.dataVersion + 40)) {
                (try await reader.dataVersion(), try await store.reader(other.id).dataVersion())
            }
            #expect(mine == session.dataVersion + 40, "the version the request began with")
            #expect(theirs != session.dataVersion + 40, "another reader's is read from the database")
        }
    }

    @Test("Tokens belong to their reader: another reader can neither list nor revoke them", arguments: TestDatabase.available)
    func tokens(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.users.create(name: "alice", now: TestClock.now)
            let bob = try await store.users.create(name: "bob", now: TestClock.now)
            let token = try await store.tokens.createToken(
                named: "script", hash: "secret-hash", for: alice.id, now: TestClock.now)
            #expect(try await store.tokens.tokens(of: bob.id).isEmpty)
            #expect(try await store.tokens.deleteToken(token.id, of: bob.id) == false)
            #expect(try await store.tokens.authenticate(tokenHash: "secret-hash", now: TestClock.now + 60)?.user.id == alice.id)
            #expect(try await store.tokens.tokens(of: alice.id).first?.lastUsedAt == TestClock.now + 60)
            // "Last used" is kept to the minute: a burst of requests writes it once.
            _ = try await store.tokens.authenticate(tokenHash: "secret-hash", now: TestClock.now + 90)
            #expect(try await store.tokens.tokens(of: alice.id).first?.lastUsedAt == TestClock.now + 60)
            _ = try await store.tokens.authenticate(tokenHash: "secret-hash", now: TestClock.now + 125)
            #expect(try await store.tokens.tokens(of: alice.id).first?.lastUsedAt == TestClock.now + 125)
            #expect(try await store.tokens.deleteToken(token.id, of: alice.id))
            #expect(try await store.tokens.authenticate(tokenHash: "secret-hash", now: TestClock.now) == nil)
        }
    }

    @Test("An invitation makes one account, only before it expires", arguments: TestDatabase.available)
    func invitations(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let owner = try await store.users.create(name: "dana", now: TestClock.now)
            try await store.invitations.createInvitation(
                hash: "inv", by: owner.id, expiresAt: TestClock.now + Self.hour, now: TestClock.now)
            try await store.invitations.createInvitation(
                hash: "old", by: owner.id, expiresAt: TestClock.now - 1, now: TestClock.now)
            #expect(try await store.invitations.invitationIsOpen(hash: "inv", now: TestClock.now))
            #expect(try await !store.invitations.invitationIsOpen(hash: "old", now: TestClock.now))
            await #expect(throws: StoreError.self) {
                try await store.invitations.acceptInvitation(
                    hash: "old", name: "eve", displayName: nil, passwordHash: "x", now: TestClock.now)
            }
            let eli = try await store.invitations.acceptInvitation(
                hash: "inv", name: "eli", displayName: "Eli", passwordHash: "x", now: TestClock.now)
            #expect(eli.role == .reader)
            await #expect(throws: StoreError.self) {
                try await store.invitations.acceptInvitation(
                    hash: "inv", name: "fay", displayName: nil, passwordHash: "x", now: TestClock.now)
            }
            // A refused acceptance leaves no account behind.
            #expect(try await store.users.all().map(\.name) == ["dana", "eli"])
        }
    }

    @Test("Failed sign-ins count within their window and start again after it", arguments: TestDatabase.available)
    func rateLimitWindow(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let loginThrottle = store.loginThrottle
            let window: TimeInterval = 900
            for expected in 1...3 {
                #expect(try await loginThrottle.recordFailure(key: "name:dana", now: TestClock.now, window: window) == expected)
            }
            #expect(try await loginThrottle.failures(key: "name:dana", now: TestClock.now + 60, window: window) == 3)
            #expect(try await loginThrottle.failures(key: "name:dana", now: TestClock.now + 901, window: window) == 0)
            #expect(try await loginThrottle.recordFailure(key: "name:dana", now: TestClock.now + 901, window: window) == 1)
            try await loginThrottle.clearFailures(key: "name:dana")
            #expect(try await loginThrottle.failures(key: "name:dana", now: TestClock.now + 902, window: window) == 0)
        }
    }

    @Test("Set-up is needed until someone has a password; only one owner can be made", arguments: TestDatabase.available)
    func setup(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            #expect(try await store.accounts.setupState() == .noAccounts)
            let cli = try await store.users.create(name: "cli", now: TestClock.now)
            #expect(try await store.accounts.setupState() == .ownerWithoutPassword(cli))
            await #expect(throws: StoreError.self) {
                try await store.users.createOwner(name: "second", displayName: nil, passwordHash: "x", now: TestClock.now)
            }
            #expect(try await store.accounts.setFirstPassword("hash", for: cli.id, now: TestClock.now))
            #expect(try await store.accounts.setupState() == .complete)
            #expect(try await !store.accounts.setFirstPassword("other", for: cli.id, now: TestClock.now))
            #expect(try await store.accounts.passwordHash(of: cli.id) == "hash")
        }
    }

    @Test("Deleting an account removes its library and keeps the facts it gave, unsigned", arguments: TestDatabase.available)
    func deleteAccount(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let owner = try await store.users.create(name: "dana", now: TestClock.now)
            let eli = try await store.users.create(name: "eli", now: TestClock.now)
            let reader = store.reader(eli.id)
            try await reader.importFixture(Fixtures.goodreadsFiles[2])
            let author = try #require(try await reader.library.whole().authors.values.first)
            try await reader.books.recordFact(.gender, "female", about: author.id, now: TestClock.now)
            await #expect(throws: StoreError.self) { try await store.accounts.deleteAccount(owner.id) }
            try await store.accounts.deleteAccount(eli.id)
            #expect(try await store.count("library_entries") == 0)
            #expect(try await store.count("import_runs") == 0)
            let history = try await store.catalogue.factHistory(of: author.id)
            #expect(history.contains { $0.kind == .gender && $0.value == "female" && $0.provenance.userID == nil })
        }
    }

    @Test(
        "An upload is claimed once, belongs to its reader, and loses its content when finished", arguments: TestDatabase.available
    )
    func uploads(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            let bytes = Array("Title,Author\nKindred,Octavia E. Butler\n".utf8)
            let upload = try await alice.uploads.save(
                fileName: "a.csv", bytes: bytes, preview: Self.emptyPreview, now: TestClock.now)
            #expect(try await alice.uploads.upload(upload.id)?.1 == bytes)
            #expect(try await bob.uploads.upload(upload.id) == nil)
            #expect(try await !bob.uploads.queueImport(upload.id, runID: .random(), kind: "import", now: TestClock.now))
            let run = ImportRunSummary.ID.random()
            async let first = alice.uploads.queueImport(upload.id, runID: run, kind: "import", now: TestClock.now)
            async let second = alice.uploads.queueImport(upload.id, runID: .random(), kind: "import", now: TestClock.now)
            #expect([try await first, try await second].filter { $0 }.count == 1)
            // One job was queued for it, not two.
            #expect(try await store.jobs.jobs(kind: "import").map(\.subject) == [upload.id.string])
            #expect(try await !alice.uploads.discard(upload.id))
            try await alice.uploads.finish(upload.id, error: nil, now: TestClock.now)
            let finished = try #require(try await alice.uploads.upload(upload.id))
            #expect(finished.0.status == .done && finished.1.isEmpty)
            // Uploads left waiting for a day are removed with the next upload.
            let stale = try await alice.uploads.save(
                fileName: "b.csv", bytes: bytes, preview: Self.emptyPreview, now: TestClock.now)
            _ = try await alice.uploads.save(
                fileName: "c.csv", bytes: bytes, preview: Self.emptyPreview, now: TestClock.now + 2 * 86_400)
            #expect(try await alice.uploads.upload(stale.id) == nil)
        }
    }
}
