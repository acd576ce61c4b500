import BooksTrackCore
import Foundation
import SQLKit

/// Invitations to create an account. Only a hash of each invitation token is stored.
public struct InvitationRepository: Sendable {
    let database: Database

    public func createInvitation(hash: String, by userID: User.ID, expiresAt: Date, now: Date) async throws {
        try await database.write { db in
            try await db.insertRows(
                into: "invitations", columns: ["id", "token_hash", "created_by", "created_at", "expires_at"],
                rows: [[UUID().uuidString.lowercased(), hash, userID.string, now.milliseconds, expiresAt.milliseconds]])
        }
    }

    /// Whether an invitation can still be used.
    public func invitationIsOpen(hash: String, now: Date) async throws -> Bool {
        try await database.read { db in
            try await db.raw(
                """
                SELECT id FROM invitations WHERE token_hash = \(bind: hash) AND used_at IS NULL AND expires_at > \(bind: now.milliseconds)
                """
            ).first() != nil
        }
    }

    /// Creates a reader from an open invitation, using it up. Throws when the invitation is no
    /// longer open or the name is taken; nothing is written then.
    public func acceptInvitation(hash: String, name: String, displayName: String?, passwordHash: String, now: Date) async throws
        -> User
    {
        if let problem = User.problem(withName: name) { throw StoreError.invalid(.userName(problem)) }
        return try await UserRepository.naming(name) {
            try await acceptingInvitation(hash: hash, name: name, displayName: displayName, passwordHash: passwordHash, now: now)
        }
    }

    private func acceptingInvitation(hash: String, name: String, displayName: String?, passwordHash: String, now: Date)
        async throws
        -> User
    {
        try await database.write { db in
            if try await db.raw("SELECT id FROM users WHERE name_key = \(bind: name.lowercased())").first() != nil {
                throw StoreError.conflict(.userName(name))
            }
            let user = User(name: name, displayName: displayName, role: .reader, createdAt: now)
            try await db.insertRows(
                into: "users", columns: UserRepository.columns,
                rows: [UserRepository.values(user, passwordHash: passwordHash, now: now)])
            // One conditional update uses the invitation up: of two people racing with the same
            // link, the second finds it used and their account is rolled back.
            let used = try await db.raw(
                """
                UPDATE invitations SET used_at = \(bind: now.milliseconds), used_by = \(bind: user.id.string)
                WHERE token_hash = \(bind: hash) AND used_at IS NULL AND expires_at > \(bind: now.milliseconds)
                RETURNING id
                """
            ).first()
            guard used != nil else {
                throw StoreError.notFound(.invitation)
            }
            return user
        }
    }
}
