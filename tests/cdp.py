"""A small client of the Chrome DevTools protocol over a pipe, for the tests that drive headless Chromium.

Chromium started with ``--remote-debugging-pipe`` reads commands from its file
descriptor 3 and writes answers and events to 4, each message JSON ended by a
NUL byte: no port, no websocket, nothing else to install. :class:`Browser`
starts it, attaches to its page, and offers what the tests need: navigate,
evaluate, resize and screenshot, and the events seen (network requests,
console messages, exceptions).
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import queue
import shutil
import subprocess
import threading
import time
from typing import Any

__all__ = ["Browser", "chromium", "FLAGS"]

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
         "--disable-extensions", "--mute-audio", "--remote-debugging-pipe"]


def chromium() -> str | None:
    """The Chromium executable, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def required_chromium() -> str:
    """The Chromium executable for a browser test: without one the test skips, except where Chromium is required
    (``LIMITS_REQUIRE_CHROMIUM``, which ``.ci/run`` sets, or ``CI``), where it fails."""
    import pytest

    executable = chromium()
    if executable is None:
        if os.environ.get("LIMITS_REQUIRE_CHROMIUM") or os.environ.get("CI"):
            pytest.fail("chromium is missing (.ci/run installs Debian's chromium package)")
        pytest.skip("chromium is not installed")
    return executable


class Browser:
    """One headless Chromium and its one page, driven over the DevTools pipe."""

    def __init__(self, executable: str, profile: str, *, timeout: float = 30.0) -> None:
        self.timeout = timeout
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        # the child's ends moved above 9 first, so that putting them on 3 and 4 cannot overwrite either
        a, b = (fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_chrome_r, from_chrome_w))
        os.close(to_chrome_r)
        os.close(from_chrome_w)

        def pipes() -> None:  # in the child, before exec: fds 3 and 4 (dup2 leaves them open across exec)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen([executable, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=None if os.environ.get("CDP_DEBUG") else subprocess.DEVNULL,
                                     preexec_fn=pipes, close_fds=False)
        os.close(a)
        os.close(b)
        self._next = 0
        self._answers: dict[int, queue.Queue] = {}
        self._lock = threading.Lock()
        self.events: list[dict[str, Any]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.page(f"{domain}.enable")

    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_chrome, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "id" in message:
                    with self._lock:
                        box = self._answers.get(message["id"])
                    if box is not None:
                        box.put(message)
                else:
                    self.events.append(message)

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer; raise on a protocol error."""
        with self._lock:
            self._next += 1
            ident = self._next
            box: queue.Queue = queue.Queue()
            self._answers[ident] = box
        message: dict[str, Any] = {"id": ident, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        try:
            answer = box.get(timeout=self.timeout)
        except queue.Empty:
            raise TimeoutError(f"no answer to {method} within {self.timeout} s") from None
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        """A command to the page."""
        return self.call(method, self.session, **params)

    def navigate(self, url: str) -> None:
        """Open ``url`` and wait for its load event."""
        seen = len(self.events)
        self.page("Page.navigate", url=url)
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if any(e.get("method") == "Page.loadEventFired" for e in self.events[seen:]):
                return
            time.sleep(0.01)
        raise TimeoutError(f"{url} did not load within {self.timeout} s")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression (promises awaited); raise on an exception in the page."""
        got = self.page("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in got:
            details = got["exceptionDetails"]
            raise RuntimeError(details.get("exception", {}).get("description") or details.get("text"))
        return got["result"].get("value")

    def wait_for(self, expression: str) -> Any:
        """Evaluate ``expression`` until it is truthy; its value."""
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.02)
        raise TimeoutError(f"{expression} stayed false for {self.timeout} s")

    def resize(self, width: int, height: int, *, mobile: bool = False) -> None:
        """The page's viewport, as a phone (``mobile``) or a desktop window."""
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=mobile)

    def screenshot(self, path: str) -> None:
        """The whole page as a PNG."""
        data = self.page("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))

    def requests(self) -> list[str]:
        """The URL of every request the page made so far."""
        return [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]

    def problems(self) -> list[str]:
        """Exceptions thrown in the page and errors it logged."""
        out = []
        for e in self.events:
            method, params = e.get("method"), e.get("params", {})
            if method == "Runtime.exceptionThrown":
                d = params["exceptionDetails"]
                out.append(d.get("exception", {}).get("description") or d.get("text", ""))
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                out.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                out.append(params["entry"]["text"])
        return out

    def close(self) -> None:
        """End Chromium (the process this object started)."""
        try:
            self.call("Browser.close")
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_chrome, self._from_chrome):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
