import Foundation

/// The world map of the countries a reader has read (issue 41), as inline SVG: every country of
/// Natural Earth's 1:110m boundaries (public domain), projected once at build time
/// (`scripts/build-world-map.py`, Equal Earth), shaded by the books read from it in four steps
/// of one colour, a country read from none drawn plain — never as a zero of the scale — and the
/// countries of the reader's underrepresented regions outlined. Each read country links to the
/// library filtered by it. Colour is never the only sign: each country has its count in its
/// accessible name and title, and the page puts a table beside the map.
public enum WorldMap {
    /// A country read from, as the map draws it.
    public struct Country: Hashable, Sendable {
        /// ISO 3166-1 alpha-2, upper case.
        public var code: String
        public var name: String
        public var books: Int
        public var href: String?

        public init(code: String, name: String, books: Int, href: String? = nil) {
            self.code = code
            self.name = name
            self.books = books
            self.href = href
        }
    }

    /// One outline of the map: a country's code, name and path data.
    struct Shape: Sendable {
        var code: String
        var name: String
        var path: String
    }

    /// The map's view box, and its shapes in the order drawn (by code).
    static let (width, height, shapes): (Double, Double, [Shape]) = load()

    /// The codes of the countries large enough to be drawn at this scale (a country missing from
    /// it — Singapore, Malta — is in the page's table only).
    public static let drawn: Set<String> = Set(shapes.map(\.code))

    private static func load() -> (Double, Double, [Shape]) {
        guard let url = Bundle.module.url(forResource: "world", withExtension: "tsv"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return (1000, 437.4, []) }
        var (width, height) = (1000.0, 437.4)
        var shapes: [Shape] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#") {
                // "… view box 0 0 1000 437.4. …"
                if let range = line.range(of: "view box 0 0 ") {
                    let numbers = line[range.upperBound...].split(separator: " ").prefix(2)
                        .compactMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: "."))) }
                    if numbers.count == 2 { (width, height) = (numbers[0], numbers[1]) }
                }
                continue
            }
            let fields = line.split(separator: "\t", maxSplits: 2)
            guard fields.count == 3 else { continue }
            shapes.append(Shape(code: String(fields[0]), name: String(fields[1]), path: String(fields[2])))
        }
        return (width, height, shapes)
    }

    /// The shading step of a count: 1, 2–4, 5–9, 10 or more books.
    public static func step(_ books: Int) -> Int {
        switch books {
        case ..<1: 0
        case 1: 1
        case 2...4: 2
        case 5...9: 3
        default: 4
        }
    }

    public static let stepLabels = ["1 book", "2–4 books", "5–9 books", "10 or more"]

    /// The map. `outlined`: the codes of countries to outline (the reader's underrepresented
    /// regions); `id` must be unique on the page; `label` is the map's accessible name.
    public static func svg(_ read: [Country], outlined: Set<String>, id: String, label: String) -> String {
        let byCode = Dictionary(read.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        var out = ""
        out.reserveCapacity(90_000)
        out +=
            "<svg class=\"chart world-map\" id=\"\(SVG.escape(id))\" viewBox=\"0 0 \(SVG.number(width)) \(SVG.number(height))\" role=\"group\" aria-label=\"\(SVG.escape(label))\" preserveAspectRatio=\"xMidYMid meet\">"
        // Countries not read first, so the read ones' outlines are drawn over their neighbours'.
        // They are the background: nothing for a screen reader to walk through, country by country.
        out += "<g aria-hidden=\"true\">"
        for shape in shapes where byCode[shape.code] == nil {
            let classes = outlined.contains(shape.code) ? "map-country map-none map-outlined" : "map-country map-none"
            out += "<path class=\"\(classes)\" d=\"\(shape.path)\"/>"
        }
        out += "</g>"
        for shape in shapes {
            guard let country = byCode[shape.code] else { continue }
            let text = "\(country.name): \(country.books) \(country.books == 1 ? "book" : "books")"
            let classes = "map-country map-\(step(country.books))" + (outlined.contains(shape.code) ? " map-outlined" : "")
            let path = "<path class=\"\(classes)\" d=\"\(shape.path)\"><title>\(SVG.escape(text))</title></path>"
            if let href = country.href {
                // Out of the tab order: the table beside the map has the same links, one tab stop
                // each, each a full-size target (WCAG 2.5.8's "equivalent control").
                out += "<a href=\"\(SVG.escape(href))\" tabindex=\"-1\" aria-label=\"\(SVG.escape(text))\">\(path)</a>"
            } else {
                out += "<g role=\"img\" aria-label=\"\(SVG.escape(text))\">\(path)</g>"
            }
        }
        out += "</svg>"
        return out
    }
}
