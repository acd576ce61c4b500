import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@Suite("Goals in the browser: templates, the form, progress from the library, milestones, the celebration")
struct GoalWebTests {
    @Test("A goal counts books as they are finished: 25% raises a notification, 100% completes it with its story")
    func milestones() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            #expect(try await browser.get("/goals").text.contains("No goals yet"))
            try await browser.get("/goals/new")
            let refused = try await browser.post("/goals", ["kind": "books", "target": "0"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("The target is a whole number from 1 to 1000 books."))
            let created = try await browser.post("/goals", ["kind": "books", "target": "4", "title": "Four this year"])
            let path = try #require(created.location)
            #expect(try await browser.follow(created).text.contains("0 / 4 books (0%)"))

            func finish(_ title: String) async throws {
                try await browser.get("/books/new")
                let added = try await browser.post(
                    "/books",
                    [
                        "title": title, "authors": "Octavia E. Butler", "status": "read", "finished": "2026-03-10",
                        "pages": "250",
                    ])
                #expect(added.status == .seeOther, "\(title)")
            }
            try await finish("Kindred")
            let home = try await browser.get("/")
            #expect(home.text.contains("25% of “Four this year”"))
            #expect(home.text.contains("1 / 4 books (25%)"))
            for title in ["Dawn", "Wild Seed", "Fledgling"] { try await finish(title) }
            let page = try await browser.get(path)
            #expect(page.text.contains("4 / 4 books (100%)"))
            #expect(page.text.contains("Completed: 4 books · 1,000 pages · 0 countries"))
            #expect(page.body.contains(#"class="celebration""#))
            let goal = try #require(try await app.store.reader(user.id).goals().first)
            #expect(goal.goal.status == .completed)
            #expect(goal.milestones.map(\.percent).sorted() == [25, 50, 75, 100])
            let notices = try await app.store.reader(user.id).notifications(unreadOnly: true).map(\.title)
            #expect(notices.contains("Goal complete: Four this year"))
            #expect(notices.filter { $0.contains("% of “Four this year”") }.count == 3)
        }
    }

    @Test("A book marked read says at once which goal it counts toward and where the goal stands")
    func finishedBookSaysSo() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            try await browser.get("/goals/new")
            let created = try await browser.post("/goals", ["kind": "books", "target": "30", "title": "Thirty this year"])
            let goalPath = try #require(created.location)
            try await browser.get("/books/new")
            let added = try await browser.post(
                "/books", ["title": "Kindred", "authors": "Octavia E. Butler", "status": "reading"])
            let bookPath = try #require(added.location)
            // Being read, it counts toward nothing yet.
            #expect(!(try await browser.follow(added).text.contains("Goal progress")))
            let finished = try await browser.post("\(bookPath)/status", ["status": "read"])
            #expect(finished.location == bookPath)
            let page = try await browser.follow(finished)
            #expect(page.text.contains("Goal progress: 1 / 30 books (3%) — Thirty this year"))
            #expect(page.body.contains(#"href="\#(goalPath)""#))
        }
    }

    @Test("A template makes its goal; pausing and deleting work from the goal's page")
    func templates() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let page = try await browser.get("/goals/new")
            #expect(page.text.contains("Read women: 50%"))
            let created = try await browser.post("/goals", ["template": "read-women"])
            let path = try #require(created.location)
            let goal = try #require(try await app.store.reader(user.id).goals().first?.goal)
            #expect(goal.kind == .share && goal.target == 50 && goal.criteria.genders == [.female])
            let form = try await browser.get("\(path)/edit")
            #expect(form.body.contains(#"value="read-women""#) == false, "no templates when editing")
            #expect(form.body.contains(#"value="female""#))
            let refused = try await browser.post("\(path)", ["kind": "share", "target": "500", "genders": "female"])
            #expect(refused.status == .unprocessableContent && refused.text.contains("from 1 to 100"))
            let saved = try await browser.post(
                "\(path)", ["title": "Women: 60%", "kind": "share", "target": "60", "genders": "female"])
            #expect(saved.location == path)
            let changed = try #require(try await app.store.reader(user.id).goal(goal.id)?.goal)
            #expect(changed.title == "Women: 60%" && changed.target == 60 && changed.startsOn == goal.startsOn)
            let paused = try await browser.post("\(path)/status", ["status": "paused"])
            #expect(paused.location == path)
            #expect(try await app.store.reader(user.id).goal(goal.id)?.goal.status == .paused)
            try await browser.get("\(path)/delete")
            #expect(try await browser.post("\(path)/delete").location == "/goals")
            #expect(try await app.store.reader(user.id).goals().isEmpty)
            #expect(try await browser.post("/goals", ["template": "nonsense"]).status == .badRequest)
        }
    }
}
