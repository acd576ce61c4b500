import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@Suite("Racing writers meet a typed conflict, never a server error")
struct ConflictContractTests {
    @Test("Two readers created with one name at once: one row and one conflict", arguments: TestDatabase.available)
    func sameNameAtOnce(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            async let first = attempt { try await store.users.create(name: "dana", now: TestClock.now) }
            async let second = attempt { try await store.users.create(name: "Dana", now: TestClock.now) }
            let results = await [first, second]
            #expect(results.filter { (try? $0.get()) != nil }.count == 1)
            let failures = results.compactMap { result -> StoreError? in
                if case .failure(let error) = result { return error as? StoreError }
                return nil
            }
            #expect(failures.count == 1)
            #expect(failures.allSatisfy { if case .conflict(.userName) = $0 { true } else { false } })
            #expect(try await store.users.all().count == 1)
        }
    }

    @Test(
        "Two invitations accepted with one name at once: one account, and the other gets a conflict",
        arguments: TestDatabase.available)
    func sameNameThroughTwoInvitations(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let owner = try await store.users.create(name: "owner", now: TestClock.now)
            let later = TestClock.now + 86_400
            for hash in ["one", "two"] {
                try await store.invitations.createInvitation(hash: hash, by: owner.id, expiresAt: later, now: TestClock.now)
            }
            // No lock orders these two: on PostgreSQL both pass the name check and the unique
            // index refuses the second row; the store reports that as a conflict on the name.
            async let first = attempt {
                try await store.invitations.acceptInvitation(
                    hash: "one", name: "sam", displayName: nil, passwordHash: "x", now: TestClock.now)
            }
            async let second = attempt {
                try await store.invitations.acceptInvitation(
                    hash: "two", name: "SAM", displayName: nil, passwordHash: "x", now: TestClock.now)
            }
            let results = await [first, second]
            #expect(results.filter { (try? $0.get()) != nil }.count == 1)
            let conflicts = results.compactMap { result -> StoreError? in
                if case .failure(let error) = result { return error as? StoreError }
                return nil
            }
            #expect(conflicts.count == 1)
            #expect(conflicts.allSatisfy { if case .conflict(.userName) = $0 { true } else { false } })
            #expect(try await store.users.all().map(\.name).filter { $0.lowercased() == "sam" }.count == 1)
            // The losing invitation was not used up: its transaction was rolled back.
            let open = [
                try await store.invitations.invitationIsOpen(hash: "one", now: TestClock.now),
                try await store.invitations.invitationIsOpen(hash: "two", now: TestClock.now),
            ]
            #expect(open.filter { $0 }.count == 1)
        }
    }

    @Test("A duplicate row a racing writer slipped in is a typed conflict naming the table", arguments: TestDatabase.available)
    func rawUniqueViolation(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let owner = try await store.users.create(name: "owner", now: TestClock.now)
            try await store.invitations.createInvitation(
                hash: "same", by: owner.id, expiresAt: TestClock.now + 60, now: TestClock.now)
            await #expect(throws: StoreError.conflict(.duplicate(table: "invitations"))) {
                try await store.invitations.createInvitation(
                    hash: "same", by: owner.id, expiresAt: TestClock.now + 60, now: TestClock.now)
            }
        }
    }
}

/// The outcome of a call that may throw, kept to compare racing calls.
func attempt<T: Sendable>(_ body: @Sendable () async throws -> T) async -> Result<T, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
}

@Suite("Cancelled requests")
struct CancelledWriteTests {
    @Test(
        "A write whose task is cancelled half-way ends with a commit or a rollback, and the next writes work",
        arguments: TestDatabase.available)
    func cancelledWrites(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let reader = try await store.makeReader("dana")
            let csv = "Title,Author,Exclusive Shelf\nKindred,Octavia E. Butler,read\nBeloved,Toni Morrison,to-read\n"
            for round in 0..<30 {
                let write = Task { try await reader.importText(csv) }
                try await Task.sleep(for: .microseconds(round * 100))
                write.cancel()
                _ = await write.result
            }
            // Before writes finished what they started, a cancelled statement left SQLite's
            // connection inside its transaction and every later write on it failed.
            for round in 0..<8 { _ = try await store.users.create(name: "after\(round)", now: TestClock.now) }
            // All of an import or none of it: never one book of the two. (Whether any of the
            // cancelled imports got to commit depends on how loaded the machine is.)
            #expect([0, 2].contains(try await reader.browse.statusCounts().values.reduce(0, +)))
            _ = try await reader.importText(csv)
            #expect(try await reader.browse.statusCounts().values.reduce(0, +) == 2)
        }
    }
}
