"""Monster skills in play (lines 615-937): a registry of the game master's skill actions by key, and the
passive skills with the place that plays each.

A monster uses only the skills its quest gives it (`monster_gear`). An active skill is offered in the
game master's turn as `skill:KEY` or `skill:KEY:ARG` (`offers`), and `use` plays it. `kind` says how it
fits the monster's turn: "attack" skills are one of its attacks (Bite, Stomp, Toss, Shield Bash, Sweep
Attack), "action" skills are used instead of attacking (Kidnap, Curse, Stone Gaze, Set Trap, Theft),
"free" ones cost nothing (Vile Courage, letting go of a Bear Hug). Passive skills are in `PASSIVE` with
where their rule is played; a skill the game could not play would be in `NOT_PLAYED`, and using it raises
`RuleNotImplementedError`. The automatic game master's choices are in `monster_gm`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from grognard.engine.features import Registry
from grognard.engine.game import Move, Outcome
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square, neighbours
from grognard.systems.heroquest.content.combat_dice import damage
from grognard.systems.heroquest.content.geometry import can_attack_close, orthogonal
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.skills.skills import more_chance, skill_actions
from grognard.systems.heroquest.model.action_text import aim, keyed
from grognard.systems.heroquest.model.edits import note, trap_here, with_hero, with_monster
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import CHANCES, Chance
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.effects import monster_attack_dice
from grognard.systems.heroquest.rules.monster_gear import attacks_allowed, untouchable
from grognard.systems.heroquest.rules.monster_wounds import (
    carrying,
    hugged,
    hugging,
    kidnapped,
    release,
    stone,
    tagged,
    untag,
)
from grognard.systems.heroquest.rules.targets import monster_targets
from grognard.systems.heroquest.rules.wounds import begin_attack

Offers = Callable[[QuestState, int], list[str]]
Apply = Callable[[QuestState, int, str], QuestState]
GmPick = Callable[[QuestState, int, list[str]], str | None]


@dataclass(frozen=True)
class Handler:
    """How one monster skill is played: its offers (argument strings, "" for none), its effect, its kind,
    and (`gm_pick`) which of its offered actions the automatic game master takes, if any: read by
    `monster_gm` for a skill its own ordered policy does not name."""

    offers: Offers
    apply: Apply
    kind: str = "free"
    gm_pick: GmPick | None = None


HANDLERS: dict[str, Handler] = {}
"""The game master's active monster skills by key."""

PASSIVE: dict[str, str] = {
    "swarm": "monster_gear.attack_dice: +1 with another of its kind in the room (line 623)",
    "minor-dread": "monster_turns.hero_turn_begins: the red die of each hero who sees it (line 645)",
    "dread": "monster_turns.hero_turn_begins: as Minor Dread, two dice (line 737)",
    "pestilence": "monster_wounds.struck: a skull after damage, one Body a turn until healed (line 669)",
    "rush": "monster_gear.attack_dice: +1 after crossing more than two squares this turn (line 689)",
    "tail-attack": "monster_wounds.defended: one die the hero cannot defend after its defence (line 713)",
    "disarm": "monster_wounds.defended: once an encounter, the hero's weapon away (line 757)",
    "pincer-attack": "monster_wounds.struck: the first of two on either side attacks again (line 759)",
    "dual-wielding": "monster_gear: a second attack with the lesser weapon, half the dice (line 343)",
    "ambush": "monster_flight.lurk: unseen until it moves or attacks or a hero comes within two (line 803)",
    "ranged-accuracy": "monster_gear.shot_targets: a shot past a figure at one die fewer (line 337)",
    "maul": "monster_wounds.struck: half the defend dice until healed (line 869)",
    "claw-swipe": "monster_kit.monster_stats and monster_gear.attacks_allowed: a second attack on base "
    "Attack (line 913)",
}
"""Passive monster skills (and those played at once, as any game master would) and where."""

NOT_PLAYED: dict[str, str] = {}
"""Monster skills the game does not play; using one raises `RuleNotImplementedError`."""

_REGISTRY = Registry("monster skill", HANDLERS, PASSIVE, NOT_PLAYED)
handler = _REGISTRY.lookup
"""The handler of a monster skill; `RuleNotImplementedError` for one the game does not play."""


def _register(
    key: str, offers: Offers, kind: str = "free", gm_pick: GmPick | None = None
) -> Callable[[Apply], Apply]:
    return _REGISTRY.register(key, lambda apply: Handler(offers, apply, kind, gm_pick))


# ---------------------------------------------------------------------------------------------------
# Offers and use


def _used(state: QuestState, j: int, key: str) -> bool:
    return f"used:{key}|encounter" in state.monsters[j].effects


def _mark(state: QuestState, j: int, key: str) -> QuestState:
    m = state.monsters[j]
    return with_monster(state, j, replace(m, effects=(*m.effects, f"used:{key}|encounter")))


def may_attack(state: QuestState, j: int) -> bool:
    """True while monster `j` may still attack this turn: no action used instead, attacks left, not
    dazed or fleeing (Shield Bash, Savagery), holding or carrying no hero."""
    m = state.monsters[j]
    return (
        not state.turn.acted
        and state.turn.attacks < attacks_allowed(state, j)
        and not has(m.effects, "noattack")
        and not has(m.effects, "flee")
        and carrying(state, j) is None
        and hugging(state, j) is None
    )


def _turn_allows(state: QuestState, j: int, kind: str) -> bool:
    if kind == "attack":
        return may_attack(state, j)
    if kind == "action":
        return may_attack(state, j) and state.turn.attacks == 0
    return True


def offers(state: QuestState, j: int) -> list[str]:
    """The `skill:KEY[:ARG]` actions monster `j` has now."""
    keys = (hq.key_of(name) for name in state.stats_of(j).skills)
    return skill_actions(state, j, keys, HANDLERS, _turn_allows)


def use(state: QuestState, j: int, arg: str) -> QuestState:
    """Monster `j` uses a skill; an action skill is its attack for the turn."""
    read = keyed("skill", arg)
    key, rest = read.key, read.target
    h = handler(key)
    if h.kind == "action":
        state = replace(state, turn=replace(state.turn, acted=True))
    state = note(
        state,
        said(
            "skill.monster-uses",
            monster=j,
            monster_name=state.stats_of(j).name,
            skill=hq.monster_skill(key).name,
        ),
    )
    return h.apply(state, j, rest)


def restrict(state: QuestState, j: int, actions: list[str]) -> list[str]:
    """The game master's actions for monster `j` with its skills added and what they forbid taken away:
    no attack after an action or while holding or carrying a hero; no moving while holding one."""
    held = hugging(state, j) is not None
    out = [
        a
        for a in actions
        if a != "end"
        and not (a.startswith(("attack:", "throw:")) and not may_attack(state, j))
        and not (held and (a == "roll" or a.startswith("move:")))
    ]
    return [*out, *offers(state, j), "end"]


# ---------------------------------------------------------------------------------------------------
# Who is where


def beside(state: QuestState, j: int) -> list[int]:
    """The heroes beside monster `j` (side by side, the edge open) that it may lay hands on."""
    at = state.monsters[j].at
    assert at is not None
    return [
        i
        for i, h in enumerate(state.heroes)
        if h.status == "active"
        and h.at is not None
        and orthogonal(at, h.at)
        and state.layout.open_between(at, h.at)
        and not untouchable(state, i)
    ]


def in_sight(state: QuestState, j: int) -> list[int]:
    """The heroes monster `j` sees that it may single out."""
    at = state.monsters[j].at
    assert at is not None
    return [
        i
        for i, h in enumerate(state.heroes)
        if h.status == "active"
        and h.at is not None
        and not untouchable(state, i)
        and sees(state.layout, at, h.at, state.figures)
    ]


def _hero_arg(arg: str) -> int:
    return aim(arg).hero_index


def _attack(state: QuestState, j: int, i: int, then: str) -> QuestState:
    """An attack on base Attack dice (Bite, Stomp, Toss, Shield Bash), with what follows a hit."""
    state = begin_attack(state, "monster", j, i)
    p = state.pending
    assert p is not None
    return replace(
        state,
        pending=replace(p, dice=monster_attack_dice(state, j, p.target, base=True), then=then, ref=""),
    )  # not a blow of its weapon: no battle axe's concussion (line 369)


def _beside_offers(state: QuestState, j: int) -> list[str]:
    return [f"h{i}" for i in beside(state, j)]


# ---------------------------------------------------------------------------------------------------
# Attacks on base dice: Bite (625), Stomp (915), Shield Bash (341), Toss (937)


@_register("bite", _beside_offers, "attack")
def bite(state: QuestState, j: int, arg: str) -> QuestState:
    """Base Attack dice; a hero it damages rolls one defend die fewer until healed."""
    return _attack(state, j, _hero_arg(arg), "bite")


@_register("stomp", _beside_offers, "attack")
def stomp(state: QuestState, j: int, arg: str) -> QuestState:
    """Base Attack dice at one hero; a hit knocks back every figure beside the stomper that fails its
    white die (`monster_turns`)."""
    return _attack(state, j, _hero_arg(arg), "stomp")


def _bash_offers(state: QuestState, j: int) -> list[str]:
    return _beside_offers(state, j) if state.stats_of(j).shield else []


@_register("shield-bash", _bash_offers, "attack")
def shield_bash(state: QuestState, j: int, arg: str) -> QuestState:
    """The shield on base Attack dice; a hit dazes the hero unless his Mind dice show a black shield."""
    return _attack(state, j, _hero_arg(arg), "bash")


def toss_landings(state: QuestState, j: int, i: int) -> list[Square]:
    """Where monster `j` may throw hero `i` (line 937): up to five squares in a straight line in one of
    the four directions a figure moves (line 76), over free floor; a figure in the way may be the mark
    (he is thrown into it)."""
    layout = state.layout
    at = state.heroes[i].at
    me = state.monsters[j].at
    assert at is not None and me is not None
    out: list[Square] = []
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        here = at
        for _ in range(5):
            there = (here[0] + dx, here[1] + dy)
            if there == me or not layout.board.is_floor(there) or layout.solid(there):
                break
            if not layout.open_between(here, there):
                break
            out.append(there)
            if there in state.figures:
                break
            here = there
    return out


def _toss_offers(state: QuestState, j: int) -> list[str]:
    return [f"h{i}@{x},{y}" for i in beside(state, j) for x, y in toss_landings(state, j, i)]


@_register("toss", _toss_offers, "attack")
def toss(state: QuestState, j: int, arg: str) -> QuestState:
    """Base Attack dice at a hero beside it; a hit throws him to the square named (`monster_turns`)."""
    return _attack(state, j, _hero_arg(arg), f"toss@{aim(arg).at or ''}")


# ---------------------------------------------------------------------------------------------------
# Sweep Attack (lines 335, 647)


def sweep_path(state: QuestState, j: int, i: int) -> list[int]:
    """The heroes a sweep meets going round the monster from hero `i`, until an empty square or another
    monster (its own side's figure stops the sweep, line 335)."""
    at = state.monsters[j].at
    first = state.heroes[i].at
    assert at is not None and first is not None
    ring = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
    start = ring.index((first[0] - at[0], first[1] - at[1]))
    by_square = {h.at: k for k, h in enumerate(state.heroes) if h.status == "active" and h.at is not None}
    path: list[int] = []
    for n in range(8):
        dx, dy = ring[(start + n) % 8]
        square = (at[0] + dx, at[1] + dy)
        k = by_square.get(square)
        if (
            k is None
            or untouchable(state, k)
            or not can_attack_close(state.layout, at, square, diagonal_weapon=True, figures=state.figures)
        ):
            break
        path.append(k)
    return path


def _sweep_offers(state: QuestState, j: int) -> list[str]:
    if _used(state, j, "sweep-attack") or not state.stats_of(j).diagonal or not state.encounter:
        return []
    at = state.monsters[j].at
    assert at is not None
    out = []
    for i in monster_targets(state, j):
        h = state.heroes[i].at
        if (
            h is not None
            and max(abs(h[0] - at[0]), abs(h[1] - at[1])) == 1
            and len(sweep_path(state, j, i)) > 1
        ):
            out.append(f"h{i}")
    return out


@_register("sweep-attack", _sweep_offers, "attack")
def sweep_attack(state: QuestState, j: int, arg: str) -> QuestState:
    """Full dice on the first hero of the sweep; each hit carries on to the next with one die fewer."""
    i = _hero_arg(arg)
    rest = ",".join(str(k) for k in sweep_path(state, j, i)[1:])
    state = begin_attack(_mark(state, j, "sweep-attack"), "monster", j, i)
    p = state.pending
    assert p is not None
    return replace(state, pending=replace(p, then=f"msweep:{rest}"))


# ---------------------------------------------------------------------------------------------------
# Actions instead of an attack: Kidnap (711), Curse (735), Stone Gaze (781), Set Trap (847), Theft (849)


def _kidnap_offers(state: QuestState, j: int) -> list[str]:
    if state.turn.rolled or carrying(state, j) is not None:
        return []  # he cannot move and then kidnap on the same turn
    return [f"h{i}" for i in beside(state, j) if not hugged(state, i)]


@_register("kidnap", _kidnap_offers, "action")
def kidnap(state: QuestState, j: int, arg: str) -> QuestState:
    """Base Attack dice against the hero's base defend dice; if the fimir wins it carries him off."""
    i = _hero_arg(arg)
    p = Pending(
        "m-kidnap", who=j, target=i, dice=state.stats_of(j).base_attack, need=state.hero_of(i).base.defend
    )
    return replace(state, pending=p)


def kidnap_chance(p: Pending) -> Fraction:
    """The chance the fimir's base Attack dice beat the hero's base defend dice (a hit gets through)."""
    return 1 - damage(p.dice, p.need, "hero").get(0, Fraction(0))


def _curse_offers(state: QuestState, j: int) -> list[str]:
    if _used(state, j, "curse") or not state.encounter:
        return []
    return [f"h{i}" for i in in_sight(state, j) if tagged(state.heroes[i].effects, "curse") is None]


@_register("curse", _curse_offers, "action")
def curse(state: QuestState, j: int, arg: str) -> QuestState:
    """Once an encounter: the hero dies after his next three turns unless the mummy is slain."""
    i = _hero_arg(arg)
    fig = state.heroes[i]
    mid = state.monsters[j].id
    state = with_hero(state, i, replace(fig, effects=(*fig.effects, f"curse@{mid}+3|quest")))
    return note(
        _mark(state, j, "curse"),
        said("turn.cursed-three-turns-live", hero=i, hero_name=state.hero_of(i).name),
    )


def _gaze_offers(state: QuestState, j: int) -> list[str]:
    if _used(state, j, "stone-gaze") or not state.encounter:
        return []
    return [f"h{i}" for i in in_sight(state, j)]


@_register("stone-gaze", _gaze_offers, "action")
def stone_gaze(state: QuestState, j: int, arg: str) -> QuestState:
    """Once an encounter: red dice for its base Mind against red dice for the hero's base Defend; the
    gargoyle's greater turns him to stone."""
    i = _hero_arg(arg)
    p = Pending("m-gaze", who=j, target=i, dice=state.stats_of(j).mind, need=state.hero_of(i).base.defend)
    return replace(_mark(state, j, "stone-gaze"), pending=p)


def _gaze_outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]]:
    win = more_chance(p.dice, p.need)
    return [(k, q) for k, q in (("stone", win), ("resists", 1 - win)) if q]


def _gaze_result(state: QuestState, p: Pending, move: Move) -> QuestState:
    i = p.target
    name = state.hero_of(i).name
    if move != "stone":
        return note(state, said("status.meets-gargoyle-gaze-holds", hero=i, name=name))
    fig = state.heroes[i]
    state = with_hero(state, i, replace(fig, effects=(*fig.effects, "stone|quest")))
    return note(state, said("turn.turned-stone", hero=i, name=name))


CHANCES.add("m-gaze", Chance(_gaze_outcomes, _gaze_result))  # drawn by its chance (line 781)


def icicle_squares(state: QuestState) -> frozenset[Square]:
    """The squares of the stalactite traps ice gremlins have set and no hero has sprung or found."""
    out = set()
    for s in state.icicles:
        x, y = s.split(",")
        out.add((int(x), int(y)))
    return frozenset(out)


def all_traps(state: QuestState) -> frozenset[Square]:
    """Every square of a trap still dangerous (the game master's monsters never step on one), the ice
    gremlins' stalactites too (line 847)."""
    traps = frozenset(s for i, t in enumerate(state.ctx.traps) for s in t.squares if trap_here(state, s) == i)
    return traps | icicle_squares(state)


def _trap_offers(state: QuestState, j: int) -> list[str]:
    at = state.monsters[j].at
    assert at is not None
    layout = state.layout
    taken = state.figures | icicle_squares(state) | state.ctx.stairs
    return [
        f"{s[0]},{s[1]}"
        for s in sorted(neighbours(at))
        if layout.board.is_floor(s)
        and not layout.solid(s)
        and layout.open_between(at, s)
        and s not in taken
        and trap_here(state, s) is None
    ]


@_register("set-trap", _trap_offers, "action")
def set_trap(state: QuestState, j: int, arg: str) -> QuestState:
    """A stalactite trap on a free square beside the gremlin, hidden from the heroes."""
    return replace(state, icicles=tuple(sorted({*state.icicles, arg})))


def _theft_offers(state: QuestState, j: int) -> list[str]:
    if tagged(state.monsters[j].effects, "loot") is not None:
        return []
    return [
        f"h{i}={hq.key_of(item)}" for i in beside(state, j) for item in dict.fromkeys(state.heroes[i].items)
    ]


@_register("theft", _theft_offers, "action")
def theft(state: QuestState, j: int, arg: str) -> QuestState:
    """An item the hero carries but does not hold is stolen; the gremlin then runs away with it."""
    i = _hero_arg(arg)
    key = arg.partition("=")[2]
    fig = state.heroes[i]
    item = next(n for n in fig.items if hq.key_of(n) == key)
    items = list(fig.items)
    items.remove(item)
    state = with_hero(state, i, replace(fig, items=tuple(items)))
    m = state.monsters[j]
    state = with_monster(
        state, j, replace(m, effects=(*m.effects, f"loot@{i}@{item}|quest", "running|quest"))
    )
    return note(
        state,
        said(
            "item.snatches",
            hero=i,
            monster=j,
            monster_name=state.stats_of(j).name,
            hero_name=state.hero_of(i).name,
            item=item,
        ),
    )


# ---------------------------------------------------------------------------------------------------
# Free: Vile Courage (691), letting go of a Bear Hug (891)


def _mind_left(state: QuestState, j: int) -> int:
    return state.stats_of(j).mind  # less the points given up or lost (`QuestState.stats_of`)


def _courage_for(state: QuestState, j: int) -> list[int]:
    at = state.monsters[j].at
    assert at is not None
    return [
        k
        for k, o in enumerate(state.monsters)
        if o.status in ("active", "lurking")
        and o.at is not None
        and (k == j or sees(state.layout, at, o.at, state.figures))
        and not has(o.effects, "courage")
    ]


def _courage_offers(state: QuestState, j: int) -> list[str]:
    if _used(state, j, "vile-courage") or not state.encounter or _mind_left(state, j) < 1:
        return []
    return [""] if _courage_for(state, j) else []


@_register("vile-courage", _courage_offers)
def vile_courage(state: QuestState, j: int, _arg: str) -> QuestState:
    """A Mind point given up: every enemy in its sight (itself too) defends with one more die until the
    encounter ends (not twice over)."""
    helped = _courage_for(state, j)
    m = state.monsters[j]
    state = with_monster(state, j, replace(m, effects=(*m.effects, "mind-1|quest")))
    for k in helped:
        o = state.monsters[k]
        state = with_monster(
            state, k, replace(o, effects=(*o.effects, "courage|encounter", "def+1|encounter"))
        )
    names = tuple(state.stats_of(k).name for k in helped)
    return note(_mark(state, j, "vile-courage"), said("status.courage", names=names))


def _release_offers(state: QuestState, j: int) -> list[str]:
    return ["release"] if hugging(state, j) is not None else []


@_register("bear-hug", _release_offers)
def bear_hug(state: QuestState, j: int, _arg: str) -> QuestState:
    """The yeti lets go (the grip itself is taken at once after a hit, `monster_wounds.struck`)."""
    i = hugging(state, j)
    assert i is not None
    state = with_monster(state, j, release(state.monsters[j]))
    fig = state.heroes[i]
    return with_hero(state, i, replace(fig, effects=untag(fig.effects, "hugged")))


def can_be_kidnapped(state: QuestState, i: int) -> bool:
    """True for a hero a fimir may seize: on the board, not already carried off or turned to stone."""
    return kidnapped(state, i) is None and not stone(state, i)
