"""The terminal renderer's contract: each callable takes `say` last; one written before `say` still works."""

from __future__ import annotations

from typing import Any, cast

from kameleon.engine.hooks import TerminalRenderer


def test_a_renderer_written_before_say_still_draws_in_english() -> None:
    def old(state: object, seat: object) -> str:
        return f"table of {seat}"

    def new(state: object, seat: object, say: object) -> str:
        return "new"

    # Typed for `say`, as a renderer written today is; an older one is still drawn, untyped.
    renderer = TerminalRenderer(
        render=cast(Any, old), describe=cast(Any, lambda state, action: "old words"), summary=new
    )
    assert renderer.render(None, 1, str) == "table of 1"
    assert renderer.describe is not None and renderer.describe(None, 7, str) == "old words"
    assert renderer.summary is new, "a renderer that takes say is kept as it is"
