"""Screenshots of the board for every game, as the README and docs/serve.md show them:

    python -m tests.serve.screenshots        # writes docs/images/serve_<game>.png

Each page opens the game's position below, runs its engine for a second and is captured."""

from __future__ import annotations

import shutil
import socket
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import kernels  # noqa: F401  (numba's cache, before numba)

ROOT = Path(__file__).resolve().parents[2]
# game -> the page's query: a position that shows the game well, and a seat where it hides information
PAGES = {
    "penguins": {"position": "floes"},
    "island": {"position": "start2", "lines": "4"},
    "oros": {"position": "twin-peaks"},
    "meerkats": {"position": "dunes-2"},
    "hop": {"position": "start4", "seat": "A"},
}

# game -> moves played (and then reviewed) before the picture
LINES = {"penguins": ("+d4", "+e5", "+c3", "+f6", "^c3", "+c6", "c3-SE")}


def main() -> int:
    """Serve the board, capture each game's page into docs/images/serve_<game>.png."""
    import uvicorn
    from playwright.sync_api import sync_playwright

    from solver.serve.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        for game, query in PAGES.items():
            page = browser.new_page(viewport={"width": 1280, "height": 820})
            page.set_default_timeout(120_000)
            lines = query.pop("lines", "")
            page.goto(f"http://127.0.0.1:{port}/?{urlencode({'game': game, **query})}")
            page.wait_for_selector("#board svg")
            for number, move in enumerate(LINES.get(game, ()), start=2):
                page.click(f'#moves button[data-move="{move}"]')
                page.wait_for_function(f"document.querySelectorAll('#tree .move').length == {number}")
            if game in LINES:
                page.select_option("#limit", "depth")
                page.fill("#limit-value", "3")
                page.click("#review")
                page.wait_for_function("document.querySelectorAll('#graph circle').length > 0")
                page.select_option("#limit", "time")
            page.fill("#limit-value", "1")
            page.fill("#multipv", lines)
            page.click("#start")
            page.wait_for_function("document.body.dataset.analysis === 'done'")
            path = ROOT / "docs" / "images" / f"serve_{game}.png"
            page.screenshot(path=str(path))
            print(f"wrote {path.relative_to(ROOT)}")
            page.close()
        browser.close()
    server.should_exit = True
    return 0


if __name__ == "__main__":
    sys.exit(main())
