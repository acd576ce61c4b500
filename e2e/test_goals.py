"""Reading goals in a real browser: a goal from a template, books finished and owned counting
toward it, the 25% milestone notification on home, and a goal reaching 100% with its
celebration — axe on every state."""

import re

from conftest import Server, check_accessibility, create_owner
from playwright.sync_api import expect


def finish_owned_book(page, server, title):
    page.goto(server.url + "/books/new")
    page.locator("#field-title").fill(title)
    page.locator("#field-authors").fill("Octavia E. Butler")
    page.locator("#field-status").select_option("read")
    page.locator("#field-owned").check()
    page.locator("#field-pages").fill("300")
    page.get_by_role("button", name="Add to my library").click()
    expect(page.get_by_role("heading", level=1, name=title)).to_be_visible()


def test_goals(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "gia")

        page.goto(server.url + "/goals")
        expect(page.get_by_text("No goals yet")).to_be_visible()
        check_accessibility(page, "goals, none yet")
        page.get_by_role("link", name="New goal").click()
        check_accessibility(page, "new goal")
        page.get_by_role("button", name="Add “TBR stack buster”").click()
        expect(page.get_by_role("heading", level=1, name="TBR stack buster")).to_be_visible()
        expect(page.get_by_text("0 / 10 books (0%)").first).to_be_visible()
        check_accessibility(page, "goal page, empty")

        for title in ("Kindred", "Dawn", "Wild Seed"):
            finish_owned_book(page, server, title)
        page.goto(server.url + "/")
        expect(page.locator("#notifications")).to_contain_text("25% of “TBR stack buster”")
        expect(page.locator("#goals")).to_contain_text("3 / 10 books (30%)")
        check_accessibility(page, "home with a goal milestone")

        # The header counts unread notifications; the centre lists them and marks them read.
        header = page.get_by_role("link", name=re.compile(r"^Notifications \d+ unread$"))
        expect(header).to_be_visible()
        header.click()
        expect(page.get_by_role("heading", level=1, name="Notifications")).to_be_visible()
        check_accessibility(page, "notification centre")
        page.get_by_role("button", name="Mark “25% of “TBR stack buster”” as read").click()
        expect(page.get_by_role("heading", level=1, name="Notifications")).to_be_visible()
        expect(page.get_by_role("button", name="Mark “25% of “TBR stack buster”” as read")).to_have_count(0)

        # A small goal of its own, reached by the next book: completed, with its story.
        page.goto(server.url + "/goals/new")
        page.locator("#field-title").fill("One more")
        page.locator("#field-kind").select_option("books")
        page.locator("#field-target").fill("4")
        page.get_by_role("button", name="Create goal").click()
        expect(page.get_by_role("heading", level=1, name="One more")).to_be_visible()
        goal = page.url
        finish_owned_book(page, server, "Fledgling")
        page.goto(goal)
        expect(page.get_by_role("status")).to_contain_text("Completed: 4 books · 1,200 pages")
        expect(page.get_by_text("Reached. Well done!")).to_be_visible()
        check_accessibility(page, "goal completed")
        page.goto(server.url + "/goals")
        expect(page.locator("section").filter(has_text="TBR stack buster")).to_contain_text("4 / 10 books (40%)")

        # A book from every decade: its decades, found and still to find, light and dark.
        page.goto(server.url + "/goals/new")
        page.get_by_role("button", name="Add “A book from every decade since 1850”").click()
        expect(page.get_by_role("heading", level=1, name="A book from every decade since 1850")).to_be_visible()
        expect(page.locator("#goal-decades")).to_contain_text("Still to find")
        check_accessibility(page, "decades goal")
        dark = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark",
                                   storage_state=context.storage_state())
        phone = dark.new_page()
        phone.goto(page.url)
        expect(phone.locator("#goal-decades")).to_contain_text("1850s")
        check_accessibility(phone, "decades goal, dark phone")
        dark.close()

        # Five books read: New goal suggests from them, each with its reason and "Recommended".
        finish_owned_book(page, server, "Parable of the Sower")
        page.goto(server.url + "/goals/new")
        suggestions = page.locator("#suggestions")
        expect(suggestions).to_contain_text("You finished 5 books in the last 12 months")
        expect(suggestions.get_by_text("Recommended", exact=True).first).to_be_visible()
        check_accessibility(page, "new goal with suggestions")
        context.close()
    finally:
        server.stop()


def test_diversity_goal_by_names(browser):
    """Seed 004's flow: the kind first, then named choices — a diversity goal made by picking
    regions by their labels only, the unrealistic target warned while typing, errors in words."""
    server = Server()
    try:
        state = None
        for width in (1280, 390):
            context = browser.new_context(viewport={"width": width, "height": 900}, storage_state=state)
            page = context.new_page()
            page.set_default_timeout(20_000)
            if state is None:
                create_owner(page, server, "dia")
                state = context.storage_state()
            page.goto(server.url + "/goals/new")
            page.get_by_label("What it counts").select_option(label="Books finished")
            # Criteria belong to diversity, share and category goals: hidden for a books goal.
            expect(page.get_by_role("group", name="Which books count (diversity, share and category goals)")).to_be_hidden()
            page.get_by_label("Target", exact=True).fill("400")
            page.get_by_label("Period", exact=True).select_option(label="This month")
            expect(page.locator("#target-warning")).to_contain_text("books/day")
            page.get_by_label("Period", exact=True).select_option(label="This year")
            page.get_by_label("Target", exact=True).fill("12")
            expect(page.locator("#target-warning")).to_be_hidden()

            page.get_by_label("What it counts").select_option(label="Diversity challenge (books that match)")
            regions = page.get_by_role("group", name="Regions")
            expect(regions).to_be_visible()
            regions.get_by_role("checkbox", name=re.compile(r"^Middle East")).check()
            regions.get_by_role("checkbox", name=re.compile(r"^Africa")).check()
            page.get_by_label("Original languages").fill("Arabic")
            check_accessibility(page, f"new diversity goal at {width}")
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.get_by_label("Target", exact=True).fill("5")
            page.get_by_role("button", name="Create goal").click()
            expect(page.get_by_role("heading", level=1)).to_be_visible()
            assert "/goals/" in page.url and not page.url.endswith("/new")
            page.get_by_role("link", name="Edit").first.click()
            regions = page.get_by_role("group", name="Regions")
            expect(regions.get_by_role("checkbox", name=re.compile(r"^Middle East"))).to_be_checked()
            expect(regions.get_by_role("checkbox", name=re.compile(r"^Africa"))).to_be_checked()
            expect(regions.get_by_role("checkbox", name="Europe")).not_to_be_checked()
            expect(page.get_by_label("Original languages")).to_have_value("Arabic")

            # A refused target is named by its label, not its field key.
            page.get_by_label("Target", exact=True).fill("500")
            page.get_by_role("button", name="Save goal").click()
            summary = page.locator("#error-summary")
            expect(summary).to_contain_text("Target: The target is a whole number")
            expect(summary).not_to_contain_text("target:")
            context.close()
    finally:
        server.stop()
