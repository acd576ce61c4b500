import Foundation

/// Turns the bits of HTML that exports put into plain-text fields into text.
enum HTMLText {
    /// Decodes character references (`&amp;`, `&oacute;`, `&#8217;`, `&#x2019;`).
    static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(38) else { return text }
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") {
                let name = text[text.index(after: index)..<semicolon]
                if let decoded = decode(entity: String(name)) {
                    out.append(decoded)
                    index = text.index(after: semicolon)
                    continue
                }
            }
            out.append(text[index])
            index = text.index(after: index)
        }
        return out
    }

    /// A review or note as plain text: line-break and block tags become new lines, simple
    /// formatting tags are dropped, entities are decoded. Anything else is left as written.
    static func plainText(_ html: String) -> String {
        guard html.utf8.contains(where: { $0 == 60 || $0 == 38 }) else { return html }
        var text = html
        for pattern in [#"<br\s*/?>"#, #"</p>\s*<p>"#, #"</div>\s*<div>"#] {
            text = text.replacingOccurrences(of: pattern, with: "\n", options: [.regularExpression, .caseInsensitive])
        }
        text = text.replacingOccurrences(
            of: #"</?(div|p|span|b|i|em|strong|u)(\s[^>]*)?>"#, with: "", options: [.regularExpression, .caseInsensitive])
        return decodeEntities(text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func decode(entity name: String) -> String? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        if name.hasPrefix("#") {
            return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        return named[name]
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "aacute": "á", "eacute": "é", "iacute": "í", "oacute": "ó", "uacute": "ú", "yacute": "ý",
        "Aacute": "Á", "Eacute": "É", "Iacute": "Í", "Oacute": "Ó", "Uacute": "Ú",
        "agrave": "à", "egrave": "è", "igrave": "ì", "ograve": "ò", "ugrave": "ù",
        "acirc": "â", "ecirc": "ê", "icirc": "î", "ocirc": "ô", "ucirc": "û",
        "auml": "ä", "euml": "ë", "iuml": "ï", "ouml": "ö", "uuml": "ü", "yuml": "ÿ",
        "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß", "ntilde": "ñ", "Ntilde": "Ñ",
        "ccedil": "ç", "Ccedil": "Ç", "atilde": "ã", "otilde": "õ", "aring": "å", "Aring": "Å",
        "aelig": "æ", "AElig": "Æ", "oslash": "ø", "Oslash": "Ø", "eth": "ð", "thorn": "þ",
        "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“", "ndash": "–", "mdash": "—",
        "hellip": "…", "copy": "©", "reg": "®", "trade": "™",
    ]
}
