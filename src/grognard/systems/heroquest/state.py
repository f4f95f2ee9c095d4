"""The state of a HeroQuest quest in play: the frozen `QuestState` and the context it is read against.

A `QuestState` holds only what changes during a quest: each hero's square, current Body, Mind and Magic,
carried items, gold, memorised spells and effects (`HeroFig`); each monster's square, Body, status and
effects (`MonsterFig`); the doors' states, the traps' states, the treasure taken, the areas seen, the
events fired, the treasure deck left; the round, the turn order, whose turn it is and what that figure
has done (`Turn`); and the chance node waiting to be rolled (`Pending`). Everything fixed for the quest
(the quest file, the heroes as created, the options) is the `Setup`, read once into a cached `Context`.

Sets are kept as sorted tuples so a state's JSON is canonical. The rules themselves are in `turn`,
`actions`, `resolve` and `effects`; this module adds the cached sight helpers they share (`sees`,
`visible_areas`), which follow `geometry.line_of_sight` exactly (tested against it) but cache the grid
crossings of each pair of squares, which do not depend on the board.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any

from grognard.engine.content import package_file
from grognard.engine.errors import UsageError
from grognard.engine.game import CHANCE, TERMINAL, Actor, GameState, Move, Outcome, Result
from grognard.engine.serial import from_data, to_data
from grognard.systems.heroquest import catalog as hq
from grognard.systems.heroquest.board import Door, Layout, Square
from grognard.systems.heroquest.hero import Hero, create_hero
from grognard.systems.heroquest.quest import Quest, TrapPlacement, TreasurePlacement, load_quest

HERO_PLAYER = 0
"""The player who moves the heroes."""

GM_PLAYER = 1
"""The game master, when a person plays it (`gm = "human"`)."""

GM_SLOT = -1
"""The game master's place in the turn order."""

SHIPPED_QUESTS = ("1-the-smugglers-stair", "2-the-salt-crypt", "3-the-rimebound-hold", "the-goblin-cellar")
"""The quests that come with grognard, by id (files in `data/quests/`)."""


# ---------------------------------------------------------------------------------------------------
# The setup and its context


@dataclass(frozen=True)
class Setup:
    """Everything fixed for a quest: the quest (a shipped id or a path), the party, and the options.

    `heroes` is a party spec ("barbarian,dwarf-warrior,elf-wizard") or a JSON list of heroes (as the
    roster keeps them). `gm` is "auto" or "human"; `order` "roll" or "agree"; `interleave` puts the game
    master's turn into the rolled order; `rounds` ends the quest after that many rounds (0: never).
    """

    quest: str = "1-the-smugglers-stair"
    heroes: str = "barbarian,dwarf-warrior,elf-wizard,human-rogue"
    gm: str = "auto"
    order: str = "roll"
    interleave: bool = False
    rounds: int = 0


@dataclass(frozen=True)
class MonsterStats:
    """A monster's numbers in play: its name, dice with weapon and armour, Body, Mind and movement."""

    id: str
    name: str
    kind: str
    attack: int
    defend: int
    body: int
    mind: int
    magic: int
    move_min: int
    move_max: int
    undead: bool
    plate: bool
    diagonal: bool
    skills: tuple[str, ...]
    kill_value: int


# Party specs: "class", "race-class" or "race-class:name".
_DEFAULT_RACE = {
    "barbarian": "human",
    "warrior": "human",
    "rogue": "human",
    "wizard": "human",
    "rogue-mage": "elf",
}
_EXTRA_PRIORITY = ("body", "attack", "defend", "mind", "magic", "movement")
_ELEMENTS = ("fire", "water", "earth", "air")
_START_SKILL = {
    "dwarf-warrior": "Disarm Traps",
    "human-rogue": "Disarm Traps",
    "elf-rogue": "Disarm Traps",
    "dwarf-barbarian": "Disarm Traps",
}


def hero_from_spec(spec: str, taken: Collection[str] = ()) -> Hero:
    """A level-1 hero from one party-spec entry ("barbarian", "dwarf-warrior", "elf-wizard:Mira").

    The extra points go to Body, then Attack, Defend, Mind (as far as the class and race allow); a wizard
    takes fire, water and earth, a rogue mage fire; a dwarf or a rogue spends its skill point on Disarm
    Traps. A `UsageError` names a race or class that is not known.
    """
    text, _, name = spec.strip().partition(":")
    key = hq.key_of(text)
    race = next((r for r in hq.catalog().races if key.startswith(r + "-")), None)
    cls = key[len(race) + 1 :] if race else key
    cls_entry = hq.hero_class(cls)
    cls = cls_entry.key
    race = race or _DEFAULT_RACE.get(cls, "human")
    from grognard.systems.heroquest.hero import creation_needs

    needs = creation_needs(race, cls)
    extra: list[Any] = []
    for stat in _EXTRA_PRIORITY:
        if stat in needs.extra_to and len(extra) < needs.extra_points:
            extra.append(stat)
    while len(extra) < needs.extra_points:
        extra.append(needs.extra_to[0])
    label = name.strip() or f"{hq.race(race).name} {cls_entry.name}"
    base, n = label, 2
    while label in taken:
        label, n = f"{base} {n}", n + 1
    elements = _ELEMENTS[: needs.elements]
    skill = _START_SKILL.get(f"{race}-{cls}")
    mind_first = ["mind", *[e for e in extra if e != "mind"]][: needs.extra_points]
    tries = [(extra, skill), (mind_first, skill), (extra, None), (mind_first, None)]
    for points, chosen in tries:
        try:
            return create_hero(label, race, cls, points, elements=elements, skill=chosen)
        except UsageError:
            continue
    return create_hero(label, race, cls, [needs.extra_to[-1]] * needs.extra_points, elements=elements)


def parse_party(text: str) -> tuple[Hero, ...]:
    """The heroes of a party spec or a JSON list of heroes; a `UsageError` for an empty or bad party."""
    text = text.strip()
    if text.startswith("["):
        try:
            heroes = tuple(Hero.model_validate(h) for h in json.loads(text))
        except (ValueError, TypeError) as exc:
            raise UsageError(f"the heroes are not a JSON list of heroes: {exc}") from None
    else:
        made: list[Hero] = []
        for part in text.split(","):
            if part.strip():
                made.append(hero_from_spec(part, [h.name for h in made]))
        heroes = tuple(made)
    if not heroes:
        raise UsageError("a quest needs at least one hero")
    if len({h.name for h in heroes}) != len(heroes):
        raise UsageError("two heroes of the party have the same name")
    return heroes


def quest_source(ref: str) -> Any:
    """Where the quest `ref` is read from: a shipped quest's resource, or the path given."""
    if ref in SHIPPED_QUESTS:
        return package_file("grognard.systems.heroquest", f"data/quests/{ref}.toml")
    path = Path(ref)
    if not path.is_file():
        raise UsageError(f"no quest {ref!r}: give a file or one of {', '.join(SHIPPED_QUESTS)}")
    return path


@cache
def _quest(ref: str) -> Quest:
    return load_quest(quest_source(ref))


def _monster_stats(
    quest: Quest, mid: str, kind: str, level: int | None, weapon: str, armour: Sequence[str], name: str
) -> MonsterStats:
    entry = hq.monster(kind)
    line = entry.at(level if level is not None else entry.level_range[0])
    gear = {hq.key_of(g.name): g for g in (*entry.weapons, *entry.armour)}
    wdice = gear[hq.key_of(weapon)].dice if weapon and hq.key_of(weapon) in gear else 0
    adice = sum(gear[hq.key_of(a)].dice for a in armour if hq.key_of(a) in gear)
    plate = any(hq.key_of(a) == "plate-mail" for a in armour) and entry.plate_mail_slows is not False
    diagonal = any(hq.key_of(weapon) == hq.key_of(g.name) and "diagonal" in g.note for g in entry.weapons)
    attack = line.close_attack if line.close_attack is not None else line.attack
    return MonsterStats(
        mid,
        name or entry.name,
        entry.name,
        attack + wdice,
        line.defend + adice,
        line.body,
        line.mind,
        line.magic,
        line.move_min,
        line.move_max,
        entry.undead,
        plate,
        diagonal,
        tuple(entry.skills),
        min(line.attack, line.defend),
    )


@dataclass(frozen=True, eq=False)
class Context:
    """The fixed facts of a quest in play, read from a `Setup` once: quest, party, doors, traps, stats."""

    setup: Setup
    quest: Quest
    party: tuple[Hero, ...]
    door_ids: tuple[str, ...]
    doors: tuple[Door, ...]
    traps: tuple[TrapPlacement, ...]
    treasure: tuple[TreasurePlacement, ...]
    stats: dict[str, MonsterStats]

    @cached_property
    def trap_index(self) -> dict[str, int]:
        """Each trap's place in `traps` by id."""
        return {t.id: i for i, t in enumerate(self.traps)}

    @cached_property
    def stairs(self) -> frozenset[Square]:
        """The stairs' squares (none when the quest starts elsewhere)."""
        return self.quest.layout.stairs

    @cached_property
    def exits(self) -> dict[str, Square]:
        """Each exit door's id and the board square inside it."""
        found = {}
        for d in self.doors:
            if d.exit:
                a, b = d.at
                found[d.id] = a if self.quest.board.on_board(a) else b
        return found

    def monster(self, mid: str) -> MonsterStats:
        """A monster's numbers by id (wandering monsters are "wandering-N")."""
        if mid not in self.stats:
            w = self.quest.file.wandering
            self.stats[mid] = _monster_stats(self.quest, mid, w.monster, w.level, "", (), "")
        return self.stats[mid]

    def layout(self, doors: tuple[str, ...], rubble: tuple[Square, ...]) -> Layout:
        """The layout with the doors in the given states and fallen rock on `rubble`."""
        return _layout(self, doors, rubble)


@lru_cache(maxsize=4096)
def _layout(ctx: Context, doors: tuple[str, ...], rubble: tuple[Square, ...]) -> Layout:
    base = ctx.quest.layout
    states = dict(zip(ctx.door_ids, doors, strict=True))
    board = replace(
        base.board, doors=tuple(d.model_copy(update={"state": states[d.id]}) for d in base.board.doors)
    )
    placed = tuple(d.model_copy(update={"state": states[d.id]}) for d in base.doors)
    return Layout(board, placed, base.furniture, base.stairs, base.blocked | frozenset(rubble))


@lru_cache(maxsize=64)
def context(setup: Setup) -> Context:
    """The context of a setup (cached): the quest loaded, the party made, the monsters' numbers."""
    quest = _quest(setup.quest)
    party = parse_party(setup.heroes)
    doors = (*quest.board.doors, *quest.file.doors)
    stats = {
        m.id: _monster_stats(quest, m.id, m.monster, m.level, m.weapon, m.armour, m.name)
        for m in quest.file.monsters
    }
    return Context(
        setup,
        quest,
        party,
        tuple(d.id for d in doors),
        tuple(doors),
        tuple(quest.file.traps),
        tuple(quest.file.treasure),
        stats,
    )


# ---------------------------------------------------------------------------------------------------
# Sight, cached


Step = tuple[Square, Square, "tuple[Square, Square] | None"]
"""One crossing of a sight line: the square before, the square after, and at a grid corner the two
squares either side of the line (None through an edge)."""


@lru_cache(maxsize=250_000)
def sight_path(a: Square, b: Square) -> tuple[Step, ...]:
    """`geometry.crossings(a, b)` without the fractions: the same squares in the same order.

    In doubled coordinates the line crosses an upright grid line at t = (gx - px) / dx and a level one at
    t = (gy - py) / dy; both are compared exactly by cross-multiplying, so a corner (both at once) is
    found exactly as `crossings` finds it.
    """
    px, py = 2 * a[0] + 1, 2 * a[1] + 1
    dx, dy = 2 * (b[0] - a[0]), 2 * (b[1] - a[1])
    events: list[tuple[float, int, int, str]] = []
    if dx:
        lo, hi = min(px, px + dx), max(px, px + dx)
        for gx in range(lo + 1, hi, 2):
            events.append(((gx - px) / dx, gx - px, dx, "v"))
    if dy:
        lo, hi = min(py, py + dy), max(py, py + dy)
        for gy in range(lo + 1, hi, 2):
            events.append(((gy - py) / dy, gy - py, dy, "h"))
    events.sort()
    merged: list[str] = []
    k = 0
    while k < len(events):
        if k + 1 < len(events) and events[k][1] * events[k + 1][2] == events[k + 1][1] * events[k][2]:
            merged.append("c")
            k += 2
        else:
            merged.append(events[k][3])
            k += 1
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    out: list[Step] = []
    cur = a
    for kind in merged:
        if kind == "c":
            nxt = (cur[0] + sx, cur[1] + sy)
            out.append((cur, nxt, ((cur[0] + sx, cur[1]), (cur[0], cur[1] + sy))))
        else:
            nxt = (cur[0] + sx, cur[1]) if kind == "v" else (cur[0], cur[1] + sy)
            out.append((cur, nxt, None))
        cur = nxt
    return tuple(out)


def _closed_side(
    layout: Layout, before: Square, side: Square, after: Square, figures: Collection[Square]
) -> bool:
    return (
        not layout.open_between(before, side)
        or not layout.open_between(side, after)
        or layout.solid(side)
        or side in figures
    )


def sees(layout: Layout, a: Square, b: Square, figures: Collection[Square] = ()) -> bool:
    """`geometry.line_of_sight` with each pair's crossings cached (the same answer, tested, faster)."""
    if a == b:
        return True
    if not _sees_bare(layout, a, b):
        return False
    if not figures:
        return True
    return _walk(layout, sight_path(a, b), b, figures)


@lru_cache(maxsize=500_000)
def _sees_bare(layout: Layout, a: Square, b: Square) -> bool:
    return _walk(layout, sight_path(a, b), b, ())


def _walk(layout: Layout, path: Sequence[Step], b: Square, figures: Collection[Square]) -> bool:
    for before, after, sides in path:
        if sides is None:
            if not layout.open_between(before, after):
                return False
        else:
            first, second = sides
            if _closed_side(layout, before, first, after, figures) and _closed_side(
                layout, before, second, after, figures
            ):
                return False
        if after != b and (layout.solid(after) or after in figures):
            return False
    return True


@lru_cache(maxsize=50_000)
def visible_areas(layout: Layout, viewer: Square) -> frozenset[str]:
    """The ids of the areas (rooms, corridor segments) with a square `viewer` sees, figures aside.

    A sight line crosses only open edges, so only the areas joined to the viewer's through open edges
    are tried.
    """
    board = layout.board
    joined = {viewer}
    frontier = [viewer]
    while frontier:
        here = frontier.pop()
        x, y = here
        for there in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if there not in joined and board.is_floor(there) and layout.open_between(here, there):
                joined.add(there)
                frontier.append(there)
    found: set[str] = set()
    for area_id in sorted({board.area_at[s] for s in joined}):
        squares = sorted(
            board.squares_of(area_id), key=lambda s: abs(s[0] - viewer[0]) + abs(s[1] - viewer[1])
        )
        if any(sees(layout, viewer, s) for s in squares):
            found.add(area_id)
    return frozenset(found)


# ---------------------------------------------------------------------------------------------------
# The state


@dataclass(frozen=True)
class HeroFig:
    """A hero in play: square (None once dead or gone), current points, what it carries and its effects.

    `status` is "active", "dead" or "left" (gone up the stairs or out of an exit). `effects` are
    strings "name|duration" (see `effects`). `escort` is the id of a prisoner the hero leads.
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


@dataclass(frozen=True)
class MonsterFig:
    """A monster in play: its id, square, Body left, status and effects.

    `status` is "held" (not yet placed), "active", "dead", "gone" (escaped), "prisoner" (the rescue
    goal's captive, on the board) or "escorted" (freed and led by a hero). `aware` turns true when a
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
    """One position of a quest. See the module doc; the rules are applied by `turn`, `actions`, `resolve`."""

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
    log: tuple[str, ...] = ()

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
        """The squares of every monster on the board (prisoners included)."""
        return frozenset(
            m.at for m in self.monsters if m.at is not None and m.status in ("active", "prisoner")
        )

    @cached_property
    def figures(self) -> frozenset[Square]:
        """Every occupied square."""
        return self.hero_squares | self.monster_squares

    @cached_property
    def visible_monsters(self) -> tuple[int, ...]:
        """The active monsters some active hero can see (figures between count)."""
        found = []
        for i, m in enumerate(self.monsters):
            if m.status != "active" or m.at is None:
                continue
            if any(h.at is not None and sees(self.layout, h.at, m.at, self.figures) for h in self.heroes):
                found.append(i)
        return tuple(found)

    def hero_of(self, index: int) -> Hero:
        """The hero as created (base attributes, gear, skills) for party place `index`."""
        return self.ctx.party[index]

    def stats_of(self, index: int) -> MonsterStats:
        """The numbers of monster `index`."""
        return self.ctx.monster(self.monsters[index].id)

    def current_hero(self) -> int | None:
        """The index of the hero whose turn it is, or None in the game master's turn or before the order."""
        if not self.order or self.slot >= len(self.order):
            return None
        who = self.order[self.slot]
        return None if who == GM_SLOT else who

    def in_gm_turn(self) -> bool:
        """True while the game master moves the monsters."""
        return bool(self.order) and self.slot < len(self.order) and self.order[self.slot] == GM_SLOT

    # --- the protocol

    def actor(self) -> Actor:
        """The heroes' player, the game master, chance or the end."""
        if self.outcome:
            return TERMINAL
        if self.pending is not None:
            return CHANCE
        if self.in_gm_turn():
            from grognard.systems.heroquest.turn import thrall_acting

            return HERO_PLAYER if thrall_acting(self) else GM_PLAYER
        return HERO_PLAYER

    @cached_property
    def _legal(self) -> tuple[str, ...]:
        from grognard.systems.heroquest.actions import legal_actions

        return tuple(legal_actions(self))

    def _actions(self) -> Sequence[str]:
        return self._legal

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        from grognard.systems.heroquest.resolve import outcomes

        assert self.pending is not None
        return outcomes(self, self.pending)

    def _apply(self, move: Move) -> QuestState:
        from grognard.systems.heroquest.actions import apply_action
        from grognard.systems.heroquest.resolve import apply_outcome
        from grognard.systems.heroquest.turn import settle

        if self.pending is not None:
            return settle(apply_outcome(replace(self, log=()), self.pending, move))
        assert isinstance(move, str)
        return settle(apply_action(replace(self, log=()), move))

    def roll(self, rng: Any) -> tuple[Outcome, tuple[Any, ...]]:
        """Throw the real dice of the pending chance node (every face shown) and map them to an outcome."""
        from grognard.systems.heroquest.resolve import throw

        assert self.pending is not None
        return throw(self, self.pending, rng)

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

    def invariants(self) -> list[str]:
        """Broken promises: shared squares, points out of range, figures off the floor, bad indexes."""
        bad: list[str] = []
        squares: dict[Square, str] = {}
        for i, h in enumerate(self.heroes):
            hero = self.hero_of(i)
            if h.status == "active":
                if h.at is None or not self.layout.board.is_floor(h.at):
                    bad.append(f"hero {i} is active but not on a floor square: {h.at}")
                if not 1 <= h.body <= hero.maximum("body"):
                    bad.append(f"hero {i} has Body {h.body} outside 1-{hero.maximum('body')}")
            elif h.at is not None:
                bad.append(f"hero {i} is {h.status} but still on {h.at}")
            if not 0 <= h.mind <= hero.maximum("mind") or not 0 <= h.magic <= hero.maximum("magic"):
                bad.append(f"hero {i} has Mind {h.mind} or Magic {h.magic} out of range")
            if h.at is not None:
                if h.at in squares:
                    bad.append(f"{h.at} is shared by hero {i} and {squares[h.at]}")
                squares[h.at] = f"hero {i}"
        for m in self.monsters:
            if m.status in ("active", "prisoner"):
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


# ---------------------------------------------------------------------------------------------------
# JSON


def state_to_data(state: QuestState) -> dict[str, Any]:
    """The state as JSON-safe data (`state_from_data` reads it back equal)."""
    data: dict[str, Any] = to_data(state)
    return data


def state_from_data(data: Any) -> QuestState:
    """The state `state_to_data` wrote."""
    return from_data(QuestState, data)


def initial_state(setup: Setup) -> QuestState:
    """The quest before the first turn: heroes on the start squares, monsters placed, nothing seen yet."""
    from grognard.systems.heroquest.resolve import initial_deck
    from grognard.systems.heroquest.turn import begin

    ctx = context(setup)
    starts = ctx.quest.start_squares()
    if len(starts) < len(ctx.party):
        raise UsageError(f"quest {ctx.quest.id} has {len(starts)} start squares for {len(ctx.party)} heroes")
    heroes = []
    for i, hero in enumerate(ctx.party):
        from grognard.systems.heroquest.effects import memorise

        heroes.append(
            HeroFig(
                starts[i],
                hero.maximum("body"),
                hero.maximum("mind"),
                hero.maximum("magic"),
                items=(*hero.items, *hero.artifacts),
                gold=hero.gold,
                spells=memorise(hero),
            )
        )
    goal = ctx.quest.file.goal
    monsters = []
    for m in ctx.quest.file.monsters:
        stats = ctx.stats[m.id]
        status = (
            "held" if m.held else ("prisoner" if goal.kind == "rescue" and goal.target == m.id else "active")
        )
        monsters.append(MonsterFig(m.id, None if m.held else m.at, stats.body, status))
    state = QuestState(
        setup,
        tuple(heroes),
        tuple(monsters),
        tuple(d.state for d in ctx.doors),
        tuple("hidden" for _ in ctx.traps),
        deck=initial_deck(),
    )
    return begin(state)
