"""Joining a BooksTrack in a real browser: by the owner's one-time invitation link, and by open
registration once the owner switches it on — each new reader lands in an empty library of
their own; axe on every form."""

import re

from conftest import PASSWORD, Server, check_accessibility, create_owner
from playwright.sync_api import expect


def fill_join_form(page, name):
    page.get_by_role("textbox", name="Name", exact=True).fill(name)
    page.get_by_role("textbox", name="Password", exact=True).fill(PASSWORD)
    page.get_by_role("textbox", name="Password again", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Create my account").click()


def test_join(browser):
    server = Server()
    try:
        owner_context = browser.new_context(viewport={"width": 1280, "height": 900})
        owner = owner_context.new_page()
        owner.set_default_timeout(20_000)
        create_owner(owner, server, "olive")
        owner.get_by_role("button", name=re.compile("Load a demo library")).click()

        # An invitation link, used once.
        owner.goto(server.url + "/account")
        owner.get_by_role("button", name="Create an invitation link").click()
        link = owner.locator("#invitation-link").inner_text()
        assert "/invite/" in link
        check_accessibility(owner, "account, invitation created")

        guest_context = browser.new_context(viewport={"width": 390, "height": 800})
        guest = guest_context.new_page()
        guest.goto(link)
        expect(guest.get_by_role("heading", level=1, name="Join BooksTrack")).to_be_visible()
        check_accessibility(guest, "invitation form")
        fill_join_form(guest, "ines")
        expect(guest.get_by_text("Welcome to BooksTrack.")).to_be_visible()
        guest.goto(server.url + "/library")
        expect(guest.get_by_text("Your library is empty")).to_be_visible()
        expect(guest.get_by_role("status")).to_have_text("0 books")
        # The link works once.
        other = browser.new_context().new_page()
        response = other.goto(link)
        assert response.status == 404

        # Open registration: closed first, then switched on by the owner.
        stranger_context = browser.new_context(viewport={"width": 390, "height": 800}, color_scheme="dark")
        stranger = stranger_context.new_page()
        assert stranger.goto(server.url + "/register").status == 404
        owner.goto(server.url + "/account")
        owner.get_by_label("Anyone who reaches this BooksTrack may create an account").check()
        owner.get_by_role("button", name="Save who may join").click()
        expect(owner.get_by_text("can now create an account")).to_be_visible()

        stranger.goto(server.url + "/login")
        stranger.get_by_role("link", name="Create an account").click()
        expect(stranger.get_by_role("heading", level=1, name="Join BooksTrack")).to_be_visible()
        check_accessibility(stranger, "registration form")
        fill_join_form(stranger, "zoe")
        expect(stranger.get_by_text("Welcome to BooksTrack.")).to_be_visible()
        assert stranger.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        owner_context.close()
        guest_context.close()
        stranger_context.close()
    finally:
        server.stop()
