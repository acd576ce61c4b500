import Plot

/// The insights' three pages, the current one marked: Diversity · Reading · Year in books.
struct InsightsTabs: Component {
    enum Tab: CaseIterable {
        case diversity, reading, year

        var title: String {
            switch self {
            case .diversity: "Diversity"
            case .reading: "Reading"
            case .year: "Year in books"
            }
        }

        var href: String {
            switch self {
            case .diversity: "/insights"
            case .reading: "/insights/reading"
            case .year: "/insights/year"
            }
        }
    }

    let current: Tab

    var body: Component {
        Tag("nav", .cls("breadcrumbs"), .aria("label", "Insights")) {
            for (index, tab) in Tab.allCases.enumerated() {
                if index > 0 { Txt(" · ") }
                if tab == current {
                    Tag("span", Attr("aria-current", "page"), text: tab.title)
                } else {
                    Tag("a", .href(tab.href), text: tab.title)
                }
            }
        }
    }
}
