"""The Talisman game state: frozen, JSON round-trippable, driven by a stack of tasks.

A `TalismanState` holds every character (`Hero`), what lies on each space (`Stash`), the decks as sorted
multisets (their order is hidden: drawing is a chance node over the distinct cards left, each with
probability count/total), the Purchase and Talisman piles, and `tasks`: a stack of small work items. The
top task decides the node: a player's decision, a chance node, or automatic work that `flow.settle` runs
at once. Handlers of each task kind live in the modules of their concern (turn, movement, encounter,
combat, spells, effects) and register in `tasks.py`.

This is the model layer: it imports no rule. What the protocol methods need from the rules (the legal
actions, the outcomes, applying a move, the real dice, the invariants) comes through `Rules`, which the
driver (`flow`) hands over once with `use_rules` when it is imported (importing `game` imports it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from functools import lru_cache
from operator import attrgetter
from typing import Annotated, Protocol, TypedDict, Unpack

from pydantic import BeforeValidator

from grognard.engine.dice.core import Rng, Roll
from grognard.engine.errors import RuleNotImplementedError
from grognard.engine.game import CHANCE, TERMINAL, Action, Actor, GameState, Move, Outcome, Result
from grognard.systems.talisman.catalog import catalog

_new = object.__new__
_set = object.__setattr__


_NOTE_READER: list[Callable[[str], tuple[str, ...]]] = []
"""How an older version's English line of the log is read back as its note (`words.note_of_text`, handed
over by the driver with `use_note_reader`: the model does not import the log's words)."""


def use_note_reader(reader: Callable[[str], tuple[str, ...]]) -> None:
    """Hand the reader of older English log lines to the states (the driver does it once)."""
    _NOTE_READER[:] = [reader]


def _read_note(value: object) -> object:
    """A note as a snapshot holds it; an older version's English line is read back as its note."""
    if isinstance(value, str):
        return _NOTE_READER[0](value) if _NOTE_READER else (value,)
    return value


Note = Annotated[tuple[str, ...], BeforeValidator(_read_note)]
"""A line of the log: an English message marked for the catalogue (`words`: "{who} evades {foe}") and
the values of its placeholders in their order ("p0", "Bear"), said in the reader's language where it is
shown (`words.said_note`); a small tuple, cheap to make in the bots' searches, compared and hashed as
any tuple."""

CHANCE_KINDS: set[str] = set()
"""The task kinds that are chance nodes (filled as `tasks.chance` registers them)."""


@dataclass(frozen=True)
class Hero:
    """One player's character (or the lack of one, when dead and waiting for a new one, 4:3).

    `strength`/`craft` are counters (1:1, 2:1); `objects` hold Objects and Magic Objects (Adventure,
    Purchase or Talisman card ids), `followers` Followers, `spells` Spell ids (secret, 9:2), `trophies`
    killed Animals, Monsters and Dragons (1:4). `alignment` is the current one (7:1), `aligned_turn` the
    turn it last changed (7:2); `redrawn_turn` the turn the hero last sent back a card just drawn (an
    ability allowed once a turn). `toad` is the turns left as a Toad (19:1) with its own counters
    `toad_strength`/`toad_craft` (19:3); `toad_since` the turn it began. `lost_turns` turns to miss
    (15:4); `pits` Pitfiends still to fight (14:8); `raft` the turn a Raft was acquired (0: none, 11:17),
    `raft_card` which card it is. `out`: out of the game (4:3, 9:8).
    `joined`: the cards (a sorted multiset, one entry a copy) whose "when taken / when it joins" effect this
    character has had, so ditching and taking one back gives it no second time (see `effects.give_item`).
    """

    character: str = ""
    space: str = ""
    strength: int = 0
    craft: int = 0
    lives: int = 0
    gold: int = 0
    alignment: str = "neutral"
    objects: tuple[str, ...] = ()
    followers: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    trophies: tuple[str, ...] = ()
    toad: int = 0
    toad_strength: int = 1
    toad_craft: int = 1
    toad_since: int = -1
    lost_turns: int = 0
    pits: int = 0
    raft: int = 0
    raft_card: str = ""
    aligned_turn: int = -1
    redrawn_turn: int = -1
    joined: tuple[str, ...] = ()
    out: bool = False

    @property
    def alive(self) -> bool:
        """True while the player has a character on the board."""
        return bool(self.character) and not self.out


_HERO_SET = frozenset(f.name for f in fields(Hero))


@dataclass(frozen=True, slots=True)
class Stash:
    """What lies face up on one space: cards (ids, sorted) and Gold counters (12:1, 15:11)."""

    space: str
    cards: tuple[str, ...] = ()
    gold: int = 0


@dataclass(frozen=True, slots=True)
class Task:
    """A work item on the stack: its `kind`, the `player` it concerns, and its parameters.

    `ref` names what it works on (a card id, an effect owner such as "space:runes"), `path` an effect's
    address inside its owner's effect list, `card` the card being met (for `discard`, `place`, `follow`),
    `n` a count or number, `opts` a few texts.
    """

    kind: str
    player: int = -1
    ref: str = ""
    path: tuple[int, ...] = ()
    card: str = ""
    n: int = 0
    opts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveCtx:
    """A move in progress: steps `left`, `direction` (+1 clockwise, -1 anticlockwise, 0 not chosen)."""

    left: int
    direction: int = 0


@dataclass(frozen=True, slots=True)
class FightCtx:
    """A combat in progress (16:1-10, 17:1-2).

    `foe` is -1 for a creature, else the other character's seat; `attacker` the seat attacking in a
    character combat. `enemy` the creature's score (Strength or Craft, summed for several, 16:5), `cards`
    the enemy cards on the space it stands for, `psychic` Psychic Combat, `source` what started it
    ("cards", "effect", "sentinel", "pits"), `bonus` per side from spells cast (hero/attacker, foe),
    `slain`: a spell killed the creature, `plain_defender`: the defender adds no die (an ability).
    """

    foe: int = -1
    attacker: int = -1
    name: str = ""
    enemy: int = 0
    cards: tuple[str, ...] = ()
    psychic: bool = False
    source: str = "cards"
    bonus: tuple[int, int] = (0, 0)
    slain: bool = False
    plain_defender: bool = False
    evadable: bool = True


@dataclass(frozen=True, slots=True)
class EncCtx:
    """The encounter of a space this turn: cards evaded (18:1), Strangers visited, cards just drawn."""

    space: str
    evaded: tuple[str, ...] = ()
    invisible: bool = False
    visited: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()
    meeting: bool = False


class StateChanges(TypedDict, total=False):
    """The fields `TalismanState.evolve` may change, with their types."""

    heroes: tuple[Hero, ...]
    current: int
    turn: int
    max_turns: int
    tasks: tuple[Task, ...]
    stashes: tuple[Stash, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    spell_deck: tuple[str, ...]
    spell_discard: tuple[str, ...]
    supply: tuple[tuple[str, int], ...]
    pool: tuple[str, ...]
    crown_reached: bool
    move: MoveCtx | None
    fight: FightCtx | None
    enc: EncCtx | None
    over: str
    winners: tuple[int, ...]
    log: tuple[Note, ...]


@dataclass(frozen=True)
class TalismanState(GameState):
    """A position of a game of Talisman (see the module doc)."""

    heroes: tuple[Hero, ...]
    current: int = 0
    turn: int = 0
    max_turns: int = 0
    tasks: tuple[Task, ...] = ()
    stashes: tuple[Stash, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    spell_deck: tuple[str, ...] = ()
    spell_discard: tuple[str, ...] = ()
    supply: tuple[tuple[str, int], ...] = ()
    pool: tuple[str, ...] = ()
    crown_reached: bool = False
    move: MoveCtx | None = None
    fight: FightCtx | None = None
    enc: EncCtx | None = None
    over: str = ""
    winners: tuple[int, ...] = ()
    log: tuple[Note, ...] = field(default=(), compare=True)

    # ------------------------------------------------------------------ protocol
    def actor(self) -> Actor:
        """Whose move: the player of the top decision task, CHANCE, or TERMINAL."""
        if self.over:
            return TERMINAL
        top = self.tasks[-1]
        if top.kind in CHANCE_KINDS:
            return CHANCE
        return top.player

    def _actions(self) -> Sequence[Action]:
        last = _LAST_ACTIONS
        if last[0] is self:
            return last[1]
        actions = rules().actions(self)
        remember_actions(self, actions)
        return actions

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        last = _LAST_OUTCOMES
        if last[0] is self:
            return last[1]
        outcomes = rules().outcomes(self)
        remember_outcomes(self, outcomes)
        return outcomes

    def _apply(self, move: Move) -> TalismanState:
        return rules().apply(self, move)

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """Throw the real dice of this chance node and map them to its outcome (see `tasks.throw`)."""
        return rules().throw(self, rng)

    def result(self) -> Result:
        """Who won (21:1), or "unfinished" when the turn cap stopped the game."""
        return Result(self.over or "unfinished", self.winners)

    def invariants(self) -> list[str]:
        """Counters never below their floors (1:3, 2:3), Lives and Gold never negative, piles sane."""
        return rules().invariants(self)

    def describe(self) -> str:
        """One line: turn, whose, each hero's place and scores, and the top task."""
        parts = [f"turn {self.turn} p{self.current}"]
        for i, h in enumerate(self.heroes):
            if h.out:
                parts.append(f"p{i}:out")
            elif not h.character:
                parts.append(f"p{i}:dead")
            else:
                toad = f" toad{h.toad}" if h.toad else ""
                parts.append(
                    f"p{i}:{h.character}@{h.space} S{h.strength} C{h.craft} L{h.lives} G{h.gold}{toad}"
                )
        top = self.tasks[-1].kind if self.tasks else "-"
        return " | ".join(parts) + f" | {top}" + (f" | over:{self.over}" if self.over else "")

    # ------------------------------------------------------------------ building blocks
    def hero(self, i: int) -> Hero:
        """The hero of seat `i`."""
        return self.heroes[i]

    def evolve(self, **changes: Unpack[StateChanges]) -> TalismanState:
        """A copy with the given fields changed: `dataclasses.replace` without its checks (a game copies
        its state a dozen times a move; this copies the instance dictionary, some 5x faster)."""
        new = _new(TalismanState)
        fields_ = self.__dict__.copy()
        fields_.update(changes)
        _set(new, "__dict__", fields_)
        return new

    def with_hero(self, i: int, hero: Hero) -> TalismanState:
        """A copy with seat `i` replaced."""
        heroes = list(self.heroes)
        heroes[i] = hero
        return self.evolve(heroes=tuple(heroes))

    def edit_hero(self, i: int, **changes: object) -> TalismanState:
        """A copy with fields of seat `i`'s hero changed."""
        if not _HERO_SET.issuperset(changes):
            raise TypeError(f"Hero has no field among {sorted(changes)}")
        hero = _new(Hero)
        fields_ = self.heroes[i].__dict__.copy()
        fields_.update(changes)
        _set(hero, "__dict__", fields_)
        return self.with_hero(i, hero)

    def push(self, *tasks: Task) -> TalismanState:
        """Push tasks so that the first given runs first."""
        return self.evolve(tasks=self.tasks + tasks[::-1])

    def pop(self) -> TalismanState:
        """Drop the top task."""
        return self.evolve(tasks=self.tasks[:-1])

    def unwind(self, *kinds: str) -> TalismanState:
        """Drop tasks down to (not including) the nearest one of `kinds`."""
        tasks = self.tasks
        n = len(tasks)
        while n and tasks[n - 1].kind not in kinds:
            n -= 1
        return self.evolve(tasks=tasks[:n])

    def stash(self, space: str) -> Stash:
        """What lies on `space` (an empty stash when nothing), found through an index of the last tuple
        of stashes asked about (a move asks about the same few stashes many times)."""
        global _STASH_INDEX
        index = _STASH_INDEX
        stashes = self.stashes
        if index[0] is not stashes:
            index = _STASH_INDEX = (stashes, {s.space: s for s in stashes})
        found = index[1].get(space)
        return Stash(space) if found is None else found

    def with_stash(self, stash: Stash) -> TalismanState:
        """A copy with one space's stash replaced (dropped when empty), stashes kept sorted."""
        rest = [s for s in self.stashes if s.space != stash.space]
        if stash.cards or stash.gold:
            rest.append(Stash(stash.space, tuple(sorted(stash.cards)), stash.gold))
        return self.evolve(stashes=tuple(sorted(rest, key=_SPACE_OF)))

    def put_cards(self, space: str, *cards: str, gold: int = 0) -> TalismanState:
        """Leave cards (and Gold) face up on a space. A Talisman left on a space only a character holding
        a Talisman may enter (the Valley of Fire, 11:6) goes back to its pile instead (20:2; see
        docs/rulings/talisman.md, "A Talisman left in the Valley of Fire goes back to its pile")."""
        state = self
        cat = catalog()
        if cat.spaces[space].talisman_needed and any(c in cat.talismans for c in cards):
            supply = dict(state.supply)
            for card in cards:
                if card in cat.talismans:
                    supply[card] = supply.get(card, 0) + 1
            state = state.evolve(supply=tuple(sorted(supply.items())))
            cards = tuple(c for c in cards if c not in cat.talismans)
        s = state.stash(space)
        return state.with_stash(Stash(space, s.cards + cards, s.gold + gold))

    def take_card(self, space: str, card: str) -> TalismanState:
        """Remove one copy of a card from a space."""
        s = self.stash(space)
        cards = list(s.cards)
        cards.remove(card)
        return self.with_stash(Stash(space, tuple(cards), s.gold))

    def note(self, *note: str) -> TalismanState:
        """Add a line to the game log (the last 12 lines are kept): a message of `words` and the values of
        its placeholders (`Note`)."""
        return self.evolve(log=(*self.log[-11:], note))


class WorkingState(TalismanState):
    """A state private to one settling of the task stack (`flow.settle`), changed in place.

    `working` makes one (a copy of a handed-out state, made once per move) and `frozen` turns it back
    into a plain `TalismanState` when settling ends; in between nothing but the driver and the handlers
    it calls holds it, so `evolve`, `push`, `pop` and the other building blocks edit it and return it
    instead of copying the whole state at every step; its stack of tasks is a list, pushed and popped
    in place (a tuple again when frozen). A handler must therefore not read a state after deriving
    another from it (they all rebind `state`); states handed out are never changed."""

    __slots__ = ()

    def evolve(self, **changes: Unpack[StateChanges]) -> TalismanState:
        """This state with the given fields changed in place."""
        d = self.__dict__
        d.update(changes)
        if "tasks" in changes:
            d["tasks"] = list(changes["tasks"])
        return self

    def with_hero(self, i: int, hero: Hero) -> TalismanState:
        """Seat `i` replaced (the tuple of heroes is a new one, so identity still tells a change)."""
        d = self.__dict__
        heroes = list(d["heroes"])
        heroes[i] = hero
        d["heroes"] = tuple(heroes)
        return self

    def push(self, *tasks: Task) -> TalismanState:
        """Tasks pushed in place, the first given on top."""
        if len(tasks) == 1:
            self.__dict__["tasks"].append(tasks[0])
        else:
            self.__dict__["tasks"].extend(reversed(tasks))
        return self

    def pop(self) -> TalismanState:
        """The top task dropped in place."""
        self.__dict__["tasks"].pop()
        return self

    def unwind(self, *kinds: str) -> TalismanState:
        """Tasks dropped in place down to (not including) the nearest one of `kinds`."""
        tasks = self.__dict__["tasks"]
        while tasks and tasks[-1].kind not in kinds:
            tasks.pop()
        return self

    def note(self, *note: str) -> TalismanState:
        """A line added to the log in place (the last 12 kept)."""
        d = self.__dict__
        d["log"] = (*d["log"][-11:], note)
        return self


def working(state: TalismanState) -> WorkingState:
    """A private copy of `state` that the building blocks change in place (see `WorkingState`)."""
    new = _new(WorkingState)
    fields_ = state.__dict__.copy()
    fields_["tasks"] = list(fields_["tasks"])
    _set(new, "__dict__", fields_)
    return new


def frozen(state: TalismanState) -> TalismanState:
    """`state` as a plain frozen `TalismanState` again (a `WorkingState` is turned back, in place)."""
    if state.__class__ is WorkingState:
        d = state.__dict__
        d["tasks"] = tuple(d["tasks"])
        _set(state, "__class__", TalismanState)
    return state


class Rules(Protocol):
    """What a state asks of the rules: the driver's answers at the top task of the stack."""

    def actions(self, state: TalismanState) -> Sequence[Action]:
        """The legal actions at a decision."""

    def outcomes(self, state: TalismanState) -> Sequence[tuple[Outcome, Fraction]]:
        """The exact outcomes at a chance node."""

    def apply(self, state: TalismanState, move: Move) -> TalismanState:
        """The state after a legal move, settled."""

    def throw(self, state: TalismanState, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """The real dice (or card) of a chance node and the outcome they give."""

    def invariants(self, state: TalismanState) -> list[str]:
        """The broken invariants of a state."""


_RULES: list[Rules] = []


def use_rules(given: Rules) -> None:
    """Hand the rules to every state (the driver does it once, when imported); a second is refused."""
    if _RULES:
        raise ValueError("the Talisman rules are given twice")
    _RULES.append(given)


def rules() -> Rules:
    """The rules handed over by the driver; a clear error when the driver was never imported."""
    if not _RULES:
        raise RuleNotImplementedError(
            "the Talisman rules are not loaded: import grognard.systems.talisman.game"
        )
    return _RULES[0]


_STASH_INDEX: tuple[tuple[Stash, ...], dict[str, Stash]] = ((), {})
"""The last tuple of stashes looked in, and its stashes by space (the tuple kept: its id is not reused)."""

_LAST_ACTIONS: tuple[TalismanState | None, Sequence[Action]] = (None, ())
_LAST_OUTCOMES: tuple[TalismanState | None, Sequence[tuple[Outcome, Fraction]]] = (None, ())


def remember_actions(state: TalismanState, actions: Sequence[Action]) -> None:
    """Keep the legal actions just listed for `state`, the node a move is chosen at: the bot and the
    move's legality check then read them instead of listing them again. One state is kept, by identity
    (states are immutable, and holding the state keeps its id from being reused)."""
    global _LAST_ACTIONS
    _LAST_ACTIONS = (state, actions)


def remember_outcomes(state: TalismanState, outcomes: Sequence[tuple[Outcome, Fraction]]) -> None:
    """Keep the chance outcomes just listed for `state` (as `remember_actions` does for actions)."""
    global _LAST_OUTCOMES
    _LAST_OUTCOMES = (state, outcomes)


_SPACE_OF = attrgetter("space")


@lru_cache(maxsize=8192)
def plain_task(kind: str, player: int) -> Task:
    """`Task(kind, player)` with no other parameter, made once and shared (tasks are immutable, and a
    frozen dataclass costs some 1.5 microseconds to build: a move pushes several)."""
    return Task(kind, player)


@lru_cache(maxsize=4096)
def fraction(numerator: int, denominator: int) -> Fraction:
    """`Fraction(numerator, denominator)`, made once (a draw lists some 40 of them at every card)."""
    return Fraction(numerator, denominator)


def pile_outcomes(cards: Sequence[str]) -> list[tuple[Outcome, Fraction]]:
    """The distinct cards of a shuffled pile (a multiset) with the chance of drawing each: count/total."""
    total = len(cards)
    return [(card, fraction(n, total)) for card, n in sorted(Counter(cards).items())]


def counts(cards: Sequence[str]) -> Counter[str]:
    """How many of each card a multiset holds."""
    return Counter(cards)


def remove_one(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """A sorted multiset with one copy of `card` removed."""
    out = list(cards)
    out.remove(card)
    return tuple(out)


def add_sorted(cards: tuple[str, ...], *more: str) -> tuple[str, ...]:
    """A sorted multiset with cards added."""
    return tuple(sorted(cards + more))
