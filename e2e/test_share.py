"""A share link in a real browser: a reader shares the radar from the insights page, a stranger
on a phone sees it read-only (nothing to click into the reader's library), the reader revokes it
on the account page and the address answers 404. axe on every page it touches."""

import re

from conftest import Server, check_accessibility, create_owner
from playwright.sync_api import expect


def test_share_link(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "sofia")
        page.get_by_role("button", name=re.compile("Load a demo library")).click()

        page.goto(server.url + "/insights")
        check_accessibility(page, "insights with Share buttons")
        page.get_by_role("button", name="Share the representation radar card as a link").click()
        expect(page.get_by_role("heading", level=1, name="Share “Representation radar”")).to_be_visible()
        link = page.locator("#share-link").inner_text()
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/s/[A-Za-z0-9_-]{43}", link), link
        page.get_by_role("button", name="Copy link").click()
        expect(page.get_by_role("button", name="Copied")).to_be_visible()
        assert page.evaluate("navigator.clipboard.readText()") == link
        check_accessibility(page, "share link created")

        stranger_context = browser.new_context(viewport={"width": 390, "height": 800}, color_scheme="dark")
        stranger = stranger_context.new_page()
        response = stranger.goto(link)
        assert response.status == 200
        expect(stranger.get_by_role("heading", level=1, name="Representation radar")).to_be_visible()
        expect(stranger.get_by_text(re.compile("shared read-only: All time · Books read"))).to_be_visible()
        expect(stranger.locator("#radar svg")).to_be_visible()
        # Read-only: no form, no "+", and no link but the card's own picture — nothing leads into
        # the reader's data.
        hrefs = stranger.eval_on_selector_all("a", "links => links.map(a => a.getAttribute('href'))")
        path = re.sub(r"^http://[^/]+", "", link)
        assert set(hrefs) <= {path + "/image.svg", path + "/image.png"}, hrefs
        assert stranger.locator("form").count() == 0
        # The same picture as the link's preview: the sharer's browser drew its PNG (1200 × 630).
        expect(stranger.get_by_role("img", name=re.compile("card as a picture"))).to_be_visible()
        preview = stranger.locator('meta[property="og:image"]').get_attribute("content")
        assert preview == link + "/image.png", preview
        png = stranger.request.get(preview)
        assert png.status == 200 and png.headers["content-type"] == "image/png"
        body = png.body()
        assert body[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(body[16:20], "big") == 1200
        assert int.from_bytes(body[20:24], "big") == 630
        assert stranger.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        stranger.get_by_text("Show the radar as a table").click()
        expect(stranger.get_by_role("row", name=re.compile("^Cultural origin"))).to_be_visible()
        check_accessibility(stranger, "shared radar on a phone")

        page.goto(server.url + "/account#shares")
        shares = page.locator("#shares")
        expect(shares.get_by_text("Representation radar")).to_be_visible()
        check_accessibility(page, "account with a share link")
        shares.get_by_role("button", name=re.compile("Revoke the share link for Representation radar")).click()
        expect(page.get_by_text("The share link is revoked")).to_be_visible()
        expect(page.locator("#shares").get_by_text("You have not shared anything.")).to_be_visible()

        gone = stranger.goto(link)
        assert gone.status == 404
        expect(stranger.get_by_text("There is no such share link")).to_be_visible()
        context.close()
        stranger_context.close()
    finally:
        server.stop()
