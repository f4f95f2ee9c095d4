"""The game protocol every game and every risky procedure is written against.

In the manner of OpenSpiel's Python games: a `State` is immutable, says whose turn it is (a player
index, `CHANCE` or `TERMINAL`), lists its legal actions or its exact chance outcomes, and returns a new
State from `apply`. Chance nodes list outcomes at the coarsest grain that decides the next state; when a
game is played for real, `roll` throws the actual dice through the seeded RNG and maps them to one of
those outcomes with the same function that computed the probabilities.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, runtime_checkable

from grognard.engine.errors import RulesError, UsageError
from grognard.i18n import gettext

if TYPE_CHECKING:
    from grognard.engine.dice.core import Rng, Roll


class Node(enum.Enum):
    """The non-player kinds of node: a chance node or a terminal one."""

    CHANCE = "chance"
    TERMINAL = "terminal"


CHANCE = Node.CHANCE
TERMINAL = Node.TERMINAL

Action: TypeAlias = str
"""A player's move: a short string, readable and JSON-safe ("attack", "luck", "move:12")."""

Outcome: TypeAlias = str | int
"""A chance outcome: a JSON-safe label or number."""

Move: TypeAlias = Action | Outcome
"""Anything `apply` accepts: an action at a decision node, an outcome at a chance node."""

Actor: TypeAlias = int | Node
OptionValue: TypeAlias = str | int | float | bool
JSON: TypeAlias = Any


@dataclass(frozen=True)
class Result:
    """How a game ended: a label, who won, and what each side carries on with.

    `resources` holds the numbers the objective may value (LUCK or STAMINA kept), as (name, value) pairs.
    """

    outcome: str
    winners: tuple[int, ...] = ()
    resources: tuple[tuple[str, int], ...] = ()

    def resource(self, name: str, default: int = 0) -> int:
        """The value of one resource, or `default` where this result does not carry it."""
        for key, value in self.resources:
            if key == name:
                return value
        return default


@runtime_checkable
class State(Protocol):
    """One immutable position of a game."""

    def actor(self) -> Actor:
        """Whose turn: a player index, `CHANCE`, or `TERMINAL`."""

    def legal_actions(self) -> Sequence[Action]:
        """The actions open at a decision node (empty elsewhere)."""

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        """The exact outcomes of a chance node with their probabilities, summing to 1."""

    def apply(self, move: Move) -> State:
        """The state after `move`; an illegal move raises `RulesError`."""

    def result(self) -> Result:
        """At a terminal node: who won and what was lost."""


class GameState(ABC):
    """A convenient base for States: checks moves, samples chance, and offers hooks.

    Subclasses are frozen dataclasses. They implement `actor`, `_actions`, `_outcomes`, `_apply` and
    `result`; this base refuses illegal moves with a `RulesError` naming the move and the state.
    """

    @abstractmethod
    def actor(self) -> Actor:
        """Whose turn: a player index, `CHANCE`, or `TERMINAL`."""

    def legal_actions(self) -> Sequence[Action]:
        """The actions open at a decision node (empty elsewhere)."""
        if not isinstance(self.actor(), int):
            return ()
        return self._actions()

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        """The exact outcomes of a chance node (empty elsewhere)."""
        if self.actor() is not CHANCE:
            return ()
        return self._outcomes()

    def apply(self, move: Move) -> GameState:
        """The state after `move`; raises `RulesError` when the move is not legal here."""
        who = self.actor()
        if who is TERMINAL:
            raise RulesError(move, self, gettext("the game is over"))
        if who is CHANCE:
            if not any(o == move for o, _ in self._outcomes()):
                raise RulesError(move, self, gettext("not an outcome of this chance node"))
        elif move not in self._actions():
            raise RulesError(move, self, gettext("not a legal action"))
        return self._apply(move)

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """Throw the real dice at a chance node and map them to an outcome.

        The default draws an outcome by its probability and shows no dice; systems whose chance nodes
        are dice override this so the player sees every face.
        """
        outcomes = self.chance_outcomes()
        return rng.weighted_choice(outcomes), ()

    def invariants(self) -> list[str]:
        """Broken invariants of this state, each as a sentence; empty when all hold."""
        return []

    def describe(self) -> str:
        """A one-line human description of the state, for logs and errors."""
        return repr(self)

    def _actions(self) -> Sequence[Action]:
        return ()

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return ()

    @abstractmethod
    def _apply(self, move: Move) -> GameState:
        """Apply a move already known to be legal."""

    @abstractmethod
    def result(self) -> Result:
        """At a terminal node: who won and what was lost."""


@dataclass(frozen=True)
class OptionInfo:
    """One rule variant or setting a table may choose.

    `low` and `high` bound a number; `file` marks an option naming a content file (a book, a quest),
    which saved games may name only as shipped content (`savefile.check_content_refs`). `suggest` lists
    values a player may pick for a text option that also takes others (a shipped quest id, where a path
    will do too); with `listed` the text is a comma-separated list of such values (a party of heroes).
    A front end offers them; the rules never refuse a value for not being one of them. `title` names the
    option for a player (by default its name as words) and `words` says each of `choices` ("a person"
    for "human"), in order.
    """

    name: str
    help: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    low: float | None = None
    high: float | None = None
    file: bool = False
    suggest: tuple[str, ...] = ()
    listed: bool = False
    title: str = ""
    words: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """The option's name as words for a form: its `title`, or its name as words ("max_turns" -> "Max
        turns"; a name of one or two letters is an abbreviation: "gm" -> "GM")."""
        if self.title:
            return self.title
        words = self.name.replace("_", " ")
        return words.upper() if len(words) <= 2 else words[:1].upper() + words[1:]

    def choice_words(self) -> list[tuple[OptionValue, str]]:
        """Each choice with the words a player reads for it: its `words`, "yes"/"no" for a truth, "none"
        for an empty text, else the value itself."""
        said: list[tuple[OptionValue, str]] = []
        for i, value in enumerate(self.choices):
            if i < len(self.words):
                said.append((value, self.words[i]))
            elif isinstance(value, bool):
                said.append((value, "yes" if value else "no"))
            else:
                said.append((value, str(value) if value != "" else "none"))
        return said

    def parse(self, text: str) -> OptionValue:
        """Text typed by a person (a command line, a form) as a value of this option's type: true/false,
        a whole number, a number, or text; a `UsageError` naming the option otherwise."""
        default = self.default
        if isinstance(default, bool):
            low = text.strip().lower()
            if low in ("true", "yes", "1", "on"):
                return True
            if low in ("false", "no", "0", "off"):
                return False
            raise UsageError(
                gettext("option {name}={text!r}: give true or false").format(name=self.name, text=text)
            )
        if isinstance(default, int):
            try:
                return int(text)
            except ValueError:
                raise UsageError(
                    gettext("option {name}={text!r}: give a whole number").format(name=self.name, text=text)
                ) from None
        if isinstance(default, float):
            try:
                return float(text)
            except ValueError:
                raise UsageError(
                    gettext("option {name}={text!r}: give a number").format(name=self.name, text=text)
                ) from None
        return text


@dataclass(frozen=True)
class GameInfo:
    """The facts of one playable game, declared as data."""

    id: str
    name: str
    min_players: int = 1
    max_players: int = 1
    options: tuple[OptionInfo, ...] = ()

    def resolve_options(self, given: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        """Defaults filled in; an unknown option or a value outside its choices is a `UsageError`."""
        known = {o.name: o for o in self.options}
        for name in given:
            if name not in known:
                raise UsageError(
                    gettext("unknown option {name!r} for {id}; known: {value}").format(
                        name=name, id=self.id, value=sorted(known) or "none"
                    )
                )
        out: dict[str, OptionValue] = {}
        for opt in self.options:
            value = given.get(opt.name, opt.default)
            if opt.choices and value not in opt.choices:
                raise UsageError(
                    gettext("option {opt_name}={value!r} is not one of {value2}").format(
                        opt_name=opt.name, value=value, value2=list(opt.choices)
                    )
                )
            if isinstance(value, int | float) and not isinstance(value, bool):
                if opt.low is not None and not value >= opt.low:
                    raise UsageError(
                        gettext("option {opt_name}={value!r} is below {opt_low:g}").format(
                            opt_name=opt.name, value=value, opt_low=opt.low
                        )
                    )
                if opt.high is not None and not value <= opt.high:
                    raise UsageError(
                        gettext("option {opt_name}={value!r} is above {opt_high:g}").format(
                            opt_name=opt.name, value=value, opt_high=opt.high
                        )
                    )
            out[opt.name] = value
        return out


class Game(ABC):
    """A playable game: builds initial states and reads and writes its states as JSON."""

    info: GameInfo

    @abstractmethod
    def new_initial_state(self, options: Mapping[str, OptionValue]) -> GameState:
        """The first state of a new game with these (resolved) options."""

    @abstractmethod
    def state_to_json(self, state: GameState) -> JSON:
        """The state as JSON-safe data that `state_from_json` reads back exactly."""

    @abstractmethod
    def state_from_json(self, data: JSON) -> GameState:
        """The state written by `state_to_json`."""


@dataclass(frozen=True)
class SystemFacts:
    """What is known of a rule system before its code is loaded: names, rulebook, summary, game ids.

    `module` is the module that registers the system's `SystemInfo` when imported (a small one, such as
    `grognard.systems.talisman.system`: its package's `__init__` imports nothing, so importing any one
    module of a system loads only what that module uses); a command that only lists systems reads these
    facts and never imports it.
    """

    id: str
    name: str
    rulebook: str
    command: str
    module: str
    aliases: tuple[str, ...] = ()
    summary: str = ""
    playable: tuple[str, ...] = ()
    games: tuple[str, ...] = ()
    rules: str = ""
    """The rules played, by the title a player knows them by ("Talisman, 2nd edition"); `rulebook` is the
    file the code cites."""
    pages: tuple[tuple[str, str], ...] = ()
    """The system's own pages in the browser, as (address, words): linked from the home page."""


@dataclass(frozen=True)
class SystemInfo:
    """A registered rule system: its facts and the games it makes playable."""

    id: str
    name: str
    rulebook: str
    command: str
    aliases: tuple[str, ...] = ()
    summary: str = ""
    playable: tuple[str, ...] = ()
    games: tuple[Game, ...] = field(default=(), compare=False)
    rules: str = ""

    @classmethod
    def of(cls, facts: SystemFacts, games: tuple[Game, ...]) -> SystemInfo:
        """The system of these declared facts with its games; the game ids must be the declared ones."""
        ids = tuple(g.info.id for g in games)
        if ids != facts.games:
            raise RuntimeError(f"{facts.id}: games {ids} differ from the declared {facts.games}")
        return cls(
            id=facts.id,
            name=facts.name,
            rulebook=facts.rulebook,
            command=facts.command,
            aliases=facts.aliases,
            summary=facts.summary,
            playable=facts.playable,
            games=games,
            rules=facts.rules,
        )

    def facts(self, module: str = "") -> SystemFacts:
        """This system's facts, as a command that lists systems shows them."""
        return SystemFacts(
            id=self.id,
            name=self.name,
            rulebook=self.rulebook,
            command=self.command,
            module=module,
            aliases=self.aliases,
            summary=self.summary,
            playable=self.playable,
            games=tuple(g.info.id for g in self.games),
            rules=self.rules,
        )

    def game(self, game_id: str) -> Game:
        """One of this system's games by id; a `UsageError` names the known ones otherwise."""
        for g in self.games:
            if g.info.id == game_id:
                return g
        raise UsageError(
            gettext("no game {game_id!r} in {id}; known: {value}").format(
                game_id=game_id, id=self.id, value=[g.info.id for g in self.games]
            )
        )
