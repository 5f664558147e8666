"""The real command under a pseudo-terminal, for the tests of the CLI on a terminal.

:class:`Pty` starts a command with stdin, stdout and stderr (each unless sent elsewhere) on a
pseudo-terminal of a given size and environment, sends it keys, reads what it writes, resizes
its window and, once it ends, gives its exit code; :attr:`Pty.raw` holds every byte the
terminal got. Every read has a timeout, so a test fails instead of hanging, and leaving the
``with`` block kills a command still running. :func:`run` does it all in one call.

Two renderers play the bytes as a terminal would, fed as they come when given as ``screen``:

* :class:`PyteScreen`, pyte's screen (a test extra): the window only, what scrolled away is gone;
* :class:`Screen`, a small emulator with unlimited scrollback that marks the lines a too-long
  line wrapped onto (pyte has neither): enough of VT100 for what rich writes.

The pseudo-terminal is not the command's controlling terminal: a key such as Ctrl-C is only a
byte (send signals with ``proc.send_signal``), and :meth:`Pty.resize` sends SIGWINCH itself.

    with Pty(sudoku_argv("step", puzzle, "--interactive"), rows=24, cols=80, screen=PyteScreen(80, 24)) as term:
        lines = term.expect_screen(r"q: quit", quiet=0.4)
        term.send(b"q")
        assert term.finish(timeout=30) == 0
"""

from __future__ import annotations

import codecs
import os
import re
import select
import signal
import struct
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
#: what tells rich a terminal's size and colours instead of its measuring them
RICH_ENV = ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
#: the escape sequences a terminal reads (CSI), for text as a person would read it
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def sudoku_argv(*args: str) -> list[str]:
    """The command line of ``sudoku ARGS`` run by this Python (started in :data:`ROOT`, as
    :class:`Pty` starts it, the package is the checkout's)."""
    return [sys.executable, "-m", "sudoku_logic", *args]


def environ(drop: Iterable[str] = (), **values: str) -> dict[str, str]:
    """This process's environment without the variables ``drop``, with ``values`` set."""
    gone = set(drop)
    return {**{k: v for k, v in os.environ.items() if k not in gone}, **values}


def strip_ansi(text: str) -> str:
    return ANSI.sub("", text)


def _set_size(fd: int, rows: int, cols: int) -> None:
    import fcntl
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class Pty:
    """``argv`` started on a pseudo-terminal of ``rows`` x ``cols`` with environment ``env``
    (this process's when None) in ``cwd``. ``stdin``, ``stdout`` and ``stderr`` are the terminal
    unless given (a file, an fd, ``subprocess.DEVNULL``); an fd given as stdin belongs to the
    command from then on and is closed here. ``screen``, anything with ``feed(bytes)``, is fed
    every chunk read (and told of resizes when it has ``resize(rows, cols)``)."""

    def __init__(
        self,
        argv: list[str],
        *,
        rows: int = 50,
        cols: int = 80,
        env: dict[str, str] | None = None,
        cwd: str | Path | None = ROOT,
        stdin: Any = None,
        stdout: Any = None,
        stderr: Any = None,
        screen: Any = None,
    ) -> None:
        self.rows, self.cols = rows, cols
        self.screen = screen
        self.raw = b""
        self.closed = False  # every writer of the terminal has closed it
        self.last_output = time.monotonic()
        self.master, slave = os.openpty()
        try:
            _set_size(slave, rows, cols)
            before = signal.signal(signal.SIGINT, signal.default_int_handler)  # a child must see Ctrl-C
            try:
                self.proc = subprocess.Popen(
                    argv,
                    cwd=cwd,
                    env=env,
                    stdin=slave if stdin is None else stdin,
                    stdout=slave if stdout is None else stdout,
                    stderr=slave if stderr is None else stderr,
                )
            finally:
                signal.signal(signal.SIGINT, before)
        except BaseException:
            os.close(self.master)
            raise
        finally:
            os.close(slave)
            if isinstance(stdin, int) and stdin >= 0:  # a pipe's end: the command has its own now
                os.close(stdin)

    def __enter__(self) -> Pty:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode

    # ------------------------------------------------------------ reading

    def read(self, timeout: float) -> bool:
        """Read what the terminal has within ``timeout`` (one chunk at most); False once the
        command has closed it."""
        if self.closed:
            return False
        ready, _, _ = select.select([self.master], [], [], max(timeout, 0))
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: every writer of the terminal has closed it
            chunk = b""
        if not chunk:
            self.closed = True
            return False
        self.raw += chunk
        self.last_output = time.monotonic()
        if self.screen is not None:
            self.screen.feed(chunk)
        return True

    def pause(self, seconds: float) -> None:
        """Go on reading for ``seconds`` (the command never waits on a full terminal)."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0 and self.read(left):
            pass

    def wait(
        self, done: Callable[[], object], failure: Callable[[], str], *, timeout: float = 60, quiet: float = 0.0
    ) -> None:
        """Read until ``done()`` holds and nothing more has come for ``quiet`` seconds; fail
        with ``failure()`` when ``timeout`` passes or the command closes the terminal first."""
        deadline = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            if done() and now - self.last_output >= quiet:
                return
            if now >= deadline or self.closed:
                raise AssertionError(failure())
            self.read(min(deadline - now, 0.1) if quiet else deadline - now)

    def expect(self, pattern: bytes, *, after: int = 0, timeout: float = 60) -> int:
        """Read until the bytes from ``after`` on hold ``pattern``; return where it ends."""
        self.wait(
            lambda: pattern in self.raw[after:],
            lambda: f"{pattern!r} not written; the last bytes: {self.raw[-500:]!r}",
            timeout=timeout,
        )
        return self.raw.index(pattern, after) + len(pattern)

    def text(self, after: int = 0) -> str:
        """What the terminal got from byte ``after`` on, as text without escape sequences."""
        return strip_ansi(self.raw[after:].decode(errors="replace"))

    def expect_text(self, pattern: str, *, after: int = 0, timeout: float = 60) -> str:
        """Read until :meth:`text` from ``after`` on matches the regex ``pattern`` (``.``
        matching newlines too); return that text."""
        self.wait(
            lambda: re.search(pattern, self.text(after), re.S),
            lambda: f"{pattern!r} not shown; screen so far:\n{self.text(after)[-3000:]}",
            timeout=timeout,
        )
        return self.text(after)

    def expect_screen(self, pattern: str, *, quiet: float = 0.0, timeout: float = 60) -> list[str]:
        """Read until the lines of :attr:`screen` match the regex ``pattern`` and nothing more
        has come for ``quiet`` seconds (drawn, and nothing more coming); return those lines."""
        self.wait(
            lambda: re.search(pattern, "\n".join(self.screen.text())),
            lambda: f"{pattern!r} not shown:\n" + "\n".join(self.screen.text()),
            timeout=timeout,
            quiet=quiet,
        )
        return self.screen.text()

    # ------------------------------------------------------------ writing and the window

    def send(self, *keys: bytes, delay: float = 0.0) -> int:
        """Type ``keys``, reading for ``delay`` seconds after each; return where the bytes the
        terminal got from then on start (``after`` for the ``expect`` methods)."""
        start = len(self.raw)
        for key in keys:
            os.write(self.master, key)
            if delay:
                self.pause(delay)
        return start

    def resize(self, rows: int, cols: int) -> None:
        """Make the window ``rows`` x ``cols`` (the screen's too) and tell the command so."""
        _set_size(self.master, rows, cols)
        self.rows, self.cols = rows, cols
        if self.screen is not None and hasattr(self.screen, "resize"):
            self.screen.resize(rows, cols)
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGWINCH)

    # ------------------------------------------------------------ the end

    def finish(self, timeout: float = 120) -> int:
        """Read everything until the command ends (killed when ``timeout`` passes first:
        ``subprocess.TimeoutExpired``), close the terminal and return the exit code."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline and self.read(0.2):
                if self.proc.poll() is not None and not select.select([self.master], [], [], 0.2)[0]:
                    break
            return self.proc.wait(timeout=max(deadline - time.monotonic(), 1))
        finally:
            self.close()

    def close(self) -> None:
        """Kill the command if it still runs, and close the terminal."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
            self.closed = True


class Result(NamedTuple):
    code: int
    raw: bytes


def run(argv: list[str], *, keys: Iterable[bytes] = (), delay: float = 0.0, timeout: float = 120, **kw: Any) -> Result:
    """Run ``argv`` on a pseudo-terminal (``kw`` as for :class:`Pty`), type ``keys`` and read
    everything until it ends: its exit code and the raw bytes the terminal got."""
    with Pty(argv, **kw) as term:
        term.send(*keys, delay=delay)
        code = term.finish(timeout)
    return Result(code, term.raw)


# ---------------------------------------------------------------- renderers


class PyteScreen:
    """pyte's screen of ``cols`` x ``rows``: what the window shows (what scrolled away is gone)."""

    def __init__(self, cols: int, rows: int) -> None:
        import pyte  # a test extra: only the tests that draw on it need it

        self.screen = pyte.Screen(cols, rows)
        self._stream = pyte.ByteStream(self.screen)

    def feed(self, data: bytes) -> None:
        self._stream.feed(data)

    def text(self) -> list[str]:
        """The window's lines, each as wide as the window."""
        return list(self.screen.display)

    def reset(self) -> None:
        """A blank window, the cursor at its top left."""
        self.screen.reset()

    def resize(self, rows: int, cols: int) -> None:
        self.screen.resize(rows, cols)


CSI = re.compile(r"([?>=]?)([0-9;]*)([ -/]*)([@-~])")
CSI_SO_FAR = re.compile(r"[?>=]?[0-9;]*[ -/]*")
OSC = re.compile(r".*?(\x07|\x1b\\)", re.S)


class Screen:
    """A terminal of ``cols`` columns and ``rows`` rows with unlimited scrollback: printable
    characters (wrapping at the right edge as xterm does), CR, LF, BS, and the CSI sequences
    that move the cursor and erase; colours, modes and OSC strings are read and ignored.
    :attr:`continued` holds the lines that a too-long line wrapped onto."""

    def __init__(self, cols: int, rows: int = 50) -> None:
        self.cols, self.rows = cols, rows
        self.lines: list[list[str]] = [[]]
        self.continued: set[int] = set()
        self.y = self.x = 0
        self.pending = False  # the cursor is past the last column: the next character wraps
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._rest = ""  # an escape sequence cut short at the end of what was fed

    @property
    def top(self) -> int:
        """The first line of the visible screen (the cursor never goes above it)."""
        return max(0, len(self.lines) - self.rows)

    def text(self) -> list[str]:
        """Every line of the scrollback and screen as it now reads, trailing blanks dropped."""
        return ["".join(line).rstrip() for line in self.lines]

    def resize(self, rows: int, cols: int) -> None:
        """A window of ``rows`` x ``cols`` from now on; what was written stays as it wrapped."""
        self.cols, self.rows = cols, rows
        self.x = min(self.x, cols - 1)

    def feed(self, data: str | bytes) -> None:
        """Play ``data``: text, or UTF-8 bytes (a character may be split between two feeds);
        an escape sequence cut short at the end is played with what comes next."""
        if isinstance(data, bytes):
            data = self._decoder.decode(data)
        data, self._rest = self._rest + data, ""
        i = 0
        while i < len(data):
            ch = data[i]
            if ch == "\x1b":
                end = self._escape(data, i + 1)
                if end is None:
                    self._rest = data[i:]
                    return
                i = end
                continue
            self._char(ch)
            i += 1

    def _char(self, ch: str) -> None:
        if ch == "\r":
            self.x, self.pending = 0, False
        elif ch == "\n":
            self._down(1)
            self.pending = False
        elif ch == "\b":
            self.x, self.pending = max(0, self.x - 1), False
        elif ch == "\t":
            self.x = min(self.cols - 1, (self.x // 8 + 1) * 8)
        elif ch >= " ":
            if self.pending:
                self._down(1)
                self.x, self.pending = 0, False
                self.continued.add(self.y)
            line = self.lines[self.y]
            line.extend(" " * (self.x + 1 - len(line)))
            line[self.x] = ch
            if self.x == self.cols - 1:
                self.pending = True
            else:
                self.x += 1

    def _down(self, n: int) -> None:
        self.y += n
        while len(self.lines) <= self.y:
            self.lines.append([])

    def _escape(self, data: str, i: int) -> int | None:
        """Read the sequence after an ESC at ``i``; return where the text goes on (None when
        ``data`` ends before the sequence does)."""
        if i >= len(data):
            return None
        if data[i] == "[":
            m = CSI.match(data, i + 1)
            if not m:
                so_far = CSI_SO_FAR.match(data, i + 1)
                return None if so_far and so_far.end() == len(data) else i + 1
            self._csi(m.group(1), [int(p) if p else 0 for p in m.group(2).split(";")], m.group(4))
            return m.end()
        if data[i] == "]":  # OSC: up to BEL or ESC \
            m = OSC.match(data, i + 1)
            return m.end() if m else None
        return i + 1

    def _csi(self, private: str, params: list[int], final: str) -> None:
        n = max(params[0], 1)
        if private:
            return  # modes such as the cursor's visibility
        if final == "A":
            self.y = max(self.top, self.y - n)
        elif final == "B":
            self._down(n)
        elif final == "C":
            self.x = min(self.cols - 1, self.x + n)
        elif final == "D":
            self.x = max(0, self.x - n)
        elif final == "G":
            self.x = min(self.cols - 1, n - 1)
        elif final in "Hf":
            row = max(params[0], 1)
            col = max(params[1], 1) if len(params) > 1 else 1
            self.y = self.top + row - 1
            self._down(0)
            self.x = min(self.cols - 1, col - 1)
        elif final == "K":
            self._erase_line(params[0])
        elif final == "J":
            self._erase_display(params[0])
        else:
            return  # colours (m) and the rest change nothing that is read here
        self.pending = False

    def _erase_line(self, how: int) -> None:
        line = self.lines[self.y]
        if how == 0:
            del line[self.x :]
        elif how == 1:
            line[: self.x + 1] = " " * min(len(line), self.x + 1)
        else:
            line.clear()
            self.continued.discard(self.y)

    def _erase_display(self, how: int) -> None:
        if how == 0:
            self._erase_line(0)
            del self.lines[self.y + 1 :]
        elif how == 2:
            for k in range(self.top, len(self.lines)):
                self.lines[k] = []
