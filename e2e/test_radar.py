"""The representation radar and progressive profiling in a real browser: ghost axes on a book
with no data, "+" opening a question in a dialog, a pill answer updating the radar, the
completion and the points in place (no reload), apply-to-all filling every book by the author,
Skip saving nothing, the page without JavaScript, and axe on every state."""

import re

from conftest import Server, check_accessibility, create_owner, sign_in
from playwright.sync_api import expect


def add_book(page, server, title, author):
    page.goto(server.url + "/books/new")
    page.locator("#field-title").fill(title)
    page.locator("#field-authors").fill(author)
    page.locator("#field-status").select_option("read")
    page.get_by_role("button", name="Add to my library").click()
    expect(page.get_by_role("heading", level=1, name=title)).to_be_visible()
    return page.url


def test_radar_and_prompts(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "rosa")

        first = add_book(page, server, "Things Fall Apart", "Chinua Achebe")
        add_book(page, server, "Kindred", "Octavia E. Butler")
        arrow = add_book(page, server, "Arrow of God", "Chinua Achebe")

        # A book with no data: five ghost axes, each with its "+", and a cover ring saying so.
        radar = page.locator("#book-radar")
        expect(radar.locator("svg line.radar-axis.ghost")).to_have_count(5)
        expect(radar.locator("a.radar-plus")).to_have_count(5)
        expect(radar.locator("svg")).to_have_attribute("aria-label", re.compile(r"^Representation radar\. No data yet\."))
        expect(page.locator("#cover-ring")).to_have_attribute("aria-label", re.compile(r"0% complete, 7 missing"))
        check_accessibility(page, "book page, no data")

        # "+" on the cultural axis opens the question in a dialog, without leaving the page.
        page.evaluate("window.__stayed = true")
        radar.get_by_role("link", name="Add cultural origin data").click()
        dialog = page.get_by_role("dialog")
        expect(dialog).to_be_visible()
        expect(dialog.get_by_role("heading", name="What is Chinua Achebe’s cultural background?")).to_be_focused()
        expect(dialog).to_contain_text("Applies to both of your books by Chinua Achebe: +10 curator points.")
        check_accessibility(page, "prompt dialog")
        dialog.get_by_role("button", name="Africa", exact=True).click()
        expect(dialog.get_by_role("heading", name="Cultural background saved!")).to_be_visible()
        expect(dialog).to_contain_text("applied to both of your books by Chinua Achebe")
        expect(dialog).to_contain_text(re.compile(r"Data known: \d+% → \d+%"))
        expect(dialog).to_contain_text("+10 curator points (10 in all)")
        check_accessibility(page, "prompt success")
        dialog.get_by_role("link", name="Done").click()
        expect(dialog).to_be_hidden()
        # The radar, the facts and the ring changed in place: the page was not reloaded.
        assert page.evaluate("window.__stayed === true")
        expect(radar.locator("a.radar-plus")).to_have_count(4)
        expect(page.locator("#book-radar svg")).to_have_attribute("aria-label", re.compile(r"Cultural origin (20|100)%"))
        expect(page.locator("#book-facts")).to_contain_text("Author’s cultural background: Africa")
        expect(page.locator("#cover-ring")).to_have_attribute("aria-label", re.compile(r"14% complete, 6 missing"))

        # Apply to all: the other book by the same author has it too.
        page.goto(first)
        expect(page.locator("#book-facts")).to_contain_text("Author’s cultural background: Africa")

        # Home: the library radar and the completion; a "+" on gender asks about the next book.
        page.goto(server.url + "/")
        completion = page.locator("#library-completion .completion-value")
        before = completion.inner_text()
        expect(page.locator("#library-completion")).to_contain_text("10 curator points")
        page.evaluate("window.__stayed = true")
        page.locator("#library-radar").get_by_role("link", name="Add gender data").click()
        dialog = page.get_by_role("dialog")
        heading = dialog.locator("[data-prompt-heading]")
        expect(heading).to_have_text(re.compile(r"What is (Chinua Achebe|Octavia E\. Butler)’s gender\?"))
        # Skip saves nothing and asks about the next book.
        asked = heading.inner_text()
        dialog.get_by_role("button", name="Skip").click()
        expect(heading).not_to_have_text(asked)
        expect(completion).to_have_text(before)
        dialog.get_by_role("button", name="Female", exact=True).click()
        expect(dialog.get_by_role("heading", name="Gender saved!")).to_be_visible()
        dialog.get_by_role("link", name="Done").click()
        assert page.evaluate("window.__stayed === true")
        expect(completion).not_to_have_text(before)
        expect(page.locator("#library-completion")).to_contain_text(re.compile(r"\d+ curator points"))
        expect(page.locator("#library-radar svg")).to_have_attribute("aria-label", re.compile(r"Gender 0%"))
        check_accessibility(page, "home with the radar")

        # The contributions history lists both answers; the skip left nothing behind.
        page.goto(server.url + "/contributions")
        rows = page.locator("#history tbody tr")
        expect(rows).to_have_count(2)
        expect(rows.first).to_contain_text("Author’s gender")
        check_accessibility(page, "contributions")

        # Without JavaScript the "+" is a plain link to a question page that works the same.
        plain = browser.new_context(viewport={"width": 390, "height": 900}, java_script_enabled=False)
        nojs = plain.new_page()
        sign_in(nojs, server, "rosa")
        nojs.goto(arrow)
        nojs.locator("#book-radar").get_by_role("link", name="Add own voices data").click()
        expect(nojs).to_have_url(re.compile(r"/prompt\?book="))
        expect(nojs.get_by_role("heading", name="Is “Arrow of God” an own-voices book?")).to_be_visible()
        nojs.get_by_role("button", name="Yes", exact=True).click()
        expect(nojs.get_by_role("heading", name="Own-voices answer saved!")).to_be_visible()
        nojs.get_by_role("link", name="Done").click()
        expect(nojs.locator("#book-facts")).to_contain_text("Own voices: Yes")
        plain.close()

        # Reduced motion: the celebration keeps its check but drops the falling confetti.
        calm = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
        still = calm.new_page()
        sign_in(still, server, "rosa")
        still.goto(first)
        still.locator("#book-radar").get_by_role("link", name="Add accessibility data").click()
        still.get_by_role("dialog").get_by_role("button", name="Audiobook").click()
        expect(still.get_by_role("dialog").locator(".celebrate .check")).to_be_visible()
        assert still.locator(".confetti").first.evaluate("e => getComputedStyle(e).display") == "none"
        calm.close()
        context.close()
    finally:
        server.stop()
