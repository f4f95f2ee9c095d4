"""Cold, ice and poison in a quest, and the artifacts and potions that answer them.

The rulebook (004_24cd6f974fe6a1ee.txt) names cold, icy regions, slippery ice, ice vaults and icy rivers
(lines 443, 469, 473) and poison (lines 413, 425, 439) without giving them rules; a quest places them
(`ice` rectangles and a trap's `poison`, docs/formats/quest.md) and they are played as the rulings say:

- Every ice square is part of a cold, icy region, where the Snowshoes of Speed add two squares to the
  wearer's movement roll (line 473), counted when he rolls standing on one.
- Slippery ice: a hero who rolls for movement standing on it rolls one red die fewer (never none); the
  Snowshoes negate it (line 473). The game master's monsters are at home on their ice.
- An ice vault costs a hero who begins his turn in it its `damage` Body (default 1); an icy river costs
  a hero whose move wades into it its `damage` once for that move. The Armband of Ice (line 443) and the
  Ring of Warmth (line 469) keep both off while worn. Cold damage leaves "chilled|one-turn", so a Potion
  of Warmth drunk before his turn ends restores two Body, one at any other time (line 421).
- Poison: the Body a poisoned trap costs is poison ("venom+n|quest", not yet restored, and
  "fresh+n|one-turn", lost this turn); a trap of lasting poison also leaves "poisoned|quest", one Body lost
  at the start of each of his turns until cured. The Anti-Poison Quill (line 439), used at once (before
  his turn ends), restores the Body lost to poison this turn and cures lasting poison, once; a Venom
  Antidote (line 425) restores up to two Body lost to poison and cures it; a Potion of Restoration
  (line 413) also cures it.

`spell_immune` and `spell_relief` say what the Armband of Ice and the Ring of Warmth do against the chaos
spells Chill, Mind Freeze and Ice Storm (lines 443, 469), for the code that casts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.quest import Quest
from grognard.systems.heroquest.features.items.items import always, register_item
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.effect_strings import has, parse, total
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import HERO_TURN_STARTS, TurnStart
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.artifacts_gear import discard_thing, wears
from grognard.systems.heroquest.rules.chaos_effects import cure
from grognard.systems.heroquest.rules.effects import use_item
from grognard.systems.heroquest.rules.wounds import hurt_hero

WARM = ("armband-of-ice", "ring-of-warmth")
"""Worn artifacts that keep out the cold of ice vaults and icy rivers (lines 443, 469)."""

IMMUNE = {"armband-of-ice": ("chaos/mind-freeze", "chaos/chill"), "ring-of-warmth": ("chaos/chill",)}
"""The spells each worn artifact makes its wearer immune to (lines 443, 469)."""

RELIEF = {"armband-of-ice": {"chaos/ice-storm": 1}}
"""Damage a worn artifact takes off a spell for its wearer (Ice Storm one point less, line 443)."""

SNOWSHOE_SQUARES = 2
"""The squares the Snowshoes of Speed add to a move in a cold, icy region (line 473)."""

ANTIDOTE = 2
"""The Body a Venom Antidote restores at most (line 425)."""


# ---------------------------------------------------------------------------------------------------
# Where the ice is


@cache
def _ice(quest: Quest) -> dict[str, dict[Square, int]]:
    out: dict[str, dict[Square, int]] = {"cold": {}, "slippery": {}, "vault": {}, "river": {}}
    for zone in quest.file.ice:
        for s in zone.squares:
            out[zone.kind][s] = zone.damage
    return out


def ice_at(state: QuestState, square: Square | None) -> dict[str, int]:
    """The kinds of ice on `square` with their damage (empty off the ice)."""
    if square is None or not state.ctx.quest.file.ice:
        return {}
    return {kind: squares[square] for kind, squares in _ice(state.ctx.quest).items() if square in squares}


def icy(state: QuestState, square: Square | None) -> bool:
    """True on a square of a cold, icy region (any kind of ice)."""
    return bool(ice_at(state, square))


ICE_MARKS = {"slippery": ",", "vault": "%", "river": "~"}
"""How the heroes' map draws ice (a cold region is not marked: its floor looks like any other)."""


def ice_marks(state: QuestState) -> dict[Square, str]:
    """The map's marks for the ice of the quest (`render.map_lines`)."""
    if not state.ctx.quest.file.ice:
        return {}
    return {
        s: ICE_MARKS[kind]
        for kind, squares in _ice(state.ctx.quest).items()
        if kind in ICE_MARKS
        for s in squares
    }


def warded(state: QuestState, i: int) -> str | None:
    """The worn artifact that keeps the cold of ice vaults and rivers off hero `i`, or None."""
    return next((k for k in WARM if wears(state, i, k)), None)


def spell_immune(state: QuestState, i: int, spell: str) -> bool:
    """True when hero `i` wears an artifact that makes him immune to the spell "school/key" (Armband of
    Ice: Mind Freeze and Chill; Ring of Warmth: Chill; lines 443, 469)."""
    return any(spell in spells and wears(state, i, k) for k, spells in IMMUNE.items())


def spell_relief(state: QuestState, i: int, spell: str) -> int:
    """The Body points a worn artifact takes off the damage of the spell "school/key" for hero `i` (the
    Armband of Ice: one off an Ice Storm, line 443)."""
    return sum(less.get(spell, 0) for k, less in RELIEF.items() if wears(state, i, k))


# ---------------------------------------------------------------------------------------------------
# Moving on the ice


def move_roll(state: QuestState, i: int, kind: str, dice: int, bonus: int) -> tuple[str, int, int]:
    """The movement roll of hero `i` with his artifacts and the ice under him: (chance node kind, red dice,
    squares added). Slippery ice takes a die (never the last) unless he wears the Snowshoes of Speed,
    which add two squares on any ice (line 473); the Elven Boots add a die, and the roll becomes a "bmove"
    node that also says whether they wear out (line 453). Other rolls (Disappear's) and a roll in
    stealth (one red die, line 257) are left alone."""
    fig = state.heroes[i]
    if kind != "move" or has(fig.effects, "stealth"):
        return kind, dice, bonus
    ice = ice_at(state, fig.at)
    shoes = wears(state, i, "snowshoes-of-speed")
    if "slippery" in ice and not shoes:
        dice = max(1, dice - 1)
    if ice and shoes:
        bonus += SNOWSHOE_SQUARES
    if wears(state, i, "elven-boots"):
        return "bmove", dice + 1, bonus
    return kind, dice, bonus


def cold(state: QuestState, i: int, damage: int, place: str) -> QuestState:
    """Hero `i` suffers `damage` Body from cold (an ice vault, an icy river), unless a worn artifact keeps
    it off; he is left "chilled" for a Potion of Warmth (line 421)."""
    ward = warded(state, i)
    name = state.hero_of(i).name
    if ward is not None:
        worn = next(n for n in state.hero_of(i).equipped.accessories if hq.key_of(n) == ward)
        return note(state, said("item.keeps-out-cold", hero=i, hero_name=name, worn=worn, place=place))
    state = hurt_hero(state, i, damage, "cold", by=place)
    fig = state.heroes[i]
    if fig.status == "active" and not has(fig.effects, "chilled"):
        state = with_hero(state, i, replace(fig, effects=(*fig.effects, "chilled|one-turn")))
    return state


def wade(state: QuestState, i: int, path: Sequence[Square]) -> QuestState:
    """After hero `i` walked `path` (his square first): an icy river on it costs him its damage once."""
    rivers = [ice_at(state, s).get("river") for s in path[1:]]
    hurt = max((d for d in rivers if d is not None), default=None)
    if hurt is None or state.heroes[i].status != "active":
        return state
    return cold(state, i, hurt, "icy-river")


def begin_turn(state: QuestState, i: int) -> QuestState:
    """The start of hero `i`'s turn: an ice vault's cold, then lasting poison (one Body)."""
    fig = state.heroes[i]
    vault = ice_at(state, fig.at).get("vault")
    if vault is not None:
        state = cold(state, i, vault, "ice-vault")
    fig = state.heroes[i]
    if fig.status == "active" and has(fig.effects, "poisoned") and state.pending is None:
        state = note(state, said("status.poison-blood-burns", hero=i, hero_name=state.hero_of(i).name))
        state = _poison(hurt_hero(state, i, 1, "lasting-poison"), i, fig.body)
    return state


# ---------------------------------------------------------------------------------------------------
# Poison


def _poison(after: QuestState, i: int, body: int, lasting: bool = False) -> QuestState:
    """The Body hero `i` lost from `body` to `after` counted as poison; `lasting` leaves him poisoned."""
    fig = after.heroes[i]
    lost = body - fig.body
    if fig.status != "active" or lost <= 0:
        return after
    added = [f"venom+{lost}|quest", f"fresh+{lost}|one-turn"]
    if lasting and not has(fig.effects, "poisoned"):
        added.append("poisoned|quest")
        after = note(after, said("status.poisoned", hero=i, hero_name=after.hero_of(i).name))
    return with_hero(after, i, replace(fig, effects=(*fig.effects, *added)))


def envenom(before: QuestState, after: QuestState, i: int, trap: int | None) -> QuestState:
    """The Body trap `trap` cost hero `i` between `before` and `after` is poison when the quest says the
    trap is poisoned (docs/formats/quest.md)."""
    if trap is None or i < 0:
        return after
    kind = before.ctx.traps[trap].poison
    if kind == "none":
        return after
    return _poison(after, i, before.heroes[i].body, lasting=kind == "lasting")


def _cure(state: QuestState, i: int, restore: int) -> QuestState:
    """Up to `restore` Body lost to poison back (never above the maximum), and lasting poison cured."""
    fig = state.heroes[i]
    top = state.hero_of(i).maximum("body")
    back = max(0, min(restore, total(fig.effects, "venom"), top - fig.body))
    venom = total(fig.effects, "venom") - back
    fresh = total(fig.effects, "fresh") - back
    effects = [e for e in fig.effects if parse(e)[0] not in ("venom", "fresh", "poisoned")]
    effects += [f"venom+{venom}|quest"] if venom > 0 else []
    effects += [f"fresh+{fresh}|one-turn"] if fresh > 0 else []
    state = with_hero(state, i, replace(fig, body=fig.body + back, effects=tuple(effects)))
    return note(
        state, said("heal.cured-poison-body-back", hero=i, hero_name=state.hero_of(i).name, back=back)
    )


def _quill_offers(state: QuestState, i: int) -> list[str]:
    effects = state.heroes[i].effects
    return [""] if total(effects, "fresh") > 0 or has(effects, "poisoned") else []


@register_item("anti-poison-quill", _quill_offers)
def anti_poison_quill(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 439: used at once, the Body lost to poison this turn comes back and lasting poison is cured;
    then the quill is spent."""
    fresh = total(state.heroes[i].effects, "fresh")
    return _cure(discard_thing(state, i, "anti-poison-quill"), i, fresh)


@register_item("venom-antidote", always)
def venom_antidote(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 425: up to two Body lost to poison back, and lasting poison cured."""
    return _cure(discard_thing(state, i, "venom-antidote"), i, ANTIDOTE)


@register_item("potion-of-restoration", always)
def potion_of_restoration(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 413: all Body and Mind back (the data-driven potion), poison cured, and every curse lifted
    (as a Wolfsbane Potion does, `chaos_counters`)."""
    state = use_item(state, i, "potion-of-restoration")
    fig = state.heroes[i]
    effects = tuple(e for e in fig.effects if parse(e)[0] not in ("venom", "fresh", "poisoned"))
    return with_hero(state, i, replace(fig, effects=cure(effects)))


@register_item("potion-of-warmth", always)
def potion_of_warmth(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 421: two Body back right after cold damage (an ice vault or river this turn), else one."""
    chilled = has(state.heroes[i].effects, "chilled")
    state = discard_thing(state, i, "potion-of-warmth")
    fig = state.heroes[i]
    top = state.hero_of(i).maximum("body")
    fig = replace(
        fig,
        body=min(top, fig.body + (2 if chilled else 1)),
        effects=tuple(e for e in fig.effects if parse(e)[0] != "chilled"),
    )
    return with_hero(state, i, fig)


HERO_TURN_STARTS.add(
    "environment", TurnStart(40, lambda state, who: (begin_turn(state, who), "go"))
)  # an ice vault's cold, lasting poison
