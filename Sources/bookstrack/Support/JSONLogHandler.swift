import Foundation
import Logging

/// One JSON object per line on standard error (`serve --log-format json`), for a self-hoster's
/// log collector: `time`, `level`, `label`, `message`, `source`, the event's `error` when it
/// carries one (unless the metadata has an `error` of its own), and the metadata as members — a
/// request's lines carry `hb.request.id`, the id its error page and problem show.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var object: [String: Any] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) { object[key] = Self.json(value) }
        object["time"] = Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        object["level"] = event.level.rawValue
        object["label"] = label
        object["message"] = event.message.description
        object["source"] = event.source
        if let error = event.error, object["error"] == nil { object["error"] = String(describing: error) }
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        line.append(0x0A)
        FileHandle.standardError.write(line)
    }

    private static func json(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let value): value.description
        case .array(let values): values.map(json)
        case .dictionary(let members): members.mapValues(json)
        }
    }
}
