"""Covers (issue 20 item 10): a book found on Open Library by its ISBN gets its edition's cover,
fetched in the background by the job runner and served by BooksTrack itself; the book page shows
it, and blurred behind its header; a book without one keeps its initials."""

import base64
import re

from conftest import Replay, Server, check_accessibility, create_owner
from playwright.sync_api import expect

LIBRARY = """Title,Author,ISBN13,Exclusive Shelf,Original Publication Year
Slow reading,John Miedema,="9780980200447",read,2009
A Book Without Cover,Nobody Known,,to-read,1999
"""

# A 40 x 60 JPEG (red, a blue disc, a yellow band) standing in for the cover: nothing of the
# kind was recorded, so the replay server is told to answer it.
COVER_BYTES = base64.b64decode(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxO"
    "UlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09P"
    "T09PT09PT0//wAARCAA8ACgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF"
    "BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW"
    "V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi"
    "4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC"
    "AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm"
    "Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq"
    "8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDKooqKeYRL6segrghBzfLHc+hqVI04uUnoS0Vnm6mz97H4CrNvcCX5WwH/AJ10VMJUpx5m"
    "ctHHUqsuVaPzJ6KKK5TsCs+7J+0N7Y/lWhUFzB5o3L98frXVhKkadS8jjx1GVWlaO61KFPhJEyY/vCgwyg48tvyq1bW5Q73+92Hp"
    "Xp168Iwep4+Hw9SdRWVrFmiiivCPpAor0CiuT615HN9Y8jz+ivQKKPrXkH1jyPP6K9Aoo+teQfWPIKKKK5TmCiiigAooooA//9k="
)


def test_a_cover_arrives_and_is_shown(browser, tmp_path):
    replay = Replay()
    replay.serve("covers.openlibrary.org", "/b/id/5546156-M.jpg", "image/jpeg", COVER_BYTES)
    server = Server(replay.environment())
    try:
        page = browser.new_page()
        create_owner(page, server, "Rosa")
        csv = tmp_path / "goodreads_library_export.csv"
        csv.write_text(LIBRARY, encoding="utf-8")
        page.goto(server.url + "/import")
        page.get_by_label("Export file").set_input_files(str(csv))
        page.get_by_role("button", name="Upload and preview").click()
        page.get_by_role("button", name=re.compile(r"^Import \d+ books$")).click()
        expect(page).to_have_url(re.compile(r"/imports/[0-9a-f-]{36}$"))

        page.goto(server.url + "/library")
        page.get_by_role("link", name="Slow reading").click()
        cover = page.get_by_role("img", name="Cover of Slow reading")
        # The look-up runs in the background: the page shows the cover once it has arrived.
        for _ in range(60):
            if cover.count() == 1:
                break
            page.wait_for_timeout(500)
            page.reload()
        expect(cover).to_be_visible()
        assert page.evaluate("document.querySelector('.cover-image').naturalWidth") == 40
        assert page.locator(".book-backdrop").count() == 1
        assert page.locator(".book-backdrop").get_attribute("alt") == ""
        check_accessibility(page, "book page with a cover")
        page.set_viewport_size({"width": 390, "height": 844})
        page.emulate_media(color_scheme="dark")
        expect(cover).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.emulate_media(color_scheme="light")
        page.set_viewport_size({"width": 1280, "height": 900})
        assert any(entry["host"] == "covers.openlibrary.org" for entry in replay.log())

        # A book with no ISBN keeps its initials, and its cover address is a 404.
        page.goto(server.url + "/library")
        page.get_by_role("link", name="A Book Without Cover").click()
        expect(page.locator(".cover span")).to_have_text("AB")
        assert page.locator(".book-backdrop").count() == 0
        assert page.request.get(page.url + "/cover").status == 404
    finally:
        server.stop()
        replay.stop()
