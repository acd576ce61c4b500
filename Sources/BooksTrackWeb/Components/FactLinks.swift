import BooksTrackCore

/// Where an automatic fact can be checked (SPEC F8, provenance everywhere).
enum FactLinks {
    struct Link: Sendable, Hashable {
        var label: String
        var url: String
    }

    static func link(_ provenance: Provenance) -> Link? {
        guard let detail = provenance.detail, !detail.isEmpty else { return nil }
        switch provenance.source {
        case .wikidata:
            guard AuthorFactKind.wikidataID.canonical(detail) == detail else { return nil }
            return Link(label: detail, url: "https://www.wikidata.org/wiki/\(detail)")
        case .openLibrary:
            guard detail.hasPrefix("/authors/") || detail.hasPrefix("/works/") || detail.hasPrefix("/books/") else {
                return nil
            }
            return Link(
                label: detail.split(separator: "/").last.map(String.init) ?? detail, url: "https://openlibrary.org\(detail)")
        case .bundled:
            guard let title = AuthorTableSource.title(of: detail) else {
                return Link(label: "its sources", url: "/about/attribution")
            }
            return Link(label: title, url: "/about/attribution#\(detail)")
        case .user, .import:
            return nil
        }
    }
}
