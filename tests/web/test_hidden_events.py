"""A move kept secret from a seat is said as such in the log: a seat's own secret move is "Elf made a secret
move"; a secret draw or roll of chance (a card dealt face down, a die no one may see yet) has no one to
name, so it is said whole, not as a sentence missing its subject (issue 31: the Spanish log read "ha hecho
una jugada secreta" with no one named)."""

from __future__ import annotations

from types import SimpleNamespace

import grognard.systems  # noqa: F401  (registers the systems)
from grognard import i18n
from grognard.engine.view import Event
from grognard.web.pages import TEMPLATES


def said(language: str) -> list[str]:
    """The log lines of a hidden chance outcome and a seat's hidden move, in `language`."""
    events = [
        Event(kind="roll", who=None, ply=0, values={"hidden": True}),
        Event(kind="action", who=0, ply=1, values={"hidden": True}),
    ]
    view = SimpleNamespace(events=events, system="fighting-fantasy", game="fight", public={})
    with i18n.speaking(language):
        html = TEMPLATES.env.get_template("fragments/events.html").render(view=view, mine=[])
    lines = [" ".join(line.split()) for line in html.split("<li")[1:]]
    return [
        line.split("</span>", 1)[1].split("</li>")[0].replace("<strong>", "").replace("</strong>", "")
        for line in lines
    ]


def test_a_secret_draw_is_said_whole_and_a_secret_move_names_its_seat() -> None:
    move, draw = said("en")  # the latest first
    assert draw.strip() == "Something hidden was dealt or rolled."
    assert move.strip().endswith("made a secret move") and not move.strip().startswith("made")
    move_es, draw_es = said("es")
    assert draw_es.strip() == "Se ha repartido o tirado algo oculto."
    assert move_es.strip().endswith("ha hecho una jugada secreta") and not move_es.strip().startswith(
        "ha hecho"
    )
