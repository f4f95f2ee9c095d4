"""Combat (16:1-10), Psychic Combat (17:1-2), Evading (18:1-3) and the loss of Lives (4:2-3).

Against a creature: "fight_evade" (the character declares whether he Evades, 16:2), "fight_spells" (spells
before the die, 16:3), "fight_roll" (chance: win / standoff / lose, 16:4). Against a character: "duel_evade"
(the one attacked may Evade, 16:6), "duel_spells" (both may cast, 16:7), "duel_roll", "spoils" (the
victor's choice, 16:9), "steal". Every Life lost passes through "lose_life" (Preservation, an Object's save
in Combat but never in Psychic Combat, 17:2; a Follower dying instead where a space allows) and
"armour_roll".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cache, lru_cache

from grognard.engine.dice.core import Rng, d6
from grognard.engine.game import Outcome
from grognard.systems.talisman.actions import Cast, Evade, OnCard, card_of, cast_of, evade_of, parse_action
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.characters import evades_type, has_ability
from grognard.systems.talisman.dice import sum_probabilities
from grognard.systems.talisman.effects import drop_follower, end_turn, give_item, kill, to_discard
from grognard.systems.talisman.scores import score
from grognard.systems.talisman.spells import held, spend
from grognard.systems.talisman.state import EncCtx, FightCtx, TalismanState, Task, plain_task, remove_one
from grognard.systems.talisman.tasks import Thrown, auto, chance, decision, named
from grognard.systems.talisman.words import EVADES, FIGHT_NOTES

WIN = "win"
STANDOFF = "standoff"
LOSE = "lose"


def classify(mine: int, theirs: int) -> str:
    """The result of two combat scores, dice added: the higher wins, equal is a stand-off (16:4, 16:8,
    16:10). The one place the comparison is written: the real dice (`_throw_fight`, `_throw_duel`), the
    chance nodes' table (`combat_chances`) and the solved odds (`odds.combat_odds`) all ask it."""
    return WIN if mine > theirs else LOSE if mine < theirs else STANDOFF


def combat_chances(mine: int, theirs: int, my_dice: int = 1, their_dice: int = 1) -> dict[str, Fraction]:
    """P(win), P(stand-off), P(lose) of a side with score `mine` against `theirs`, each adding its dice
    (16:4; a side may add no die, an ability that overrides 16:4, 8:1): every pair of totals put through
    `classify`. Only the difference of the scores counts, so the table is made once per difference."""
    return _chances(mine - theirs, my_dice, their_dice)


@cache
def _chances(lead: int, my_dice: int, their_dice: int) -> dict[str, Fraction]:
    out = {WIN: Fraction(0), STANDOFF: Fraction(0), LOSE: Fraction(0)}
    for a, pa in sum_probabilities(my_dice).items():
        for b, pb in sum_probabilities(their_dice).items():
            out[classify(lead + a, b)] += pa * pb
    return out


STRENGTH_ENEMIES = frozenset({"animal", "monster", "dragon"})
"""Enemies kept when killed, to be cashed in for Strength (1:4, 15:5)."""


def hero_score(state: TalismanState, i: int, psychic: bool) -> int:
    """A character's Strength in Combat or Craft in Psychic Combat (1:6, 2:5, 17:2.1)."""
    h = state.heroes[i]
    return score(h, "craft", "psychic") if psychic else score(h, "strength", "combat")


def creature_score(state: TalismanState, i: int) -> int:
    """The creature's score, with the space's bonus to enemies (the Runes)."""
    fight = state.fight
    assert fight is not None
    return fight.enemy + catalog().spaces[state.heroes[i].space].enemy_bonus


def _enc(state: TalismanState, i: int) -> EncCtx:
    return state.enc or EncCtx(state.heroes[i].space)


# ---------------------------------------------------------------- against a creature


def _evade_actions(state: TalismanState, task: Task) -> Sequence[str]:
    fight = state.fight
    assert fight is not None
    i = task.player
    if not fight.evadable or catalog().spaces[state.heroes[i].space].region not in ("outer", "middle"):
        return ["fight"]
    if state.enc is not None and state.enc.invisible and fight.source == "cards":
        return ["evade"]
    out = ["fight"]
    spells = catalog().spells
    for s in held(state, i, "evade"):
        if spells[s].evade == "one" and len(fight.cards) > 1:
            out += [str(Evade(s, card)) for card in sorted(set(fight.cards))]
        else:
            out.append(str(Evade(s)))
    if ability_evades(state, i):
        out.append("evade")
    return out


def ability_evades(state: TalismanState, i: int) -> tuple[str, ...]:
    """The enemy cards of the fight that seat `i`'s Special Ability lets him Evade (18:1), one entry a
    copy: the Minstrel's Animals, even with another enemy beside them (his card: "may Evade any
    Animal"; the others then fight on, 16:5). Empty when none may be."""
    fight = state.fight
    if fight is None:
        return ()
    cards = catalog().cards
    return tuple(c for c in sorted(fight.cards) if evades_type(state.heroes[i], cards[c].type))


@decision("fight_evade", _evade_actions)
def _fight_evade(state: TalismanState, task: Task, move: str) -> TalismanState:
    """16:2, 18:1: Evade (by ability, Immobility for one creature, Invisibility for all) or fight."""
    i = task.player
    fight = state.fight
    assert fight is not None
    if move == "fight":
        return state.push(plain_task("fight_spells", i))
    evasion = evade_of(move)
    if evasion.spell:
        spell = catalog().spells[evasion.spell]
        state = spend(state, i, evasion.spell)
        if spell.evade == "all" and fight.source == "cards":
            state = state.evolve(enc=replace(_enc(state, i), invisible=True))
        if evasion.card:
            return _evade_some(state, i, (evasion.card,))
        return _evaded(state, i)
    invisible = state.enc is not None and state.enc.invisible
    evaded = ability_evades(state, i) if fight.source == "cards" and not invisible else ()
    if evaded and len(evaded) < len(fight.cards):
        return _evade_some(state, i, evaded)
    return _evaded(state, i)


def _evade_some(state: TalismanState, i: int, evaded: tuple[str, ...]) -> TalismanState:
    """Some of the enemies fighting as one are Evaded (18:1); the others fight on (16:5)."""
    fight = state.fight
    assert fight is not None
    rest = tuple(sorted(fight.cards))
    for card in evaded:
        rest = remove_one(rest, card)
    enc = _enc(state, i)
    state = state.evolve(enc=replace(enc, evaded=(*enc.evaded, *evaded)))
    names = ", ".join(catalog().cards[c].name for c in evaded)
    state = state.note(EVADES, f"p{i}", names)
    enemy = sum(_card_score(c, fight.psychic) for c in rest)
    return state.evolve(fight=replace(fight, cards=rest, enemy=enemy)).push(plain_task("fight_spells", i))


def _card_score(card: str, psychic: bool) -> int:
    c = catalog().cards[card]
    return c.craft if psychic else c.strength


def _evaded(state: TalismanState, i: int) -> TalismanState:
    fight = state.fight
    assert fight is not None
    state = state.evolve(fight=None).note(EVADES, f"p{i}", fight.name)
    if fight.source == "cards":
        enc = _enc(state, i)
        return state.evolve(enc=replace(enc, evaded=(*enc.evaded, *fight.cards)))
    if fight.source == "sentinel":
        return state.push(plain_task("crossed", i))
    return state


def _spell_actions(state: TalismanState, task: Task) -> Sequence[str]:
    fight = state.fight
    assert fight is not None
    i = task.player
    inner = catalog().spaces[state.heroes[i].space].region not in ("outer", "middle")
    out = ["roll"]
    for s in held(state, i, "before_combat"):
        spell = catalog().spells[s]
        if spell.affects_creature and (inner or (fight.foe >= 0 and spell.slay)):
            continue
        out.append(str(Cast(s)))
    return out


@decision("fight_spells", _spell_actions)
def _fight_spells(state: TalismanState, task: Task, move: str) -> TalismanState:
    """16:3: spells are cast before the die is rolled; 9:7, 14:4: none touch Inner Region creatures."""
    i = task.player
    fight = state.fight
    assert fight is not None
    if move == "roll":
        return state.push(plain_task("fight_roll", i))
    spell_id = cast_of(move).spell
    spell = catalog().spells[spell_id]
    state = spend(state, i, spell_id)
    if spell.slay:
        return creature_result(state.evolve(fight=replace(fight, slain=True)), i, WIN)
    fight = replace(fight, bonus=(fight.bonus[0] + spell.combat_bonus, fight.bonus[1]))
    return state.evolve(fight=fight).push(task)


def _roll_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    fight = state.fight
    assert fight is not None
    mine = hero_score(state, task.player, fight.psychic) + fight.bonus[0]
    table = combat_chances(mine, creature_score(state, task.player))
    return [(k, p) for k, p in table.items() if p > 0]


def _throw_fight(state: TalismanState, rng: Rng) -> Thrown:
    """16:4: a die for the character and one for the creature, each added to its side's score."""
    fight = state.fight
    assert fight is not None
    i = state.tasks[-1].player
    mine = hero_score(state, i, fight.psychic) + fight.bonus[0]
    theirs = creature_score(state, i)
    a, b = d6(rng), d6(rng)
    return classify(mine + a.total, theirs + b.total), (named(a, f"p{i}"), named(b, fight.name))


@chance("fight_roll", _roll_outcomes, _throw_fight)
def _fight_roll(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    """16:4: die + Strength against die + the creature's Strength."""
    return creature_result(state, task.player, str(outcome))


def creature_result(state: TalismanState, i: int, outcome: str) -> TalismanState:
    """The end of a combat with a creature: killed (15:5, 1:4), hurt (16:4), stand-off (16:10)."""
    fight = state.fight
    assert fight is not None
    state = state.evolve(fight=None).note(FIGHT_NOTES[outcome], f"p{i}", fight.name)
    if outcome == WIN:
        return _creature_killed(state, i, fight)
    if fight.source == "pits" and outcome == LOSE:
        return end_turn(state, i).push(Task("lose_life", i, opts=("combat",)))
    flags = ("psychic",) if fight.psychic else ("combat",)
    state = end_turn(state, i)
    return state.push(Task("lose_life", i, opts=flags)) if outcome == LOSE else state


def _creature_killed(state: TalismanState, i: int, fight: FightCtx) -> TalismanState:
    if fight.source == "sentinel":
        return state.push(plain_task("crossed", i))
    if fight.source == "pits":
        left = state.heroes[i].pits - 1
        state = state.edit_hero(i, pits=left)
        return state.push(plain_task("pit_fight", i)) if left else state
    if fight.source == "cards":
        h = state.heroes[i]
        trophies = list(h.trophies)
        for card in fight.cards:
            state = state.take_card(h.space, card)
            if catalog().cards[card].type in STRENGTH_ENEMIES and not h.toad:
                trophies.append(card)
            else:
                state = to_discard(state, card)
        state = state.edit_hero(i, trophies=tuple(sorted(trophies)))
    return state


@auto("enemies")
def _enemies(state: TalismanState, task: Task) -> TalismanState:
    """15:5-6, 16:5: Enemies by Strength fight as one, then Spirits by Psychic Combat."""
    i = task.player
    h = state.heroes[i]
    enc = state.enc
    found = _foes(state.stash(h.space).cards, enc.evaded if enc is not None else ())
    if found is None:
        return state
    foes, enemy, name, psychic = found
    region = catalog().spaces[h.space].region
    fight = FightCtx(name=name, enemy=enemy, cards=foes, psychic=psychic, evadable=region != "inner")
    return state.evolve(fight=fight).push(plain_task("fight_evade", i), plain_task("enemies", i))


@lru_cache(maxsize=4096)
def _foes(here: tuple[str, ...], evaded: tuple[str, ...]) -> tuple[tuple[str, ...], int, str, bool] | None:
    """The first group of Enemies to fight among the cards `here` less those `evaded` (one copy each):
    their cards, their score, their name and whether the combat is psychic; None when there are none."""
    cards = catalog().cards
    left = list(here)
    for card in evaded:
        if card in left:
            left.remove(card)
    for group, psychic in ((STRENGTH_ENEMIES, False), (frozenset({"spirit"}), True)):
        foes = tuple(sorted(c for c in left if c in cards and cards[c].type in group))
        if foes:
            enemy = sum(_card_score(c, psychic) for c in foes)
            return foes, enemy, " and ".join(cards[c].name for c in foes), psychic
    return None


# ---------------------------------------------------------------- against a character


def start_duel(state: TalismanState, i: int, j: int, psychic: bool, steal: bool = False) -> TalismanState:
    """13:3, 16:6: seat `i` attacks (or robs) seat `j`, who may first Evade."""
    plain = has_ability(state.heroes[i], "no_defender_roll")
    fight = FightCtx(
        foe=j,
        attacker=i,
        name=f"p{j}",
        psychic=psychic,
        source="steal" if steal else "duel",
        plain_defender=plain,
    )
    return state.evolve(fight=fight).push(plain_task("duel_evade", j))


def _duel_evade_actions(state: TalismanState, task: Task) -> Sequence[str]:
    return ["stand", *[str(Evade(s)) for s in held(state, task.player, "evade")]]


@decision("duel_evade", _duel_evade_actions)
def _duel_evade(state: TalismanState, task: Task, move: str) -> TalismanState:
    """18:2.2: a character attacked may Evade the attacker."""
    fight = state.fight
    assert fight is not None
    if move != "stand":
        state = spend(state, task.player, evade_of(move).spell)
        return state.evolve(fight=None).note(EVADES, f"p{task.player}", f"p{fight.attacker}")
    if fight.source == "steal":
        return state.push(Task("steal", fight.attacker, n=task.player))
    return state.push(
        Task("duel_spells", fight.attacker, n=0),
        Task("duel_spells", task.player, n=1),
        plain_task("duel_roll", fight.attacker),
    )


def _duel_spell_actions(state: TalismanState, task: Task) -> Sequence[str]:
    return [
        "roll",
        *[str(Cast(s)) for s in held(state, task.player, "before_combat") if not catalog().spells[s].slay],
    ]


@decision("duel_spells", _duel_spell_actions)
def _duel_spells(state: TalismanState, task: Task, move: str) -> TalismanState:
    """16:7: both characters may cast spells before the die is rolled."""
    if move == "roll":
        return state
    fight = state.fight
    assert fight is not None
    spell_id = cast_of(move).spell
    state = spend(state, task.player, spell_id)
    bonus = list(fight.bonus)
    bonus[task.n] += catalog().spells[spell_id].combat_bonus
    return state.evolve(fight=replace(fight, bonus=(bonus[0], bonus[1]))).push(task)


def _duel_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    fight = state.fight
    assert fight is not None
    mine = hero_score(state, fight.attacker, fight.psychic) + fight.bonus[0]
    theirs = hero_score(state, fight.foe, fight.psychic) + fight.bonus[1]
    table = combat_chances(mine, theirs, 1, 0 if fight.plain_defender else 1)
    return [(k, p) for k, p in table.items() if p > 0]


def _throw_duel(state: TalismanState, rng: Rng) -> Thrown:
    """16:8: the attacker's die, and the defender's unless he adds none."""
    fight = state.fight
    assert fight is not None
    mine = hero_score(state, fight.attacker, fight.psychic) + fight.bonus[0]
    theirs = hero_score(state, fight.foe, fight.psychic) + fight.bonus[1]
    a = d6(rng)
    rolls = [named(a, f"p{fight.attacker}")]
    b = 0
    if not fight.plain_defender:
        other = d6(rng)
        rolls.append(named(other, f"p{fight.foe}"))
        b = other.total
    return classify(mine + a.total, theirs + b), tuple(rolls)


@chance("duel_roll", _duel_outcomes, _throw_duel)
def _duel_roll(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    """16:8-10: the higher score wins; equal scores are a stand-off and the turn ends."""
    fight = state.fight
    assert fight is not None
    i, j = fight.attacker, fight.foe
    state = end_turn(state, i).note(FIGHT_NOTES[str(outcome)], f"p{i}", f"p{j}")
    if outcome == STANDOFF:
        return state.evolve(fight=None)
    winner, loser = (i, j) if outcome == WIN else (j, i)
    return state.push(Task("spoils", winner, n=loser, opts=("psychic",) if fight.psychic else ()))


def _spoils_actions(state: TalismanState, task: Task) -> Sequence[str]:
    loser = state.heroes[task.n]
    out = ["life"]
    if not state.heroes[task.player].toad:
        out += [str(OnCard("take", o)) for o in sorted(set(loser.objects))]
        if loser.gold:
            out.append("gold")
    return out


@decision("spoils", _spoils_actions)
def _spoils(state: TalismanState, task: Task, move: str) -> TalismanState:
    """16:9: the victor takes a Life, or one Object, or one Gold from the loser."""
    state = state.evolve(fight=None)
    if move == "life":
        flags = ("psychic",) if "psychic" in task.opts else ("combat",)
        return state.push(Task("lose_life", task.n, opts=flags))
    return _rob(state, task.player, task.n, move)


def _rob(state: TalismanState, i: int, j: int, move: str) -> TalismanState:
    victim = state.heroes[j]
    if move == "gold":
        state = state.edit_hero(j, gold=victim.gold - 1)
        return state.edit_hero(i, gold=state.heroes[i].gold + 1)
    card = card_of(move)
    state = state.edit_hero(j, objects=remove_one(victim.objects, card))
    return give_item(state, i, card)


def _steal_actions(state: TalismanState, task: Task) -> Sequence[str]:
    victim = state.heroes[task.n]
    out = [str(OnCard("take", o)) for o in sorted(set(victim.objects))]
    return out + (["gold"] if victim.gold else []) or ["nothing"]


@decision("steal", _steal_actions)
def _steal(state: TalismanState, task: Task, move: str) -> TalismanState:
    """13:3: the Thief's ability: one Object or 1 Gold from the character he meets."""
    state = state.evolve(fight=None)
    return state if move == "nothing" else _rob(state, task.player, task.n, move)


# ---------------------------------------------------------------- losing Lives


def _life_actions(state: TalismanState, task: Task) -> Sequence[str]:
    h = state.heroes[task.player]
    if not h.alive:
        return []
    out = ["take"]
    if "unsaveable" in task.opts:
        return out
    out += [str(OnCard("save", s)) for s in held(state, task.player, "save_life")]
    if "combat" in task.opts and not h.toad:
        out += [
            str(OnCard("armour", o))
            for o in sorted(set(h.objects))
            if catalog().item(o).save is not None and f"tried:{o}" not in task.opts
        ]
    if "followers" in task.opts:
        out += [str(OnCard("follower", f)) for f in sorted(set(h.followers))]
    return out


@decision("lose_life", _life_actions)
def _lose_life(state: TalismanState, task: Task, move: str) -> TalismanState:
    """4:2-3: a Life is lost unless saved (a Spell; an Object in Combat; a Follower where allowed)."""
    i = task.player
    action = parse_action(move)
    if isinstance(action, OnCard):
        if action.verb == "save":
            return spend(state, i, action.card)
        if action.verb == "armour":
            return state.push(Task("armour_roll", i, ref=action.card, opts=task.opts))
        return drop_follower(state, i, action.card)
    h = state.heroes[i]
    state = state.edit_hero(i, lives=h.lives - 1)
    if h.lives - 1 <= 0:
        return kill(state, i)
    return state


def _armour_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    save = catalog().item(task.ref).save or 7
    p = Fraction(7 - save, 6)
    return [(k, q) for k, q in (("saved", p), ("hit", 1 - p)) if q > 0]


def _throw_armour(state: TalismanState, rng: Rng) -> Thrown:
    save = catalog().item(state.tasks[-1].ref).save or 7
    roll = d6(rng)
    return ("saved" if roll.total >= save else "hit"), (roll,)


@chance("armour_roll", _armour_outcomes, _throw_armour)
def _armour_roll(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    """16:4: the use of an Object may prevent the loss of a Life."""
    if outcome == "saved":
        return state
    return state.push(Task("lose_life", task.player, opts=(*task.opts, f"tried:{task.ref}")))
