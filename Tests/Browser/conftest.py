"""Browser tests: the real playground binary on a free port, driven by Debian's Chromium through Playwright."""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections import deque
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]


def find_binary() -> Path:
    if os.environ.get("PLAYGROUND_BIN"):
        return Path(os.environ["PLAYGROUND_BIN"])
    for config in ("debug", "release"):
        path = ROOT / ".build" / config / "playground"
        if path.exists():
            return path
    raise RuntimeError("build the playground first (make test does)")


def start_playground(*flags, data_dir=None, timeout=300):
    """Starts the playground binary on 127.0.0.1:0 with `flags` (and a fresh journal directory unless `data_dir`);
    returns (process, port, its stderr's last lines). Waits for the line that names the port: a restart on a big
    journal replays it first, which a debug build on a loaded machine takes minutes for; a process that exits
    meanwhile fails at once, with what it printed."""
    process = subprocess.Popen(
        [str(find_binary()), "--port", "0", "--public-dir", str(ROOT / "Public"),
         "--data-dir", data_dir or fresh_data_dir(), *flags],
        stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + timeout
    lines = []
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        lines.append(line)
        match = re.search(r"on http://127\.0\.0\.1:(\d+)/", line)
        if match:
            return process, int(match.group(1)), drain(process.stderr)
    process.kill()
    process.wait()
    raise RuntimeError(f"playground did not start (exit {process.returncode}):\n" + "".join(lines[-40:]))


def fresh_data_dir() -> str:
    """An empty journal directory of its own for one server (a test never restores another test's rooms)."""
    return tempfile.mkdtemp(prefix="playground-journal-")


def drain(stream, keep=200):
    """Reads a child's stderr to the end on a daemon thread (a full pipe would block the server's logging);
    returns the last `keep` lines, for failure messages."""
    lines = deque(maxlen=keep)
    threading.Thread(target=lambda: lines.extend(stream), daemon=True).start()
    return lines


@pytest.fixture(scope="session")
def server():
    """Starts the playground on 127.0.0.1:0 and yields its base URL; stops it by pid afterwards."""
    process, port, _ = start_playground()
    yield f"http://127.0.0.1:{port}"
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=60)  # a bound on a hang: a loaded debug build stops in seconds
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    assert process.returncode == 0, f"playground exited with {process.returncode}"


@pytest.fixture(scope="session")
def browser():
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    assert executable, "Chromium is not installed (make test installs it)"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def room(server, browser):
    """Two pages (separate browser contexts, like two people) on one new room."""
    first = browser.new_context().new_page()
    first.goto(server + "/")
    assert re.search(r"/rooms/[0-9a-f]{24}$", first.url), first.url
    second = browser.new_context().new_page()
    second.goto(first.url)
    for page in (first, second):
        page.wait_for_selector("#connection[data-state=live]", timeout=10_000)
    yield first, second
    for page in (first, second):
        page.context.close()
