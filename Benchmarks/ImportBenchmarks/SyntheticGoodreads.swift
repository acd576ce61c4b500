import BooksTrackTestSupport
import Foundation

/// A Goodreads export of any size that looks like a real one: the 24-column layout, quoted
/// titles with commas, `="…"` ISBNs with valid check digits, shared authors, several shelves,
/// read dates, reviews with markup, a few translators. Deterministic for a given size.
enum SyntheticGoodreads {
    static let header =
        "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    static func csv(rows: Int) -> [UInt8] {
        var generator = SplitMix(seed: 42)
        var lines = [header]
        lines.reserveCapacity(rows + 1)
        let shelves = ["read", "to-read", "currently-reading", "did-not-finish", "to-read", "read", "read"]
        let bindings = ["Paperback", "Hardcover", "Kindle Edition", "Audiobook", "Mass Market Paperback"]
        for index in 0..<rows {
            let author = "\(firstNames[Int(generator.next() % 40)]) \(lastNames[Int(generator.next() % 50)])"
            let surname = author.split(separator: " ").last!
            let given = author.split(separator: " ").first!
            let body = String(format: "%09d", 100_000_000 + index)
            let isbn10 = body + isbn10Check(body)
            let isbn13 = "978" + body + isbn13Check("978" + body)
            let shelf = shelves[Int(generator.next() % UInt64(shelves.count))]
            let read = shelf == "read"
            let day = Int(generator.next() % 28) + 1
            let month = Int(generator.next() % 12) + 1
            let year = 2010 + Int(generator.next() % 15)
            let translator = generator.next() % 10 == 0 ? "Ann Translator" : ""
            let review = read && generator.next() % 4 == 0 ? "\"Loved it, really.<br/>Would read again &amp; again.\"" : ""
            let fields: [String] = [
                String(1000 + index), "\"Book \(index): A Study, in Parts (Series, #\(index % 7 + 1))\"", author,
                "\"\(surname), \(given)\"", translator, "=\"\(isbn10)\"", "=\"\(isbn13)\"",
                String(read ? Int(generator.next() % 5) + 1 : 0),
                "3.91", "Publisher \(index % 30)", bindings[index % bindings.count], String(120 + index % 600),
                String(year), String(1850 + index % 170), read ? String(format: "%04d/%02d/%02d", year, month, day) : "",
                String(format: "%04d/%02d/%02d", year, month, day), read ? "\"fiction, favourites\"" : "fiction",
                read ? "\"fiction (#\(index)), favourites (#\(index))\"" : "fiction (#\(index))", shelf, review, "", "",
                read ? "1" : "0", String(index % 3 == 0 ? 1 : 0),
            ]
            lines.append(fields.joined(separator: ","))
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    static func isbn10Check(_ nine: String) -> String {
        let sum = nine.compactMap(\.wholeNumberValue).enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : String(check)
    }

    static func isbn13Check(_ twelve: String) -> String {
        let sum = twelve.compactMap(\.wholeNumberValue).enumerated().reduce(0) {
            $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 1 : 3)
        }
        return String((10 - sum % 10) % 10)
    }

    static let firstNames = [
        "Chinua", "Haruki", "Toni", "Olga", "Gabriel", "Han", "Sayaka", "Margaret", "Orhan", "Jamaica", "Louise", "Witi",
        "Elena", "Ngũgĩ", "Arundhati", "Jhumpa", "Zora", "Kazuo", "Liu", "Lyudmila", "Jane", "Akwaeke", "Chimamanda",
        "Tsitsi", "Naguib", "Clarice", "Valeria", "Marlon", "Chingiz", "Tim", "Yoko", "Mo", "Banana", "Isabel", "Jorge",
        "Mario", "Roberto", "Samanta", "Fernanda", "Mariana",
    ]
    static let lastNames = [
        "Achebe", "Murakami", "Morrison", "Tokarczuk", "Márquez", "Kang", "Murata", "Atwood", "Pamuk", "Kincaid", "Erdrich",
        "Ihimaera", "Ferrante", "Thiong'o", "Roy", "Lahiri", "Hurston", "Ishiguro", "Cixin", "Ulitskaya", "Austen", "Emezi",
        "Adichie", "Dangarembga", "Mahfouz", "Lispector", "Luiselli", "James", "Aitmatov", "Winton", "Ogawa", "Yan",
        "Yoshimoto", "Allende", "Borges", "Vargas Llosa", "Bolaño", "Schweblin", "Enríquez", "Enriquez", "Ocampo", "Cortázar",
        "Fuentes", "Rulfo", "Neruda", "Mistral", "Paz", "Darío", "Storni", "Quiroga",
    ]
}
