"""Every page the front end draws is served as a page, so that a reload, a bookmark or a shared link of it works
(an unknown path gets the front end too, with status 404, and the page then says there is no such page)."""

from __future__ import annotations

import re

from kameleon.server.app import PAGES
from tests.server.harness import ROOT

ROUTE = re.compile(r'path === "(/[\w/-]*)"')
"""The front end's pages named whole in its router (`renderRoute` in app.js); the others are patterns."""


def test_every_page_the_front_end_draws_is_served_as_a_page() -> None:
    router = (ROOT / "kameleon" / "web" / "js" / "app.js").read_text(encoding="utf-8")
    pages = set(ROUTE.findall(router))
    assert {"/", "/login", "/games", "/leaderboard", "/rules"} <= pages, "the router was not found"
    assert pages <= set(PAGES), f"drawn by the front end but answered 404: {sorted(pages - set(PAGES))}"
