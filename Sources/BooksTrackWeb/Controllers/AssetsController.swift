import Foundation
import Hummingbird

/// The stylesheet, script, icon and web app manifest, read once from the module's resources.
struct AssetsController {
    struct Asset: Sendable {
        let contentType: String
        let bytes: ByteBuffer
    }

    let assets: [String: Asset]

    init() {
        var assets: [String: Asset] = [:]
        let types = [
            "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
            "webmanifest": "application/manifest+json", "json": "application/json; charset=utf-8",
        ]
        for name in ["app.css", "app.js", "icon.svg", "manifest.webmanifest", "openapi.json"] {
            let ext = String(name.split(separator: ".").last ?? "")
            guard
                let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Assets")
                    ?? Bundle.module.url(forResource: name, withExtension: nil),
                let data = try? Data(contentsOf: url)
            else { continue }
            assets[name] = Asset(contentType: types[ext] ?? "application/octet-stream", bytes: ByteBuffer(data: data))
        }
        self.assets = assets
    }

    func addRoutes(to router: Router<AppContext>) {
        router.get("/assets/:name") { request, context in
            try self.serve(try context.parameters.require("name"), longLived: true)
        }
        router.get("/manifest.webmanifest") { _, _ in try self.serve("manifest.webmanifest", longLived: false) }
        router.get("/api/openapi.json") { _, _ in try self.serve("openapi.json", longLived: false) }
    }

    func serve(_ name: String, longLived: Bool) throws -> Response {
        guard let asset = assets[name] else { throw WebError.notFound("There is no such file.") }
        return Response(
            status: .ok,
            headers: [
                .contentType: asset.contentType, .cacheControl: longLived ? "public, max-age=31536000, immutable" : "no-cache",
            ],
            body: .init(byteBuffer: asset.bytes))
    }
}
