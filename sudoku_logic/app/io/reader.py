"""The one input reader: the entries a command-line PUZZLE argument stands for.

Every command reads its arguments here. An argument is a literal (one entry, in any form
:func:`sudoku_logic.api.position.load_position` reads), a file path, or ``-`` for stdin. A
file is read lazily, line by line (a file of millions of lines is never held whole), and cut
into entries:

- Every line is its own entry: ``#`` comments and blank lines are skipped, and so is a CSV
  header on line 1. A line that is not a puzzle is an entry of its own; the command reports
  it with its line number and goes on. The puzzle of a line need not come first: a label
  before it, quoted CSV fields and the column a CSV header names are read as the user means
  them (:func:`sudoku_logic.app.io.fields.puzzle_first`).
- A SadMan ``.sdk`` file's ``[Puzzle]`` section is read; its other sections (``[State]``) are
  not puzzles to read and are skipped.
- A printed multi-line grid (a 9-line grid, a pencilmark grid) is one entry when the lines
  from a line that is not a puzzle on its own really form one (at most :data:`GRID_LINES`
  lines, the grid's bottom border included). A file of several printed grids is read grid
  by grid.
- A short file (at most :data:`GRID_LINES` lines of content) none of whose lines is a puzzle
  on its own is read whole as one entry, so that a printed grid with a typo is reported once;
  so is a short file of a givens line followed by lines none of which is a puzzle on its own
  (a givens line and a pencilmark grid with a typo).
- Positions (see ``sudoku hint --help``): a givens line followed by a pencilmark grid is one
  entry; so is an input of exactly two lines where the second is the first's grid as it is
  now (``GIVENS`` then ``FILLED``: same digits where both have one, at least one more).

The reader only cuts entries; parsing is the entry's (:meth:`Entry.parse`), so that a bulk
run can leave it to its workers. Problems are attached to entries, never raised.
"""

from __future__ import annotations

import os
import re
import select
import stat
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import TextIO

from sudoku_logic.api.position import Position, is_line, line_values, load_position
from sudoku_logic.app.io.fields import Header, is_header, one_line_position, puzzle_first, sections
from sudoku_logic.app.io.streams import stream_closed
from sudoku_logic.core.errors import FormatError, SudokuError
from sudoku_logic.core.formats import CELL_CHARS, EMPTY_CHARS
from sudoku_logic.core.formats import line_values as cell_bytes

MAX_LINE = 1 << 20  # a longer line cannot be a position; it is reported, not parsed
#: The most lines a printed grid may take (9 rows, borders, a pencilmark grid's frame).
GRID_LINES = 30
_TOO_LONG = "\x00LONG"  # marks a line cut at MAX_LINE
_SPLIT = re.compile(r"[\s,;]+")
_LABEL_SPLIT = re.compile(r"[\s,;]")


@dataclass
class Entry:
    """One entry of the input: where it was read, its text, and once parsed its position.

    ``source`` is the file name (``stdin`` for ``-``, empty for a literal argument), ``lineno``
    the line it starts on (0 for a literal), ``index`` its number in the whole input, counting
    from 1. ``error`` is set when the entry cannot be a position (by the reader: an over-long
    line, a missing file; by :meth:`parse`: the parser's message)."""

    source: str
    lineno: int
    text: str
    index: int = 0
    error: SudokuError | None = None
    position: Position | None = field(default=None, repr=False)
    note: str | None = None  # the label when the reader moved it off the text (a field before the puzzle)

    @property
    def where(self) -> str:
        """``FILE line N: `` for an entry of a file or stdin, else empty."""
        return f"{self.source} line {self.lineno}: " if self.lineno else ""

    @property
    def label(self) -> str:
        """The text after the puzzle on a one-line entry (its first token), without the
        separator, or the fields around the puzzle of a CSV row or a line with its label first;
        empty for a multi-line entry or a regression-library line."""
        if self.note is not None:
            return self.note
        t = self.text.strip()
        if "\n" in t or t.startswith(":"):
            return ""
        parts = _LABEL_SPLIT.split(t, maxsplit=1)
        return parts[1].strip() if len(parts) > 1 else ""

    def parse(self) -> Entry:
        """Parse the text into :attr:`position` (or set :attr:`error`); returns the entry."""
        if self.error is None and self.position is None:
            try:
                self.position = load_position(self.text)
            except SudokuError as e:
                self.error = e
        return self


# ---------------------------------------------------------------- arguments


def looks_like_path(arg: str) -> bool:
    """Whether an argument that did not parse as a puzzle was probably meant as a file (and
    not as a puzzle with a typo: mostly digits and dots)."""
    if len(arg) >= 20 and sum(ch in CELL_CHARS for ch in arg) >= 0.8 * len(arg):
        return False
    if os.sep in arg or "/" in arg:
        return True
    stem, dot, ext = arg.rpartition(".")
    return bool(dot and stem and ext.isalpha() and len(ext) <= 5)


def _is_binary(path: str) -> bool:
    """Whether a regular file starts with binary data (a NUL byte in its first 8 KiB). Only
    for regular files: what is read of a pipe, a FIFO or a device cannot be read again."""
    try:
        with open(path, "rb") as fh:
            return b"\x00" in fh.read(8192)
    except OSError:
        return False


def is_source(arg: str) -> bool:
    """Whether an argument names input to read (stdin or a path that exists, a broken or
    looping symbolic link included: reading it says what is wrong), not a literal."""
    return arg == "-" or os.path.lexists(arg)


def source_name(arg: str) -> str:
    """How messages name an argument's input: ``stdin`` for ``-``, else the path."""
    return "stdin" if arg == "-" else arg


def read(arg: str, parse: bool = True) -> Iterator[Entry]:
    """The entries of one argument, lazily, parsed unless ``parse`` is False.

    A literal gives one entry; a file or ``-`` its entries as the module docstring says. A
    directory, a missing file, binary data and an input without any puzzle each give one
    entry carrying that error."""
    for entry in _cut(arg):
        yield entry.parse() if parse else entry


def read_all(args: Iterable[str], parse: bool = True, skip: int = 0) -> Iterator[Entry]:
    """The entries of several arguments in turn, numbered 1, 2, ... across all of them;
    the first ``skip`` entries are numbered but not yielded (nor parsed)."""
    index = 0
    for arg in args:
        for entry in _cut(arg):
            index += 1
            if index <= skip:
                continue
            entry.index = index
            yield entry.parse() if parse else entry


def _cut(arg: str) -> Iterator[Entry]:
    if os.path.isdir(arg):
        yield Entry("", 0, arg, error=FormatError(f"{arg} is a directory, not a puzzle file"))
        return
    if not is_source(arg):
        entry = _entry("", 0, arg).parse()  # a literal is parsed here, to tell a typo from a path
        stripped = arg.strip()
        if entry.error is not None and looks_like_path(stripped) and "\n" not in arg and " " not in stripped:
            entry.error = FormatError(f"no such file: {arg}")
        yield entry
        return
    name = source_name(arg)
    if arg == "-":
        if stream_closed(sys.stdin):
            yield Entry(name, 0, arg, error=FormatError("cannot read stdin: it is closed"))
            return
        fh: TextIO = sys.stdin
    else:
        try:
            regular = stat.S_ISREG(os.stat(arg).st_mode)
            if regular and _is_binary(arg):
                yield Entry(
                    name, 0, arg, error=FormatError(f"{name} is not a text file of puzzles (it holds binary data)")
                )
                return
            if regular or os.name == "nt":
                fh = open(arg, encoding="utf-8", errors="replace", newline=None)
            else:  # a FIFO, a pipe (/dev/stdin, process substitution), a device: read once, as it comes
                fh = os.fdopen(os.open(arg, os.O_RDONLY), encoding="utf-8", errors="replace")
        except OSError as e:
            yield Entry(name, 0, arg, error=FormatError(f"cannot read {arg}: {e.strerror or e}"))
            return
    stream = _Stream.of(fh)  # None for a regular file: read as a file
    if arg == "-" and _stdin_binary(fh, stream):
        yield Entry(name, 0, arg, error=FormatError(f"{name} is not a text file of puzzles (it holds binary data)"))
        return
    lines, ready = (stream, stream.ready) if stream is not None else (_numbered(fh), None)
    header = Header()
    try:
        found = False
        for lineno, text in cut_lines(header.read(sections(step_transcripts(lines))), ready):
            found = True
            if text.endswith(_TOO_LONG):
                yield Entry(
                    name,
                    lineno,
                    text[: -len(_TOO_LONG)],
                    error=FormatError(f"line too long (over {MAX_LINE} characters)"),
                )
            else:
                yield _entry(name, lineno, text, header.column)
        if not found:
            yield Entry(name, 0, arg, error=FormatError(f"{name} has no puzzle"))
    finally:
        if fh is not sys.stdin:
            fh.close()


def _numbered(fh: TextIO) -> Iterator[tuple[int, str]]:
    """Numbered lines without their line ends; an over-long line is cut (and later
    reported) instead of held whole."""
    lineno = 0
    while True:
        line = fh.readline(MAX_LINE)
        if not line:
            return
        lineno += 1
        if lineno == 1 and line.startswith("\ufeff"):  # a UTF-8 byte-order mark
            line = line[1:]
        if len(line) >= MAX_LINE and not line.endswith("\n"):
            while True:  # skip the rest of the line
                more = fh.readline(MAX_LINE)
                if not more or more.endswith("\n"):
                    break
            yield lineno, line[:200] + _TOO_LONG
            continue
        yield lineno, line.rstrip("\r\n")


def _stdin_binary(fh: TextIO, stream: _Stream | None) -> bool:
    """Whether stdin starts with binary data (a NUL byte in what arrives first, as
    :func:`_is_binary` tells for a file); a regular file is looked at without reading it."""
    if stream is not None:
        return stream.binary()
    try:
        fd = fh.fileno()
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        return b"\x00" in os.pread(fd, 8192, os.lseek(fd, 0, os.SEEK_CUR))
    except (OSError, ValueError, AttributeError):  # a test's stdin, a stream without a descriptor
        return False


class _Stream:
    """Numbered lines of a pipe or a terminal, read with ``os.read`` so that :meth:`ready`
    can tell whether the next line is there without waiting for it: the reader looks ahead
    only at what has arrived, and a line typed or piped on its own is handled at once."""

    GRACE = 0.05  # seconds to wait for more input before deciding that none is coming yet

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buf = b""
        self.eof = False
        self.lineno = 0

    @classmethod
    def of(cls, fh: TextIO) -> _Stream | None:
        """A stream over ``fh``'s descriptor if it is a pipe, socket or terminal (a regular
        file is read as a file); None if ``fh`` has no descriptor (a test's stdin)."""
        if os.name == "nt":  # select() there takes sockets only: read line by line
            return None
        try:
            fd = fh.fileno()
            mode = os.fstat(fd).st_mode
        except (OSError, ValueError):
            return None
        return None if stat.S_ISREG(mode) else cls(fd)

    def ready(self) -> bool:
        """Whether the next line (or the end) can be read now."""
        if b"\n" in self.buf or self.eof:
            return True
        return bool(select.select([self.fd], [], [], self.GRACE)[0])

    def binary(self) -> bool:
        """Whether the input starts with binary data (a NUL byte in its first chunk); waits
        for that chunk, which the first line needs anyway."""
        while not self.buf and not self.eof:
            self._more()
        return b"\x00" in self.buf[:8192]

    def _more(self) -> None:
        data = os.read(self.fd, 1 << 16)
        if data:
            self.buf += data
        else:
            self.eof = True

    def __iter__(self) -> _Stream:
        return self

    def __next__(self) -> tuple[int, str]:
        while b"\n" not in self.buf and not self.eof:
            if len(self.buf) >= MAX_LINE:  # cut it, skip to its end, report it
                head = self.buf[:200]
                while b"\n" not in self.buf and not self.eof:
                    self.buf = b""
                    self._more()
                self.buf = self.buf[self.buf.find(b"\n") + 1 :] if b"\n" in self.buf else b""
                self.lineno += 1
                return self.lineno, head.decode("utf-8", "replace") + _TOO_LONG
            self._more()
        if not self.buf:
            raise StopIteration
        cut = self.buf.find(b"\n")
        line, self.buf = (self.buf, b"") if cut < 0 else (self.buf[:cut], self.buf[cut + 1 :])
        self.lineno += 1
        if self.lineno == 1 and line.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte-order mark
            line = line[3:]
        return self.lineno, line.decode("utf-8", "replace").rstrip("\r")


# ---------------------------------------------------------------- cutting lines into entries

_PUZZLE_HEADER = re.compile(r"Puzzle ([0-9.]{81})\s*$")
_POSITION_HEADER = re.compile(r"Position before step \d+ \(.*\):\s*$")


def step_transcripts(numbered: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Numbered lines with ``sudoku step``'s output reduced to the positions it holds: a block
    from its ``Puzzle LINE`` header gives the lines after its ``Position before step N (...):``
    header (the givens line and the pencilmark grid of ``--until``), or, where it has none (a
    whole path), its puzzle line; its steps and words are left out. Other lines pass as
    they are."""
    block: tuple[int, str] | None = None  # the puzzle of the block being skipped
    for lineno, line in numbered:
        m = _PUZZLE_HEADER.match(line)
        if m:
            if block is not None:
                yield block
            block = (lineno, m.group(1))
            continue
        if block is not None:
            if _POSITION_HEADER.match(line):
                block = None  # what follows is the position
            continue
        yield lineno, line
    if block is not None:
        yield block


def _entry(source: str, lineno: int, text: str, column: int | None = None) -> Entry:
    """An entry of the text as cut, its puzzle put first (see :func:`puzzle_first`)."""
    moved = puzzle_first(text, column)
    if moved is None:
        return Entry(source, lineno, text)
    return Entry(source, lineno, moved[0], note=moved[1])


def _single_line_grid(line: str) -> bool:
    """A line of 81 or more tokens: a pencilmark grid written on one line."""
    return len(line.split()) >= 81


def _continues(a: str, b: str) -> bool:
    """Whether line ``b`` reads as the FILLED line of the givens line ``a``."""
    ta, tb = _SPLIT.split(a.strip()), _SPLIT.split(b.strip())
    if len(ta) > 1 and (is_line(ta[1]) or len(ta[1]) == 729):
        return False  # a already carries its second part
    if not (is_line(ta[0]) and is_line(tb[0])):
        return False
    va, vb = line_values(ta[0]), line_values(tb[0])
    if any(va[c] and vb[c] and va[c] != vb[c] for c in range(81)):
        return False
    return any(vb[c] and not va[c] for c in range(81))


def _is_border(line: str) -> bool:
    """A decoration line of a printed grid: no digit, and dashes or box-drawing characters."""
    return not any(ch.isdigit() for ch in line) and any(ch in "-=" or "\u2500" <= ch <= "\u257f" for ch in line)


def _parses(text: str) -> bool:
    try:
        load_position(text)
    except SudokuError:
        return False
    return True


def _row_like(line: str) -> bool:
    """A line of at most 9 cells (digits and empty marks between decorations): a grid's row."""
    cells = re.sub(r"[\s|+:!\u2500-\u257f]", "", line)
    return 0 < len(cells) <= 9 and all(ch.isdigit() or ch in EMPTY_CHARS for ch in cells)


def _stray_row(ahead: Sequence[tuple[int, str]]) -> bool:
    """Whether the next line, just after a printed grid, is one more row of it: row-like,
    and neither a puzzle alone nor the start of the next grid."""
    if not ahead:
        return False
    first, rest = ahead[0], list(islice(ahead, 1, None))
    return (
        _row_like(first[1])
        and not _is_border(first[1])
        and not one_line_position(first[1])
        and not _parses(first[1])
        and _grid_prefix(first, rest, False) == 0
    )


def _grid_prefix(first: tuple[int, str], ahead: Sequence[tuple[int, str]], givens: bool) -> int:
    """How many lines of ``ahead`` complete the multi-line entry starting at ``first``: the
    fewest that parse together with it as one position (with a printed grid's bottom border),
    or 0 if none within :data:`GRID_LINES` do. With ``givens`` (``first`` is a bare givens
    line), only a pencilmark grid after it counts."""
    lines = [first[1]]
    for k, (_, line) in enumerate(islice(ahead, GRID_LINES - 1), 1):
        if one_line_position(line):
            return 0
        lines.append(line)
        if givens and not (k >= 2 or _single_line_grid(line)):
            continue
        text = "\n".join(lines)
        if _is_border(line) or not _parses(text):
            continue
        while k < len(ahead) and _is_border(ahead[k][1]):
            k += 1
        return k
    return 0


def cut_lines(
    numbered: Iterable[tuple[int, str]], ready: Callable[[], bool] | None = None
) -> Iterator[tuple[int, str]]:
    """Cut numbered lines into entries, ``(line number, text)`` each, as the module docstring
    says; looks at most :data:`GRID_LINES` lines ahead, and with ``ready`` (whether the next
    line has arrived: a pipe, a terminal) only at lines that have arrived."""
    source = iter(numbered)
    ahead: deque[tuple[int, str]] = deque()
    exhausted = False

    def fill(n: int, wait: bool = False) -> None:
        """Read content lines into ``ahead`` up to ``n``; without ``wait``, only lines that
        have arrived."""
        nonlocal exhausted
        while len(ahead) < n and not exhausted:
            if not wait and ready is not None and not ready():
                return
            for lineno, line in source:
                s = line.strip()
                if not s or s.startswith("#") or (lineno == 1 and is_header(s)):
                    if ready is not None and not ready():
                        break
                    continue
                ahead.append((lineno, line))
                wait = False
                break
            else:
                exhausted = True

    fill(1, wait=True)
    fill(GRID_LINES + 1)
    short = exhausted and len(ahead) <= GRID_LINES
    if short and len(ahead) == 2 and _continues(ahead[0][1], ahead[1][1]):
        (n, a), (_, b) = ahead
        yield n, a.strip() + "\n" + b.strip()
        return
    if (
        short
        and len(ahead) > 2
        and is_line(ahead[0][1].strip())
        and not any(one_line_position(ln) or ln.endswith(_TOO_LONG) for _, ln in list(ahead)[1:])
    ):
        lines = list(ahead)  # a givens line and a printed grid after it (a typo in the grid reported once)
        if _grid_prefix(lines[0], lines[1:], True) in (0, len(lines) - 1):
            yield lines[0][0], "\n".join(ln for _, ln in lines)
            return
    if short and len(ahead) > 1 and not any(one_line_position(ln) or ln.endswith(_TOO_LONG) for _, ln in ahead):
        lines = list(ahead)
        if _grid_prefix(lines[0], lines[1:], False) in (0, len(lines) - 1):
            yield lines[0][0], "\n".join(ln for _, ln in lines)
            return
    while True:
        if not ahead:
            fill(1, wait=True)
            if not ahead:
                return
        lineno, line = ahead.popleft()
        if line.endswith(_TOO_LONG):
            yield lineno, line
            continue
        if cell_bytes(line) is not None:  # a bare line of cells
            fill(1)
            if ahead and cell_bytes(ahead[0][1]) is not None:  # and another: no grid follows it
                yield lineno, line
                continue
        one_line = one_line_position(line)
        bare_givens = one_line and is_line(line.strip())
        if (not one_line and not _single_line_grid(line)) or bare_givens:
            fill(GRID_LINES)
            k = _grid_prefix((lineno, line), ahead, bare_givens)
            if k:
                more = [ahead.popleft()[1] for _ in range(k)]
                fill(GRID_LINES + 1)
                if not bare_givens and _stray_row(ahead):  # a 10th row: the grid's own error names it
                    more.append(ahead.popleft()[1])
                yield lineno, "\n".join([line] + more)
                continue
        yield lineno, line
