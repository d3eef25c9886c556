"""A headless Chromium driven over the DevTools protocol through a pipe (--remote-debugging-pipe): no extra library.

Commands go to the browser as NUL-terminated JSON on its fd 3, answers come back on its fd 4.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--mute-audio",
    "--remote-debugging-pipe",
]


class Browser:
    """One Chromium process (ended by its pid in `close`) and one page in it."""

    def __init__(self, chromium: str, profile: Path, width: int = 1920, height: int = 1080) -> None:
        to_browser, self._send = os.pipe()
        self._receive, from_browser = os.pipe()

        def wire() -> None:  # in the child: our pipe ends become its fds 3 and 4
            a, b = fcntl.fcntl(to_browser, fcntl.F_DUPFD, 10), fcntl.fcntl(from_browser, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.process = subprocess.Popen(
            [chromium, *FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}", "about:blank"],
            preexec_fn=wire,
            close_fds=False,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._id = 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.size(width, height)

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer (events in between are dropped)."""
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._send, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            while b"\0" not in self._buffer:
                chunk = os.read(self._receive, 1 << 16)
                if not chunk:
                    raise RuntimeError("Chromium closed the DevTools pipe")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self._id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
        raise TimeoutError(method)

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        return self.call(method, session=self.session, **params)

    def size(self, width: int, height: int, mobile: bool = False) -> None:
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile)

    def open(self, url: str) -> None:
        """Go to `url` and wait until the document has loaded."""
        self.page("Page.enable")
        self.page("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete' && location.href === " + json.dumps(url))

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        result = self.page("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 10.0) -> Any:
        """Poll `expression` until it is truthy; its value (TimeoutError after `timeout` seconds)."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(expression)
            time.sleep(0.05)

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self.page("Page.captureScreenshot", format="png")["data"]))

    def dom(self, url: str, width: int = 1920, height: int = 1080, ready: str = "true", timeout: float = 60) -> str:
        """The page at `url` in a window of `width` x `height`, serialised once `ready` holds (what --dump-dom prints)."""
        self.size(width, height)
        self.open(url)
        self.wait_for(ready, timeout)
        return self.js("document.documentElement.outerHTML")

    def print_pdf(self, url: str, path: Path) -> None:
        """The page at `url` printed to `path` as `--print-to-pdf --no-pdf-header-footer` prints it (its CSS page size)."""
        self.size(1920, 1080)
        self.open(url)
        printed = self.page("Page.printToPDF", displayHeaderFooter=False, printBackground=True, preferCSSPageSize=True)
        path.write_bytes(base64.b64decode(printed["data"]))

    def shot(self, url: str, path: Path, width: int, height: int) -> None:
        """A PNG of the page at `url` in a window of `width` x `height` (what --screenshot --window-size writes)."""
        self.size(width, height)
        self.open(url)
        self.screenshot(path)

    def close(self) -> None:
        """End this browser, by its pid."""
        with contextlib.suppress(RuntimeError, OSError, TimeoutError):
            self.call("Browser.close")
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._send, self._receive):
            with contextlib.suppress(OSError):
                os.close(fd)
