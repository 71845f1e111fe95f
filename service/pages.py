"""The web page to play and watch games: the lobby (new tables, my games, open tables, games to
watch), invite links, one game's page (a seat plays there; anyone watches it live and replays it),
and each engine's renderer, served from the engine's own package (DESIGN.md, "Layout": the engine
package holds its renderer; the page shell loads it through the registry).

The page is plain HTML and ES modules (no build step). It only ever draws what the JSON API
answers for its viewer, so it can show nothing the API would not; it moves through the same API
as any client. It knows no particular game: each game's drawing, and which of its pieces stand
for which part of a move, live in its renderer.
"""
from __future__ import annotations

import sys
from pathlib import Path

from flask import Blueprint, send_file

from engines.core import get_engine
from service.errors import ApiError

# "/static" is the Flask app's own rule for the same folder; the page asks for "/assets".
pages = Blueprint("pages", __name__, static_folder="static", static_url_path="/assets")

RENDERER = "renderer.js"


def _page(name: str):
    response = pages.send_static_file(name)
    response.headers["Cache-Control"] = "no-cache"
    return response


@pages.route("/", methods=["GET"])
def lobby():
    """The list of games, newest first, each a link to its page."""
    return _page("lobby.html")


@pages.route("/watch/<gid>", methods=["GET"])
def watch(gid):
    """One game: live, and its replay. The page reads the game id from its own address."""
    return _page("watch.html")


@pages.route("/play/<gid>", methods=["GET"])
def play(gid):
    """One game, played: the same page, speaking for the seat whose token this browser holds
    (or offering a free seat of an open table)."""
    return _page("watch.html")


@pages.route("/join/<gid>/<code>", methods=["GET"])
def join(gid, code):
    """An invite link: the page redeems the join code in the browser (POST /games/{id}/join),
    keeps the seat's token there and replaces its address with the game's own, so that neither
    the code nor the token stays in the address bar or the history."""
    response = _page("join.html")
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def renderer_path(name: str) -> Path | None:
    """The `renderer.js` beside the engine's module, found through the registry."""
    engine = get_engine(name)
    if engine is None:
        return None
    module = sys.modules.get(type(engine).__module__)
    source = getattr(module, "__file__", None)
    if not source:
        return None
    path = Path(source).resolve().parent / RENDERER
    return path if path.is_file() else None


@pages.route("/renderers/<name>.js", methods=["GET"])
def renderer(name):
    """The engine's own renderer module; 404 when it has none (the page then shows the view as
    JSON)."""
    if get_engine(name) is None:
        raise ApiError("unknown_engine", f"No game called '{name}' is offered.")
    path = renderer_path(name)
    if path is None:
        raise ApiError("no_renderer", f"The game '{name}' has no renderer of its own.")
    response = send_file(path, mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response
