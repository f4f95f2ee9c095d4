"""Hero skills in play (lines 193-343): a registry of handlers by skill key, and the passive skills
played where their rule applies.

Each active or action skill has a `Handler`: what it offers (`skill:KEY` or `skill:KEY:ARG` actions) and
what it does. `kind` says how it fits the turn: "free" skills are declared without using the action
(line 166), "action" skills are the turn's action, "attack" skills are one of the turn's attacks.
Passive skills are listed in `PASSIVE` with the place that plays them; skills the game does not play yet
are in `NOT_PLAYED` with the reason, and using one raises `RuleNotImplementedError`.

Data-driven where the catalogue's `Effect` says it: dice bonuses and their duration, healing, extra
attacks, a point given up until the encounter ends (`body`, `mind`, `magic` below zero: Frenzy, Focus,
Combat Sorcery), the once-per-encounter limit. The hooks: who the skill reaches and the dice it rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import Protocol

from grognard.engine.dice.core import sum_distribution
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.combat_dice import binomial
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.skills.turn_attacks import attacks_allowed
from grognard.systems.heroquest.model.action_text import keyed
from grognard.systems.heroquest.model.edits import (
    add_monster_effects,
    chebyshev,
    drop_stealth,
    monster_index,
    note,
    seen_enemies,
    with_hero,
)
from grognard.systems.heroquest.model.effect_strings import has, total
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import CHANCES, Chance, required
from grognard.systems.heroquest.model.skill_registry import (
    HANDLERS,
    SKILLS,
    Handler,
    Offers,
    handler,
    register_skill,
)
from grognard.systems.heroquest.model.skill_registry import (
    NOT_PLAYED as NOT_PLAYED,  # re-exported: read by the checks
)
from grognard.systems.heroquest.model.skill_registry import (
    PASSIVE as PASSIVE,  # re-exported: read by the checks
)
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.effects import BERSERK, MANHANDLE, from_effect
from grognard.systems.heroquest.rules.targets import free_to_act
from grognard.systems.heroquest.rules.wounds import hurt_monster

_REGISTRY = SKILLS


# ---------------------------------------------------------------------------------------------------
# Offers and use


def _turn_allows(state: QuestState, i: int, kind: str) -> bool:
    turn = state.turn
    if kind == "action":
        return free_to_act(state)
    if kind == "attack":
        return not turn.acted and turn.attacks < attacks_allowed(state, i)
    return True


class Offering(Protocol):
    """A skill's handler as `skill_actions` reads it, a hero's or a monster's: its offers and its kind."""

    @property
    def offers(self) -> Offers: ...

    @property
    def kind(self) -> str: ...


def skill_actions(
    state: QuestState,
    who: int,
    keys: Iterable[str],
    handlers: Mapping[str, Offering],
    allows: Callable[[QuestState, int, str], bool],
) -> list[str]:
    """The `skill:KEY[:ARG]` actions of figure `who` (a hero's index or a monster's) for the skills
    `keys` it has: each with a handler whose kind the turn `allows`, once for each argument it offers
    ("" for none)."""
    out: list[str] = []
    for key in keys:
        h = handlers.get(key)
        if h is None or not allows(state, who, h.kind):
            continue
        out.extend(f"skill:{key}{':' + a if a else ''}" for a in h.offers(state, who))
    return out


def skill_uses(state: QuestState, i: int) -> list[str]:
    """The `skill:KEY[:ARG]` actions hero `i` has now."""
    keys = (hq.skill(name).key for name in state.hero_of(i).skills)
    return skill_actions(state, i, keys, HANDLERS, _turn_allows)


def use_skill(state: QuestState, i: int, arg: str) -> QuestState:
    """Hero `i` uses a skill; an action skill takes the turn's action."""
    read = keyed("skill", arg)
    key, rest = read.key, read.target
    h = handler(key)
    if h.kind == "action":
        state = replace(state, turn=replace(state.turn, acted=True))
    state = note(state, said("skill.uses", hero=i, hero_name=state.hero_of(i).name, skill=hq.skill(key).name))
    state = h.apply(state, i, rest)

    return drop_stealth(state, i) if h.kind != "free" else state


# ---------------------------------------------------------------------------------------------------
# Shared helpers


def skill_used(state: QuestState, i: int, key: str) -> bool:
    """True when hero `i` has used skill `key` within its limit."""
    return has(state.heroes[i].effects, f"used:{key}")


def skill_limit_ok(state: QuestState, i: int, key: str) -> bool:
    """Once per encounter (in one) or per quest, as the data says; a skill lasting the encounter also
    once per encounter (our ruling)."""
    e = hq.skill(key).effect
    if e.limit == "once-per-encounter" or e.duration == "encounter":
        return state.encounter and not skill_used(state, i, key)
    if e.limit == "once-per-quest":
        return not skill_used(state, i, key)
    return True


def mark_skills_used(state: QuestState, i: int, *keys: str, extra: tuple[str, ...] = ()) -> QuestState:
    """Hero `i` with skills `keys` marked used (for the encounter or the quest) and `extra` put on."""
    fig = state.heroes[i]
    limit = "quest" if hq.skill(keys[0]).effect.limit == "once-per-quest" else "encounter"
    marks = tuple(f"used:{k}|{limit}" for k in keys)
    return with_hero(state, i, replace(fig, effects=(*fig.effects, *marks, *extra)))


def resist_chance(mind: int) -> Fraction:
    """The chance an enemy rolling `mind` white dice gets no black shield: (5/6) ** mind."""
    return Fraction(5, 6) ** max(0, mind)


def subsets(ids: list[str], chance: dict[str, Fraction]) -> list[tuple[str, Fraction]]:
    """Every set of affected ids ("a+b", "" for none) with its chance, each affected independently."""
    out = []
    for picks in product((True, False), repeat=len(ids)):
        p = Fraction(1)
        for mid, hit in zip(ids, picks, strict=True):
            p *= chance[mid] if hit else 1 - chance[mid]
        if p:
            out.append(("+".join(m for m, hit in zip(ids, picks, strict=True) if hit), p))
    return out


# ---------------------------------------------------------------------------------------------------
# Dice bonuses from the data: Berserker, Manhandler, Dwarven Hardiness, Elven Finesse


def _bonus_offers(key: str, when: Callable[[QuestState, int], bool] | None = None) -> Offers:
    def offers(state: QuestState, i: int) -> list[str]:
        if not skill_limit_ok(state, i, key) or (when is not None and not when(state, i)):
            return []
        return [""]

    return offers


def _bonus(state: QuestState, i: int, key: str) -> QuestState:
    e = hq.skill(key).effect
    fig = state.heroes[i]
    hero = state.hero_of(i)
    duration = e.duration or (
        "next-attack" if e.attack_dice else "next-defend" if e.defend_dice else "one-turn"
    )
    added = [f"atk{e.attack_dice:+d}|{duration}"] if e.attack_dice else []
    added += [f"def{e.defend_dice:+d}|{duration}"] if e.defend_dice else []
    added += [f"xatk{e.extra_attacks:+d}|one-turn"] if e.extra_attacks else []
    body = min(hero.maximum("body"), fig.body + e.heal_body) if isinstance(e.heal_body, int) else fig.body
    state = with_hero(state, i, replace(fig, body=body))
    return mark_skills_used(state, i, key, extra=tuple(added))


def _data_skill(key: str, when: Callable[[QuestState, int], bool] | None = None) -> None:
    _REGISTRY.add(key, Handler(_bonus_offers(key, when), lambda s, i, _a: _bonus(s, i, key)))


def _marked(key: str, marker: str, when: Callable[[QuestState, int], bool] | None = None) -> None:
    """Skill `key`'s data bonus and the `marker` effect its rule reads where the dice are counted."""

    def apply(state: QuestState, i: int, _arg: str) -> QuestState:
        state = _bonus(state, i, key)
        fig = state.heroes[i]
        return with_hero(state, i, replace(fig, effects=(*fig.effects, marker)))

    _REGISTRY.add(key, Handler(_bonus_offers(key, when), apply))


# Berserker at two Body or fewer, its hits guaranteed (`guaranteed_hits`, line 199); Manhandler's second
# attack with base dice (`effects`, line 207).
_marked("berserker", f"{BERSERK}|next-attack", lambda s, i: s.heroes[i].body <= 2)
_marked("manhandler", f"{MANHANDLE}|one-turn")


def guaranteed_hits(state: QuestState, i: int) -> int:
    """The skulls hero `i`'s next attack counts at least: his base Attack under Berserker (line 199:
    "he is guaranteed as many hits as his base Attack number"), else 0."""
    return state.hero_of(i).base.attack if has(state.heroes[i].effects, BERSERK) else 0


_data_skill("dwarven-hardiness", lambda s, i: s.heroes[i].body < s.hero_of(i).maximum("body"))
_data_skill("elven-finesse")


# ---------------------------------------------------------------------------------------------------
# A point given up until the encounter ends: Frenzy, Focus, Combat Sorcery (lines 197, 228, 305)


def _loan_stat(key: str) -> str:
    e = hq.skill(key).effect
    return "body" if e.body < 0 else "mind" if e.mind < 0 else "magic"


def _loan_offers(key: str) -> Offers:
    def offers(state: QuestState, i: int) -> list[str]:
        stat = _loan_stat(key)
        if not skill_limit_ok(state, i, key) or getattr(state.heroes[i], stat) < 2:
            return []
        return [""] if hq.skill(key).effect.attack_dice else ["attack", "defend"]

    return offers


def _loan(state: QuestState, i: int, key: str, choice: str) -> QuestState:
    e = hq.skill(key).effect
    stat = _loan_stat(key)
    fig = state.heroes[i]
    points = -(e.body or e.mind or e.magic)
    dice = from_effect(e) or [f"{'atk' if choice == 'attack' else 'def'}+1|encounter"]
    fig = replace(fig, **{stat: getattr(fig, stat) - points})
    state = with_hero(state, i, fig)
    return mark_skills_used(state, i, key, extra=(*dice, f"loan_{stat}{points:+d}|encounter"))


def _loan_skill(key: str) -> None:
    def apply(state: QuestState, i: int, choice: str) -> QuestState:
        return _loan(state, i, key, choice)

    _REGISTRY.add(key, Handler(_loan_offers(key), apply))


for _key in ("frenzy", "focus", "combat-sorcery"):
    _loan_skill(_key)


def repay_loans(effects: tuple[str, ...]) -> dict[str, int]:
    """The points given up that come back when the encounter ends, by attribute."""
    return {stat: total(effects, f"loan_{stat}") for stat in ("body", "mind", "magic")}


# ---------------------------------------------------------------------------------------------------
# Inspire Courage and Inspire Valour (lines 230-232): every visible companion, one turn


def _companions(state: QuestState, i: int) -> list[int]:
    at = state.heroes[i].at
    assert at is not None
    return [
        k
        for k, h in enumerate(state.heroes)
        if k != i
        and h.status == "active"
        and h.at is not None
        and sees(state.layout, at, h.at, state.figures)
    ]


def _inspire_offers(key: str) -> Offers:
    def offers(state: QuestState, i: int) -> list[str]:
        hero = state.hero_of(i)
        if key == "inspire-courage" and hero.knows_skill("Inspire Valour"):
            return []  # Valour is used in place of Courage (line 232)
        if (
            skill_used(state, i, "inspire-courage")
            or not skill_limit_ok(state, i, key)
            or not _companions(state, i)
        ):
            return []
        return [""]

    return offers


def _inspire(state: QuestState, i: int, key: str) -> QuestState:
    added = tuple(from_effect(hq.skill(key).effect))
    for k in _companions(state, i):
        ally = state.heroes[k]
        state = with_hero(state, k, replace(ally, effects=(*ally.effects, *added)))
    return mark_skills_used(state, i, "inspire-courage", key)


def _inspire_skill(key: str) -> None:
    def apply(state: QuestState, i: int, _arg: str) -> QuestState:
        return _inspire(state, i, key)

    _REGISTRY.add(key, Handler(_inspire_offers(key), apply))


for _key in ("inspire-courage", "inspire-valour"):
    _inspire_skill(_key)


# ---------------------------------------------------------------------------------------------------
# Battle Roar (line 201), Frightening Battle Roar (line 203), Savagery (line 205)


def _roar_targets(state: QuestState, i: int) -> list[int]:
    return [j for j in seen_enemies(state, i) if not state.stats_of(j).undead]


def _roar_offers(state: QuestState, i: int) -> list[str]:
    return [""] if skill_limit_ok(state, i, "battle-roar") and _roar_targets(state, i) else []


@register_skill("battle-roar", _roar_offers)
def battle_roar(state: QuestState, i: int, _arg: str) -> QuestState:
    """Every visible living enemy rolls a white die per Mind point (a chance node over who is shaken)."""
    ids = ",".join(state.monsters[j].id for j in _roar_targets(state, i))
    return replace(mark_skills_used(state, i, "battle-roar"), pending=Pending("roar", who=i, ref=ids))


def _savage_targets(state: QuestState, i: int) -> list[int]:
    at = state.heroes[i].at
    assert at is not None
    return [
        j
        for j, m in enumerate(state.monsters)
        if m.status == "active"
        and m.at is not None
        and chebyshev(at, m.at) == 1
        and not state.stats_of(j).undead
    ]


def _savage_offers(state: QuestState, i: int) -> list[str]:
    ok = has(state.heroes[i].effects, "killed") and skill_limit_ok(state, i, "savagery")
    return [""] if ok and _savage_targets(state, i) else []


@register_skill("savagery", _savage_offers)
def savagery(state: QuestState, i: int, _arg: str) -> QuestState:
    """After a kill, the enemies within one square roll white dice for their Mind."""
    ids = ",".join(state.monsters[j].id for j in _savage_targets(state, i))
    return replace(mark_skills_used(state, i, "savagery"), pending=Pending("savage", who=i, ref=ids))


def fear_outcomes(state: QuestState, p: Pending) -> list[tuple[str, Fraction]]:
    """Who is affected by a roar or savagery: each enemy unless it rolls a black shield."""
    ids = [x for x in p.ref.split(",") if x]
    chance = {mid: resist_chance(state.stats_of(monster_index(state, mid)).mind) for mid in ids}
    return subsets(ids, chance)


def fear_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """A roar lowers each affected enemy's Defend by one until its next turn ends (adjacent ones lose a
    Body point with Frightening Battle Roar); savagery makes them flee and halves their defend dice."""
    hit = [x for x in move.split("+") if x]
    at = state.heroes[p.who].at
    for mid in hit:
        j = monster_index(state, mid)
        if p.kind == "roar":
            state = add_monster_effects(state, j, "def-1|next-turn")
            m = state.monsters[j]
            near = at is not None and m.at is not None and chebyshev(at, m.at) == 1
            if near and state.hero_of(p.who).knows_skill("Frightening Battle Roar"):
                state = hurt_monster(state, j, 1, killer=p.who)
        else:
            state = add_monster_effects(state, j, "flee|next-turn", "halfdef|next-turn")
    names = tuple(state.ctx.monster(m).name for m in hit)
    return note(state, said("status.shaken", names=names))


# ---------------------------------------------------------------------------------------------------
# Stare Down (line 236)


def _stare_offers(state: QuestState, i: int) -> list[str]:
    if not skill_limit_ok(state, i, "stare-down"):
        return []
    return [state.monsters[j].id for j in seen_enemies(state, i)]


@register_skill("stare-down", _stare_offers)
def stare_down(state: QuestState, i: int, mid: str) -> QuestState:
    """Red dice for the hero's Mind against the enemy's: more, and it may not defend this turn."""
    j = monster_index(state, mid)
    p = Pending("stare", who=i, target=j, dice=state.heroes[i].mind, need=state.stats_of(j).mind)
    return replace(mark_skills_used(state, i, "stare-down"), pending=p)


def more_chance(mine: int, theirs: int) -> Fraction:
    """The chance `mine` red dice total more than `theirs`."""
    a = sum_distribution(mine, 6) if mine else {0: Fraction(1)}
    b = sum_distribution(theirs, 6) if theirs else {0: Fraction(1)}
    return sum((pa * pb for x, pa in a.items() for y, pb in b.items() if x > y), Fraction(0))


def stare_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """The stared-down enemy rolls no defend dice for the rest of the hero's turn."""
    if move != "wins":
        return note(
            state, said("attack.holds-stare", monster=p.target, monster_name=state.stats_of(p.target).name)
        )
    state = add_monster_effects(state, p.target, "nodef|hero-turn")
    return note(
        state, said("attack.stared-down", monster=p.target, monster_name=state.stats_of(p.target).name)
    )


# ---------------------------------------------------------------------------------------------------
# Chance nodes of the skills


def skill_outcomes(state: QuestState, p: Pending) -> list[tuple[str | int, Fraction]] | None:
    """The exact outcomes of a skill's chance node, or None when `p` is not one."""
    kind = p.kind
    if kind in ("roar", "savage"):
        return list(fear_outcomes(state, p))
    if kind == "stare":
        win = more_chance(p.dice, p.need)
        return [(k, q) for k, q in (("wins", win), ("fails", 1 - win)) if q]
    if kind == "hide":
        win = more_chance(p.dice, p.need)
        return [(k, q) for k, q in (("hidden", win), ("seen", 1 - win)) if q]
    if kind == "daze":
        stay = resist_chance(p.dice)
        return [(k, q) for k, q in (("dazed", stay), ("steady", 1 - stay)) if q]
    if kind == "snare":
        return [(0, Fraction(1, 2)), (1, Fraction(1, 2))]
    if kind == "dig":
        miss = Fraction(1, 2) ** p.dice
        return [(k, q) for k, q in (("cleared", 1 - miss), ("holds", miss)) if q]
    if kind == "aware":
        dist = binomial(p.dice, Fraction(1, 3))
        out: dict[str, Fraction] = {}
        for n, q in dist.items():
            label = "none" if n == 0 else "where" if n < 3 else "what"
            out[label] = out.get(label, Fraction(0)) + q
        return [(k, q) for k, q in out.items() if q]
    return None


def skill_result(state: QuestState, p: Pending, move: object) -> QuestState | None:
    """The state after a skill's chance node came out as `move`, or None when `p` is not one."""
    kind = p.kind
    if kind in ("roar", "savage"):
        return fear_result(state, p, str(move))
    if kind == "stare":
        return stare_result(state, p, str(move))
    if kind == "snare":
        return hurt_monster(state, p.who, int(str(move)), killer=p.target)
    return None


SKILL_KINDS = ("roar", "savage", "stare", "snare")
"""The chance nodes of the skills played here (drawn by their chances, no dice shown); `skill_outcomes`
also gives those of Hide, Dig and Awareness (`skill_moves`) and Daze (`skill_combat`)."""

for _kind in SKILL_KINDS:
    CHANCES.add(_kind, Chance(required(skill_outcomes), required(skill_result)))
