import BooksTrackCore
import Foundation
import SQLKit

/// Settings of the whole instance (kept by name).
public struct InstanceSettingsRepository: Sendable {
    let database: Database

    public func setting(_ name: String) async throws -> String? {
        try await database.read { db in
            try await db.raw("SELECT value FROM instance_settings WHERE setting = \(bind: name)").first()?.text("value")
        }
    }

    public func setSetting(_ name: String, to value: String) async throws {
        try await database.write { db in
            try await db.raw(
                """
                INSERT INTO instance_settings (setting, value) VALUES (\(bind: name), \(bind: value))
                ON CONFLICT (setting) DO UPDATE SET value = excluded.value
                """
            ).run()
        }
    }
}
