import Crypto
import Foundation
import Hummingbird

/// The stylesheet, script, icon and web app manifest, read once from the module's resources.
enum Assets {
    struct File: Sendable {
        let contentType: String
        let bytes: ByteBuffer
    }

    static let files: [String: File] = {
        var files: [String: File] = [:]
        let types = [
            "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
            "webmanifest": "application/manifest+json", "json": "application/json; charset=utf-8",
        ]
        for name in ["app.css", "app.js", "sw.js", "icon.svg", "manifest.webmanifest"] {
            let ext = String(name.split(separator: ".").last ?? "")
            guard
                let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Assets")
                    ?? Bundle.module.url(forResource: name, withExtension: nil),
                let data = try? Data(contentsOf: url)
            else { continue }
            files[name] = File(contentType: types[ext] ?? "application/octet-stream", bytes: ByteBuffer(data: data))
        }
        return files
    }()

    /// A short hash of the stylesheet and script. Pages link them with it (`app.css?v=…`), so
    /// browsers may keep them for a year and still get a new version the moment one ships.
    static let version: String = {
        var hasher = SHA256()
        for name in ["app.css", "app.js"] {
            if let file = files[name] { hasher.update(data: Data(buffer: file.bytes)) }
        }
        return hasher.finalize().prefix(6).map { String(format: "%02x", $0) }.joined()
    }()

    /// The service worker, told which version of the stylesheet and script to keep.
    static let serviceWorker: ByteBuffer = {
        guard let file = files["sw.js"] else { return ByteBuffer() }
        return ByteBuffer(string: String(buffer: file.bytes).replacingOccurrences(of: "__VERSION__", with: version))
    }()
}

/// Serves ``Assets``.
struct AssetsController {
    func addRoutes(to router: Router<AppContext>) {
        router.get("/assets/:name") { request, context in
            try self.serve(try context.parameters.require("name"), longLived: true)
        }
        router.get("/manifest.webmanifest") { _, _ in try self.serve("manifest.webmanifest", longLived: false) }
        // At the root, so that it may look after every page (a worker's scope is its folder).
        router.get("/sw.js") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: Assets.serviceWorker))
        }
        router.get("/offline") { request, context in
            HTMLResponse(html: OfflinePage.render()).response(from: request, context: context)
        }
        router.get("/api/openapi.json") { _, _ in try Self.apiDocument() }
    }

    /// The OpenAPI document, written from the API's declarations when first asked for.
    static func apiDocument() throws -> Response {
        guard case .success(let text) = APIDocument.text else {
            throw WebError.unavailable("The API document could not be written.")
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    func serve(_ name: String, longLived: Bool) throws -> Response {
        guard let asset = Assets.files[name] else { throw WebError.notFound("There is no such file.") }
        return Response(
            status: .ok,
            headers: [
                .contentType: asset.contentType, .cacheControl: longLived ? "public, max-age=31536000, immutable" : "no-cache",
            ],
            body: .init(byteBuffer: asset.bytes))
    }
}
