import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Compare with readers here: opt-in, a rounded average only, and only from ten readers", .timeLimit(.minutes(5)))
struct ComparisonWebTests {
    @Test("Nothing is shown until ten readers take part; then the reader's figures beside the rounded average; leaving hides it")
    func tenReaders() async throws {
        try await WebHarness.run { app in
            let (dana, browser) = try await app.signedInReader("dana")
            _ = try await InsightsWebTests.seedLibrary(for: dana, in: app)
            var others: [(User, Browser)] = []
            for name in ["ali", "bea", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo"] {
                let (user, page) = try await app.signedInReader(name)
                try await app.store.users.update(settings: ReaderSettings(timeZone: "UTC"), for: user.id, now: TestClock.now)
                try await InsightsWebTests.book(
                    "Book of \(name)", by: "Author \(name)", facts: [], language: nil, finished: "2026-03-01", for: user,
                    in: app)
                others.append((user, page))
            }

            let invited = try await browser.get("/insights/reading")
            #expect(invited.text.contains("Compare with readers here"))
            #expect(invited.text.contains("no reader’s own figures are ever shown. 0 readers take part now."))
            #expect(invited.body.contains(#"<button type="submit" name="compare" value="on">Take part</button>"#))

            let joined = try await browser.post(
                "/insights/compare", ["compare": "on", "return": "/insights/reading?period=year"])
            #expect(joined.status == .seeOther)
            #expect(joined.location == "/insights/reading?period=year#compare")
            let waiting = try await browser.follow(joined)
            #expect(waiting.text.contains("You take part in the comparison"))
            #expect(
                waiting.text.contains("You take part: 1 of the 10 readers it takes so far. The average shows once 9 more join."))
            #expect(!waiting.body.contains("compare-table"))

            for (_, page) in others.prefix(8) {
                _ = try await page.get("/insights/reading")
                #expect(try await page.post("/insights/compare", ["compare": "on"]).status == .seeOther)
            }
            #expect(try await browser.get("/insights/reading").text.contains("9 of the 10 readers it takes so far"))
            // A reader who does not take part sees nothing but the invitation, whatever the others do.
            let (_, outsider) = others[9]
            let theirs = try await outsider.get("/insights/reading")
            #expect(theirs.text.contains("9 readers take part now.") && !theirs.body.contains("compare-table"))

            let (_, tenth) = others[8]
            _ = try await tenth.get("/insights/reading")
            try await tenth.post("/insights/compare", ["compare": "on"])
            let compared = try await browser.get("/insights/reading")
            #expect(compared.text.contains("This year: you and the average of the 10 readers taking part"))
            // Dana finished 3 books this year, the nine others 1 each: (3 + 9) / 10 = 1.2, shown rounded so
            // that nine accounts cannot work out the tenth reader's exact figure.
            #expect(compared.body.contains(#"<th scope="row">Books finished</th><td>3 books</td><td>about 1 book</td>"#))
            #expect(compared.body.contains(#"<th scope="row">Cultural regions</th><td>3 of 11</td>"#))
            #expect(compared.body.contains(#"value="off" class="secondary">Stop taking part</button>"#))
            // The diversity of the books finished sits beside them (issue 44 item 8); an average only over
            // ten readers with the figure known, and "too little known" rather than a share of nothing.
            #expect(
                compared.body.contains(
                    #"<th scope="row">Diversity score</th><td>6.1 / 10</td><td>known for 1 of 10 readers: too few to average</td>"#
                ))
            #expect(compared.body.contains(#"<th scope="row">Books by women</th><td>too little known yet</td>"#))
            #expect(
                compared.body.contains(#"<th scope="row">Original languages</th><td>3 languages</td><td>about 0 languages</td>"#))
            // The period follows the page.
            let month = try await browser.get("/insights/reading?period=month")
            #expect(month.text.contains("This month: you and the average of the 10 readers"))
            #expect(month.body.contains(#"<th scope="row">Books finished</th><td>0 books</td><td>about 1 book</td>"#))

            let (_, leaver) = others[1]
            _ = try await leaver.get("/insights/reading")
            try await leaver.post("/insights/compare", ["compare": "off"])
            let fewer = try await browser.get("/insights/reading")
            #expect(fewer.text.contains("9 of the 10 readers it takes so far") && !fewer.body.contains("compare-table"))

            let odd = try await browser.post("/insights/compare", ["compare": "maybe"])
            #expect(odd.status == .badRequest)
            #expect(odd.text.contains("Send compare=on to take part"))
            let away = try await browser.post("/insights/compare", ["compare": "on", "return": "https://evil.example/"])
            #expect(away.location == "/insights/reading#compare")
        }
    }

    @Test("The API: the comparison with its minimum, taking part and leaving, bad bodies refused")
    func api() async throws {
        try await WebHarness.run { app in
            let (dana, api) = try await app.apiReader("dana")
            _ = try await InsightsWebTests.seedLibrary(for: dana, in: app)
            let before = try await api.request(.get, "/api/v1/insights/compare").json()
            #expect(before["optedIn"] as? Bool == false && before["minimumParticipants"] as? Int == 10)
            #expect((before["rows"] as? [Any])?.isEmpty == true)
            for name in ["ali", "bea", "cy", "dee", "eve", "fay", "gus", "hal", "ivy"] {
                let (user, _) = try await app.apiReader(name)
                try await app.store.comparison.optIn(user.id, now: TestClock.now)
            }
            let joined = try await api.request(.put, "/api/v1/me/compare", json: ["optIn": true])
            #expect(joined.status == .ok)
            let answer = try joined.json()
            #expect(answer["participants"] as? Int == 10 && answer["period"] as? String == "year")
            let rows = try #require(answer["rows"] as? [[String: Any]])
            let books = try #require(rows.first { $0["measure"] as? String == "books" })
            #expect(books["you"] as? Double == 3 && books["average"] as? Double == 0)
            let week = try await api.request(.get, "/api/v1/insights/compare?period=week").json()
            #expect(week["period"] as? String == "week")
            #expect(try await api.request(.get, "/api/v1/insights/compare?period=decade").status == .badRequest)
            #expect(try await api.request(.put, "/api/v1/me/compare", json: ["optIn": "yes"]).status == .unprocessableContent)
            #expect(
                try await api.request(.put, "/api/v1/me/compare", json: ["optIn": true, "x": 1]).status == .unprocessableContent)
            let left = try await api.request(.put, "/api/v1/me/compare", json: ["optIn": false]).json()
            #expect(left["optedIn"] as? Bool == false && left["participants"] as? Int == 9)
        }
    }
}
