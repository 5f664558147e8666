"""A tiny headless-Chromium driver for page tests: the DevTools protocol over a pipe, stdlib only.

Chromium started with ``--remote-debugging-pipe`` reads JSON messages, each ended by a NUL
byte, on its fd 3 and writes its answers and events the same way on fd 4. :class:`Browser`
starts it, opens one tab and offers what a page test needs: open a URL, evaluate
JavaScript, click an element where it is drawn, press a key, take a screenshot. Every read
has a timeout, so a test fails instead of hanging; :meth:`Browser.close` kills the browser.

    with Browser("/usr/bin/chromium", profile_dir) as b:
        b.open("file:///tmp/page.html#3")
        b.click("#next")
        png = b.screenshot()
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import struct
import subprocess
import time
import zlib

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--mute-audio",
    "--hide-scrollbars",
    "--font-render-hinting=none",
    "--remote-debugging-pipe",
]

KEYS = {"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35, "ArrowUp": 38, "ArrowDown": 40}


def find_chromium() -> str | None:
    """The Chromium executable on PATH (or /usr/bin/chromium), None when there is none."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


class CdpError(RuntimeError):
    """The browser answered a command with an error, died, or did not answer in time."""


class Browser:
    """One headless Chromium with one tab, driven over ``--remote-debugging-pipe``."""

    def __init__(
        self, executable: str, profile_dir: str, width: int = 1100, height: int = 860, timeout: float = 20.0
    ) -> None:
        self.timeout = timeout
        self._buf = b""
        self._next_id = 0
        self._events: list[dict] = []
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def child_fds() -> None:
            # in the child: fd 3 reads our commands, fd 4 writes answers (dup2 leaves them open
            # across exec; every other pipe end is close-on-exec, so nothing else leaks)
            r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
            w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(r, 3)
            os.dup2(w, 4)

        self.proc = subprocess.Popen(
            [executable, *FLAGS, f"--user-data-dir={profile_dir}", f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=child_fds,
            start_new_session=True,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        try:
            target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            self.send("Page.enable")
            self.send(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
            )
            self.send("Emulation.setFocusEmulationEnabled", {"enabled": True})
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # the protocol

    def send(self, method: str, params: dict | None = None, session: str | None = "page") -> dict:
        """Send one command (to the tab unless ``session`` is None) and return its result."""
        self._next_id += 1
        msg: dict = {"id": self._next_id, "method": method, "params": params or {}}
        if session == "page":
            session = getattr(self, "session", None)
        if session:
            msg["sessionId"] = session
        data = json.dumps(msg).encode() + b"\0"
        while data:
            _, ready, _ = select.select([], [self._to_browser], [], self.timeout)
            if not ready:
                raise CdpError(f"{method}: the browser does not read its pipe")
            data = data[os.write(self._to_browser, data) :]
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read(deadline, method)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise CdpError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self._events.append(reply)

    def _read(self, deadline: float, what: str) -> dict:
        """The next message from the browser, waiting until ``deadline`` at most."""
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._from_browser], [], [], max(left, 0))
            if not ready:
                raise CdpError(f"{what}: no answer from the browser in {self.timeout:g} s")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise CdpError(f"{what}: the browser closed its pipe (exit code {self.proc.poll()})")
            self._buf += chunk
        msg, _, self._buf = self._buf.partition(b"\0")
        return json.loads(msg)

    def wait_event(self, method: str) -> dict:
        """The first event ``method`` of the tab not yet seen (waits for it up to the timeout)."""
        deadline = time.monotonic() + self.timeout
        while True:
            for i, ev in enumerate(self._events):
                if ev["method"] == method:
                    return self._events.pop(i)
            msg = self._read(deadline, method)
            if "method" in msg:
                self._events.append(msg)

    # what a page test does

    def open(self, url: str) -> None:
        """Load ``url`` as a new document (even when only its #fragment differs) and wait for it."""
        for target in ("about:blank", url):
            self._events.clear()
            self.send("Page.navigate", {"url": target})
            self.wait_event("Page.loadEventFired")

    def reload(self) -> None:
        """Reload the page (as the reload button does) and wait for it."""
        self._events.clear()
        self.send("Page.reload")
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (JSON-able values only)."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise CdpError(f"{expression!r}: {result['exceptionDetails'].get('exception', result['exceptionDetails'])}")
        return result["result"].get("value")

    def click(self, selector: str) -> None:
        """A real left click at the middle of the element ``selector`` (scrolled into view first),
        then the mouse moved away, so no hover style stays on what was clicked."""
        box = self.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: 'nearest'}});
            const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
        if box is None:
            raise CdpError(f"no element {selector!r} to click")
        x, y = box
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 0, "y": 0})

    def press(self, key: str) -> None:
        """Press and release a named key (``ArrowRight``, ``ArrowLeft``, ``Home``, ``End``...)."""
        code = KEYS[key]
        for kind in ("rawKeyDown", "keyUp"):
            self.send(
                "Input.dispatchKeyEvent",
                {"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code},
            )

    def screenshot(self, selector: str | None = None) -> bytes:
        """A PNG of the viewport, or of the box of the element ``selector`` (wherever the page
        is scrolled: the clip is in the document's coordinates)."""
        params: dict = {"format": "png"}
        if selector:
            x, y, w, h = self.evaluate(f"""(() => {{ const r = document.querySelector({json.dumps(selector)})
                .getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }})()""")
            params["clip"] = {"x": x, "y": y, "width": w, "height": h, "scale": 1}
        return base64.b64decode(self.send("Page.captureScreenshot", params)["data"])

    def close(self) -> None:
        """Kill the browser and close the pipes (safe to call twice)."""
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, 9)
            except ProcessLookupError:
                pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        for fd in (self._to_browser, self._from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        self._to_browser = self._from_browser = -1


def png_pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of RGB(A) bytes of an 8-bit, non-interlaced PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos : pos + 8])
        body = png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and not interlace, "only 8-bit RGB(A) PNGs"
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def colour_count(png: bytes, rgb: str) -> int:
    """How many pixels of a PNG have exactly the colour ``#rrggbb``."""
    width, _, rows = png_pixels(png)
    want = bytes.fromhex(rgb.lstrip("#"))
    bpp = len(rows[0]) // width if rows else 3
    return sum(1 for row in rows for x in range(0, len(row), bpp) if row[x : x + 3] == want)
