import BooksTrackCore
import Foundation
import SQLKit

/// Accounts on the instance.
public struct UserRepository: Sendable {
    let database: Database

    /// Creates an account. The first account on an instance is its owner.
    public func create(name: String, displayName: String? = nil, passwordHash: String? = nil, now: Date) async throws -> User {
        if let problem = User.problem(withName: name) { throw StoreError.invalid(.userName(problem)) }
        return try await Self.naming(name) {
            try await database.write { db in
                try await AccountLock.take(on: db, dialect: database.dialect)
                let count = try await db.raw("SELECT COUNT(*) AS n FROM users WHERE role <> 'staging'").first()?.integer("n") ?? 0
                let taken = try await db.raw("SELECT id FROM users WHERE name_key = \(bind: name.lowercased())").first()
                if taken != nil { throw StoreError.conflict(.userName(name)) }
                let user = User(name: name, displayName: displayName, role: count == 0 ? .owner : .reader, createdAt: now)
                try await db.insertRows(
                    into: "users", columns: Self.columns, rows: [Self.values(user, passwordHash: passwordHash, now: now)])
                return user
            }
        }
    }

    /// Runs a write that creates an account called `name`: when a racing writer took the name
    /// first (the unique index refused the row), the conflict names it.
    static func naming<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch StoreError.conflict(.duplicate(table: "users")) {
            throw StoreError.conflict(.userName(name))
        }
    }

    /// Creates the owner of a new instance; refuses (``StoreError/conflict(_:)``) once anyone has
    /// an account, so two browsers racing through set-up cannot both become owner.
    public func createOwner(name: String, displayName: String?, passwordHash: String, now: Date) async throws -> User {
        if let problem = User.problem(withName: name) { throw StoreError.invalid(.userName(problem)) }
        return try await database.write { db in
            try await AccountLock.take(on: db, dialect: database.dialect)
            if try await db.raw("SELECT COUNT(*) AS n FROM users WHERE role <> 'staging'").first()?.integer("n") ?? 0 > 0 {
                throw StoreError.conflict(.ownerExists)
            }
            let user = User(name: name, displayName: displayName, role: .owner, createdAt: now)
            try await db.insertRows(
                into: "users", columns: Self.columns, rows: [Self.values(user, passwordHash: passwordHash, now: now)])
            return user
        }
    }

    /// The account with this login name (compared without case).
    public func user(named name: String) async throws -> User? {
        try await database.read { db in
            try await db.raw("SELECT * FROM users WHERE name_key = \(bind: name.lowercased())").first().map(Self.user)
        }
    }

    public func user(id: User.ID) async throws -> User? {
        try await database.read { db in
            try await db.raw("SELECT * FROM users WHERE id = \(bind: id.string)").first().map(Self.user)
        }
    }

    /// Every account, oldest first.
    public func all() async throws -> [User] {
        try await database.read { db in
            try await db.raw("SELECT * FROM users WHERE role <> 'staging' ORDER BY created_at, name_key").all().map(Self.user)
        }
    }

    /// Changes a reader's settings.
    /// Readers who turned at least one reminder on (``NotificationKind/isReminder``).
    public func withReminders() async throws -> [User] {
        let kinds = NotificationKind.allCases.filter(\.isReminder).map(\.rawValue)
        return try await database.read { db in
            try await db.raw(
                """
                SELECT * FROM users u WHERE EXISTS (
                    SELECT 1 FROM notification_preferences p
                    WHERE p.user_id = u.id AND p.enabled = 1 AND p.kind IN (\(binds: kinds)))
                ORDER BY u.id
                """
            ).all().map(Self.user)
        }
    }

    public func update(settings: ReaderSettings, for userID: User.ID, now: Date) async throws {
        try await database.changing { db, changes in
            try await Self.write(settings: settings, for: userID, now: now, on: db)
            changes.account(of: userID)
        }
    }

    static func write(settings: ReaderSettings, for userID: User.ID, now: Date, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE users SET primary_language = \(bind: settings.primaryLanguage?.code), time_zone = \(bind: settings.timeZone),
                underrepresented_regions = \(bind: regionsText(settings.underrepresentedRegions)),
                palette = \(bind: settings.palette?.rawValue), updated_at = \(bind: now.milliseconds)
            WHERE id = \(bind: userID.string)
            """
        ).run()
    }

    static let columns = [
        "id", "name", "name_key", "display_name", "role", "password_hash", "primary_language", "time_zone",
        "underrepresented_regions", "palette", "data_version", "created_at", "updated_at",
    ]

    static func values(_ user: User, passwordHash: String?, now: Date) -> [SQLValue] {
        [
            user.id.string, user.name, user.name.lowercased(), user.displayName, user.role.rawValue, passwordHash,
            user.settings.primaryLanguage?.code, user.settings.timeZone, regionsText(user.settings.underrepresentedRegions),
            user.settings.palette?.rawValue, 0, user.createdAt.milliseconds, now.milliseconds,
        ]
    }

    static func regionsText(_ regions: Set<CulturalRegion>) -> String {
        regions.sorted().map(\.rawValue).joined(separator: ",")
    }

    static func user(_ row: any SQLRow) throws -> User {
        let regions = try row.text("underrepresented_regions").split(separator: ",").compactMap {
            CulturalRegion(rawValue: String($0))
        }
        return User(
            id: try row.id("id"), name: try row.text("name"), displayName: try row.text("display_name"),
            role: User.Role(rawValue: try row.text("role")) ?? .reader, createdAt: try row.instant("created_at"),
            settings: ReaderSettings(
                primaryLanguage: try row.optionalText("primary_language").flatMap(LanguageCode.init(lenient:)),
                timeZone: try row.optionalText("time_zone"), underrepresentedRegions: Set(regions),
                palette: try row.optionalText("palette").flatMap(ChartPalette.init(rawValue:))))
    }
}
