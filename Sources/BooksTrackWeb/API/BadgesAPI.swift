import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/entries/{entry}/badges`: a book's identity badges (issue 20 item 5) — listed, recorded
/// (only where the author or a public source states it) and removed.
struct BadgesAPI {
    let configuration: WebConfiguration
    let profiling: ProfilingService

    @Sendable func list(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entry: LibraryEntry.ID = try context.parameters.id("entryId")
        guard let badges = try await profiling.badges(on: entry, for: user) else { throw StoreError.notFound(.entry(entry)) }
        return try Responses.json(badges.map(APIModels.Badge.init))
    }

    @Sendable func record(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entry: LibraryEntry.ID = try context.parameters.id("entryId")
        let sent = try await APIRequest.decode(BadgeRequest.self, from: request)
        let id: IdentityBadgeRecord.ID?
        do {
            id = try await profiling.recordBadge(sent.badge, on: entry, for: user, now: configuration.clock())
        } catch let problems as IdentityBadgeDraft.Problems {
            throw WebError.invalid(problems.byName)
        }
        guard let id, let badge = try await profiling.badges(on: entry, for: user)?.first(where: { $0.id == id }) else {
            throw StoreError.notFound(.entry(entry))
        }
        return try Responses.json(APIModels.Badge(badge), status: .created)
    }

    @Sendable func remove(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entry: LibraryEntry.ID = try context.parameters.id("entryId")
        // Only a badge the reader sees on this very book of theirs.
        guard let badges = try await profiling.badges(on: entry, for: user) else { throw StoreError.notFound(.entry(entry)) }
        let id: IdentityBadgeRecord.ID = try context.parameters.id("badgeId")
        guard badges.contains(where: { $0.id == id && $0.mine }), try await profiling.removeBadge(id, for: user) else {
            throw WebError.notFound("This book has no such badge of yours.")
        }
        return Responses.noContent()
    }

    /// `{"badge": "queer", "about": "book" | "<author id>", "statedBy": "author" | "public-source",
    /// "source": "https://…", "share": false}`, decoded into the typed badge the form reads too. A
    /// value of the wrong JSON type is refused here; the badge's rules are checked by
    /// ``IdentityBadgeDraft/check(_:work:authors:)``.
    struct BadgeRequest: Decodable {
        var badge = IdentityBadgeDraft.Input(kind: nil, statedBy: nil, source: "")

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.refuseUnknown(Set(IdentityBadgeDraft.Field.allCases.map(\.rawValue)))
            func decode<T: Decodable>(_ field: IdentityBadgeDraft.Field, as type: T.Type, _ problem: String) throws -> T? {
                let key = AnyKey(stringValue: field.rawValue)
                guard container.contains(key) else { return nil }
                guard let value = try? container.decode(T.self, forKey: key) else {
                    throw FieldErrors([field.rawValue: problem])
                }
                return value
            }
            let kinds = IdentityBadgeKind.allCases.map(\.rawValue).joined(separator: ", ")
            if let kind = try decode(.badge, as: String.self, "Send one of: \(kinds).") {
                badge.kind = IdentityBadgeKind(lenient: kind)
            }
            if let about = try decode(.about, as: String.self, "Send \"book\" or the id of one of the book’s authors.") {
                badge.about = about == "book" ? .book : Author.ID(about).map { .author($0) } ?? .unknown
            }
            if let statedBy = try decode(.statedBy, as: String.self, "Send \"author\" or \"public-source\": who states it.") {
                badge.statedBy = BadgeStatement(rawValue: TextNormalization.trim(statedBy))
            }
            badge.source = try decode(.source, as: String.self, "Send where it is stated as a string.") ?? ""
            badge.share = try decode(.share, as: Bool.self, "Send true or false.") ?? false
        }
    }
}

extension APIModels {
    struct Badge: Codable {
        let id: String
        let badge: String
        let label: String
        /// `book`, or the author's id.
        let about: String
        let statedBy: String
        let source: String
        /// Shown to the instance's other readers of the author.
        let shared: Bool
        /// Recorded by the reader asking (else shared by another reader; only one's own can be removed).
        let mine: Bool
        let recordedAt: Date

        init(_ record: IdentityBadgeRecord) {
            id = record.id.string
            badge = record.kind.rawValue
            label = record.kind.displayName
            switch record.subject {
            case .work: about = "book"
            case .author(let id): about = id.string
            }
            statedBy = record.statedBy.rawValue
            source = record.source
            shared = record.shared
            mine = record.mine
            recordedAt = record.recordedAt
        }
    }
}

// MARK: - Schemas

extension APIModels.Badge: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "id": .formatted("uuid"),
            "badge": .cases(of: IdentityBadgeKind.self),
            "about": .described("`book`, or the author's id."),
            "statedBy": .cases(of: BadgeStatement.self),
            "mine": .described("Recorded by you (only your own can be removed)."),
        ]
    }
}
