import Plot

/// A table of figures: a caption, column headers, and rows whose first cell names the row (a
/// `th` with `scope="row"`), so a screen reader says what each number is.
struct DataTable: Component {
    let caption: String
    let columns: [String]
    let rows: [[String]]
    var cls = "data-table"

    var body: Component {
        Tag("table", .cls(cls)) {
            Tag("caption", text: caption)
            Tag("thead") {
                Tag("tr") {
                    for column in columns { Tag("th", Attr("scope", "col"), text: column) }
                }
            }
            Tag("tbody") {
                for row in rows {
                    Tag("tr") {
                        if let name = row.first { Tag("th", Attr("scope", "row"), text: name) }
                        for cell in row.dropFirst() { Tag("td", text: cell) }
                    }
                }
            }
        }
    }
}
