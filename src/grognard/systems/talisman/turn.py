"""Setting up, the turn (10:1-2), death and new characters (4:3), the Command Spell (9:8), winning (21:1).

Task kinds: "deal" (chance: a character for a seat), "start_spells", "first" (chance: who begins),
"turn", "turn_body", "start" (the player's choices before moving), "end", "command_roll" (chance),
"command_answer" (a player: lose a Life or drop out).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from grognard.engine.dice.core import Rng, d6
from grognard.engine.game import Outcome
from grognard.systems.talisman.actions import Ability, Align, Cast, GoTo, parse_action, space_of
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.characters import has_ability, start_spells, turn_start_abilities
from grognard.systems.talisman.effects import (
    change_alignment,
    check_winner,
    place,
    push_effects,
    to_discard,
)
from grognard.systems.talisman.scores import START_LIVES, keywords
from grognard.systems.talisman.spells import cast_actions, cast_spell
from grognard.systems.talisman.state import Hero, TalismanState, Task, plain_task
from grognard.systems.talisman.tasks import Thrown, auto, card_from, chance, decision
from grognard.systems.talisman.words import DROPS_OUT, NO_LONGER_TOAD, PLAYS

CASH_RATE = 7
"""1:4: one Strength counter for every 7 Strength of Enemy cards."""

START_GOLD = 1
"""3:1."""


def new_hero(character: str) -> Hero:
    """A character as set up (Setting Up; 3:1, 4:1)."""
    char = catalog().characters[character]
    return Hero(
        character=character,
        space=char.start,
        strength=char.strength,
        craft=char.craft,
        lives=START_LIVES,
        gold=START_GOLD,
        alignment=char.alignment,
    )


def _deal_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    return [(c, Fraction(1, len(state.pool))) for c in state.pool]


def _throw_deal(state: TalismanState, rng: Rng) -> Thrown:
    return card_from(state, state.pool, rng)


@chance("deal", _deal_outcomes, _throw_deal, dice=False)
def deal(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    """A character card for seat `task.player` (Setting Up; a new character, 4:3)."""
    character = str(outcome)
    pool = list(state.pool)
    pool.remove(character)
    state = state.evolve(pool=tuple(pool)).with_hero(task.player, new_hero(character))
    state = state.note(PLAYS, f"p{task.player}", catalog().characters[character].name)
    return state.push(*[plain_task("draw_spell", task.player) for _ in range(start_spells(character))])


def _first_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    n = len(state.heroes)
    return [(i, Fraction(1, n)) for i in range(n)]


def _throw_first(state: TalismanState, rng: Rng) -> Thrown:
    return rng.randint(0, len(state.heroes) - 1), ()


@chance("first", _first_outcomes, _throw_first, dice=False)
def _first(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    """Setting Up: the players dice for who has the first turn."""
    return state.evolve(current=int(outcome)).push(Task("turn", int(outcome)))


@auto("turn")
def _turn(state: TalismanState, task: Task) -> TalismanState:
    """A new turn of the current player: the turn cap, a player out, a new character (4:3)."""
    i = state.current
    state = state.evolve(turn=state.turn + 1, move=None, fight=None, enc=None)
    if state.max_turns and state.turn > state.max_turns:
        return state.evolve(over="unfinished")
    h = state.heroes[i]
    if h.out:
        return state.push(plain_task("end", i))
    if not h.character:
        if state.crown_reached:
            return check_winner(state.edit_hero(i, out=True)).push(plain_task("end", i))
        return state.push(plain_task("deal", i), plain_task("turn_body", i))
    return state.push(plain_task("turn_body", i))


@auto("turn_body")
def _turn_body(state: TalismanState, task: Task) -> TalismanState:
    """15:4: a lost turn is missed; otherwise the turn's two parts follow (10:1)."""
    i = task.player
    h = state.heroes[i]
    if h.lost_turns > 0:
        return state.edit_hero(i, lost_turns=h.lost_turns - 1).push(plain_task("end", i))
    return state.push(plain_task("start", i), plain_task("end", i))


def raft_targets(state: TalismanState, i: int) -> list[str]:
    """11:16-18: the spaces a Raft can reach this turn (acquired before this turn, or built now)."""
    h = state.heroes[i]
    if h.toad or h.pits:
        return []
    space = catalog().spaces[h.space]
    if space.region not in ("outer", "middle"):
        return []
    ready = 0 < h.raft < state.turn
    build = not ready and bool({"woods", "forest"} & set(space.tags)) and "axe" in keywords(h)
    return list(space.opposite) if ready or build else []


def trophy_strength(hero: Hero) -> int:
    """The Strength printed on the Enemy cards a hero has kept (1:4)."""
    return _printed_strength(hero.trophies) if hero.trophies else 0


@lru_cache(maxsize=1024)
def _printed_strength(cards: tuple[str, ...]) -> int:
    known = catalog().cards
    return sum(known[t].strength for t in cards)


def crowded_crown(state: TalismanState, i: int) -> bool:
    """14:9: seat `i` stands on the Crown of Command with another character, so its turn consists only
    of Encountering one of the others."""
    h = state.heroes[i]
    if catalog().spaces[h.space].region != "crown":
        return False
    return any(j != i and o.alive and o.space == h.space for j, o in enumerate(state.heroes))


def _start_actions(state: TalismanState, task: Task) -> Sequence[str]:
    i = task.player
    h = state.heroes[i]
    out = ["move"]
    if crowded_crown(state, i):
        # 14:9 (line 302): the turn is only the encounter (cashing in is allowed at any time, 1:4).
        return out + (["cash"] if trophy_strength(h) >= CASH_RATE else [])
    out += cast_actions(state, i, "turn_start")
    if trophy_strength(h) >= CASH_RATE:
        out.append("cash")
    if has_ability(h, "alignment_at_will") and h.aligned_turn != state.turn:
        out += [str(Align(a)) for a in ("good", "neutral", "evil") if a != h.alignment]
    if "ability" not in task.opts:
        out += [str(Ability(k)) for k in turn_start_abilities(h)]
    out += [str(GoTo("raft", s)) for s in raft_targets(state, i)]
    return out


@decision("start", _start_actions)
def _start(state: TalismanState, task: Task, move: str) -> TalismanState:
    """The start of a turn: spells, cashing in, abilities, a Raft, or the move itself."""
    i = task.player
    h = state.heroes[i]
    if move == "move":
        return state.push(plain_task("move_start", i))
    action = parse_action(move)
    if isinstance(action, Cast):
        return cast_spell(state.push(task), i, move)
    if move == "cash":
        return cash_in(state, i).push(task)
    if isinstance(action, Align):
        return change_alignment(state, i, action.alignment).push(task)
    if isinstance(action, Ability):
        state = state.push(replace(task, opts=(*task.opts, "ability")))
        return push_effects(state, i, f"ability:{h.character}:{action.index}")
    target = space_of(move)
    state = use_raft(state, i)
    return place(state, i, target).push(plain_task("encounter", i))


def use_raft(state: TalismanState, i: int) -> TalismanState:
    """11:18-19: the Raft carries the character across and is never kept: a bought one goes back to
    its pile, another to the discard pile."""
    h = state.heroes[i]
    if not h.raft:
        return state
    state = state.edit_hero(i, raft=0, raft_card="")
    return to_discard(state, h.raft_card) if h.raft_card else state


def cash_in(state: TalismanState, i: int) -> TalismanState:
    """1:4: every 7 Strength of the Enemy cards exchanged buys 1 Strength counter; the excess is lost.
    The cards exchanged are the fewest Strength points that buy as many counters as all of them would
    (`best_exchange`); the others are kept for a later exchange."""
    h = state.heroes[i]
    cashed = best_exchange(h.trophies)
    gained = _printed_strength(cashed) // CASH_RATE
    kept = list(h.trophies)
    for card in cashed:
        kept.remove(card)
        state = to_discard(state, card)
    return state.edit_hero(i, trophies=tuple(kept), strength=h.strength + gained)


@lru_cache(maxsize=1024)
def best_exchange(trophies: tuple[str, ...]) -> tuple[str, ...]:
    """The kept Enemy cards to exchange (1:4, "Those Enemy cards exchanged"): of the sets that buy the
    most Strength counters, the one with the least printed Strength (so the most is kept for later)."""
    known = catalog().cards
    best: dict[int, tuple[str, ...]] = {0: ()}  # printed total -> one set of cards with that total
    for card in trophies:
        for total, cards in list(best.items()):
            best.setdefault(total + known[card].strength, (*cards, card))
    most = max(best) // CASH_RATE
    return best[min(t for t in best if t // CASH_RATE == most)] if most else ()


@auto("end")
def _end(state: TalismanState, task: Task) -> TalismanState:
    """The end of a turn: a Toad's count (19:1), an unused Raft goes back (11:19); play passes on (10:2)."""
    i = state.current
    h = state.heroes[i]
    if h.alive and h.toad and h.toad_since != state.turn:
        state = state.edit_hero(i, toad=h.toad - 1)
        if h.toad == 1:
            state = state.note(NO_LONGER_TOAD, f"p{i}")
    if h.alive and 0 < h.raft < state.turn:
        state = use_raft(state, i)
    state = check_winner(state)
    if state.over:
        return state
    n = len(state.heroes)
    nxt = (i + 1) % n
    while state.heroes[nxt].out and nxt != i:
        nxt = (nxt + 1) % n
    return state.evolve(current=nxt, move=None, fight=None, enc=None).push(plain_task("turn", nxt))


def _command_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    return [("no-effect", Fraction(1, 2)), ("effect", Fraction(1, 2))]


def _throw_command(state: TalismanState, rng: Rng) -> Thrown:
    roll = d6(rng)
    return ("effect" if roll.total >= 4 else "no-effect"), (roll,)


@chance("command_roll", _command_outcomes, _throw_command)
def _command_roll(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    """9:8: 1-3 no effect; 4-6 every other character loses 1 Life or drops out."""
    if outcome == "no-effect":
        return state
    others = [j for j, h in enumerate(state.heroes) if j != task.player and h.alive]
    return state.push(*[plain_task("command_answer", j) for j in others])


def _answer_actions(state: TalismanState, task: Task) -> Sequence[str]:
    return ["life", "concede"] if state.heroes[task.player].alive else []


@decision("command_answer", _answer_actions)
def _command_answer(state: TalismanState, task: Task, move: str) -> TalismanState:
    """9:8: lose 1 Life, or admit defeat and drop out of the game."""
    j = task.player
    if move == "concede":
        h = state.heroes[j]
        state = state.put_cards(h.space, *h.objects, *h.followers, gold=h.gold)
        state = state.evolve(spell_discard=tuple(sorted((*state.spell_discard, *h.spells))))
        state = state.with_hero(j, Hero(out=True)).note(DROPS_OUT, f"p{j}")
        return check_winner(state)
    return state.push(Task("lose_life", j, opts=("command",)))
