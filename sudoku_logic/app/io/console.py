"""A rich Console made on first use: a bulk run that prints nothing on the terminal does not
pay for importing rich (about 30 ms of every start)."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


class LazyConsole:
    """Stands for ``rich.console.Console(**options)`` (``stderr=True``: on stderr), made when it
    first prints or is asked anything but whether it is a terminal."""

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._console: Console | None = None

    @property
    def console(self) -> Console:
        """The rich Console itself (made now if it was not yet)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return self._console

    @property
    def is_terminal(self) -> bool:
        """rich's answer: without rich when the stream is no terminal and the environment forces
        nothing (rich then says no too)."""
        if self._console is None and not self._options.get("force_terminal") and not _forced():
            stream = sys.stderr if self._options.get("stderr") else sys.stdout
            try:
                if not stream.isatty():
                    return False
            except (AttributeError, ValueError):
                return False
        return self.console.is_terminal

    def print(self, *objects: Any, **kwargs: Any) -> None:
        """As ``Console.print``."""
        self.console.print(*objects, **kwargs)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # not set yet (a copy, a pickle): never the Console's
            raise AttributeError(name)
        return getattr(self.console, name)


def _forced() -> bool:
    """Whether the environment tells rich what a terminal is (its own checks then decide)."""
    return "TTY_COMPATIBLE" in os.environ or "FORCE_COLOR" in os.environ
