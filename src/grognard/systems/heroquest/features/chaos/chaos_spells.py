"""The chaos spells cast at one figure (lines 545-579): Tempest, Weak Ball of Flame, Chill, Fear, Mind
Blast, Sleep, Command, Mind Freeze, Werewolf's Curse, Rust, Soothe, Restore Chaos; Dispell and Mirror
Magic, cast only in answer to a hero (`chaos_flight`); and the heroes' spells Mirror Magic sends back.

A monster aims these at a hero it can target (in sight, line 84; Chill at one orthogonally beside it,
line 549). Each `hit` also says what the spell does to a monster, for the Ancient Staff (line 437).
"""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.geometry import adjacent, can_target
from grognard.systems.heroquest.features.chaos.chaos_hits import flame, harm, killer, pending, shaken
from grognard.systems.heroquest.features.items.artifacts_env import spell_immune
from grognard.systems.heroquest.features.spells.spells import find, spell_amount
from grognard.systems.heroquest.model.edits import note, with_monster
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.chaos import (
    Cast,
    Chaos,
    Flight,
    Offers,
    aimable_heroes,
    install_mirror,
    ref_of,
    register,
)
from grognard.systems.heroquest.rules.chaos_effects import hero_add, monster_add, named, rustable
from grognard.systems.heroquest.rules.effects import hero_defend_dice

# ---------------------------------------------------------------------------------------------------
# Shared pieces


def _who(state: QuestState, victim: str) -> str:
    side, k = ref_of(victim)
    return state.hero_of(k).name if side == "h" else state.stats_of(k).name


def _offers(name: str = "") -> Offers:
    """Every hero the monster may aim at, but those already under the effect `name`."""

    def offers(state: QuestState, j: int) -> list[str]:
        return [
            f"h{i}" for i in aimable_heroes(state, j) if not (name and has(state.heroes[i].effects, name))
        ]

    return offers


def one(state: QuestState, j: int, target: str) -> list[str]:
    """The victim of a spell cast at one figure."""
    return [target.partition("=")[0]]


# ---------------------------------------------------------------------------------------------------
# Tempest (545), Weak Ball of Flame (547), Chill (549), Fear (551), Mind Blast (553)


def _tempest(state: QuestState, f: Flight, victim: str) -> QuestState:
    side, k = ref_of(victim)
    state = hero_add(state, k, "tempest|") if side == "h" else monster_add(state, k, "tempest|")
    return note(state, said("turn.whirlwind-wraps-next-turn", victim_name=_who(state, victim)))


def _weak_ball(state: QuestState, f: Flight, victim: str) -> QuestState:
    return flame(state, f, victim, 2, 2)


def _chill_offers(state: QuestState, j: int) -> list[str]:
    at = state.monsters[j].at
    assert at is not None
    return [
        f"h{i}"
        for i in aimable_heroes(state, j)
        if state.heroes[i].at is not None and adjacent(state.layout, at, state.heroes[i].at)  # type: ignore[arg-type]
    ]


def immune(state: QuestState, f: Flight, victim: str) -> bool:
    """True when the hero wears an artifact that makes him immune to the spell (Armband of Ice, Ring of
    Warmth: `artifacts_env.spell_immune`, lines 443, 469)."""
    side, k = ref_of(victim)
    return side == "h" and spell_immune(state, k, f.key)


def _chill(state: QuestState, f: Flight, victim: str) -> QuestState:
    if immune(state, f, victim):
        return note(state, said("status.does-not-feel-chill", victim_name=_who(state, victim)))
    return harm(state, f, victim, 1)


def _fear(state: QuestState, f: Flight, victim: str) -> QuestState:
    side, k = ref_of(victim)
    state = hero_add(state, k, "fear|") if side == "h" else monster_add(state, k, "fear|")
    return note(state, said("status.gripped-fear-one-attack", victim_name=_who(state, victim)))


def _mind_blast(state: QuestState, f: Flight, victim: str) -> QuestState:
    _, k = ref_of(victim)
    state = hero_add(state, k, "mindblast|")
    return note(state, said("status.paralysed-blast", hero=k, hero_name=state.hero_of(k).name))


# ---------------------------------------------------------------------------------------------------
# Sleep (561), Command (567), Mind Freeze (569), Werewolf's Curse (589)


def _sleep(state: QuestState, f: Flight, victim: str) -> QuestState:
    side, k = ref_of(victim)
    state = hero_add(state, k, "sleep|") if side == "h" else monster_add(state, k, "sleep|")
    return shaken(note(state, said("status.falls-asleep", victim_name=_who(state, victim))), victim, "sleep")


def _command_offers(state: QuestState, j: int) -> list[str]:
    return [f"h{i}" for i in aimable_heroes(state, j) if named(state.heroes[i].effects, "command@") is None]


def _command(state: QuestState, f: Flight, victim: str) -> QuestState:
    side, k = ref_of(victim)
    if side == "h":
        state = hero_add(state, k, f"command@{state.monsters[f.caster].id}|")
        state = note(
            state,
            said(
                "status.falls-under-command",
                hero=k,
                monster=f.caster,
                hero_name=state.hero_of(k).name,
                monster_name=state.stats_of(f.caster).name,
            ),
        )
        return shaken(state, victim, "command")
    holder = killer(f)
    state = monster_add(state, k, f"thrall{holder}|quest", "command|")
    state = note(
        state, said("status.falls-under-heroes-command", monster=k, monster_name=state.stats_of(k).name)
    )
    return shaken(state, victim, "command")


def _freeze_offers(state: QuestState, j: int) -> list[str]:
    return [f"h{i}" for i in aimable_heroes(state, j) if state.heroes[i].mind > 0]


def _mind_freeze(state: QuestState, f: Flight, victim: str) -> QuestState:
    if immune(state, f, victim):
        return note(state, said("mind.mind-stays-clear-frost", victim_name=_who(state, victim)))
    _, k = ref_of(victim)
    dice = state.heroes[k].mind
    return pending(state, Pending("cfreeze", who=f.caster, target=k, dice=dice, ref=f.key)) if dice else state


def _curse(state: QuestState, f: Flight, victim: str) -> QuestState:
    _, k = ref_of(victim)
    return pending(state, Pending("ccurse", who=f.caster, target=k, ref=f.key))


# ---------------------------------------------------------------------------------------------------
# Rust (573)


def _rust_offers(state: QuestState, j: int) -> list[str]:
    return [f"h{i}={key}" for i in aimable_heroes(state, j) for key in rustable(state, i)]


def _rust(state: QuestState, f: Flight, victim: str) -> QuestState:
    _, k = ref_of(victim)
    key = f.target.partition("=")[2]
    state = hero_add(state, k, f"rust:{key}|quest")
    return note(
        state,
        said(
            "status.rusts-away-useless-good",
            hero=k,
            hero_name=state.hero_of(k).name,
            gear_key=hq.key_of(key),
        ),
    )


# ---------------------------------------------------------------------------------------------------
# Soothe (563) and Restore Chaos (579): the caster or an enemy of the heroes in its sight


def _healing(amount: int) -> tuple[Offers, Cast]:
    def offers(state: QuestState, j: int) -> list[str]:
        at = state.monsters[j].at
        assert at is not None
        return [
            m.id
            for k, m in enumerate(state.monsters)
            if m.status == "active"
            and m.at is not None
            and m.body < state.stats_of(k).body
            and (k == j or can_target(state.layout, at, m.at, state.figures))
        ]

    def cast(state: QuestState, j: int, target: str) -> QuestState:
        k = next(n for n, m in enumerate(state.monsters) if m.id == target)
        m = state.monsters[k]
        body = min(state.stats_of(k).body, m.body + amount)
        state = with_monster(state, k, replace(m, body=body))
        return note(
            state,
            said("heal.monster-restored-body", monster=k, monster_name=state.stats_of(k).name, body=body),
        )

    return offers, cast


# ---------------------------------------------------------------------------------------------------
# Mirror Magic: the hero's own spell sent back at him (line 571)


def mirrored(state: QuestState, f: Flight, victim: str) -> QuestState:
    """Hero `f.caster` suffers his own spell `f.key`: a whirlwind, sleep, a flame (his level's amount,
    saved by his own spell's faces), or the genie's attack with his remaining Magic in dice."""
    i = f.caster
    key = f.key
    if key == "air/tempest":
        return _tempest(state, f, victim)
    if key == "water/sleep":
        return _sleep(state, f, victim)
    if key == "elf/deep-sleep":
        if not 1 <= state.heroes[i].mind <= 5:
            return note(state, said("mind.mind-beyond-deep-sleep", hero=i, hero_name=state.hero_of(i).name))
        return note(
            hero_add(state, i, "sleep|", "deep|"),
            said("status.falls-into-deep-sleep", hero=i, hero_name=state.hero_of(i).name),
        )
    if key in ("fire/fire-of-wrath", "fire/ball-of-flame"):
        amount = spell_amount(state, i, find(key)) or 1
        return flame(state, f, victim, amount, amount)
    assert key == "air/genie"
    dice = max(1, state.heroes[i].magic)
    p = Pending("chit", who=i, target=i, side="h", dice=dice, need=hero_defend_dice(state, i), ref=key)
    return pending(note(state, said("spell.genie-turns", hero=i, hero_name=state.hero_of(i).name)), p)


# ---------------------------------------------------------------------------------------------------
# The registry


def _none(state: QuestState, j: int) -> list[str]:
    return []


_soothe = _healing(3)
_restore = _healing(6)
for _key, _chaos in {
    "chaos/tempest": Chaos(_offers("tempest"), one, _tempest),
    "chaos/weak-ball-of-flame": Chaos(_offers(), one, _weak_ball, fire=True),
    "chaos/chill": Chaos(_chill_offers, one, _chill),
    "chaos/fear": Chaos(_offers("fear"), one, _fear, mental=True),
    "chaos/mind-blast": Chaos(_offers("mindblast"), one, _mind_blast, mental=True, players_only=True),
    "chaos/sleep": Chaos(_offers("sleep"), one, _sleep, mental=True),
    "chaos/command": Chaos(_command_offers, one, _command, mental=True),
    "chaos/mind-freeze": Chaos(_freeze_offers, one, _mind_freeze, mental=True, players_only=True),
    "chaos/werewolfs-curse": Chaos(_offers("curse-werewolf"), one, _curse, players_only=True),
    "chaos/rust": Chaos(_rust_offers, one, _rust, players_only=True),
    "chaos/soothe": Chaos(_soothe[0], cast=_soothe[1]),
    "chaos/restore-chaos": Chaos(_restore[0], cast=_restore[1]),
    "chaos/dispell": Chaos(_none, reactive=True),
    "chaos/mirror-magic": Chaos(_none, reactive=True),
}.items():
    register(_key, _chaos)
install_mirror(mirrored)
