"""Wounds, death and kills, attacks declared, and the wandering monster.

A hero at 0 Body drinks a healing potion or heals himself by a spell if he can, else dies (line 90); a
monster slain gives the heroes its kill value (line 345); an attack declared counts its dice (line 84)
and leaves the damage to roll; the wandering monster appears beside a hero and attacks (line 142).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from grognard.systems.heroquest.content.mercenaries import is_mercenary
from grognard.systems.heroquest.model.edits import free_square_near, note, with_hero, with_monster
from grognard.systems.heroquest.model.effect_strings import spend
from grognard.systems.heroquest.model.events import Source, said
from grognard.systems.heroquest.model.state import MonsterFig, Pending, QuestState
from grognard.systems.heroquest.rules.chaos_effects import cure
from grognard.systems.heroquest.rules.experience import kill
from grognard.systems.heroquest.rules.fallen import fell_mark
from grognard.systems.heroquest.rules.monster_gear import hero_shoots, second_attack
from grognard.systems.heroquest.rules.monster_wounds import monster_dies
from grognard.systems.heroquest.rules.quest_events import fire
from grognard.systems.heroquest.rules.targets import monster_targets


@dataclass(frozen=True)
class AttackReaders:
    """What wounds and declared attacks read from the features above this module (their spells, dice,
    skills, potions and weapons), installed by `attack_readers` so that no feature below imports them."""

    self_heal_spell: Callable[[QuestState, int], tuple[str, int] | None]
    hero_attack_dice: Callable[[QuestState, int, int], int]
    hero_defend_dice: Callable[[QuestState, int, bool], int]
    monster_attack_dice: Callable[[QuestState, int, int], int]
    monster_defend_dice: Callable[[QuestState, int, bool], int]
    guarded_by: Callable[[QuestState, int], int | None]
    unward: Callable[[QuestState, int], QuestState]
    hero_ref: Callable[[QuestState, int], str]
    hero_axe: Callable[[QuestState, int], bool]
    monster_axe: Callable[[QuestState, int], bool]
    with_axe: Callable[[str, bool], str]


_READERS: list[AttackReaders] = []


def install_attack_readers(readers: AttackReaders) -> None:
    """Inject what wounds and attacks read from the features above (`attack_readers` installs them)."""
    _READERS[:] = [readers]


def _readers() -> AttackReaders:
    if not _READERS:
        raise RuntimeError("no attack readers are installed: import grognard.systems.heroquest.game")
    return _READERS[0]


def hurt_hero(
    state: QuestState, i: int, damage: int, source: Source, *, by: str = "", self_heal: bool = True
) -> QuestState:
    """Hero `i` loses `damage` Body to `source` (an id, `event_text.SOURCES`: "hazard", "falling-rock",
    "attack" `by` a figure, "spell" `by` its name, "trap" `by` its kind, "cold" `by` a place); at 0 he
    drinks a healing potion or (unless `self_heal` is False: a mummy's curse, line 735) heals himself by a
    spell if he can (line 90), else dies (his prisoner stays where he fell). A hero turned to stone takes
    no harm (line 781)."""
    fig = state.heroes[i]
    hero = state.hero_of(i)
    if "stone|quest" in fig.effects and damage > 0:
        return note(
            state, said("wound.cannot-harm-turned-stone", hero=i, source=source, by=by, hero_name=hero.name)
        )
    if damage <= 0 or fig.status != "active":
        return (
            note(state, said("wound.does-no-harm", hero=i, source=source, by=by, hero_name=hero.name))
            if fig.status == "active"
            else state
        )
    effects = tuple(e for e in fig.effects if not e.endswith("|until-damaged"))
    body = fig.body - damage
    state = note(
        state, said("wound.costs-body", hero=i, source=source, by=by, hero_name=hero.name, damage=damage)
    )
    if body > 0:
        return with_hero(state, i, replace(fig, body=body, effects=effects))
    items = list(fig.items)
    if "Potion of Restoration" in items:
        items.remove("Potion of Restoration")

        top = hero.maximum("body")
        fig = replace(fig, body=top, mind=hero.maximum("mind"), items=tuple(items), effects=cure(effects))
        return note(with_hero(state, i, fig), said("heal.potion-restoration", hero=i, hero_name=hero.name))
    if "Potion of Healing" in items:
        items.remove("Potion of Healing")
        fig = replace(fig, body=0, status="dying", items=tuple(items), effects=effects)
        state = note(
            with_hero(state, i, fig), said("heal.drinks-potion-healing-as", hero=i, hero_name=hero.name)
        )
        return replace(state, pending=Pending("heal", who=i, ref="Potion of Healing"))
    spell = _readers().self_heal_spell(state, i) if self_heal else None
    if spell is not None:
        spell_id, amount = spell
        fig = replace(fig, body=min(hero.maximum("body"), amount), magic=fig.magic - 1, effects=effects)
        return note(
            with_hero(state, i, fig),
            said("spell.casts-himself-as-he", hero=i, hero_name=hero.name, spell=spell_id.split("/")[1]),
        )

    # his things lie where he fell, for his companions to collect (line 90, `fallen`)
    state = with_hero(state, i, replace(fig, body=0, status="dead", at=None, effects=fell_mark(fig.at)))
    state = note(state, said("death.dies", hero=i, hero_name=hero.name))
    if fig.escort:
        for j, m in enumerate(state.monsters):
            if m.id == fig.escort:
                state = with_monster(state, j, replace(m, status="prisoner", at=fig.at))
        state = with_hero(state, i, replace(state.heroes[i], escort=""))
    return state


def hurt_monster(
    state: QuestState, j: int, damage: int, *, killer: int | None, spell: bool = False
) -> QuestState:
    """Monster `j` loses `damage` Body; at 0 it dies, the heroes share its kill value (line 345; nothing
    for a wandering monster met while resting, line 108) and its monster-dies events fire."""
    m = state.monsters[j]
    stats = state.stats_of(j)
    if damage <= 0:
        return note(state, said("wound.takes-no-harm", monster=j, monster_name=stats.name))
    body = m.body - damage
    if body > 0:
        return note(
            with_monster(state, j, replace(m, body=body)),
            said("wound.loses-body-left", monster=j, monster_name=stats.name, damage=damage, body=body),
        )
    fell = (f"fell@{m.at[0]},{m.at[1]}|quest",) if m.at is not None else ()  # where Reanimation finds it

    state = monster_dies(state, j)  # its curse, kidnap, bear hug and theft end (lines 711-891)
    state = with_monster(state, j, replace(m, body=0, status="dead", at=None, effects=fell))
    state = note(state, said("death.slain", monster=j, monster_name=stats.name))
    if killer is not None and state.heroes[killer].status == "active":
        slayer = state.heroes[killer]
        state = with_hero(state, killer, replace(slayer, effects=(*slayer.effects, "killed|one-turn")))
    conscious = [
        state.hero_of(i).name for i, h in enumerate(state.heroes) if h.status == "active" and h.mind > 0
    ]
    killer_name = state.hero_of(killer).name if killer is not None else None
    if killer_name not in conscious:
        killer_name = None
    award = kill(
        stats.kill_value, conscious, killer_name, during_rest=any(e.startswith("rest|") for e in m.effects)
    )
    if award.points:
        heroes = [
            h if is_mercenary(state, i) else replace(h, xp=h.xp + award.to(state.hero_of(i).name))
            for i, h in enumerate(state.heroes)
        ]  # a mercenary earns none (line 955)
        state = replace(state, heroes=tuple(heroes))
    return fire(state, state.ctx.quest.events_for("monster-dies", m.id, state.fired))


def begin_attack(
    state: QuestState, side: str, attacker: int, target: int, *, own_turn: bool = True
) -> QuestState:
    """An attack declared: the dice counted (line 84), one-attack effects used up, the damage to roll."""
    r = _readers()
    if side == "hero":
        dice = r.hero_attack_dice(state, attacker, target)
        defend = r.monster_defend_dice(state, target, hero_shoots(state, attacker))  # line 383
        fig = state.heroes[attacker]
        ref = r.hero_ref(state, attacker)  # its potions, and Berserker's hits (line 199)
        state = with_hero(state, attacker, replace(fig, effects=spend(fig.effects, "next-attack")))
    elif side == "thrall":
        dice = r.monster_attack_dice(state, attacker, -1)
        defend = r.monster_defend_dice(state, target, False)
        ref = ""
    else:
        ref = ""
        warden = r.guarded_by(state, target)
        if warden is not None:
            state = r.unward(state, target)
            state = note(
                state,
                said(
                    "wound.takes-blow",
                    hero=warden,
                    hero_name=state.hero_of(warden).name,
                    other_hero_name=state.hero_of(target).name,
                ),
            )
            target = warden
        dice = r.monster_attack_dice(state, attacker, target)
        defend = r.hero_defend_dice(state, target, state.stats_of(attacker).ranged)  # line 383
        fig = state.heroes[target]
        state = with_hero(state, target, replace(fig, effects=spend(fig.effects, "next-defend")))
    # a battle axe's blow carries its concussion in the chance node (line 369)
    if side == "hero":
        ref = r.with_axe(ref, r.hero_axe(state, attacker))
    else:
        ref = r.with_axe(ref, r.monster_axe(state, attacker) and not second_attack(state, attacker))
    if own_turn:
        state = replace(state, turn=replace(state.turn, attacks=state.turn.attacks + 1))
    return replace(
        state,
        pending=Pending("attack", who=attacker, target=target, dice=dice, need=defend, side=side, ref=ref),
    )


def spawn_wanderer(state: QuestState, hero: int, *, resting: bool = False) -> QuestState:
    """The quest's wandering monster appears beside hero `hero` and attacks at once (line 142)."""
    at = state.heroes[hero].at
    if at is None:
        return state
    where = free_square_near(state, at)
    if where is None:
        return note(state, said("monster.wandering-monster-finds-no"))
    n = state.wanderers + 1
    mid = f"wandering-{n}"
    fig = MonsterFig(
        mid, where, state.ctx.monster(mid).body, "active", True, ("rest|quest",) if resting else ()
    )
    state = replace(state, monsters=(*state.monsters, fig), wanderers=n)
    state = note(
        state,
        said(
            "monster.appears-beside",
            hero=hero,
            monster_kind=state.ctx.monster(mid).name,
            hero_name=state.hero_of(hero).name,
        ),
    )

    j = len(state.monsters) - 1
    if hero in monster_targets(state, j):
        return begin_attack(state, "monster", j, hero, own_turn=False)
    return state
