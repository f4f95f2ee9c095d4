"""One play loop for every game, on the match driver and the view renderer (`grognard games play ID`).

The human seats of a stored game take their turns at this keyboard; chance and bots move between them.
Each decision shows what happened since, then the actions by number with their labels. The same keys
in every game: `s` the sheet (the public part and this seat's private part), `m` the map or board (the
view's `map`, else its board, fight or section), `o` the odds of this decision, `u` undo to this seat's
previous decision, `?` help, `q` quit (every move is already saved). Answers come from the terminal, or
from standard input when it is not one, so a game can be scripted.
"""

from __future__ import annotations

import sys

from grognard.cli.console import choose, out, read_line
from grognard.cli.view_text import event_line, field_lines, view_lines
from grognard.engine.errors import UsageError
from grognard.engine.match import Match
from grognard.engine.view import ActionView, Event, SeatView

KEYS = ("s", "m", "o", "u", "?", "q")
HELP = (
    "Answer with an action's number, or: s the sheet, m the map or board, o the odds of this decision, "
    "u undo to your previous decision, ? this help, q quit (the game is saved after every move)."
)
BOARD_FIELDS = ("map", "board", "fight", "melee", "spaces", "text")
SHOWN_EACH_TIME = ("map", "fight", "melee")
"""Public fields drawn before every decision: a quest's map, both sides of a fight as they stand."""
"""The public fields `m` shows, the first a view has (a quest's map, a fight, a section's text)."""


def say(line: str) -> None:
    """Print one line as it is (no markup)."""
    out.print(line, markup=False, highlight=False)


def board_lines(view: SeatView) -> list[str]:
    """The map or board of a view: its first field of `BOARD_FIELDS`, else the whole public part."""
    for name in BOARD_FIELDS:
        if name in view.public:
            return list(field_lines(name, view.public[name]))
    return [line for name, value in view.public.items() for line in field_lines(name, value)]


def sheet_lines(view: SeatView) -> list[str]:
    """The sheet: the public part without the map, and the seat's private part."""
    lines = [
        line for name, value in view.public.items() if name != "map" for line in field_lines(name, value)
    ]
    if view.private:
        lines.append("Yours only:")
        lines += [line for name, value in view.private.items() for line in field_lines(name, value, 1)]
    return lines


def odds_lines(view: SeatView) -> list[str]:
    """The odds of a view: the chance to win, then each action's, by its label."""
    odds = view.odds
    if odds is None:
        return ["No odds for this decision."]
    win = "" if odds.win is None else f"win {odds.win:.1%}"
    lines = [f"Odds: {'; '.join(p for p in (win, odds.note) if p) or 'none'}"]
    labels = {a.id: a.label for a in view.actions}
    lines += [f"  {labels.get(a, a)}: win {worth:.1%}" for a, worth in odds.actions.items()]
    return lines


class ViewLoop:
    """Plays a match at the keyboard until the game ends or the player quits."""

    def __init__(self, match: Match) -> None:
        self.match = match

    def show(self, events: list[Event]) -> None:
        """The moves just made, one line each with their dice."""
        for e in events:
            say(event_line(e))

    def decide(self, seat: int) -> bool:
        """Ask `seat` for a decision (answering keys on the way); False when the player quits."""
        match = self.match
        view = match.view(seat, odds=False)
        if any(name in view.public for name in SHOWN_EACH_TIME):
            for line in board_lines(view):
                say(line)
        say(f"Seat {seat}, ply {view.ply}: your decision.")
        amounts = [a for a in view.actions if a.group == "amount" and a.target is not None]
        labels = [a.label for a in view.actions if a not in amounts or len(amounts) < 3]
        ask = ""
        if len(amounts) >= 3:
            name = amounts[0].target.name if amounts[0].target is not None else "an amount"
            ask = f"Spend {name}: choose how much ({amounts[0].target.id if amounts[0].target else 0}-"
            ask += f"{amounts[-1].target.id if amounts[-1].target else 0}), with the odds of each"
            labels.append(ask)
        while True:
            answer = ask if labels == [ask] else choose(labels, f"seat {seat}", KEYS)
            if answer == "q":
                return False
            if answer == "?":
                say(HELP)
            elif answer == "s":
                for line in sheet_lines(view):
                    say(line)
            elif answer == "m":
                for line in board_lines(view):
                    say(line)
            elif answer == "o":
                for line in odds_lines(match.view(seat)):
                    say(line)
            elif answer == "u":
                dropped = match.undo(seat)
                say(f"Took back {dropped} move(s).")
                return True
            elif answer == ask:
                action = self.amount(seat, amounts)
                self.show(match.act(seat, action, view.ply))
                return True
            else:
                action = next(a.id for a in view.actions if a.label == answer)
                self.show(match.act(seat, action, view.ply))
                return True

    def amount(self, seat: int, amounts: list[ActionView]) -> str:
        """Ask for one number among the amount actions, the odds of each shown beside it."""
        odds = self.match.view(seat).odds
        worth = odds.actions if odds is not None else {}
        by_number = {str(a.target.id): a for a in amounts if a.target is not None}
        for number, a in by_number.items():
            beside = f": win {worth[a.id]:.1%}" if a.id in worth else ""
            say(f"  {number}{beside}  ({a.label})")
        while True:
            answer = read_line(f"How much [{min(by_number, key=int)}-{max(by_number, key=int)}]: ")
            if answer in by_number:
                return by_number[answer].id
            if not sys.stdin.isatty():
                raise UsageError(f"answer {answer!r} is not one of the amounts {', '.join(by_number)}")
            say("Please answer one of the amounts shown.")

    def run(self) -> str:
        """Play to the end ("over") or until the player quits ("quit")."""
        self.show(self.match.advance())
        while True:
            humans = self.match.humans_to_act()
            if not humans:
                final = self.match.view(None, odds=False)
                for line in view_lines(final, events=False):
                    say(line)
                return "over"
            if not self.decide(humans[0]):
                say(f"Saved as game {self.match.session.game_id}; continue with `grognard games play`.")
                return "quit"
