"""The standard streams as the command line meets them: closed at start (``<&-``, ``>&-``),
a reader that went away (``| head``), a full disk.

:func:`guard_standard_streams` runs first in every command: a stream closed at start becomes
a stand-in whose use is an error naming it (stdout, stdin) or that swallows what is written
(stderr, since nothing could be said there anyway); a write to stdout whose reader has gone
raises :class:`PipeClosed`, which nothing but the entry point catches, so that the command
stops quietly with the status a shell gives a process ended by SIGPIPE, as Unix tools do.
"""

from __future__ import annotations

import errno
import io
import os
import sys

#: the exit status of a process ended by SIGPIPE, as shells report it
EXIT_PIPE = 128 + 13


class PipeClosed(BaseException):
    """The reader of stdout went away. A BaseException, so that no handler of write errors
    (a row writer's, click's) turns it into an error message: only the entry point stops on it."""


class ClosedStream(io.TextIOBase):
    """A standard stream that was closed when the program started: reading or writing it
    raises OSError(EBADF) naming it; flushing does nothing (the interpreter flushes at exit)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def _closed(self, *args, **kwargs):
        raise OSError(errno.EBADF, f"{self.name} is closed")

    read = readline = write = fileno = _closed

    def readable(self) -> bool:
        return self.name == "stdin"

    def writable(self) -> bool:
        return self.name != "stdin"

    def isatty(self) -> bool:
        return False

    def flush(self) -> None:
        pass


class GuardedStdout:
    """stdout whose writes raise :class:`PipeClosed` once its reader has gone; the rest is
    the stream's own."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise PipeClosed() from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise PipeClosed() from None

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def stream_closed(stream) -> bool:
    """Whether a standard stream was closed when the program started."""
    return stream is None or isinstance(stream, ClosedStream)


def guard_standard_streams() -> None:
    """Stand-ins for the standard streams closed at start, and stdout guarded (see the
    module docstring)."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    if sys.stdin is None:
        sys.stdin = ClosedStream("stdin")
    if sys.stdout is None:
        sys.stdout = ClosedStream("stdout")
    elif not isinstance(sys.stdout, (GuardedStdout, ClosedStream)):
        sys.stdout = GuardedStdout(sys.stdout)
