"""The searches of ``sudoku play`` in a process of their own, so that a long one (a nested
forcing chain takes seconds) never holds the screen, and cancelling it ends it at once.

A request is a position (givens, values, marks) and what to find: ``next`` (the step the
order's solver takes next, and the position's mistakes when it has any) or ``path`` (the
whole explained path from there). The answer comes back pickled: :class:`Step` records.
"""

from __future__ import annotations

import pickle
import select
import signal
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass

from sudoku_logic.core.step import Step


@dataclass(frozen=True)
class Request:
    """What to find (``next`` or ``path``) for a position, in ``order`` (se or hodoku)."""

    kind: str
    givens: tuple[int, ...]
    values: tuple[int, ...]
    marks: tuple[int, ...] | None
    order: str = "se"


@dataclass(frozen=True)
class Answer:
    """The steps found (one for ``next``, the path for ``path``; none when stuck), whether
    the path solved the grid, or why there is no answer (a one-line message)."""

    steps: tuple[Step, ...] = ()
    solved: bool = False
    error: str | None = None


def answer(request: Request) -> Answer:
    """The answer to ``request``, computed here (the worker process calls this)."""
    from sudoku_logic.api.position import Position
    from sudoku_logic.api.solver import Solver
    from sudoku_logic.core.errors import SudokuError

    position = Position(
        list(request.givens), list(request.values), list(request.marks) if request.marks is not None else None
    )
    try:
        grid = position.grid()
        solver = Solver(order=request.order)
        if request.kind == "next":
            step = solver.next_step(grid)
            return Answer((step,) if step is not None else ())
        result = solver.solve(grid)
        return Answer(tuple(result.steps), result.solved)
    except SudokuError as e:
        return Answer(error=str(e))


def _serve(inp, out) -> None:
    """The worker process: answer the requests read from ``inp`` on ``out`` until ``inp``
    ends. Each message is a pickle preceded by its length (4 bytes)."""
    while True:
        request = _receive(inp)
        if request is None:
            return
        try:
            got = answer(request)
        except Exception as e:  # an answer that cannot be made is still an answer
            got = Answer(error=f"{type(e).__name__}: {e}")
        _send(out, got)


def _send(fh, obj) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    fh.write(struct.pack("<I", len(data)) + data)
    fh.flush()


def _receive(fh):
    """The next message of ``fh``, None at its end."""
    head = fh.read(4)
    if len(head) < 4:
        return None
    size = struct.unpack("<I", head)[0]
    data = fh.read(size)
    return pickle.loads(data) if len(data) == size else None


class Worker:
    """A process answering :class:`Request` s one at a time; :meth:`cancel` ends it (the next
    request starts another). Start it early (:meth:`start`): a new process takes a moment.
    It is a plain ``python -m sudoku_logic.app.terminal.play_worker``, so it owes nothing to the
    program that started it (its threads, its main module, its terminal)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen | None = None

    def start(self) -> None:
        with self._lock:
            if self._process is None or self._process.poll() is not None:
                self._process = subprocess.Popen(
                    [sys.executable, "-m", "sudoku_logic.app.terminal.play_worker"],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                )

    def ask(self, request: Request, cancelled: Callable[[], bool]) -> Answer | None:
        """The answer to ``request``, or None if ``cancelled()`` became true first (the
        process is then ended) or the process died."""
        self.start()
        process = self._process
        assert process is not None and process.stdin is not None and process.stdout is not None
        try:
            _send(process.stdin, request)
            while not select.select([process.stdout], [], [], 0.05)[0]:
                if cancelled() or process.poll() is not None:
                    self.cancel()
                    return None
            got = _receive(process.stdout)
        except (OSError, EOFError, pickle.UnpicklingError):
            got = None
        if got is None:
            self.cancel()
        return got

    def cancel(self) -> None:
        """End the process (a search under way with it)."""
        with self._lock:
            process, self._process = self._process, None
        if process is not None:
            process.kill()
            process.wait(5)
            for fh in (process.stdin, process.stdout):
                if fh is not None:
                    fh.close()

    close = cancel


if __name__ == "__main__":
    from sudoku_logic.app.terminal import play_worker  # the records pickled by their module's name, not __main__'s

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the screen's to handle
    play_worker._serve(sys.stdin.buffer, sys.stdout.buffer)
