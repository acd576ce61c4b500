import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension SettingsAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case updateSettings

        var declaration: APIOperation {
            switch self {
            case .updateSettings:
                APIOperation(
                    .put, "me/settings", .account, summary: "Change the settings that shape the reader's figures",
                    description:
                        "Fields left out keep their value; null clears the language or time zone, and sets the standard palette. `underrepresentedRegions` replaces the whole set (it may be empty).",
                    requestBody: .json(
                        SettingsAPI.SettingsRequest.self,
                        example: [
                            "primaryLanguage": "en", "timeZone": "Africa/Lagos",
                            "underrepresentedRegions": ["africa", "indigenous", "middleEast"], "palette": "blueOrange",
                        ]),
                    responses: [.json(.ok, "The reader, with the new settings.", APIModels.Me.self), .unauthorized, .invalid])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .updateSettings: update
        }
    }
}

extension SettingsAPI.SettingsRequest: DocumentedRequest {
    static let schemaName = "SettingsInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            [
                "primaryLanguage": JSONSchema.string.orNull, "timeZone": JSONSchema.string.orNull,
                "underrepresentedRegions": JSONSchema.array(of: JSONSchema.string.merged(with: .cases(of: CulturalRegion.self))),
                "palette": JSONSchema.string.described("`standard` (also null) or `blueOrange`.").merged(
                    with: .cases(of: ChartPalette.self)
                ).orNull,
            ], closed: true)
    }
}
