"""`caldera serve`: the analysis board in the browser. board_session.py answers one page's
messages through solver/caldera.py; app.py is the Starlette app that serves the page (page/) and
carries the messages over a WebSocket per page."""
