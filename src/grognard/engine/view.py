"""What one seat sees of a game: the `SeatView` model every front end renders (docs/formats/view.md).

A system gives each of its games a view function (`registry.register_views`) that returns a `Sight`:
what the whole table sees (`public`), this seat's secrets (`private`), the labelled actions open to the
seat, the odds it computes and the lines of its own log. `seat_view` adds what the engine knows (the
ply, who is to act, the events of the recorded moves) and checks the result against the model, so
every view a client receives is JSON-safe data of one shape.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, JsonValue, field_validator

from grognard.engine.dice.core import Roll
from grognard.engine.game import CHANCE, TERMINAL, Action, GameState
from grognard.engine.session import MoveRecord, Policy

TargetKind: TypeAlias = Literal[
    "space", "square", "section", "creature", "character", "hero", "item", "spell", "amount", "choice"
]
"""What an action points at, so a client can make that place of its board clickable."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Target(_Model):
    """The structured target of an action: a board space id, a square `[x, y]`, a section id, a
    creature index, a character, an item, a spell, an amount or a numbered choice."""

    kind: TargetKind
    id: str | int | None = None
    square: tuple[int, int] | None = None
    name: str = ""
    pick: str = ""
    """What a board asks to be chosen before this target is clicked (a spell's key, for a spell cast at
    a figure), "" for a target clicked at once; `pick_name` is how the choice is named to the player."""
    pick_name: str = ""


class ActionView(_Model):
    """One legal action offered to the seat: the protocol action, a sentence, a group, a target."""

    id: str
    label: str
    group: str = "choice"
    target: Target | None = None
    confirm: str = ""
    """A question the player answers before the move is made, for a move not lightly taken back
    (leaving a quest, ending a campaign); "" for none."""
    detail: str = ""
    """What the thing chosen is or does, shown beside the choice (a Magick, a gift, a card); "" for none."""


class DieFace(_Model):
    """One die thrown: its kind, sides, the value it counts for, and the face shown (a skull, a shield)."""

    die: str
    sides: int
    value: int
    face: str = ""
    kept: bool = True


class DiceView(_Model):
    """One roll: what was asked, every die, the total and the roll's own words."""

    expression: str
    dice: list[DieFace] = Field(default_factory=list)
    total: int
    text: str = ""
    counted: str = ""
    """The face the total counts ("skull", "white shield"), "" when the total is a sum."""


class Event(_Model):
    """Something that happened: a kind ("action", "roll", "log", or a system's own), who did it (a seat,
    or None for chance and the table), values, and every die thrown for it."""

    kind: str
    who: int | None = None
    ply: int | None = None
    values: dict[str, JsonValue] = Field(default_factory=dict)
    dice: list[DiceView] = Field(default_factory=list)


NOISE = 1e-9
"""How far past 0 or 1 a chance computed in floating point may stray before it is an error, not noise."""


def settled(value: float) -> float:
    """A chance with floating-point noise past 0 or 1 taken off (1.0000000000000007 is 1)."""
    if -NOISE < value < 0.0:
        return 0.0
    if 1.0 < value < 1.0 + NOISE:
        return 1.0
    return value


class Odds(_Model):
    """Odds the system computes for this decision: the chance to win and the worth of each action id;
    a chance is never shown past 0 or 1 by floating-point noise (`settled`)."""

    win: float | None = None
    actions: dict[str, float] = Field(default_factory=dict)
    note: str = ""

    @field_validator("win")
    @classmethod
    def _win(cls, value: float | None) -> float | None:
        return None if value is None else settled(value)

    @field_validator("actions")
    @classmethod
    def _actions(cls, value: dict[str, float]) -> dict[str, float]:
        return {k: settled(v) for k, v in value.items()}


class ToAct(_Model):
    """Who must decide now (`seats`), or that chance or the end comes next."""

    next: Literal["decision", "chance", "end"]
    seats: list[int] = Field(default_factory=list)


class Sight(_Model):
    """What a system's view function returns for one seat (the engine adds the rest)."""

    public: dict[str, JsonValue] = Field(default_factory=dict)
    private: dict[str, JsonValue] = Field(default_factory=dict)
    actions: list[ActionView] = Field(default_factory=list)
    odds: Odds | None = None
    log: list[Event] = Field(default_factory=list)


class SeatView(_Model):
    """Everything one seat may see and do at one moment of a game (docs/formats/view.md)."""

    system: str
    game: str
    seat: int | None
    ply: int
    to_act: ToAct
    public: dict[str, JsonValue] = Field(default_factory=dict)
    private: dict[str, JsonValue] = Field(default_factory=dict)
    actions: list[ActionView] = Field(default_factory=list)
    events: list[Event] = Field(default_factory=list)
    odds: Odds | None = None
    result: dict[str, JsonValue] | None = None


ViewFn: TypeAlias = Callable[[GameState, int | None], Sight]
"""A game's view function: the state as `seat` sees it (None: a spectator, who sees the public part)."""

LabelFn: TypeAlias = Callable[[GameState, Action], str]
"""How an action of a state is said to a player (for the events of past moves)."""

HiddenFn: TypeAlias = Callable[[MoveRecord, int | None], bool]
"""Whether a recorded move's detail (the action or outcome, and its dice) is secret from a seat."""

OddsFn: TypeAlias = Callable[[GameState, int], "Odds | None"]
"""A game's odds for the seat deciding now, kept apart from the view because it may take a solve."""

ChangesFn: TypeAlias = Callable[[GameState, GameState], "list[Event]"]
"""What a move changed that players track (a Life lost, an alignment turned), as events, from the states
before and after it; public changes only."""

ToldFn: TypeAlias = Callable[[GameState, MoveRecord, GameState], str]
"""How a chance move is told to every seat, from the state before it, its record (the outcome and its
dice) and the state after it ("" leaves it as its outcome): the label of a roll among the events of past
moves. With `GameViews.tells_actions` it is asked of a seat's action too, and what it says (what came
of the action, "" for nothing) follows the action's label. Public only."""

AuditFn: TypeAlias = Callable[[GameState, int | None, SeatView], list[str]]
"""A system's own leak check of a view: the secrets it shows that the seat may not see (empty: none)."""


Public: TypeAlias = Mapping[str, Any]
"""The public part of a seat's view (`SeatView.public`)."""


def _nothing(public: Public) -> str:
    return ""


def _seat_number(public: Public, seat: int) -> str:
    return f"Seat {seat + 1}"


def _said_as_is(text: str, public: Public) -> str:
    return text


@dataclass(frozen=True)
class Card:
    """One thing a new game is chosen by (a book, a quest, a character, a hero): the option value that
    chooses it, its name, a few words about it, and short facts ("76 sections", "Strength 4")."""

    value: str
    title: str
    blurb: str = ""
    facts: tuple[str, ...] = ()


def _no_cards(option: str) -> Sequence[Card]:
    return ()


def _no_ending(public: Public, result: Public | None) -> list[str]:
    return []


@dataclass(frozen=True)
class FrontEnd:
    """How the front ends show one game, so that neither the browser's nor the terminal's generic code
    names a system: its board and side-panel templates (paths under the browser's `templates/`, "" for the
    generic ones), whether its board and side panel show the seat's own secrets in their place (the table
    then does not repeat them as "Yours alone"), the content it is played from (`content`: "books" or
    "quests", with the package of its shipped books), what a table of it plays (its saved-games title),
    how its seats, events and rolls are said, and a line of rules help."""

    board: str = ""
    side: str = ""
    private_in_side: bool = False
    content: str = ""
    """"books" (gamebooks: shipped ones and uploads), "quests" (quest files), or "" for none."""
    books: str = ""
    """The package whose shipped books the game plays (`gamebook.books.ShippedBooks`)."""
    upload: tuple[str, str, str] = ("", "", "")
    """Where a player brings a file of their own: the page, the words of the link to it, and what follows
    them ("" for a game played from shipped content only)."""
    what: Callable[[Public], str] = _nothing
    """A new table's title from what it plays (a book's own title; "Talisman: Dwarf, Wizard"), "" when
    the view says nothing worth naming (the front end then names the system and game)."""
    seat_name: Callable[[Public, int], str] = _seat_number
    """How a seat is named among the events ("Seat 2", "Elf (Seat 2)")."""
    sentence: Callable[[Public], str] = _nothing
    """An event's sentence from its values, "" to leave the event as it is."""
    roll: Callable[[str, Public], str] = _said_as_is
    """A roll's expression as said to the players (a thrower's seat named)."""
    sheet: str = ""
    """What a player's sheet is called in the game ("Adventure Sheet"), "" for "Sheet"."""
    help: str = ""
    """A sentence of rules help shown beside the table."""
    cards: Callable[[str], Sequence[Card]] = _no_cards
    """What a player picks an option's value from on the new-game page, by option name (none: a field).
    Called when the page is drawn, so it may load the game's catalogues."""
    upfront: tuple[str, ...] | None = None
    """The options a player chooses a game by; the others are settings under "Advanced" (None: all)."""
    seats_by: str = ""
    """The option that says how many seats the game has (its players), "" when the game fixes them."""
    seat_roles: tuple[str, ...] = ()
    """What each seat plays, where the seats differ ("The heroes", "The game master ..."); none: players."""
    fight: str = ""
    """The template that draws a fight inside the board (a section's fight in a gamebook), "" for the
    generic one."""
    stepped: Callable[[GameState], bool] | None = None
    """Whether a chance move from this state is one of the automatic moves shown one by one, as the bots'
    decisions are (an automatic game master's turn, played by its dice); None: only decisions are."""
    ending: Callable[[Public, Public | None], list[str]] = _no_ending
    """A finished game in words, from its last public view and its result: how it ended and what it
    took (the sections read and the scores left, the turns and where each seat ended), a sentence a
    line; none: the front ends say only who won."""


@dataclass(frozen=True)
class GameViews:
    """What a system registers for one game: its view function, how many seats a state has, its default
    bot and its bots by strength, how an action is labelled, its own leak audit, which recorded moves are
    secret from a seat, the odds it solves for a decision (costly, so a view can be asked for without
    them), what a move changed and how a chance move is told."""

    view: ViewFn
    seats: Callable[[GameState], int]
    bot: Policy | None = None
    bots: Mapping[str, Policy] = field(default_factory=dict)
    """The game's bots by strength (`BOT_LEVELS`: "random", "heuristic", "search"), those it has; a seat
    names one. `bot`, the default, is the one a seat saved as "bot" plays (the "heuristic" level)."""
    label: LabelFn | None = None
    audit: AuditFn | None = None
    hidden: HiddenFn | None = None
    odds: OddsFn | None = None
    changes: ChangesFn | None = None
    told: ToldFn | None = None
    log_tells_last: bool = False
    """The sight's log is the rules' log of the last move alone: the last move, when chance, is told
    there and not again in its label."""
    tells_actions: bool = False
    """`told` also says what came of a seat's action (the rules' notes of it), after the action's label:
    the labels tell what came of every move, so a replay shows them without `changes`."""
    front: FrontEnd = FrontEnd()
    """How the front ends show the game (templates, names, wording)."""


def one_seat(state: GameState) -> int:
    """The seat count of a game one person plays (a gamebook, a single fight)."""
    return 1


def plain_views(players: int) -> GameViews:
    """The view of a game whose system registered none: its description, and its actions by id."""

    def sight(state: GameState, seat: int | None) -> Sight:
        actions = [ActionView(id=str(a), label=str(a)) for a in state.legal_actions()]
        return Sight(public={"state": state.describe()}, actions=actions)

    def seats(state: GameState) -> int:
        return max(players, 1)

    return GameViews(sight, seats)


def to_act(state: GameState) -> ToAct:
    """Who decides at this state, or that chance or the end comes next."""
    who = state.actor()
    if who is TERMINAL:
        return ToAct(next="end")
    if who is CHANCE:
        return ToAct(next="chance")
    assert isinstance(who, int)
    return ToAct(next="decision", seats=[who])


def dice_view(roll: Roll) -> DiceView:
    """A recorded roll as view data, every die kept."""
    faces = [DieFace(die=d.die, sides=d.sides, value=d.value, face=d.face, kept=d.kept) for d in roll.dice]
    return DiceView(
        expression=roll.expression, dice=faces, total=roll.total, text=roll.render(), counted=roll.counted
    )


CAME = "\n"
"""Between an action's label and what came of it (`GameViews.tells_actions`) in the match driver's
labels; the event carries them apart ("label", "came"), so a front end that words the changes itself
(the terminal) shows the label alone."""


def move_event(record: MoveRecord, ply: int, label: str = "", hidden: bool = False) -> Event:
    """A recorded move as an event: a player's action or a chance outcome and its dice, each with its
    label when it has one (an action's label followed by what came of it, `CAME`, gives "came" too); a
    `hidden` one says only that it happened."""
    if hidden:
        return Event(
            kind="roll" if record.player is None else "action",
            who=record.player,
            ply=ply,
            values={"hidden": True},
        )
    if record.player is None:
        rolled: dict[str, JsonValue] = {"outcome": record.move}
        if label:
            rolled["label"] = label
        return Event(kind="roll", ply=ply, values=rolled, dice=[dice_view(r) for r in record.rolls])
    values: dict[str, JsonValue] = {"action": record.move}
    said, _, came = label.partition(CAME)
    if said:
        values["label"] = said
    if came:
        values["came"] = came
    return Event(kind="action", who=record.player, ply=ply, values=values)


def log_events(lines: Sequence[str], who: int | None = None) -> list[Event]:
    """A system's log lines wrapped as events of kind "log" (for systems whose rules still write text)."""
    return [Event(kind="log", who=who, values={"text": line}) for line in lines]


def recent_moves(moves: Sequence[MoveRecord], seat: int | None, limit: int = 60) -> range:
    """The plies of the moves a seat has not yet seen answered: since its previous decision (or the last
    `limit` moves for a spectator or a seat that has not decided yet)."""
    end = len(moves)
    start = max(0, end - limit)
    if seat is not None:
        mine = [i for i in range(start, end) if moves[i].player == seat]
        if len(mine) >= 2:
            start = mine[-2] + 1
    return range(start, end)


def seat_view(
    system: str,
    game: str,
    views: GameViews,
    state: GameState,
    seat: int | None,
    moves: Sequence[MoveRecord] = (),
    labels: Sequence[str] | None = None,
    *,
    odds: bool = True,
) -> SeatView:
    """The view of `seat` at `state` (reached by `moves`): the system's sight, validated, plus the ply,
    who is to act, the events of the recent moves and the result at the end.

    Actions are offered only to the seat that must decide; `labels`, when given, label each move (the
    last move's chance outcome keeps none when the sight's log tells it, `log_tells_last`); with `odds`
    the game's solved odds are added for the seat deciding.
    """
    sight = views.view(state, seat)
    act = to_act(state)
    deciding = seat is not None and seat in act.seats
    events = []
    for ply in recent_moves(moves, seat):
        secret = views.hidden is not None and views.hidden(moves[ply], seat)
        told_by_log = (
            views.log_tells_last and ply == len(moves) - 1 and moves[ply].player is None and bool(sight.log)
        )
        given = labels is not None and ply < len(labels) and not secret and not told_by_log
        label = labels[ply] if given and labels is not None else ""
        events.append(move_event(moves[ply], ply, label, secret))
    events.extend(e.model_copy(update={"ply": len(moves)}) for e in sight.log)
    found = sight.odds
    if odds and (deciding or act.next == "chance") and views.odds is not None and seat is not None:
        found = views.odds(state, seat) or found
    result: dict[str, JsonValue] | None = None
    if act.next == "end":
        res = state.result()
        result = {"outcome": res.outcome, "winners": list(res.winners)}
    return SeatView(
        system=system,
        game=game,
        seat=seat,
        ply=len(moves),
        to_act=act,
        public=sight.public,
        private=sight.private,
        actions=sight.actions if deciding else [],
        events=events,
        odds=found if deciding or (found is not None and not found.actions) else None,
        result=result,
    )


def view_data(view: SeatView) -> dict[str, JsonValue]:
    """A view as JSON-safe data (what `--json` prints and a browser receives)."""
    data: dict[str, JsonValue] = view.model_dump(mode="json")
    return data


def view_from_data(data: object) -> SeatView:
    """The view `view_data` wrote, validated by the model (a `pydantic.ValidationError` otherwise)."""
    return SeatView.model_validate(data)
