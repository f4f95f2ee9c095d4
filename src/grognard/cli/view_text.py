"""The terminal renderer of a seat's view (`engine.view.SeatView`): lines of text, nothing printed here.

One renderer for every game: the header (game, ply, who acts), the public part and this seat's private
part as indented fields (a `map` field's lines drawn as they are), the numbered actions with their
labels and ids, the odds, and the events with every die. Per-system renderers for boards and maps can
replace the field dump later; this one only needs the view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from grognard.engine import registry
from grognard.engine.view import Event, SeatView
from grognard.i18n import gettext as _
from grognard.i18n import ngettext, percent

MAX_ITEMS = 12
"""Items of a list shown before the rest is counted ("... and 7 more")."""


Sentence = Callable[[Mapping[str, Any]], str]
"""How a game words an event from its values (`engine.view.FrontEnd.sentence`), "" for none."""


def _no_sentence(values: Mapping[str, Any]) -> str:
    return ""


def sentence_of(view: SeatView) -> Sentence:
    """How the game of `view` words its events (its front-end description)."""
    return registry.get_views(view.system, view.game).front.sentence


def seat_name(view: SeatView, seat: int) -> str:
    """How the game of `view` names `seat` ("Warrior (Seat 1)", "Seat 2")."""
    return registry.get_views(view.system, view.game).front.seat_name(view.public, seat)


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def _short(value: Any) -> str | None:
    """A value on one line, or None when it needs lines of its own."""
    if not isinstance(value, dict | list):
        return _scalar(value)
    if isinstance(value, list) and all(not isinstance(v, dict | list) for v in value):
        return ", ".join(_scalar(v) for v in value) or "-"
    pairs = isinstance(value, list) and all(isinstance(v, list) and len(v) <= 3 for v in value)
    if pairs and all(not isinstance(x, dict | list) for v in value for x in v):
        return "; ".join(" ".join(_scalar(x) for x in v) for v in value) or "-"
    if isinstance(value, dict) and all(not isinstance(v, dict | list) for v in value.values()):
        return ", ".join(f"{k} {_scalar(v)}" for k, v in value.items()) or "-"
    return None


def field_lines(name: str, value: Any, indent: int = 0) -> Iterator[str]:
    """A field of a view as indented lines (a `map` of text lines is drawn as it is)."""
    pad = "  " * indent
    if name == "map" and isinstance(value, list) and all(isinstance(v, str) for v in value):
        heading = _("map")
        yield f"{pad}{heading}:"
        yield from (f"{pad}  {line}" for line in value)
        return
    short = _short(value)
    if short is not None:
        yield f"{pad}{name}: {short}"
        return
    yield f"{pad}{name}:"
    if isinstance(value, dict):
        for key, item in value.items():
            yield from field_lines(str(key), item, indent + 1)
        return
    for i, item in enumerate(value[:MAX_ITEMS]):
        yield from field_lines(f"[{i}]", item, indent + 1)
    if len(value) > MAX_ITEMS:
        more = len(value) - MAX_ITEMS
        yield (
            pad + "  " + ngettext("... and %(count)s more", "... and %(count)s more", more) % {"count": more}
        )


def event_line(event: Event, sentence: Sentence = _no_sentence) -> str:
    """One event as a line: who, what, and every die (`sentence`: the game's own wording of events)."""
    who = _("chance") if event.who is None else _("seat %(seat)s") % {"seat": event.who}
    values = event.values
    said = "" if values.get("hidden") or event.kind == "log" else sentence(values)
    if values.get("hidden"):
        what = _("(secret)")
    elif event.kind == "log":
        return f"  {values.get('text', '')}"
    elif said:
        return f"  {said}"
    elif event.kind == "action":
        what = str(values.get("label") or values.get("action"))
        if values.get("came"):
            what += f". {values['came']}"
    elif event.kind == "roll":
        what = f"-> {values.get('outcome')}"
    elif event.kind == "change":
        what = f"{values.get('what')} {_scalar(values.get('from'))} -> {_scalar(values.get('to'))}"
    else:
        what = "; ".join(f"{k} {_scalar(v)}" for k, v in values.items())
    dice = "".join(f" [{d.text}]" for d in event.dice)
    ply = f"{event.ply}. " if event.ply is not None else ""
    return f"  {ply}{who}: {what}{dice}"


def view_lines(view: SeatView, *, public: bool = True, events: bool = True) -> list[str]:
    """The whole view as lines of text."""
    act = view.to_act
    now = {
        "decision": _("seat %(seats)s to act") % {"seats": ", ".join(map(str, act.seats))},
        "chance": _("chance next"),
        "end": _("the game is over"),
    }[act.next]
    seat = _("onlooker") if view.seat is None else _("seat %(seat)s") % {"seat": view.seat}
    lines = [
        _("%(game)s, ply %(ply)s, %(seat)s: %(now)s")
        % {"game": f"{view.system}/{view.game}", "ply": view.ply, "seat": seat, "now": now}
    ]
    if view.result is not None:
        winners = view.result.get("winners") or []
        lines.append(
            _("Result: %(outcome)s; winners: %(winners)s")
            % {"outcome": view.result.get("outcome"), "winners": _short(winners) or _("none")}
        )
    if events and view.events:
        lines.append(_("Events:"))
        lines += [event_line(e, sentence_of(view)) for e in view.events]
    if public:
        for name, value in view.public.items():
            lines += list(field_lines(name, value))
    if view.private:
        lines.append(_("Yours only:"))
        for name, value in view.private.items():
            lines += list(field_lines(name, value, 1))
    if view.odds is not None:
        win = "" if view.odds.win is None else _("win %(chance)s") % {"chance": percent(view.odds.win)}
        lines.append(_("Odds: %(odds)s") % {"odds": "; ".join(p for p in (win, view.odds.note) if p)})
        for action, worth in view.odds.actions.items():
            lines.append(_("  %(action)s: win %(chance)s") % {"action": action, "chance": percent(worth)})
    for n, a in enumerate(view.actions, 1):
        lines.append(f"{n:>3}. {a.label}  [{a.id}]" + (f"\n       {a.detail}" if a.detail else ""))
    return lines
