"""`sudoku play` driven as a user drives it: the app under Textual's pilot, what its
message line says, and waiting for a search's answer (shared by the game's test files)."""

from __future__ import annotations

import asyncio
import time

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


async def settle(pilot, timeout: float = 120) -> None:
    """Wait until the app has its answer (hint or step list)."""
    end = time.monotonic() + timeout
    await pilot.pause()
    while pilot.app.busy:
        assert time.monotonic() < end, "no answer"
        await pilot.pause(0.05)
    await pilot.pause()
