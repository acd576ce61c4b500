"""Author facts arrive by themselves (SPEC F8): an import of a library whose authors are in the
recorded Wikidata answers ends with their facts filled in, in the background, with progress
visible in the browser; namesakes become a question, never a guess."""

import re

from conftest import PASSWORD, Replay, Server, check_accessibility, create_owner
from playwright.sync_api import expect

LIBRARY = """Title,Author,Exclusive Shelf,My Rating,Original Publication Year
The Hitchhiker's Guide to the Galaxy,Douglas Adams,read,5,1979
Michael Jackson's Beer Companion,Michael Jackson,read,4,1993
Untitled,xyzzy_totally_nonexistent_query_12345,read,3,2001
"""


def test_facts_arrive_in_the_background(browser, tmp_path):
    replay = Replay()
    server = Server(replay.environment())
    try:
        # Each recorded answer takes a second, so the look-ups can be watched.
        replay.control("/_replay/delay?seconds=1")
        page = browser.new_page()
        create_owner(page, server, "Rosa")
        csv = tmp_path / "goodreads_library_export.csv"
        csv.write_text(LIBRARY, encoding="utf-8")
        page.goto(server.url + "/import")
        page.get_by_label("Export file").set_input_files(str(csv))
        page.get_by_role("button", name="Upload and preview").click()
        page.set_viewport_size({"width": 390, "height": 844})
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the preview scrolls sideways"
        page.set_viewport_size({"width": 1280, "height": 900})
        page.get_by_role("button", name=re.compile(r"^Import \d+ books$")).click()
        expect(page).to_have_url(re.compile(r"/imports/[0-9a-f-]{36}$"))
        status = page.locator("#enrichment-status")
        expect(status).to_contain_text(re.compile(r"Looking up 3 authors: \d done"))
        check_accessibility(page, "report with look-ups running")
        # Goodreads' own file name in the heading wraps on a phone: nothing scrolls sideways.
        page.set_viewport_size({"width": 390, "height": 844})
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.set_viewport_size({"width": 1280, "height": 900})

        page.goto(server.url + "/")
        # The page follows the look-ups and reloads once they are done.
        expect(page.get_by_role("link", name=re.compile("name belongs to several people"))).to_be_visible(timeout=30_000)
        expect(page.locator("#enrichment-status")).to_have_count(0)
        check_accessibility(page, "home after look-ups")

        page.get_by_role("link", name=re.compile("name belongs to several people")).click()
        expect(page.get_by_role("heading", name="Who wrote your books?")).to_be_visible()
        check_accessibility(page, "author questions")
        page.get_by_role("button", name=re.compile(r"^Yes: Is this Michael Jackson, English writer and journalist")).click()
        expect(page.get_by_text("that person’s facts are recorded")).to_be_visible()
        expect(page.get_by_text("No questions waiting")).to_be_visible()

        # On a phone, a filtered library shows its books first: the filter panel is folded.
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(server.url + "/library?gender=male")
        expect(page.locator("details.filters-panel")).not_to_have_attribute("open", "")
        assert page.get_by_role("link", name="The Hitchhiker's Guide to the Galaxy").bounding_box()["y"] < 844
        check_accessibility(page, "filtered library on a phone")
        page.set_viewport_size({"width": 1280, "height": 900})

        # Douglas Adams: facts from Wikidata, each with its source and a link to the item.
        page.goto(server.url + "/library")
        page.get_by_role("link", name="The Hitchhiker's Guide to the Galaxy").click()
        page.get_by_role("link", name="Edit details of Douglas Adams").click()
        provenance = page.locator("#provenance")
        expect(provenance).to_contain_text("Wikidata")
        expect(provenance.get_by_role("link", name="Q42").first).to_have_attribute("href", "https://www.wikidata.org/wiki/Q42")
        check_accessibility(page, "author facts")

        # Only recorded requests were made (an unexpected one would have answered 404).
        assert all(entry["status"] == 200 for entry in replay.log()), replay.log()
        page.close()
    finally:
        server.stop()
        replay.stop()
