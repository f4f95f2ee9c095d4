"""The state of a HeroQuest quest in play: the frozen `QuestState` and the context it is read against.

A `QuestState` holds only what changes during a quest: each hero's square, current Body, Mind and Magic,
carried items, gold, memorised spells and effects (`HeroFig`); each monster's square, Body, status and
effects (`MonsterFig`); the doors' states, the traps' states, the treasure taken, the areas seen, the
events fired, the treasure deck left; the round, the turn order, whose turn it is and what that figure
has done (`Turn`); and the chance node waiting to be rolled (`Pending`). Everything fixed for the quest
(the quest file, the heroes as created, the options) is the `Setup`, read once into a cached `Context`
(both in `quest_setup`).

Sets are kept as sorted tuples so a state's JSON is canonical. The rules themselves are in `turn`,
`actions`, `resolve`, `wounds` and `effects`; the cached sight helpers they share (`sees`,
`visible_areas`) are in `sight`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from functools import cache, cached_property
from operator import itemgetter
from typing import Any, Protocol

from grognard.engine.game import CHANCE, TERMINAL, Actor, GameState, Move, Outcome, Result
from grognard.engine.serial import from_data, to_data
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import spec_text
from grognard.systems.heroquest.content.board import Layout, Square
from grognard.systems.heroquest.content.hero import Equipped, Hero
from grognard.systems.heroquest.content.monster_kit import MonsterStats
from grognard.systems.heroquest.content.quest_setup import Context, Setup, context
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.model.effect_strings import total
from grognard.systems.heroquest.model.events import HqEvent

HERO_PLAYER = 0
"""The player who moves the heroes."""

GM_PLAYER = 1
"""The game master, when a person plays it (`gm = "human"`)."""

GM_SLOT = -1
"""The game master's place in the turn order."""


# ---------------------------------------------------------------------------------------------------
# The rules the state plays, installed by the driver


class Rules(Protocol):
    """What the protocol methods of `QuestState` ask of the rules. The driver (`driver`) installs them
    when the package is imported (`install_rules`), so the state class never imports the rules."""

    def decider(self, state: QuestState) -> Actor:
        """Who decides at a state with no outcome and no pending roll."""

    def legal_actions(self, state: QuestState) -> list[str]:
        """The legal actions at a decision node."""

    def outcomes(self, state: QuestState, pending: Pending) -> Sequence[tuple[Outcome, Fraction]]:
        """The exact outcomes of the pending chance node."""

    def throw(self, state: QuestState, pending: Pending, rng: Any) -> tuple[Outcome, tuple[Any, ...]]:
        """The real dice of the pending chance node and the outcome they give."""

    def apply_action(self, state: QuestState, action: str) -> QuestState:
        """An action played and the state settled."""

    def apply_outcome(self, state: QuestState, pending: Pending, outcome: Move) -> QuestState:
        """An outcome of the pending chance node played and the state settled."""


_INSTALLED: list[Rules] = []


def install_rules(played: Rules) -> None:
    """Install the rules the state class plays (the driver does, once, when it is imported)."""
    _INSTALLED[:] = [played]


def rules() -> Rules:
    """The installed rules; a `RuntimeError` if the driver was never imported."""
    if not _INSTALLED:
        raise RuntimeError(
            "the HeroQuest rules are not installed: import grognard.systems.heroquest.driver.driver"
        )
    return _INSTALLED[0]


# ---------------------------------------------------------------------------------------------------
# The state


@dataclass(frozen=True)
class HeroFig:
    """A hero in play: square (None once dead or gone), current points, what it carries and its effects.

    `status` is "active", "dead" or "left" (gone up the stairs or out of an exit). `effects` are
    strings "name|duration" (see `effects`). `escort` is the id of a prisoner the hero leads. `equipped`
    is what he holds and wears once he has changed it during the quest (None: as he set out; line 355,
    `artifacts_gear`).
    """

    at: Square | None
    body: int
    mind: int
    magic: int
    status: str = "active"
    items: tuple[str, ...] = ()
    gold: int = 0
    spells: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    xp: int = 0
    escort: str = ""
    equipped: Equipped | None = None


@dataclass(frozen=True)
class MonsterFig:
    """A monster in play: its id, square, Body left, status and effects.

    `status` is "held" (not yet placed), "active", "dead", "gone" (escaped), "prisoner" (the rescue
    goal's captive, on the board), "escorted" (freed and led by a hero) or "lurking" (on the board,
    unseen in ambush, `monster_flight`). `aware` turns true when a
    hero first sees it; the automatic game master moves only aware monsters.
    """

    id: str
    at: Square | None
    body: int
    status: str = "active"
    aware: bool = False
    effects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Turn:
    """What the figure whose turn it is has done: rolled to move, moves left, the action, attacks made."""

    rolled: bool = False
    moves: int = 0
    acted: bool = False
    attacks: int = 0
    stopped: bool = False
    done: bool = False


@dataclass(frozen=True)
class Pending:
    """A chance node waiting to be rolled: its kind and what it needs.

    `who` and `target` are hero or monster indexes (`side` says which attacks whom), `dice` and `need`
    counts of dice and amounts, `ref` an id (a trap, an item, a spell, a treasure) and `then` what
    follows once it is resolved.
    """

    kind: str
    who: int = -1
    target: int = -1
    dice: int = 0
    need: int = 0
    side: str = ""
    ref: str = ""
    then: str = ""


@dataclass(frozen=True)
class QuestState(GameState):
    """One position of a quest. See the module doc; the rules are applied by `turn`, `actions`, `resolve`.

    `extra_turn` is the hero taking a turn out of the order (Timestop), -1 for none; `flashback` is the
    position at the start of the hero's turn, kept only while a hero could cast Flashback (`spells_time`);
    `casting` is a chaos spell (or a hero's spell a monster may answer) in flight (`chaos.Flight`), or "".
    `queue` holds what monster skills set off, played in order once no roll is pending (`monster_turns`);
    `icicles` the squares ("x,y") of the stalactite traps ice gremlins have set (line 847); `daggers` the
    thrown daggers lying on the floor, "x,y@h0" (thrown by hero 0) or "x,y@m3" (by monster 3) (`weapons`).
    `reached` the rooms of a `reach` goal the heroes have reached, and a room being held, "room@round" from
    the round its hold began (`goals.track_reach`).
    """

    setup: Setup
    heroes: tuple[HeroFig, ...]
    monsters: tuple[MonsterFig, ...]
    doors: tuple[str, ...]
    traps: tuple[str, ...]
    taken: tuple[str, ...] = ()
    searched: tuple[str, ...] = ()
    seen: tuple[str, ...] = ()
    rubble: tuple[Square, ...] = ()
    fired: tuple[str, ...] = ()
    deck: tuple[int, ...] = ()
    round: int = 1
    order: tuple[int, ...] = ()
    slot: int = 0
    turn: Turn = field(default_factory=Turn)
    acting: int = -1
    pending: Pending | None = None
    goal_met: bool = False
    outcome: str = ""
    encounter: bool = False
    wanderers: int = 0
    log: tuple[HqEvent, ...] = field(default=(), compare=False)
    extra_turn: int = -1
    flashback: QuestState | None = None
    casting: str = ""
    queue: tuple[str, ...] = ()
    icicles: tuple[str, ...] = ()
    reached: tuple[str, ...] = ()
    daggers: tuple[str, ...] = ()

    def evolve(self, **changes: Any) -> QuestState:
        """The state with `changes` to its fields, as `dataclasses.replace` gives it but without running
        `__init__` field by field (a quest state has no `__post_init__`); no derived value is carried over."""
        if not _FIELD_SET.issuperset(changes):
            raise TypeError(f"QuestState has no field {sorted(set(changes) - _FIELD_SET)}")
        new = object.__new__(type(self))
        values = new.__dict__
        values.update(zip(_FIELDS, _read_fields(self.__dict__), strict=True))
        values.update(changes)
        return new

    # --- derived, cached per state (never part of equality or JSON)

    @cached_property
    def ctx(self) -> Context:
        """The fixed facts of the quest."""
        return context(self.setup)

    @cached_property
    def layout(self) -> Layout:
        """The board as it stands: doors opened or found, fallen rock."""
        return self.ctx.layout(self.doors, self.rubble)

    @cached_property
    def hero_squares(self) -> frozenset[Square]:
        """The squares of the heroes on the board."""
        return frozenset(h.at for h in self.heroes if h.at is not None)

    @cached_property
    def monster_squares(self) -> frozenset[Square]:
        """The squares of every monster on the board (prisoners and monsters lying in ambush included)."""
        return frozenset(
            m.at for m in self.monsters if m.at is not None and m.status in ("active", "prisoner", "lurking")
        )

    @cached_property
    def figures(self) -> frozenset[Square]:
        """Every occupied square."""
        return self.hero_squares | self.monster_squares

    @cached_property
    def visible_monsters(self) -> tuple[int, ...]:
        """The active monsters some active hero can see (figures between count)."""
        found = []
        spots = [h.at for h in self.heroes if h.at is not None]
        layout, figures = self.layout, self.figures
        for i, m in enumerate(self.monsters):
            if m.status != "active" or m.at is None:
                continue
            for at in spots:
                if sees(layout, at, m.at, figures):
                    found.append(i)
                    break
        return tuple(found)

    def hero_of(self, index: int) -> Hero:
        """The hero as created (base attributes, gear, skills) for party place `index`, holding and wearing
        what his figure now does when he changed it during the quest (`dressed`)."""
        if self.heroes[index].equipped is None:
            return self.ctx.party[index]
        return self._dressed[index]

    @cached_property
    def _dressed(self) -> tuple[Hero, ...]:
        return tuple(dressed(hero, fig) for hero, fig in zip(self.ctx.party, self.heroes, strict=True))

    def stats_of(self, index: int) -> MonsterStats:
        """The numbers of monster `index` (with no weapon once Twist Wood warped its wooden one, and less
        the Mind points it has lost or given up: "mind-1|quest", a concussion or Vile Courage)."""
        m = self.monsters[index]
        stats = self.ctx.monster(m.id)
        if m.effects and any(e.startswith("twisted|") for e in m.effects):
            stats = twisted_stats(stats)
        if m.effects and any(e.startswith("mind") for e in m.effects):
            stats = replace(stats, mind=max(0, stats.mind + total(m.effects, "mind")))
        return stats

    def current_hero(self) -> int | None:
        """The index of the hero whose turn it is, or None in the game master's turn or before the order."""
        if self.extra_turn >= 0:
            return self.extra_turn  # a turn out of the order (Timestop, `spells_time`)
        if not self.order or self.slot >= len(self.order):
            return None
        who = self.order[self.slot]
        return None if who == GM_SLOT else who

    def in_gm_turn(self) -> bool:
        """True while the game master moves the monsters."""
        if self.extra_turn >= 0:
            return False
        return bool(self.order) and self.slot < len(self.order) and self.order[self.slot] == GM_SLOT

    # --- the protocol

    def actor(self) -> Actor:
        """The heroes' player, the game master, chance or the end."""
        return self._actor

    @cached_property
    def _actor(self) -> Actor:
        if self.outcome:
            return TERMINAL
        if self.pending is not None:
            return CHANCE
        return rules().decider(self)

    @cached_property
    def _legal(self) -> tuple[str, ...]:
        return tuple(rules().legal_actions(self))

    def _actions(self) -> Sequence[str]:
        return self._legal

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        assert self.pending is not None
        return rules().outcomes(self, self.pending)

    def _apply(self, move: Move) -> QuestState:
        if self.pending is not None:
            return rules().apply_outcome(self.evolve(log=()), self.pending, move)
        assert isinstance(move, str)
        return rules().apply_action(self.evolve(log=()), move)

    def roll(self, rng: Any) -> tuple[Outcome, tuple[Any, ...]]:
        """Throw the real dice of the pending chance node (every face shown) and map them to an outcome."""
        assert self.pending is not None
        return rules().throw(self, self.pending, rng)

    def result(self) -> Result:
        """How the quest ended; the heroes win "won"; resources are heroes alive, rounds, gold, experience."""
        alive = sum(1 for h in self.heroes if h.status != "dead")
        won = (HERO_PLAYER,) if self.outcome == "won" else ((GM_PLAYER,) if self.outcome == "lost" else ())
        return Result(
            self.outcome or "playing",
            won,
            (
                ("alive", alive),
                ("dead", len(self.heroes) - alive),
                ("rounds", self.round),
                ("gold", sum(h.gold for h in self.heroes)),
                ("experience", sum(h.xp for h in self.heroes)),
            ),
        )

    def _drinking(self, i: int) -> bool:
        """True while hero `i`, fallen to 0 Body, is still on his square drinking the Potion of Healing
        he carried (its dice not yet rolled; `wounds.hurt_hero`)."""
        p = self.pending
        return self.heroes[i].status == "dying" and p is not None and p.kind == "heal" and p.who == i

    def invariants(self) -> list[str]:
        """Broken promises: shared squares, points out of range, figures off the floor, bad indexes."""
        bad: list[str] = []
        squares: dict[Square, str] = {}
        for i, h in enumerate(self.heroes):
            hero = self.hero_of(i)
            if h.status == "active":
                if h.at is None or not self.layout.board.is_floor(h.at):
                    bad.append(f"hero {i} is active but not on a floor square: {h.at}")
                top = hero.maximum("body")
                if not 1 <= h.body <= top:
                    bad.append(f"hero {i} has Body {h.body} outside 1-{top}")
            elif h.at is not None and not self._drinking(i):
                bad.append(f"hero {i} is {h.status} but still on {h.at}")
            if not 0 <= h.mind <= hero.maximum("mind") or not 0 <= h.magic <= hero.maximum("magic"):
                bad.append(f"hero {i} has Mind {h.mind} or Magic {h.magic} out of range")
            if h.at is not None:
                if h.at in squares:
                    bad.append(f"{h.at} is shared by hero {i} and {squares[h.at]}")
                squares[h.at] = f"hero {i}"
        for m in self.monsters:
            if m.status in ("active", "prisoner", "lurking"):
                if m.at is None or self.layout.solid(m.at):
                    bad.append(f"monster {m.id} is on the board but not on a free floor square: {m.at}")
                elif m.at in squares:
                    bad.append(f"{m.at} is shared by {m.id} and {squares[m.at]}")
                else:
                    squares[m.at] = m.id
                if m.body < 1:
                    bad.append(f"monster {m.id} is on the board with Body {m.body}")
        if self.order and not 0 <= self.slot <= len(self.order):
            bad.append(f"turn slot {self.slot} outside the order {self.order}")
        if self.outcome and self.pending is not None:
            bad.append("the quest is over but a roll is pending")
        if any(n < 0 for n in self.deck):
            bad.append(f"the treasure deck has a negative count: {self.deck}")
        return bad

    def describe(self) -> str:
        """One line: round, whose turn, the heroes' squares and Body, the monsters on the board."""
        heroes = ", ".join(
            f"{self.hero_of(i).name}@{h.at}:{h.body}{'' if h.status == 'active' else ' ' + h.status}"
            for i, h in enumerate(self.heroes)
        )
        mons = ", ".join(f"{m.id}@{m.at}:{m.body}" for m in self.monsters if m.status == "active")
        who = "GM" if self.in_gm_turn() else str(self.current_hero())
        pend = f" pending {self.pending}" if self.pending else ""
        return (
            f"round {self.round}, turn {who} {self.turn}; heroes {heroes}; monsters {mons}{pend}; "
            f"outcome {self.outcome!r}"
        )


_FIELDS = tuple(f.name for f in fields(QuestState))
_FIELD_SET = frozenset(_FIELDS)
_read_fields = itemgetter(*_FIELDS)


# ---------------------------------------------------------------------------------------------------
# JSON


def state_to_data(state: QuestState) -> dict[str, Any]:
    """The state as JSON-safe data (`state_from_data` reads it back equal)."""
    data: dict[str, Any] = to_data(state)
    return data


def state_from_data(data: Any) -> QuestState:
    """The state `state_to_data` wrote. An older state whose log holds lines of text (before the log kept
    `events`) is read with an empty log: the log only tells what the last move did, and takes no part in
    a state's equality."""
    if isinstance(data, dict) and any(isinstance(line, str) for line in data.get("log") or ()):
        data = {**data, "log": []}
    return from_data(QuestState, data)


# ---------------------------------------------------------------------------------------------------
# Figures read against the catalogue


def is_item(name: str) -> bool:
    """True for a usable item (a potion, a tool kit), False for an artifact (a scroll included)."""
    return hq.key_of(spec_text.thing_head(name)) in hq.catalog().items


def dressed(hero: Hero, fig: HeroFig) -> Hero:
    """The hero carrying what his figure carries and holding and wearing what it does (unchanged while
    the figure has not changed its equipment)."""
    if fig.equipped is None:
        return hero
    artifacts = tuple(n for n in fig.items if not is_item(n))
    items = tuple(n for n in fig.items if is_item(n))
    carried = {hq.key_of(n) for n in (*hero.weapons, *hero.armour, *artifacts)}

    def still(name: str | None) -> str | None:
        return name if name is not None and hq.key_of(name) in carried else None

    held = fig.equipped
    kept = Equipped(
        weapon=still(held.weapon),
        off_hand=still(held.off_hand),
        head=still(held.head),
        body=still(held.body),
        accessories=tuple(n for n in held.accessories if still(n)),
    )
    return hero.model_copy(update={"items": items, "artifacts": artifacts, "equipped": kept})


@cache
def twisted_stats(stats: MonsterStats) -> MonsterStats:
    """A monster's numbers once its wooden weapon is warped: its base Attack (no weapon dice, no shots),
    the rest as they were (line 529, `spells_elf`)."""
    return replace(stats, attack=stats.base_attack, ranged=False, diagonal=False, weapon="")
