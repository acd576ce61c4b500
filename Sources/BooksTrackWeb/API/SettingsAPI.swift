import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/me/settings`: the reader's settings that change the figures.
struct SettingsAPI {
    let app: BooksTrack
    let configuration: WebConfiguration

    /// Fields not sent keep their values; `null` clears a text setting.
    struct SettingsRequest: Decodable {
        var primaryLanguage: Sent<String>
        var timeZone: Sent<String>
        var underrepresentedRegions: [String]?
        var palette: Sent<String>

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.refuseUnknown(["primaryLanguage", "timeZone", "underrepresentedRegions", "palette"])
            func text(_ name: String) throws -> Sent<String> {
                do { return try container.decode(Sent<String>.self, forKey: AnyKey(stringValue: name)) } catch {
                    throw FieldErrors([name: "Send a string or null."])
                }
            }
            primaryLanguage = try text("primaryLanguage")
            timeZone = try text("timeZone")
            palette = try text("palette")
            let regions = AnyKey(stringValue: "underrepresentedRegions")
            if container.contains(regions) {
                guard let list = try? container.decode([String].self, forKey: regions) else {
                    throw FieldErrors([
                        "underrepresentedRegions": "Send a list of region names, such as [\"africa\", \"indigenous\"]."
                    ])
                }
                underrepresentedRegions = list
            }
            // The API takes the exact names it documents (the form is more forgiving: "" is the
            // standard palette there, "Africa" a region).
            if case .value(let name) = palette, ChartPalette(rawValue: name) == nil {
                let choices = ChartPalette.allCases.map(\.rawValue).joined(separator: " or ")
                throw FieldErrors(["palette": "“\(name)” is not a palette. Use \(choices), or null for the standard one."])
            }
            if let unknown = underrepresentedRegions?.first(where: { CulturalRegion(rawValue: $0) == nil }) {
                let names = CulturalRegion.allCases.map(\.rawValue).joined(separator: ", ")
                throw FieldErrors(["underrepresentedRegions": "“\(unknown)” is not one of the regions: \(names)."])
            }
        }
    }

    @Sendable func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let sent = try await APIRequest.decode(SettingsRequest.self, from: request)
        func kept(_ value: Sent<String>, current: String?) -> String? {
            switch value {
            case .absent: current
            case .null: nil
            case .value(let text): text
            }
        }
        let parsed = ReaderSettings.parse(
            primaryLanguage: kept(sent.primaryLanguage, current: user.settings.primaryLanguage?.code),
            timeZone: kept(sent.timeZone, current: user.settings.timeZone),
            underrepresentedRegions: sent.underrepresentedRegions
                ?? user.settings.underrepresentedRegions.sorted().map(\.rawValue),
            palette: kept(sent.palette, current: user.settings.palette?.rawValue))
        switch parsed {
        case .success(let settings):
            try await app.reader(user).update(settings: settings, now: configuration.clock())
            var updated = user
            updated.settings = settings
            return try Responses.json(APIModels.Me(updated))
        case .failure(let errors):
            let renamed = [
                "primary_language": "primaryLanguage", "time_zone": "timeZone",
                "underrepresented_regions": "underrepresentedRegions", "palette": "palette",
            ]
            throw WebError.invalid(
                FieldErrors(Dictionary(uniqueKeysWithValues: errors.messages.map { (renamed[$0] ?? $0, $1) })))
        }
    }
}
