"""Mercenaries hired for a quest (lines 951-1003 of 004_24cd6f974fe6a1ee.txt), played as the heroes' allies.

A hire is an entry of the `Setup.mercenaries` spec: "swordsman" (paid by the first hero of the party) or
"swordsman:Name" (paid by the hero called Name). The price per quest is paid in advance (line 953) from
the payer's gold as the quest begins (`paid`, taken off his figure's gold in `state.initial_state`); a
hire the payer cannot afford, after his earlier hires, is refused with a `UsageError`. The mercenary is
of the payer's level (line 955; past the table's level 8, at level 8: the rulings).

A hired mercenary joins the party after the heroes (`hired_party`, added by `quest_setup.context`), as a
`Hero` built from his table: he takes his turn in the order, rolls and moves, attacks and defends on
white shields, opens doors and leaves by the stairs or an exit like a hero, under the heroes' player (or
the hero bots). He does nothing else (line 955, `restrict`): no searching, spells, items, skills, resting,
freeing or collecting, and nobody collects his arms if he falls. His movement roll is held between his
table's least and most squares (`clamp_moves`), as a monster's (line 611). He earns no experience (the
kill award of a monster he slays is lost, `wounds`) and takes no treasure; he is gone after the quest and
never written to the roster; a fallen mercenary is not refunded (line 955).

Special rules: the Halberdier strikes diagonally and sweeps as with a staff (line 969: played as holding
a staff, 0 extra dice, with the Sweep Attack skill); the Scout searches for traps and disarms them as a
hero with the Disarm Traps skill (line 981); the Crossbowman shoots any enemy in sight with his crossbow
and fights hand to hand (line 957), every attack at his table's Attack; the Swordsman has no other rule.
The table's Attack and Defend already count his arms and armour (line 955).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import spec_text
from grognard.systems.heroquest.content.board import Square, neighbours
from grognard.systems.heroquest.content.hero import Attributes, Equipped, Hero

if TYPE_CHECKING:
    from grognard.systems.heroquest.content.board import Door, Layout
    from grognard.systems.heroquest.content.quest import Quest, TrapPlacement


class HireSpec(Protocol):
    """The setup as the hires are read from it (`quest_setup.Setup` is one): the hire spec."""

    @property
    def mercenaries(self) -> str: ...


class HireContext(Hashable, Protocol):
    """The fixed facts of a quest in play as the hires are read from them (`quest_setup.Context` is one):
    the setup, the party, the quest, its doors and traps, and its layout. Named here: `quest_setup`
    imports this module."""

    @property
    def setup(self) -> HireSpec: ...

    @property
    def party(self) -> tuple[Hero, ...]: ...

    @property
    def quest(self) -> Quest: ...

    @property
    def doors(self) -> tuple[Door, ...]: ...

    @property
    def traps(self) -> tuple[TrapPlacement, ...]: ...

    def layout(self, doors: tuple[str, ...], rubble: tuple[Square, ...]) -> Layout:
        """The layout with the doors in the given states and fallen rock on `rubble`."""


class HireState(Protocol):
    """A state of a quest in play as the hires are read from it (`model.state.QuestState` is one): its
    fixed facts. Named here: the model imports the content."""

    @property
    def ctx(self) -> HireContext: ...


MERCENARY_KINDS = ("crossbowman", "halberdier", "scout", "swordsman")
"""The mercenaries one may hire, as a hire spec names them (the catalog's, checked by the tests)."""

TOP_LEVEL = 8
"""The mercenaries' tables stop at level 8 (lines 960-1003)."""

_HELD = {"halberdier": "Staff", "crossbowman": "Crossbow"}
"""What a mercenary is played as holding: a staff for the halberd's diagonal blows and sweep (line 969),
the crossbow for shots at any enemy in sight (line 957)."""

_SKILLS = {"halberdier": ("Sweep Attack",), "scout": ("Disarm Traps",)}
"""The skills a mercenary is played with (lines 969, 981)."""

_ALLOWED = ("roll", "move:", "jump:", "climb", "door:", "attack:", "defend", "leave", "end")
"""What every mercenary may do (line 955: move, attack, defend, open doors; climbing and jumping are
moving, leaving is the end of the quest)."""

_BESIDES = {"scout": ("search:traps", "disarm:"), "halberdier": ("skill:sweep-attack:",)}
"""What the Scout (line 981) and the Halberdier (line 969) may do besides."""


@dataclass(frozen=True)
class Hire:
    """One mercenary hired: his kind (catalogue key), who pays (party index), the price and his level."""

    kind: str
    payer: int
    price: int
    level: int


def parse_hires(spec: str, party: Sequence[Hero]) -> tuple[Hire, ...]:
    """The hires of a spec ("swordsman,scout:Mira"), checked against the payers' gold (line 953)."""
    hires: list[Hire] = []
    left = [h.gold for h in party]
    for part in spec.split(","):
        if not part.strip():
            continue
        kind_text, payer_name = spec_text.named(part)
        payer_text = payer_name or ""
        entry = hq.mercenary(kind_text.strip())
        if payer_text.strip():
            names = [hq.key_of(h.name) for h in party]
            if hq.key_of(payer_text) not in names:
                raise UsageError(
                    _("no hero called {value!r} in the party to pay the {entry_name}").format(
                        value=payer_text.strip(), entry_name=_(entry.name)
                    )
                )
            payer = names.index(hq.key_of(payer_text))
        else:
            payer = 0
        hero = party[payer]
        if left[payer] < entry.price_per_quest:
            raise UsageError(
                _(
                    "{hero_name} has {left} gold left, not the {entry_price_per_quest} a "
                    "{entry_name} asks per quest (line 953)"
                ).format(
                    hero_name=hero.name,
                    left=left[payer],
                    entry_price_per_quest=entry.price_per_quest,
                    entry_name=_(entry.name),
                )
            )
        left[payer] -= entry.price_per_quest
        hires.append(Hire(entry.key, payer, entry.price_per_quest, min(hero.level, TOP_LEVEL)))
    return tuple(hires)


def mercenary_hero(hire: Hire, name: str) -> Hero:
    """The mercenary as a figure of the party: his table at his level, his arms held (see the module doc)."""
    entry = hq.mercenary(hire.kind)
    line = entry.at(max(hire.level, entry.level_range[0]))
    held = _HELD.get(entry.key)
    attack = line.attack - (hq.weapon(held).attack_dice if held else 0)
    stats = Attributes(
        attack=attack, defend=line.defend, body=line.body, mind=line.mind, magic=0, movement=line.move_min
    )
    return Hero(
        name=name,
        race="human",
        hero_class="warrior",
        base=stats,
        current=stats,
        level=hire.level,
        skills=_SKILLS.get(entry.key, ()),
        weapons=(held,) if held else (),
        equipped=Equipped(weapon=held),
    )


def hired_party(spec: str, party: Sequence[Hero]) -> tuple[Hero, ...]:
    """The mercenaries of `spec` as figures to add after the heroes, each named for his kind and payer."""
    out: list[Hero] = []
    taken = {h.name for h in party}
    for hire in parse_hires(spec, party):
        base = f"{hq.mercenary(hire.kind).name} of {party[hire.payer].name}"
        name, n = base, 2
        while name in taken:
            name, n = f"{base} {n}", n + 1
        taken.add(name)
        out.append(mercenary_hero(hire, name))
    return tuple(out)


@lru_cache(maxsize=256)
def _hires(ctx: HireContext) -> tuple[Hire, ...]:
    heroes = len(ctx.party) - len(parse_hires(ctx.setup.mercenaries, ctx.party))
    return parse_hires(ctx.setup.mercenaries, ctx.party[:heroes])


def hires(ctx: HireContext) -> tuple[Hire, ...]:
    """The quest's hires, in party order after the heroes."""
    if not ctx.setup.mercenaries:
        return ()
    return _hires(ctx)


def first_mercenary(ctx: HireContext) -> int:
    """The party index of the first mercenary (the party's size when none is hired)."""
    return len(ctx.party) - len(hires(ctx))


def hire_of(ctx: HireContext, index: int) -> Hire | None:
    """The hire behind party place `index`, or None for a hero."""
    found = hires(ctx)
    k = index - (len(ctx.party) - len(found))
    return found[k] if 0 <= k < len(found) else None


def is_mercenary(state: HireState, index: int) -> bool:
    """True when party place `index` is a hired mercenary."""
    return bool(state.ctx.setup.mercenaries) and hire_of(state.ctx, index) is not None


def paid(ctx: HireContext, index: int) -> int:
    """The gold hero `index` pays in advance for his hires (line 953)."""
    return sum(h.price for h in hires(ctx) if h.payer == index)


def restrict(state: HireState, index: int, acts: list[str]) -> list[str]:
    """A mercenary's actions held to line 955 (and the Scout's to line 981); for anyone, no collecting a
    fallen mercenary's arms (they are his, line 955)."""
    if not state.ctx.setup.mercenaries:
        return acts
    start = first_mercenary(state.ctx)
    gone = {f"collect:h{k}" for k in range(start, len(state.ctx.party))}
    acts = [a for a in acts if a not in gone]
    hire = hire_of(state.ctx, index)
    if hire is None:
        return acts
    allowed = (*_ALLOWED, *_BESIDES.get(hire.kind, ()))
    return [a for a in acts if a.startswith(allowed)]


def clamp_moves(state: HireState, index: int, dist: dict[int, Fraction]) -> dict[int, Fraction]:
    """The movement outcomes of a mercenary held between his table's least and most (line 611)."""
    if not is_mercenary(state, index):
        return dist
    out: dict[int, Fraction] = {}
    for n, p in dist.items():
        k = clamp_allowed(state, index, n)
        out[k] = out.get(k, Fraction(0)) + p
    return out


def clamp_allowed(state: HireState, index: int, allowed: int) -> int:
    """One movement allowance of a mercenary held between his least and most (a hero's unchanged)."""
    hire = hire_of(state.ctx, index) if state.ctx.setup.mercenaries else None
    if hire is None:
        return allowed
    entry = hq.mercenary(hire.kind)
    line = entry.at(max(hire.level, entry.level_range[0]))
    return max(line.move_min, min(line.move_max, allowed))


def party_starts(ctx: HireContext) -> list[Square]:
    """Where the party sets out: the quest's start squares for the heroes, then for the mercenaries while
    any are left, and past them the nearest free floor squares reached from the start through open edges
    (a ruling: the quest's squares are for its heroes; hirelings stand beside them)."""
    starts = list(ctx.quest.start_squares())
    if len(starts) >= len(ctx.party) or not ctx.setup.mercenaries:
        return starts
    layout = ctx.layout(tuple(d.state for d in ctx.doors), ())
    held = {m.at for m in ctx.quest.file.monsters if not m.held} | {
        t.at for t in ctx.traps if t.at is not None
    }
    taken = set(starts)
    queue = list(starts)
    while queue and len(starts) < len(ctx.party):
        here = queue.pop(0)
        for nxt in neighbours(here):
            if nxt in taken or not layout.board.is_floor(nxt) or layout.solid(nxt):
                continue
            if not layout.open_between(here, nxt):
                continue
            taken.add(nxt)
            queue.append(nxt)
            if nxt not in held:
                starts.append(nxt)
    return starts
