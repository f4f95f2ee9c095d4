"""Rendering pages: the Jinja2 environment (every value escaped), the page context, and error pages."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from jinja2.runtime import Context

from grognard import __version__, i18n
from grognard.engine import registry
from grognard.engine.view import FrontEnd, SeatView
from grognard.web.security import browser_session, form_token, remember

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))
"""The page templates; Jinja2 escapes every value put into an .html template. Each system's own helpers
are added by `web.systems.install` when the app is made."""


def live(f: Callable[..., Any]) -> Callable[..., Any]:
    """`f` as a filter worked out at each render. Jinja2 works out a plain filter on a literal (`{{ 1500 |
    number }}`, a system's word filter on a fixed word) once, when it compiles the template, in the
    language of whichever reader came first, and serves that to every reader after; a filter that takes
    the render's context is never worked out ahead."""

    @pass_context
    def said(context: Context, value: Any, *args: Any, **kwargs: Any) -> Any:
        return f(value, *args, **kwargs)

    return said


def front_of(view: SeatView) -> FrontEnd:
    """How the front ends show the game of `view` (its templates and wording, `engine.view.FrontEnd`)."""
    return registry.get_views(view.system, view.game).front


def seat_label(view: SeatView, seat: int, mine: list[int] | None = None) -> str:
    """A seat as the events name it: "You" for a seat of the visitor's (`mine`), the others in the
    game's own way ("Elf", "The game master")."""
    if mine and seat in mine:
        return i18n.gettext("You")
    return front_of(view).seat_name(view.public, seat)


def event_sentence(view: SeatView, values: dict[str, Any]) -> str:
    """An event's sentence in the game's own words, "" when the game has none for it."""
    return front_of(view).sentence(values)


def roll_said(view: SeatView, expression: str) -> str:
    """A roll's expression as the game says it (its thrower named)."""
    return front_of(view).roll(expression, view.public)


def mid_sentence(name: str) -> str:
    """A seat's name as it reads inside a sentence: "The heroes" becomes "the heroes" (a proper name, such
    as a character's, is kept)."""
    return "t" + name[1:] if name.startswith("The ") else name


TEMPLATES.env.globals.update(
    front_of=front_of, seat_label=seat_label, event_sentence=event_sentence, roll_said=roll_said
)
TEMPLATES.env.filters["mid_sentence"] = live(mid_sentence)
# The words of the templates in the reader's language (`grognard.i18n`, docs/languages.md): `_()` and
# `{% trans %}` for the messages written in a template (Jinja2's new-style gettext: the message is trusted
# markup, the values put into it are escaped); `tr()` for a word a variable holds (the `N_` words of a
# table), escaped like any value; `number` for a count in the reader's locale.
TEMPLATES.env.add_extension("jinja2.ext.i18n")
TEMPLATES.env.policies["ext.i18n.trimmed"] = True
TEMPLATES.env.install_gettext_callables(  # type: ignore[attr-defined]
    gettext=i18n.gettext, ngettext=i18n.ngettext, newstyle=True
)
TEMPLATES.env.globals.update(language=i18n.current, languages=i18n.LANGUAGES, tr=i18n.gettext)
TEMPLATES.env.filters["number"] = live(i18n.number)
TEMPLATES.env.filters["percent"] = live(i18n.percent)
TEMPLATES.env.filters["date"] = live(i18n.date)


def script_words() -> dict[str, str]:
    """The words `grognard.js` says itself (a board place's name for a screen reader, the your-turn
    notice, the copy button's answer), in the reader's language: `base.html` writes them into every page
    as JSON in the body's `data-words`, with `{name}` placeholders the script fills."""
    _ = i18n.gettext
    return {
        "square": _("Square {place}"),
        "kindSquare": _("{kind} square {place}"),
        "moveHere": _("you can move here"),
        "or": _("; or "),
        "copied": _("Copied"),
        "yourTurnTitle": _("Your turn · {title}"),
        "yourTurn": _("Your turn"),
        "yourTurnSaid": _("Your turn."),
    }


TEMPLATES.env.globals["script_words"] = script_words


def render(request: Request, template: str, secret: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page (or an htmx fragment) with the browser's form token, setting its session cookie if new."""
    session = browser_session(request)
    context |= {"csrf": form_token(secret, session), "version": __version__}
    response = TEMPLATES.TemplateResponse(request, template, context, status_code=status)
    remember(request, response)
    return response


def is_htmx(request: Request) -> bool:
    """Whether the request came from htmx (answered with a fragment, not a whole page)."""
    return request.headers.get("hx-request") == "true"
