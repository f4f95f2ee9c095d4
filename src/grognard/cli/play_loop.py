"""One play loop for every game, on the match driver and the view renderer.

`grognard games play ID`, each board game's `play` and the gamebooks' `play`
commands all play through `ViewLoop`: the human seats of a game take their turns at this keyboard while
chance and bots move between them (`engine.match.Match.advance`). Each decision shows what happened
since (every die of the events), what the system's `Presenter` draws before a decision (a section's
text, a fight's both sides, a quest's map), then the actions by number with their labels. The same keys
in every game: `s` the sheet, `m` the map or board, `o` the odds of this decision, `u` undo to this
seat's previous decision, `?` help, `q` quit (every move is already saved). Answers come from the
terminal, or from standard input when it is not one, so a game can be scripted.

A system's presenter (`cli.presenters.presenter_for`) only draws its board or map and words its events;
this loop, the keys and the questions are the same for all. A presenter may list fewer of the view's
actions (`listed`) and add entries of its own (`entries`, made by `take`): the forms of a kept campaign's
referee actions, whose fields it asks with `ask_field`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from grognard.cli.console import choose, out, read_line
from grognard.cli.view_text import event_line, field_lines, seat_name, sentence_of, view_lines
from grognard.engine import registry
from grognard.engine.errors import UsageError
from grognard.engine.match import Match, MatchError
from grognard.engine.view import ActionView, Event, SeatView
from grognard.i18n import N_, ngettext, percent
from grognard.i18n import gettext as _

KEYS = ("s", "m", "o", "u", "?", "q")
HELP = N_(
    "Answer with an action's number, or: s the sheet, m the map or board, o the odds of this decision, "
    "u undo to your previous decision, ? this help, q quit (the game is saved after every move)."
)
"""What `?` says in every game (said in the reader's language where it is shown)."""
_YES = (N_("y"), N_("yes"))
AMOUNTS_A_LINE = 6
"""Amounts offered on one line, each with its chance to win."""
BOARD_FIELDS = ("map", "board", "fight", "melee", "spaces", "text")
"""The public fields `m` shows, the first a view has (a quest's map, a fight, a section's text)."""
SHOWN_EACH_TIME = ("map", "fight", "melee")
"""Public fields drawn before every decision: a quest's map, both sides of a fight as they stand."""


def _yes() -> set[str]:
    """The answers that say yes: the English ones and the reader's ("s", "sí")."""
    return {word for yes in _YES for word in (yes, _(yes).lower())}


def _with_detail(action: ActionView) -> str:
    """A choice as the menu lists it: its label, and what the thing chosen does when the view says."""
    return f"{action.label} — {action.detail}" if action.detail else action.label


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
        lines.append(_("Yours only:"))
        lines += [line for name, value in view.private.items() for line in field_lines(name, value, 1)]
    return lines


def odds_lines(view: SeatView) -> list[str]:
    """The odds of a view: the chance to win, then each action's, by its label."""
    odds = view.odds
    if odds is None:
        return [_("No odds for this decision.")]
    win = "" if odds.win is None else _("win %(chance)s") % {"chance": percent(odds.win)}
    said = "; ".join(p for p in (win, odds.note) if p) or _("none")
    lines = [_("Odds: %(odds)s") % {"odds": said}]
    labels = {a.id: a.label for a in view.actions}
    lines += [
        _("  %(action)s: win %(chance)s") % {"action": labels.get(a, a), "chance": percent(worth)}
        for a, worth in odds.actions.items()
    ]
    return lines


def ask_field(
    question: str,
    *,
    low: int | None = None,
    high: int | None = None,
    choices: Sequence[str] = (),
    optional: bool = False,
) -> str:
    """Ask one value: a whole number within `low`..`high`, one of `choices` (by itself or its number),
    or any text; blank only when `optional`. A wrong answer is asked again at a terminal and refused
    (a `UsageError`) when the answers come from a script."""
    hint = f" [{low}-{high}]" if low is not None and high is not None else ""
    if choices:
        hint = " [" + ", ".join(f"{i} {c}" for i, c in enumerate(choices, 1)) + "]"
    while True:
        answer = read_line(f"{question}{hint}: ")
        problem = ""
        if not answer:
            if optional:
                return ""
            problem = _("an answer is needed")
        elif choices:
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1]
            if answer in choices:
                return answer
            problem = _("answer %(answer)r is not one of %(choices)s") % {
                "answer": answer,
                "choices": ", ".join(choices),
            }
        elif low is not None and high is not None:
            if answer.isdigit() and low <= int(answer) <= high:
                return answer
            problem = _("answer %(answer)r is not a whole number from %(low)s to %(high)s") % {
                "answer": answer,
                "low": low,
                "high": high,
            }
        else:
            return answer
        if not sys.stdin.isatty():
            raise UsageError(problem)
        say(_("Please answer again: %(problem)s.") % {"problem": problem})


class Presenter:
    """How a game is drawn at the terminal. This generic one dumps the view's fields; a system's own
    (`cli/board_*.py`, `cli/map_*.py`) draws its board or map and words its events."""

    def start(self, view: SeatView) -> list[str]:
        """What is shown once when the loop starts."""
        return []

    def before(self, view: SeatView, last: SeatView | None) -> list[str]:
        """What is shown before a decision (`last`: this seat's view at its previous decision)."""
        if any(name in view.public for name in SHOWN_EACH_TIME):
            return board_lines(view)
        return []

    def listed(self, view: SeatView) -> list[ActionView]:
        """The view's actions offered by number (all of them unless a presenter offers its own forms)."""
        return list(view.actions)

    def entries(self, view: SeatView) -> list[str]:
        """The presenter's own entries, offered after the actions (a form to fill in); `take` makes one."""
        return []

    def take(self, match: Match, seat: int, view: SeatView, entry: str) -> list[Event]:
        """Make one of `entries` (its questions asked): the events of the moves made. A `UsageError`
        says why it was not made, and the decision is asked again."""
        raise UsageError(_("%(entry)r is not an entry of this game") % {"entry": entry})

    def help(self) -> str:
        """What `?` says: the keys of this game."""
        return _(HELP)

    def odds_now(self, view: SeatView, last: SeatView | None) -> bool:
        """Whether the odds are shown unasked before this decision (a fight beginning)."""
        return False

    def odds(self, view: SeatView) -> list[str]:
        """What `o` shows: the odds of this decision."""
        return odds_lines(view)

    def heading(self, view: SeatView, seat: int, humans: int) -> list[str]:
        """Whose decision it is."""
        return [_("%(seat)s: your decision.") % {"seat": seat_name(view, seat)}]

    def prompt(self, view: SeatView, seat: int) -> str:
        """The question's prompt: the seat's name."""
        return seat_name(view, seat)

    def board(self, view: SeatView) -> list[str]:
        """What `m` shows: the map or board."""
        return board_lines(view)

    def sheet(self, view: SeatView) -> list[str]:
        """What `s` shows: the sheets as they stand now."""
        return sheet_lines(view)

    def events(self, events: Sequence[Event], view: SeatView) -> list[str]:
        """The moves just made, one line each with every die (`view`: the game after them)."""
        return [event_line(e, sentence_of(view)) for e in events]

    def ending(self, view: SeatView, last: SeatView | None = None) -> list[str]:
        """How the game ended (`last`: the view at the last decision shown)."""
        return view_lines(view, events=False)


class ViewLoop:
    """Plays a match at the keyboard until the game ends or the player quits."""

    def __init__(self, match: Match, presenter: Presenter | None = None, resume: str = "") -> None:
        self.match = match
        self.presenter = presenter or Presenter()
        self.resume = resume or "grognard games play "
        self.pending: list[Event] = []
        self.last: dict[int, SeatView] = {}
        self.latest: SeatView | None = None

    def flush(self, view: SeatView) -> None:
        """Show the events made since the last decision, as the game stands after them."""
        for line in self.presenter.events(self.pending, view):
            say(line)
        self.pending = []

    def decide(self, seat: int, humans: int) -> bool:
        """Ask `seat` for a decision (answering keys on the way); False when the player quits."""
        match = self.match
        p = self.presenter
        view = match.view(seat, odds=False)
        self.flush(view)
        last = self.last.get(seat)
        lines = p.before(view, last)
        shown = p.odds_now(view, last)
        if shown:
            lines += p.odds(match.view(seat))
        for line in lines + p.heading(view, seat, humans):
            say(line)
        self.last[seat] = self.latest = view
        offered = p.listed(view)
        amounts = [a for a in offered if a.group == "amount" and a.target is not None]
        by_words: dict[str, ActionView] = {}
        for a in offered:
            if a not in amounts or len(amounts) < 3:
                by_words.setdefault(_with_detail(a), a)
        labels = list(by_words)
        entries = p.entries(view)
        labels += entries
        ask = ""
        if len(amounts) >= 3:
            first, final = amounts[0].target, amounts[-1].target
            name = first.name if first is not None else _("an amount")
            low = first.id if first is not None else 0
            high = final.id if final is not None else 0
            ask = _("Spend %(what)s: choose how much (%(low)s-%(high)s), with the odds of each") % {
                "what": name,
                "low": low,
                "high": high,
            }
            labels.append(ask)
        while True:
            answer = ask if labels == [ask] else choose(labels, p.prompt(view, seat), KEYS)
            if answer == "q":
                gid = match.session.game_id
                said = _("Saved as game %(game)s. Continue with: %(command)s")
                say(said % {"game": gid, "command": f"{self.resume}{gid}"} if gid else _("Stopped."))
                return False
            if answer == "?":
                say(p.help())
            elif answer == "s":
                for line in p.sheet(view):
                    say(line)
            elif answer == "m":
                for line in p.board(view):
                    say(line)
            elif answer == "o":
                for line in p.odds(match.view(seat)):
                    say(line)
            elif answer == "u":
                try:
                    dropped = match.undo(seat)
                except MatchError as e:
                    said = str(e)
                    say(f"{said[:1].upper()}{said[1:]}.")
                    continue
                say(
                    ngettext(
                        "Undone: back to your previous decision (%(count)s move taken back).",
                        "Undone: back to your previous decision (%(count)s moves taken back).",
                        dropped,
                    )
                    % {"count": dropped}
                )
                self.last.pop(seat, None)
                return True
            elif answer in entries:
                try:
                    self.pending += p.take(match, seat, view, answer)
                except UsageError as e:
                    say(_("Not done: %(why)s") % {"why": e})
                    continue
                return True
            else:
                if answer == ask:
                    action = self.amount(seat, amounts, shown)
                else:
                    chosen = by_words[answer]
                    question = _("%(question)s (y/n): ") % {"question": chosen.confirm}
                    if chosen.confirm and read_line(question).lower() not in _yes():
                        say(_("Not done."))
                        continue
                    action = chosen.id
                try:
                    self.pending += match.act(seat, action, view.ply)
                except MatchError as e:
                    if not str(e).startswith("stale move"):
                        raise
                    raise UsageError(
                        _(
                            "game %(game)s was changed elsewhere (another window, or `grognard games undo`); "
                            "this move was not saved: load the game again to continue from what is stored"
                        )
                        % {"game": match.session.game_id}
                    ) from e
                return True

    def amount(self, seat: int, amounts: list[ActionView], shown: bool = False) -> str:
        """Ask for one number among the amount actions, the odds of each shown beside it (unless the odds
        were just `shown` in full)."""
        by_number = {str(a.target.id): a for a in amounts if a.target is not None}
        name = amounts[0].target.name if amounts[0].target is not None else _("an amount")
        if not shown:
            odds = self.match.view(seat).odds
            worth = odds.actions if odds is not None else {}
            best = odds.note.split("\n")[0].removeprefix("best: ") if odds is not None else ""
            spend = amounts[0].label.replace("no " + name, "N " + name)
            say(_("  %(spend)s: how much? The chance to win after each:") % {"spend": spend})
            cells = [
                (f"{n:>3}: {percent(worth[a.id]):>6}" if a.id in worth else f"{n:>3}")
                + ("*" if a.id == best else " ")
                for n, a in by_number.items()
            ]
            for k in range(0, len(cells), AMOUNTS_A_LINE):
                say(("  " + "  ".join(cells[k : k + AMOUNTS_A_LINE])).rstrip())
            if best in {a.id for a in amounts}:
                say(_("  * the best amount: it also weighs what is spent and lost on the way"))
        low, high = min(by_number, key=int), max(by_number, key=int)
        while True:
            answer = read_line(
                _("How much %(what)s [%(low)s-%(high)s]: ") % {"what": name, "low": low, "high": high}
            )
            if answer in by_number:
                return by_number[answer].id
            if not sys.stdin.isatty():
                raise UsageError(
                    _("answer %(answer)r is not one of the amounts %(low)s to %(high)s")
                    % {"answer": answer, "low": low, "high": high}
                )
            say(_("Please answer one of the amounts shown."))

    def run(self) -> str:
        """Play to the end (the game's outcome) or until the player quits ("")."""
        match = self.match
        first = next((i for i, kind in enumerate(match.seats) if kind == "human"), None)
        opening = match.view(first, odds=False)
        for line in self.presenter.start(opening):
            say(line)
        self.pending += [
            e for e in opening.events if e.kind != "log" and not sentence_of(opening)(e.values)
        ]  # what happened since this seat's last decision (not the log of the last move)
        self.pending += match.advance(first)
        while True:
            humans = match.humans_to_act()
            if not humans:
                final = match.view(None, odds=False)
                self.flush(final)
                drawn = self.presenter.ending(final, self.latest)
                told = registry.get_views(final.system, final.game).front.ending(final.public, final.result)
                for line in drawn + [t for t in told if t not in drawn]:
                    say(line)
                return str((final.result or {}).get("outcome", "over"))
            count = sum(kind == "human" for kind in match.seats)
            if not self.decide(humans[0], count):
                return ""
