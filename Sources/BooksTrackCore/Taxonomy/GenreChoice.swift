import Foundation

/// The genres the genre prompt offers as pills (seed 002's "genre tags"). A work's genres are
/// free text (LibraryThing and backups bring their own); a prompt answer is one of these, stored
/// as its label, so that "sci-fi" typed in one place and the pill in another are one genre.
public enum GenreChoice {
    /// The pills, fiction first, in the order a reader scans them.
    public static let labels: [String] = [
        "Literary fiction", "Historical fiction", "Mystery & crime", "Thriller", "Science fiction", "Fantasy",
        "Horror", "Romance", "Short stories", "Poetry", "Drama", "Comics & graphic novels", "Young adult & children",
        "Biography & memoir", "History", "Science & nature", "Society & politics", "Philosophy & religion", "Essays",
        "Self-help", "Travel",
    ]

    /// Other spellings readers use for the same genres.
    private static let aliases: [String: String] = [
        "fiction": "Literary fiction", "literary": "Literary fiction", "novel": "Literary fiction",
        "historical": "Historical fiction", "mystery": "Mystery & crime", "crime": "Mystery & crime",
        "detective": "Mystery & crime", "mystery and crime": "Mystery & crime", "thrillers": "Thriller",
        "suspense": "Thriller", "sci fi": "Science fiction", "scifi": "Science fiction", "sf": "Science fiction",
        "fantasy fiction": "Fantasy", "romance novel": "Romance", "poems": "Poetry", "plays": "Drama",
        "play": "Drama", "theatre": "Drama", "comics": "Comics & graphic novels", "graphic novel": "Comics & graphic novels",
        "graphic novels": "Comics & graphic novels", "manga": "Comics & graphic novels", "ya": "Young adult & children",
        "young adult": "Young adult & children", "children": "Young adult & children",
        "childrens": "Young adult & children", "biography": "Biography & memoir", "memoir": "Biography & memoir",
        "autobiography": "Biography & memoir", "science": "Science & nature", "nature": "Science & nature",
        "politics": "Society & politics", "society": "Society & politics", "philosophy": "Philosophy & religion",
        "religion": "Philosophy & religion", "essay": "Essays", "self help": "Self-help", "travel writing": "Travel",
    ]

    /// The pill a reader's text names ("sci-fi", "SCIENCE FICTION", "Mystery and crime"), or `nil`.
    public static func canonical(_ text: String) -> String? {
        let key = Self.key(text)
        if let label = labels.first(where: { Self.key($0) == key }) { return label }
        return aliases[key]
    }

    /// The genres a catalogue's subjects name (Open Library's "Fantasy fiction", "Juvenile
    /// fiction", "Children's stories, English"): each subject up to its first comma, as a pill's
    /// name or a spelling readers or catalogues use; "Fiction" alone says nothing about a book's
    /// genre and is passed over. Only the first ten subjects are read (Open Library lists the most
    /// given first; "Plays" fortieth on a children's novel is one adaptation's): at most three
    /// genres, in the subjects' order.
    public static func fromSubjects(_ subjects: [String]) -> [String] {
        var genres: [String] = []
        for subject in subjects.prefix(10) {
            let head = String(subject.split(separator: ",", maxSplits: 1).first ?? "")
            let key = Self.key(head)
            guard !tooBroad.contains(key), let genre = canonical(head) ?? subjectAliases[key], !genres.contains(genre)
            else { continue }
            genres.append(genre)
            if genres.count == 3 { break }
        }
        return genres
    }

    /// Subjects every novel has: no genre of their own.
    private static let tooBroad: Set<String> = ["fiction", "novel", "novels", "literature", "literary"]

    /// Catalogue subjects (Library of Congress headings as Open Library keeps them) for the pills.
    private static let subjectAliases: [String: String] = [
        "juvenile fiction": "Young adult & children", "juvenile literature": "Young adult & children",
        "childrens stories": "Young adult & children", "childrens fiction": "Young adult & children",
        "childrens literature": "Young adult & children", "young adult fiction": "Young adult & children",
        "detective and mystery stories": "Mystery & crime", "horror tales": "Horror", "horror fiction": "Horror",
        "love stories": "Romance", "romance fiction": "Romance", "historical novels": "Historical fiction",
        "biographies": "Biography & memoir",
        "autobiographies": "Biography & memoir", "comic books, strips, etc.": "Comics & graphic novels",
    ]

    /// Lower case, `-` and `’` as spaces, white space collapsed.
    private static func key(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "’", with: "")
            .replacingOccurrences(of: "'", with: "")
        return TextNormalization.collapseWhitespace(spaced).lowercased()
    }
}
