"""How a gamebook adventure and a book fight are drawn at the terminal: the section's number, title and
text once per arrival, each sheet line that changed, and in a fight both sides' current scores before
every decision, drawn by the system's own `fight` lines (given by its front end). Only the view is read
(`gamebook.seat_view`, the systems' `fight_public`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from grognard.cli.play_loop import Presenter, odds_lines
from grognard.cli.view_text import event_line
from grognard.engine.match import Match
from grognard.engine.view import Event, SeatView
from grognard.i18n import gettext as _

FightLines = Callable[[Any], list[str]]
"""How a system draws both sides of a book's fight from its public view (`fight_public`)."""


def no_fight(fight: Any) -> list[str]:
    """A fight drawn by no system: nothing."""
    return []


def _sheet(view: SeatView) -> dict[str, str]:
    rows = view.public.get("sheet")
    if not isinstance(rows, list):
        return {}
    return {str(r[0]): str(r[1]) for r in rows if isinstance(r, list) and len(r) == 2}


def _section(section: Any, title: Any, text: Any) -> list[str]:
    """A section's heading ("Section 8 — The reeds") and its text."""
    heading = _("Section {section}").format(section=section) + (f" — {title}" if title else "")
    return [heading, str(text)] if text else [heading]


class GamebookPresenter(Presenter):
    """A gamebook or a single book fight at the terminal (`fight`: the system's drawing of a fight)."""

    def __init__(self, fight: FightLines = no_fight) -> None:
        self.fight = fight
        self.told = ""
        """The section the last events told in full (passed through before its dice), "" for none: the
        section is not drawn again when the reader then decides in it."""

    def section_lines(self, view: SeatView) -> list[str]:
        """The section's heading and text."""
        public = view.public
        if not public.get("section"):
            return []
        return ["", *_section(public["section"], public.get("title"), public.get("text"))]

    def before(self, view: SeatView, last: SeatView | None) -> list[str]:
        """The section on arrival, what changed on the sheet, and a fight's both sides every round."""
        public = view.public
        lines: list[str] = []
        arrived = last is None or last.public.get("section") != public.get("section")
        told = bool(self.told) and self.told == public.get("section")  # drawn with the dice that followed
        self.told = ""
        if arrived and not told:
            lines += self.section_lines(view)
        fighting = last is not None and "fight" in last.public and "fight" in public and not arrived
        if last is not None and not fighting:  # in a fight, its own lines show the scores every round
            old = _sheet(last)
            lines += [f"  {k}: {old.get(k, '-')} -> {v}" for k, v in _sheet(view).items() if old.get(k) != v]
        if "fight" in public:
            if (last is None or "fight" not in last.public or arrived) and not told:
                lines.append("  " + _("A fight begins."))
            lines += self.fight(public["fight"])
        return lines

    def odds_now(self, view: SeatView, last: SeatView | None) -> bool:
        """The odds before every decision of a fight (the exact odds the ruleset works out), and at a
        section's choices while the reader is shown the chance to finish (`gamebook.solve_reader`)."""
        if "fight" in view.public:
            return True
        from grognard.gamebook import solve_reader

        return solve_reader.current() is not None and view.public.get("phase") in ("choose", "create")

    def odds(self, view: SeatView) -> list[str]:
        """The ruleset's advice in a fight (its exact odds in words), else the odds of the view."""
        note = view.odds.note.split("\n") if view.odds is not None else []
        advice = note[1:]
        if advice:
            return [f"  {line}" for line in advice]
        return odds_lines(view)

    def heading(self, view: SeatView, seat: int, humans: int) -> list[str]:
        """No heading: the reader is the only seat."""
        return []

    def prompt(self, view: SeatView, seat: int) -> str:
        """The reader's prompt."""
        return _("Your choice")

    def board(self, view: SeatView) -> list[str]:
        """`m`: the section again and, in a fight, both sides."""
        return self.section_lines(view) + self.fight(view.public.get("fight"))

    def sheet(self, view: SeatView) -> list[str]:
        """`s`: in a fight the scores in the fight first, then the adventure sheet and the section."""
        lines: list[str] = []
        if "fight" in view.public:
            lines += [_("In this fight:"), *self.fight(view.public["fight"])]
        rows = _sheet(view)
        if rows:
            width = max(len(k) for k in rows)
            standing = _(" (as the fight stands)") if "fight" in view.public else ""
            lines.append(_("Adventure Sheet") + standing)
            lines += [f"  {k:<{width}}  {v}" for k, v in rows.items()]
            section = view.public.get("section") or _("(not started)")
            named = _("Section")
            lines.append(f"  {named:<{width}}  {section}")
        return lines

    def events(self, events: Sequence[Event], view: SeatView) -> list[str]:
        """Every roll in the rulebook's words (its label: what it was for, the dice, the modifiers and
        what it decided; a test's chances first), and every section turned to where the dice followed
        without a choice, its heading and text in full; the reader's own choices are not repeated."""
        lines: list[str] = []
        self.told = ""
        for k, e in enumerate(events):
            if e.kind == "action" and (e.who == view.seat or view.seat is None):
                continue
            steps: list[Event] = []  # what this move did (`step_events`), its events that follow it
            for x in events[k + 1 :]:
                if x.kind not in ("step", "section"):
                    break
                steps.append(x)
            step = next((x for x in steps if x.kind == "step"), None)
            if e.kind == "roll" and not e.values.get("hidden"):
                if step is not None and step.values.get("chances"):
                    lines.append("  " + _("Chances: {chances}").format(chances=step.values["chances"]))
                lines.append(
                    f"  {self._roll(e, step, next((x for x in steps if x.kind == 'section'), None))}"
                )
            elif e.kind == "section":
                lines += ["", *_section(e.values.get("section"), e.values.get("title"), e.values.get("text"))]
                self.told = str(e.values.get("section", ""))
                if "fight" in view.public and view.public.get("section") == self.told:
                    lines.append(
                        "  " + _("A fight begins.")
                    )  # its first rounds follow, before the reader decides
            elif e.kind != "step":
                lines.append(event_line(e))
        return lines

    @staticmethod
    def _roll(e: Event, step: Event | None, section: Event | None) -> str:
        """A roll's line: its label without the section it turned to (drawn on its own), else the dice."""
        label = str(e.values.get("label") or "")
        if label and section is not None:
            said = _("Section {section}").format(section=section.values.get("section"))
            cut = label.find(". " + said)
            label = label[:cut] if cut >= 0 else "" if label.startswith(said) else label
        if label:
            return label
        one = len(e.dice) == 1
        dice = e.dice[0].text if one else " ".join(f"[{d.text}]" for d in e.dice)
        if step is not None:
            return f"{step.values.get('step')}: {dice} -> {step.values.get('outcome')}"
        return f"{dice} -> {e.values.get('outcome')}".replace("   ", " ")

    def ending(self, view: SeatView, last: SeatView | None = None) -> list[str]:
        """The section reached, or the last scores of a fight (how it ended follows, in the game's own
        words: `FrontEnd.ending`)."""
        public = view.public
        return self.before(view, last) if "section" in public else self.fight(public.get("fight"))


def presenter_with(fight: FightLines) -> Callable[[Match, Sequence[str], int], Presenter]:
    """What a gamebook system's front end registers for its book and fight games
    (`cli.frontends.Frontend.presenters`): the gamebook presenter drawing fights with `fight`."""

    def make(match: Match, kinds: Sequence[str], width: int) -> Presenter:
        return GamebookPresenter(fight)

    return make
