import BooksTrackCore
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackWeb

/// The primary reading language is proposed, not left "Not set" until a reader finds the setting
/// (issue 40 item 4): from the browser's language at set-up and when joining, and asked once on
/// the insights page.
@Suite("The reading language: proposed from the browser, asked once on insights", .timeLimit(.minutes(5)))
struct ReadingLanguageTests {
    @Test(
        "Accept-Language gives the first known language by weight",
        arguments: [
            ("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5", "fr"), ("en;q=0.3, ja", "ja"), ("*", nil), ("xx-YY, de;q=0.1", "de"),
            ("de;q=0, es", "es"), ("", nil), ("pt-BR", "pt"), (String(repeating: "a,", count: 600), nil),
        ] as [(String, String?)])
    func proposal(header: String, expected: String?) {
        #expect(BrowserLanguage.proposed(acceptLanguage: header)?.code == expected)
    }

    @Test("Set-up proposes the browser's language and keeps the one chosen; a value not in the list is refused")
    func setup() async throws {
        try await WebHarness.run { app in
            let browser = app.browser()
            let form = try await browser.request(.get, "/setup", headers: [.acceptLanguage: "es-MX,es;q=0.9,en;q=0.5"])
            #expect(form.body.contains(#"<option value="es" selected>"#))
            let refused = try await browser.post(
                "/setup",
                [
                    "name": "olive", "password": "correct horse battery", "confirmation": "correct horse battery",
                    "primary_language": "klingon-ish",
                ])
            #expect(refused.status == .unprocessableContent && refused.text.contains("Choose a language from the list"))
            let created = try await browser.post(
                "/setup",
                [
                    "name": "olive", "password": "correct horse battery", "confirmation": "correct horse battery",
                    "primary_language": "es",
                ])
            #expect(created.status == .seeOther)
            let owner = try #require(try await app.store.users.user(named: "olive"))
            #expect(owner.settings.primaryLanguage?.code == "es")
            // With a language, insights asks nothing.
            #expect(!(try await browser.get("/insights").text.contains("Which language do you read in most?")))
        }
    }

    @Test("Insights asks once: Save keeps the language, Not now is remembered in the browser")
    func askedOnce() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let page = try await browser.request(.get, "/insights", headers: [.acceptLanguage: "ja"])
            #expect(page.text.contains("Which language do you read in most?"))
            #expect(page.body.contains(#"<option value="ja" selected>"#))
            let skipped = try await browser.post("/insights/language", ["skip": "1"])
            #expect(skipped.status == .seeOther && skipped.location == "/insights")
            #expect(!(try await browser.get("/insights").text.contains("Which language do you read in most?")))
            #expect(try await app.store.users.user(id: user.id)?.settings.primaryLanguage == nil)

            let (other, second) = try await app.signedInReader("noor")
            try await second.get("/insights")
            #expect(try await second.post("/insights/language", ["primary_language": "nowhere"]).status == .unprocessableContent)
            let saved = try await second.post("/insights/language", ["primary_language": "pt"])
            #expect(try await second.follow(saved).text.contains("Your reading language is saved"))
            #expect(try await app.store.users.user(id: other.id)?.settings.primaryLanguage?.code == "pt")
            #expect(!(try await second.get("/insights").text.contains("Which language do you read in most?")))
        }
    }
}
