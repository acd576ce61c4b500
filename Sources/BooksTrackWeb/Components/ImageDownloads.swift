import Plot

/// "Download as image": the picture's SVG (a plain link, works without a script) and a PNG made
/// from it in the browser (a button the script shows). `what` names it for screen readers.
struct ImageDownloads: Component {
    let svg: String
    let fileName: String
    let what: String

    var body: Component {
        Tag("p", .cls("image-downloads")) {
            Tag(
                "a", .cls("card-link"), .href(svg), Attr("download", fileName + ".svg"),
                .aria("label", "Download \(what) as an SVG image"), text: "Download image (SVG)")
            Tag(
                "button", .type("button"), .cls("link-button"), Attr("data-png", svg), Attr("data-png-name", fileName + ".png"),
                .flag("hidden", true), .aria("label", "Download \(what) as a PNG image"), text: "PNG")
        }
    }
}
