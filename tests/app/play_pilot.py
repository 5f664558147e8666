"""`sudoku play` driven as a user drives it: the app under Textual's pilot, and what its
message line says (shared by the game's test files)."""

from __future__ import annotations

import asyncio

from sudoku_logic.app.terminal.play import PlayApp


def play(app: PlayApp, script, size=(80, 24)) -> None:
    """Run ``app`` headless at ``size`` and let ``script(pilot)`` drive it."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot)

    asyncio.run(main())


def message(app: PlayApp) -> str:
    """The text of the game's message line."""
    return str(app.query_one("#message").render())
