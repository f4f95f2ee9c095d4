"""A spell in flight (`chaos.Flight`): Mimic's rolls, the heroes' answers, the game master's Dispell and
Mirror Magic, and the victims taken one by one.

A monster's spell (`chaos.monster_cast`) goes through these stages:
- "mimic": every hero with Mimic who sees the caster and does not know the spell rolls for it, one
  chance node each (line 286);
- "heroes": when the spell would touch a hero who can answer it, the heroes' player decides, one answer
  at a time: drink a Potion of Magic Resistance (line 409) or use Strength of Will against a mental spell
  (line 313), and that hero is passed over; or turn the spell back with the Ancient Staff (line 437);
  `resist:done` lets it come;
- "prepare": a spell without victims acts at once (`Chaos.cast`); otherwise its victims are listed;
- "victims": each victim takes it in turn (`Chaos.hit`, which may leave a chance node: the flight waits
  for it, and for any roll it brings, such as a healing potion drunk at 0 Body);
- "staff": turned back, it takes the caster and the other monsters of its room instead (line 437).

A hero's spell that a monster may answer (Dispell, line 557; Mirror Magic, line 571) waits in stage "gm"
for the game master's `react:...` decision; Dispell rolls in stage "dispel"; Mirror Magic sends the
hero's own spell back at him (stage "mirror", with `REFLECTED`); "hero-spell" lets it act as cast.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.spells.spells import find
from grognard.systems.heroquest.features.spells.spells import handler as hero_handler
from grognard.systems.heroquest.model.action_text import aim, cast_arg, keyed_of
from grognard.systems.heroquest.model.edits import note
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.hooks import end_turn
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.artifacts_gear import discard_thing, spend_charge
from grognard.systems.heroquest.rules.chaos import (
    Flight,
    area_squares,
    flight,
    handler,
    hero_chaos,
    hero_refs,
    known_spells,
    magic_left,
    mind_of,
    mirror_hit,
    ref_of,
    spell_name,
    spend_magic,
    with_flight,
)
from grognard.systems.heroquest.rules.chaos_effects import carries, helpless, hero_add

REFLECTED = (
    "air/tempest",
    "water/sleep",
    "elf/deep-sleep",
    "fire/fire-of-wrath",
    "fire/ball-of-flame",
    "air/genie",
)
"""The heroes' spells Mirror Magic can send back at their caster: those cast on an enemy whose effect on a
hero the rules define (see the rulings)."""

# ---------------------------------------------------------------------------------------------------
# Starting and moving on


def begin(state: QuestState, f: Flight) -> QuestState:
    """A monster's spell `f` starts: Mimic first, then the heroes' answers or the spell itself."""
    h = handler(f.key)
    touches = bool(hero_refs(h.victims(state, f.caster, f.target)))
    f = replace(f, mimic=mimics(state, f.caster, f.mkey), after="heroes" if touches else "prepare")
    return advance(with_flight(state, f))


def alive(state: QuestState, victim: str) -> bool:
    """True while a victim ("hN", "mN") is on the board."""
    side, k = ref_of(victim)
    fig = state.heroes[k] if side == "h" else state.monsters[k]
    return fig.status == "active" and fig.at is not None


def advance(state: QuestState) -> QuestState:
    """Carry the spell in flight on until it needs a roll or a decision, or is done."""
    while state.pending is None and not state.outcome:
        f = flight(state)
        if f is None:
            return state
        stage = f.stage
        if stage == "mimic":
            source = f.reactor if f.reactor >= 0 else f.caster
            still = tuple(i for i in f.mimic if _may_mimic(state, i, source, f.mkey))
            if still:
                i = still[0]
                p = Pending(
                    "mimic",
                    who=i,
                    target=source,
                    dice=state.heroes[i].mind,
                    need=mind_of(state, source),
                    ref=f.mkey,
                )
                return replace(with_flight(state, replace(f, mimic=still)), pending=p)
            state = with_flight(state, replace(f, stage=f.after, mimic=()))
        elif stage == "heroes":
            if hero_answers(state, f):
                return state
            state = with_flight(state, replace(f, stage="prepare"))
        elif stage == "prepare":
            state = _prepare(state, f)
        elif stage == "victims":
            if not f.victims:
                return close(state)
            victim, rest = f.victims[0], f.victims[1:]
            state = with_flight(state, replace(f, victims=rest))
            if alive(state, victim):
                state = _hit(state, f, victim)
        elif stage == "staff":
            state = _turned_back(state, f)
        elif stage == "dispel":
            i = f.caster
            p = Pending(
                "dispel", who=f.reactor, target=i, dice=mind_of(state, f.reactor), need=state.heroes[i].mind
            )
            return replace(state, pending=p)
        elif stage == "mirror":
            state = with_flight(state, replace(f, stage="victims", victims=(f.by,), mode="mirror"))
        elif stage == "hero-spell":
            return _hero_spell(with_flight(state, None), f)
        else:
            return state
    return state


def close(state: QuestState) -> QuestState:
    """The spell is done; a hero left helpless in his own turn (his spell sent back) ends it."""
    state = with_flight(state, None)
    who = state.current_hero()
    if who is not None and not state.in_gm_turn() and helpless(state.heroes[who].effects):
        return end_turn(note(state, said("turn.can-do-no-more", hero=who, hero_name=state.hero_of(who).name)))
    return state


def _prepare(state: QuestState, f: Flight) -> QuestState:
    h = handler(f.key)
    j = f.caster
    if h.cast is not None:
        return h.cast(with_flight(state, None), j, f.target)
    victims = []
    for v in h.victims(state, j, f.target):
        side, k = ref_of(v)
        if side == "h" and k in f.resist:
            state = note(
                state,
                said("spell.untouched", hero=k, hero_name=state.hero_of(k).name, spell=spell_name(f.key)),
            )
            continue
        victims.append(v)
    return with_flight(state, replace(f, stage="victims", victims=tuple(victims)))


def _hit(state: QuestState, f: Flight, victim: str) -> QuestState:
    if f.mode == "mirror":
        return mirror_hit()(state, f, victim)
    hit = handler(f.key).hit
    assert hit is not None
    return hit(state, f, victim)


def _turned_back(state: QuestState, f: Flight) -> QuestState:
    """The Ancient Staff's holder sends the spell at its caster and every other monster in its room."""
    h = handler(f.key)
    j = f.caster
    if h.players_only:
        state = note(state, said("spell.turned-back-works-players", spell=spell_name(f.key)))
        return with_flight(state, replace(f, stage="victims", victims=()))
    room = area_squares(state, j)
    others = [k for k, m in enumerate(state.monsters) if k != j and m.status == "active" and m.at in room]
    victims = tuple(f"m{k}" for k in [j, *others])
    return with_flight(state, replace(f, stage="victims", victims=victims))


def _hero_spell(state: QuestState, f: Flight) -> QuestState:
    if f.key.startswith("chaos/"):  # a chaos spell the hero learned by Mimic (line 286)
        return hero_chaos().resolve(state, f.caster, f.key, f.target)
    return hero_handler(f.key).apply(state, f.caster, find(f.key), f.target)


# ---------------------------------------------------------------------------------------------------
# Mimic (line 286)


def _may_mimic(state: QuestState, i: int, j: int, key: str) -> bool:
    fig = state.heroes[i]
    m = state.monsters[j]
    hero = state.hero_of(i)
    school, _, name = key.partition("/")
    spell = hq.spell(name, school)
    return (
        hero.knows_skill("Mimic")
        and fig.status == "active"
        and fig.at is not None
        and fig.mind > 0
        and m.at is not None
        and sees(state.layout, fig.at, m.at, state.figures)
        and not hero.knows_spell(spell)
        and not has(fig.effects, f"learned:{key}")
    )


def mimics(state: QuestState, j: int, key: str) -> tuple[int, ...]:
    """The heroes who may roll to learn the spell monster `j` casts."""
    return tuple(i for i in range(len(state.heroes)) if _may_mimic(state, i, j, key))


def mimic_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """The spell joins the wizard's pool (kept on him as "learned:KEY|quest"), or not; the next roll."""
    name = state.hero_of(p.who).name
    if move == "learned":
        state = hero_add(state, p.who, f"learned:{p.ref}|quest")
        why, need = hero_chaos().bar(state, p.who, p.ref)  # below its level, or never (chaos_heroes)
        state = note(
            state,
            said(
                "spell.learns-watching-cast",
                hero=p.who,
                hero_name=name,
                spell=spell_name(p.ref),
                spell_key=p.ref,
                bar=why,
                need=need,
            ),
        )
    else:
        state = note(state, said("spell.fails-follow-spell", hero=p.who, hero_name=name))
    f = flight(state)
    if f is not None:
        state = with_flight(state, replace(f, mimic=tuple(i for i in f.mimic if i != p.who)))
    return advance(state)


# ---------------------------------------------------------------------------------------------------
# The heroes' answers


def hero_answers(state: QuestState, f: Flight) -> list[str]:
    """The answers the heroes have to a monster's spell: `resist:potion:hN`, `resist:will:hN`,
    `resist:staff:hN`, and `resist:done`; none when no hero it touches can answer."""
    h = handler(f.key)
    out = []
    for i in hero_refs(h.victims(state, f.caster, f.target)):
        if i in f.resist or state.heroes[i].status != "active":
            continue
        fig = state.heroes[i]
        if carries(state, i, "potion-of-magic-resistance"):
            out.append(f"resist:potion:h{i}")
        if (
            h.mental
            and state.hero_of(i).knows_skill("Strength of Will")
            and not has(fig.effects, "used:strength-of-will")
        ):
            out.append(f"resist:will:h{i}")
        if carries(state, i, "ancient-staff"):
            out.append(f"resist:staff:h{i}")
    return [*out, "resist:done"] if out else []


def answer(state: QuestState, action: str) -> QuestState:
    """Apply a hero's answer to the spell in flight."""
    f = flight(state)
    assert f is not None
    read = keyed_of(action)
    if read.key == "done":
        return advance(with_flight(state, replace(f, stage="prepare")))
    how, i = read.key, aim(read.target).hero_index
    name = state.hero_of(i).name
    if how == "potion":
        state = discard_thing(state, i, "potion-of-magic-resistance")
        state = note(state, said("spell.drinks-potion-magic-resistance", hero=i, hero_name=name))
    elif how == "will":
        state = hero_add(state, i, "used:strength-of-will|encounter")
        state = note(state, said("status.resists-strength-will", hero=i, hero_name=name))
    else:
        state = note(
            state, said("spell.raises-ancient-staff-turns", hero=i, hero_name=name, spell=spell_name(f.key))
        )
        state = spend_charge(state, i, "ancient-staff", hq.artifact("ancient-staff").effect.charges or 5)
        return advance(with_flight(state, replace(f, stage="staff", mode=f"staff:{i}")))
    f = replace(f, resist=(*f.resist, i), used=(*f.used, f"{how}:{i}"))
    return advance(with_flight(state, f))


# ---------------------------------------------------------------------------------------------------
# The game master's answers to a hero's spell


def _answerers(state: QuestState, i: int, key: str, target: str) -> list[tuple[int, str]]:
    at = state.heroes[i].at
    out: list[tuple[int, str]] = []
    if at is None:
        return out
    for j, m in enumerate(state.monsters):
        if m.status != "active" or m.at is None or magic_left(state, j) < 1:
            continue
        known = known_spells(state, j)
        if "chaos/mirror-magic" in known and target == m.id and key in REFLECTED:
            out.append((j, "mirror"))
        if "chaos/dispell" in known and sees(state.layout, m.at, at, state.figures):
            out.append((j, "dispell"))
    return out


def answer_hero_spell(state: QuestState, i: int, key: str, target: str) -> QuestState | None:
    """Hero `i` has cast `key` at `target`: when a monster may answer it (Dispell: a monster holding it
    that sees him; Mirror Magic: the monster it was cast on), the spell waits for the game master's
    decision; None when no monster can."""
    if not _answerers(state, i, key, target):
        return None
    return with_flight(state, Flight(f"h{i}", key, target, "gm"))


def gm_answers(state: QuestState, f: Flight) -> list[str]:
    """`react:none`, `react:dispell:MONSTER`, `react:mirror:MONSTER`."""
    found = _answerers(state, f.caster, f.key, f.target)
    return ["react:none", *(f"react:{how}:{state.monsters[j].id}" for j, how in found)]


def gm_answer(state: QuestState, action: str) -> QuestState:
    """Apply the game master's answer: let the spell be, or cast Dispell or Mirror Magic at it."""
    f = flight(state)
    assert f is not None
    read = keyed_of(action)
    if read.key == "none":
        return advance(with_flight(state, replace(f, stage="hero-spell")))
    how, mid = read.key, read.target
    j = next(k for k, m in enumerate(state.monsters) if m.id == mid)
    key = "chaos/dispell" if how == "dispell" else "chaos/mirror-magic"
    state = spend_magic(state, j)
    state = note(
        state, said("spell.answers", monster=j, monster_name=state.stats_of(j).name, spell=spell_name(key))
    )
    after = "dispel" if how == "dispell" else "mirror"
    f = replace(f, stage="mimic", mkey=key, reactor=j, after=after, mimic=mimics(state, j, key))
    return advance(with_flight(state, f))


def dispel_chance(monster_mind: int, hero_mind: int) -> Fraction:
    """The chance the monster's red die plus its Mind beats the hero's red die plus his (line 557)."""
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a + monster_mind > b + hero_mind)
    return Fraction(wins, 36)


def dispel_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """The hero's spell is cancelled (its Magic point spent), or goes on."""
    f = flight(state)
    assert f is not None
    if move == "cancelled":
        state = note(state, said("spell.dispelled", spell=spell_name(f.key)))
        return close(state)
    state = note(state, said("spell.holds-against-dispell", spell=spell_name(f.key)))
    return advance(with_flight(state, replace(f, stage="hero-spell")))


def monster_cast(state: QuestState, j: int, arg: str) -> QuestState:
    """Monster `j` casts "chaos/key:target": its action and a Magic point; Mimic is rolled, the heroes may
    answer, then the spell acts (`chaos_flight`)."""
    read = cast_arg(arg)
    key, target = read.spell, read.target
    handler(key)
    state = spend_magic(state, j)
    state = replace(state, turn=replace(state.turn, acted=True, attacks=state.turn.attacks + 1))
    state = note(
        state,
        said("spell.monster-casts", monster=j, monster_name=state.stats_of(j).name, spell=spell_name(key)),
    )
    return begin(state, Flight(f"m{j}", key, target, "mimic", mkey=key))
