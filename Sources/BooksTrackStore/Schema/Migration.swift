import Foundation
import SQLKit

/// One numbered step of the schema. Shipped migrations are never edited: a change is a new
/// migration appended to ``Migrations/all``.
///
/// Statements are plain SQL that SQLite and PostgreSQL both accept: `TEXT` and `BIGINT`
/// columns (flags are 0/1 integers, instants are milliseconds since 1970, calendar days are
/// `YYYY-MM-DD` text, lists are JSON text), `ON CONFLICT` upserts and partial indexes.
struct Migration: Sendable {
    let version: Int
    let name: String
    let statements: [String]
    /// Moves data after the statements, in the same transaction, when SQL alone cannot say it
    /// (given the migration's time).
    var data: (@Sendable (any SQLDatabase, Date) async throws -> Void)? = nil
}

enum Migrations {
    /// Every migration, in order.
    static let all: [Migration] = [
        m001Accounts, m002Catalogue, m003Library, m004Activity, m005Imports, m006Services, m007Uploads, m008Curation, m009Jobs,
        m010PrivateCatalogue, m011Enrichment, m012ReaderChanges, m013ProgressPercent, m014Webhooks, m015ImportStaging,
        m016ShareLinks, m017ChartPalette, m018Comparison, m019NotificationPreferences, m020Covers, m021IdentityBadges,
        m022SharePictures, m023WorksOwnerIndex, m024BoundedNumbers, m025UploadShelves, m026ReaderSpellings,
        m027NoticeDestinations, m028ImportRunSessions, m029LibraryArchives,
    ]
}
