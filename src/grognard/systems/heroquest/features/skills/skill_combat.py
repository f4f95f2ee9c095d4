"""Skills that strike or shield (lines 195, 224, 253, 280, 335-343): Mighty Toss, Backstab, Shield Bash,
Sweep Attack, Telekinesis, Bodyguard, Riposte, and the Dual-Wielding check.
Registered in `skills.HANDLERS`."""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.geometry import can_target
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.items.weapons import axe_only, hero_axe, with_axe
from grognard.systems.heroquest.features.skills.skills import (
    mark_skills_used,
    skill_limit_ok,
    skill_outcomes,
    skill_used,
)
from grognard.systems.heroquest.features.skills.turn_attacks import dual_wielding
from grognard.systems.heroquest.model.action_text import keyed
from grognard.systems.heroquest.model.edits import (
    active_heroes,
    add_monster_effects,
    chebyshev,
    drop_stealth,
    monster_index,
    note,
    tossed,
    with_hero,
)
from grognard.systems.heroquest.model.effect_strings import has, parse, total
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    CHANCES,
    HERO_TURN_STARTS,
    Chance,
    TurnStart,
    TurnStep,
    required,
)
from grognard.systems.heroquest.model.skill_registry import register_skill
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.effects import monster_defend_dice
from grognard.systems.heroquest.rules.gear import armour_of, weapon_of
from grognard.systems.heroquest.rules.targets import hero_targets
from grognard.systems.heroquest.rules.wounds import begin_attack

# ---------------------------------------------------------------------------------------------------
# Attacks: Mighty Toss (195), Backstab (253), Shield Bash (341), Sweep Attack (335), Telekinesis (280)


def _weapon(state: QuestState, i: int) -> hq.Weapon | None:
    name = state.hero_of(i).equipped.weapon
    if "disarmed|encounter" in state.heroes[i].effects:
        return None  # knocked away by a chaos warrior (line 757)
    return weapon_of(name) if name else None


def recover_weapon(state: QuestState, i: int) -> QuestState:
    """A hero beside (or on) the square where his thrown weapon lies picks it up again (line 195)."""
    fig = state.heroes[i]
    where = tossed(fig.effects)
    if where is None or fig.at is None or chebyshev(fig.at, where) > 1:
        return state
    effects = tuple(e for e in fig.effects if not parse(e)[0].startswith("tossed@"))
    return note(
        with_hero(state, i, replace(fig, effects=effects)),
        said("item.picks-up-weapon", hero=i, hero_name=state.hero_of(i).name),
    )


def _toss_offers(state: QuestState, i: int) -> list[str]:
    w = _weapon(state, i)
    fig = state.heroes[i]
    if w is None or w.ranged or tossed(fig.effects) is not None or fig.at is None:
        return []
    return [
        m.id
        for m in state.monsters
        if m.status == "active" and m.at is not None and can_target(state.layout, fig.at, m.at, state.figures)
    ]


@register_skill("mighty-toss", _toss_offers, "attack")
def mighty_toss(state: QuestState, i: int, mid: str) -> QuestState:
    """The melee weapon thrown with full dice at any enemy in sight; it lies on the enemy's square."""
    j = monster_index(state, mid)
    at = state.monsters[j].at
    assert at is not None
    state = begin_attack(state, "hero", i, j)
    fig = state.heroes[i]
    return with_hero(state, i, replace(fig, effects=(*fig.effects, f"tossed@{at[0]},{at[1]}|quest")))


def _behind(state: QuestState, i: int, j: int) -> bool:
    """Directly behind: another hero faces the enemy from the square opposite (our reading; figures have
    no facing), or the hero is unseen in stealth."""
    at = state.heroes[i].at
    m = state.monsters[j].at
    assert at is not None and m is not None
    if has(state.heroes[i].effects, "stealth"):
        return True
    opposite = (2 * m[0] - at[0], 2 * m[1] - at[1])
    return abs(at[0] - m[0]) + abs(at[1] - m[1]) == 1 and opposite in state.hero_squares


def _backstab_offers(state: QuestState, i: int) -> list[str]:
    if dual_wielding(state, i) and state.turn.attacks:
        return []
    return [state.monsters[j].id for j in hero_targets(state, i) if _behind(state, i, j)]


@register_skill("backstab", _backstab_offers, "attack")
def backstab(state: QuestState, i: int, mid: str) -> QuestState:
    """One more attack die from behind; from stealth the victim rolls half its defend dice (rounded up),
    or none with Improved Stealth (lines 257-259)."""
    j = monster_index(state, mid)
    hidden = has(state.heroes[i].effects, "stealth")
    state = begin_attack(state, "hero", i, j)
    p = state.pending
    assert p is not None
    need = p.need
    if hidden:
        need = 0 if state.hero_of(i).knows_skill("Improved Stealth") else (need + 1) // 2
    state = replace(state, pending=replace(p, dice=p.dice + 1, need=need))
    return drop_stealth(state, i)


def _has_shield(state: QuestState, i: int) -> bool:
    off = state.hero_of(i).equipped.off_hand
    return off is not None and armour_of(off) is not None


def _bash_offers(state: QuestState, i: int) -> list[str]:
    if not _has_shield(state, i) or (_weapon(state, i) or hq.weapon("dagger")).ranged:
        return []
    return [state.monsters[j].id for j in hero_targets(state, i)]


@register_skill("shield-bash", _bash_offers, "attack")
def shield_bash(state: QuestState, i: int, mid: str) -> QuestState:
    """An attack with the shield on base Attack dice; a hit may daze the enemy (line 341)."""
    j = monster_index(state, mid)
    state = begin_attack(state, "hero", i, j)
    base = state.hero_of(i).base.attack + total(state.heroes[i].effects, "atk")
    return replace(
        state,
        pending=Pending(
            "attack",
            who=i,
            target=j,
            dice=max(1, base),
            need=monster_defend_dice(state, j),
            side="hero",
            then="bash",
        ),
    )


def daze_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """A dazed enemy may not attack in its next turn."""
    if move == "dazed":
        state = add_monster_effects(state, p.target, "noattack|next-turn")
        return note(state, said("attack.dazed", monster=p.target, monster_name=state.stats_of(p.target).name))
    return note(
        state, said("attack.shakes-off-blow", monster=p.target, monster_name=state.stats_of(p.target).name)
    )


def _sweep_path(state: QuestState, i: int, j: int) -> list[int]:
    """The enemies a sweep meets going round the hero from enemy `j`, until an empty square or a hero."""
    at = state.heroes[i].at
    first = state.monsters[j].at
    assert at is not None and first is not None
    ring = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
    start = ring.index((first[0] - at[0], first[1] - at[1]))
    by_square = {m.at: k for k, m in enumerate(state.monsters) if m.status == "active" and m.at is not None}
    path = []
    for n in range(8):
        dx, dy = ring[(start + n) % 8]
        square = (at[0] + dx, at[1] + dy)
        if square not in by_square:
            break
        path.append(by_square[square])
    return path


def _sweep_offers(state: QuestState, i: int) -> list[str]:
    w = _weapon(state, i)
    if w is None or not w.two_handed or w.ranged or not skill_limit_ok(state, i, "sweep-attack"):
        return []
    at = state.heroes[i].at
    assert at is not None
    return [
        state.monsters[j].id
        for j in hero_targets(state, i)
        if chebyshev(at, state.monsters[j].at or at) == 1 and len(_sweep_path(state, i, j)) > 1
    ]


@register_skill("sweep-attack", _sweep_offers, "attack")
def sweep_attack(state: QuestState, i: int, mid: str) -> QuestState:
    """Full dice on the first enemy of the sweep; each hit carries on to the next with one die fewer."""
    j = monster_index(state, mid)
    rest = [state.monsters[k].id for k in _sweep_path(state, i, j)[1:]]
    state = begin_attack(mark_skills_used(state, i, "sweep-attack"), "hero", i, j)
    p = state.pending
    assert p is not None
    return replace(state, pending=replace(p, then="sweep:" + ",".join(rest)))


def after_attack(state: QuestState, p: Pending, damage: int) -> QuestState:
    """What follows a hero's attack: a shield bash's daze roll, a sweep's next blow, a Dash Attack mark."""
    j = p.target
    if damage > 0 and state.heroes[p.who].status == "active":
        fig = state.heroes[p.who]
        state = with_hero(state, p.who, replace(fig, effects=(*fig.effects, f"struck{j}|one-turn")))
    if p.then == "bash" and damage > 0 and state.monsters[j].status == "active" and state.pending is None:
        mind = state.stats_of(j).mind
        return replace(state, pending=Pending("daze", who=p.who, target=j, dice=mind))
    if p.then.startswith("sweep:") and damage > 0 and p.dice > 1 and state.pending is None:
        ids = [x for x in p.then[6:].split(",") if x]
        live = [
            monster_index(state, x) for x in ids if state.monsters[monster_index(state, x)].status == "active"
        ]
        if live:
            nxt = live[0]
            rest = ",".join(state.monsters[k].id for k in live[1:])
            return replace(
                state,
                pending=Pending(
                    "attack",
                    who=p.who,
                    target=nxt,
                    dice=p.dice - 1,
                    need=monster_defend_dice(state, nxt),
                    side="hero",
                    ref=axe_only(p.ref),  # the axe swept on, not the potions (line 369)
                    then="sweep:" + rest,
                ),
            )
    return state


def _throwable(state: QuestState, i: int) -> list[tuple[str, int]]:
    at = state.heroes[i].at
    assert at is not None
    out = []
    for f in state.layout.furniture:
        if any(sees(state.layout, at, s, state.figures - {s}) for s in f.squares):
            n = len(f.squares)
            out.append((f.id, (n + 1) // 2 if f.height == "low" else n))
    return out


def _telekinesis_offers(state: QuestState, i: int) -> list[str]:
    fig = state.heroes[i]
    assert fig.at is not None
    out: list[str] = []
    for fid, extra in _throwable(state, i):
        if fig.mind <= extra:
            continue
        out.extend(
            f"{fid}:{m.id}"
            for m in state.monsters
            if m.status == "active"
            and m.at is not None
            and can_target(state.layout, fig.at, m.at, state.figures)
        )
    return out


@register_skill("telekinesis", _telekinesis_offers, "action")
def telekinesis(state: QuestState, i: int, arg: str) -> QuestState:
    """Furniture hurled: its squares (half for low furniture, rounded up) plus base Attack dice, a Mind
    point for each die over base Attack (lines 280-282)."""
    hurl = keyed("telekinesis", arg)
    fid, mid = hurl.key, hurl.target
    extra = dict(_throwable(state, i))[fid]
    j = monster_index(state, mid)
    fig = state.heroes[i]
    state = with_hero(state, i, replace(fig, mind=fig.mind - extra))
    dice = state.hero_of(i).base.attack + extra
    return replace(
        state,
        pending=Pending(
            "attack", who=i, target=j, dice=dice, need=monster_defend_dice(state, j), side="hero"
        ),
    )


# ---------------------------------------------------------------------------------------------------
# Bodyguard (line 224) and Riposte (line 339)


def _guard_offers(state: QuestState, i: int) -> list[str]:
    at = state.heroes[i].at
    assert at is not None
    return [f"h{k}" for k in active_heroes(state, near=at, but=i)]


@register_skill("bodyguard", _guard_offers, "action")
def bodyguard(state: QuestState, i: int, arg: str) -> QuestState:
    """Until his next turn the warrior makes the ally's next defend roll with his own dice and takes the
    damage himself."""
    k = int(arg[1:])
    ally = state.heroes[k]
    return with_hero(state, k, replace(ally, effects=(*ally.effects, f"ward{i}|warden")))


def guarded_by(state: QuestState, k: int) -> int | None:
    """The warrior who defends hero `k` now (beside him, still in play), or None."""
    fig = state.heroes[k]
    for e in fig.effects:
        name = parse(e)[0]
        if name.startswith("ward") and name[4:].isdigit():
            w = int(name[4:])
            guard = state.heroes[w]
            near = guard.at is not None and fig.at is not None and chebyshev(guard.at, fig.at) == 1
            if guard.status == "active" and near:
                return w
    return None


def unward(state: QuestState, k: int) -> QuestState:
    """Hero `k`'s bodyguard has made his roll."""
    fig = state.heroes[k]
    effects = tuple(e for e in fig.effects if not (parse(e)[0].startswith("ward") and e.endswith("|warden")))
    return with_hero(state, k, replace(fig, effects=effects))


def end_wards(state: QuestState, warrior: int) -> QuestState:
    """A warrior's turn begins: the guard he gave ends."""
    for k, h in enumerate(state.heroes):
        if f"ward{warrior}|warden" in h.effects:
            state = with_hero(
                state, k, replace(h, effects=tuple(e for e in h.effects if e != f"ward{warrior}|warden"))
            )
    return state


def riposte(state: QuestState, k: int, j: int) -> QuestState:
    """After a defence that took no damage, a hero with Riposte rolls one attack die the attacker cannot
    defend against, once per encounter; played at once, as any player would."""
    hero = state.hero_of(k)
    fig = state.heroes[k]
    if (
        not hero.knows_skill("Riposte")
        or fig.status != "active"
        or skill_used(state, k, "riposte")
        or state.monsters[j].status != "active"
        or state.pending is not None
    ):
        return state
    state = note(mark_skills_used(state, k, "riposte"), said("attack.ripostes", hero=k, hero_name=hero.name))

    ref = with_axe("", hero_axe(state, k))  # a battle axe's riposte concusses too (line 369)
    return replace(state, pending=Pending("attack", who=k, target=j, dice=1, need=0, side="hero", ref=ref))


# ---------------------------------------------------------------------------------------------------
# Passive helpers


def _wards_start(state: QuestState, who: int) -> tuple[QuestState, TurnStep]:
    if state.pending is not None or state.heroes[who].status != "active":
        return state, "go"
    return end_wards(state, who), "go"


HERO_TURN_STARTS.add("wards", TurnStart(50, _wards_start))  # a turn begun with no roll to make


CHANCES.add("daze", Chance(required(skill_outcomes), lambda state, p, move: daze_result(state, p, str(move))))
