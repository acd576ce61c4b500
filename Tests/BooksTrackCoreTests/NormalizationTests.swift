import BooksTrackCore
import Testing

@Suite("When two spellings are the same author or book")
struct NormalizationTests {
    @Test("Author names fold case, accents, runs of spaces and the spacing of initials")
    func names() {
        #expect(TextNormalization.nameKey("J.M.     Clarke") == TextNormalization.nameKey("J. M. Clarke"))
        #expect(TextNormalization.nameKey("Gabriel García Márquez") == TextNormalization.nameKey("gabriel garcia marquez"))
        #expect(TextNormalization.nameKey("Karl Ove Knausgård") == TextNormalization.nameKey("KARL OVE KNAUSGARD"))
        #expect(TextNormalization.nameKey("Chinua Achebe") != TextNormalization.nameKey("Chinua Achebé Jr."))
    }

    @Test("Look-alike Cyrillic letters inside a Latin name are read as Latin")
    func homoglyphs() {
        #expect(TextNormalization.nameKey("John Ѕteіnbeck") == TextNormalization.nameKey("John Steinbeck"))
        #expect(PersonName.clean("John Ѕteіnbeck") == "John Steinbeck")
        #expect(TextNormalization.hasMixedScriptLookalikes("John Ѕteіnbeck"))
    }

    @Test("Names written wholly in another script are left as they are")
    func otherScripts() {
        #expect(PersonName.clean("Лев Толстой") == "Лев Толстой")
        #expect(PersonName.clean("喵公子") == "喵公子")
        #expect(PersonName.clean("Nguyễn Du") == "Nguyễn Du")
    }

    @Test("Titles drop a trailing series marker and punctuation but keep the subtitle")
    func titles() {
        #expect(TextNormalization.titleKey("Senlin Ascends (The Books of Babel, #1)") == "senlin ascends")
        #expect(
            TextNormalization.titleKey("White Fragility: Why It’s So Hard")
                == TextNormalization.titleKey("White Fragility: Why It's So Hard"))
        #expect(
            TextNormalization.titleKey("Losing Ground: American Social Policy") != TextNormalization.titleKey("Losing Ground"))
        #expect(TextNormalization.titleKey("(#1)") == "1")
    }

    @Test("Runs of white space become one space, the ends trimmed, ASCII or not")
    func whiteSpace() {
        for text in [
            "  The\tLeft  Hand\r\nof Darkness ", "a\u{0B}b\u{0C}c", "\n\n", "", "one", "bell\u{07}  rings ",
            "Cien  años\tde soledad ", "x\u{00A0}\u{00A0}y",
        ] {
            let expected = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(TextNormalization.collapseWhitespace(text) == expected, "\(text.debugDescription)")
        }
        #expect(TextNormalization.titleKey("Hamlet  (2)  ") == "hamlet 2")
    }

    @Test("Name lists keep suffixes with their name")
    func lists() {
        #expect(PersonName.splitList("Florence Atwater, Robert Lawson") == ["Florence Atwater", "Robert Lawson"])
        #expect(
            PersonName.splitList("Martin Luther King, Jr., Coretta Scott King") == [
                "Martin Luther King, Jr.", "Coretta Scott King",
            ])
        #expect(PersonName.splitList(" , ") == [])
    }

    @Test("“Last, First” becomes “First Last”, and sort names put the surname first")
    func sortNames() {
        #expect(PersonName.fromLastFirst("Kramer, Heinrich") == "Heinrich Kramer")
        #expect(PersonName.fromLastFirst("Sappho") == "Sappho")
        #expect(PersonName.sortName("Chimamanda Ngozi Adichie") == "Adichie, Chimamanda Ngozi")
        #expect(PersonName.sortName("Kurt Vonnegut Jr.") == "Vonnegut, Kurt, Jr.")
        #expect(PersonName.sortName("Ludwig van Beethoven") == "van Beethoven, Ludwig")
        #expect(PersonName.sortName("Plato") == "Plato")
    }
}
