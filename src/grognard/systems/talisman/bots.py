"""Bots for Talisman: the engine's random legal policy, a heuristic bot that plays to win, and the mixed
bot (random over the legal actions, yet ending games) that the random-games conformance test plays.

The heuristic bot (`heuristic_policy`) follows a plan in three phases. *Build*: in the Outer Region it
looks for fights it is likely to win (trophies are cashed in for Strength, 1:4), things to take, and shops
where a weapon or armour is affordable; it heals when hurt. *Talisman*: once strong enough it crosses the
Storm River (over the Sentinel's bridge or by Raft) and prays at the Temple until it is given a
Talisman. *Crown*: with a Talisman and enough Strength it heads for the Portal of Power and walks the
Inner Region to the Crown of Command, where it takes Lives from anyone else there. Every fight, evasion
and attack on another character is decided from the exact combat odds (the chances of the combat's own
chance node, `combat.combat_chances`); a Stranger is visited when its instructions are worth it
(`bot_worth.effect_worth`); where it moves is decided by valuing each reachable space (what lies
there, what drawing cards there is worth against its Strength, the space's instructions, and how far
it is from the current goal). Under the Command Spell it admits defeat when the race for the Crown is
lost. It never looks at other players' Spells. It is deterministic: the RNG it is given breaks ties only.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.engine.game import Action, GameState
from grognard.engine.session import Policy, random_policy
from grognard.i18n import gettext
from grognard.systems.talisman import content
from grognard.systems.talisman.actions import (
    Ability,
    Align,
    Cast,
    GoTo,
    OnCard,
    card_of,
    cast_of,
    evade_of,
    parse_action,
    seat_of,
    space_of,
)
from grognard.systems.talisman.bot_worth import (
    HEALING_SPELLS,
    HURTFUL_SPELLS,
    MIDDLE_WORTH,
    SPELL_WORTH,
    TURN_WORTH,
    Mover,
    card_worth,
    combat_strength,
    draw_worth,
    duel_worth,
    effect_worth,
    fight_worth,
    has_talisman,
    heal_worth,
    item_worth,
    life_worth,
    odds,
    others_on,
    phase,
    space_worth,
)
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.combat import STRENGTH_ENEMIES, ability_evades, creature_score, hero_score
from grognard.systems.talisman.scores import craft, may_use, object_limit, strength, unusable
from grognard.systems.talisman.spells import held
from grognard.systems.talisman.state import Hero, TalismanState

# ---------------------------------------------------------------- decisions

Chooser = Callable[[TalismanState, int, list[str]], dict[str, float]]


def _start(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    h = state.heroes[i]
    typed = [(a, parse_action(a)) for a in actions]
    weighed = any(isinstance(t, GoTo | Align) for _, t in typed)
    mover = Mover(state, i) if weighed else None
    base = mover.expected_move() if mover is not None else 0.0
    out: dict[str, float] = {"move": base}
    for a, t in typed:
        if a == "cash":
            out[a] = base + 100
        elif isinstance(t, GoTo):
            assert mover is not None
            out[a] = mover.arrive(t.space)
        elif isinstance(t, Cast):
            out[a] = base + _turn_spell(state, i, t)
        elif isinstance(t, Align):
            out[a] = _realigned_move(state, i, t.alignment) - ALIGN_MARGIN
        elif isinstance(t, Ability):
            ability = catalog().characters[h.character].abilities[t.index]
            out[a] = base + effect_worth(state, i, ability.effects) - TURN_WORTH
    return out


ALIGN_MARGIN = 0.05
"""How much better a move must look under another alignment before the bot changes to it (7:2)."""


def _realigned_move(state: TalismanState, i: int, alignment: str) -> float:
    """The worth of moving this turn after changing alignment (the Druid's ability, 7:1-2): the spaces,
    cards and Strangers valued as the new alignment meets them, less the Magic Objects it could no longer
    keep (7:3)."""
    h = state.heroes[i]
    lost = sum(item_worth(h, o) for o in unusable(h.objects, alignment))
    changed = state.edit_hero(i, alignment=alignment, aligned_turn=state.turn)
    return Mover(changed, i).expected_move() - lost


def _turn_spell(state: TalismanState, i: int, cast: Cast) -> float:
    """The gain of casting a turn-start Spell now, beyond moving (never a Spell that would do nothing)."""
    h = state.heroes[i]
    spell = cast.spell
    target = cast.seat if cast.seat is not None else i
    if futile(state, target, spell):
        return -9
    if spell in HEALING_SPELLS:
        return heal_worth(h) * min(HEALING_SPELLS[spell], 4 - h.lives) - SPELL_WORTH if h.lives < 4 else -9
    if spell == "alchemy":
        return 0.5
    if spell in HURTFUL_SPELLS and cast.target:
        lead = max(range(len(state.heroes)), key=lambda j: _threat(state, j, i))
        return 0.5 if target == lead else -0.1
    if spell == "teleport" and phase(state, i) != "build" and catalog().spaces[h.space].region == "outer":
        return MIDDLE_WORTH - SPELL_WORTH
    return -9


def futile(state: TalismanState, target: int, spell: str) -> bool:
    """True when casting `spell` at seat `target` now would change nothing: a Strength or Craft loss at a
    character already at his starting value (1:3, 2:3; a Toad's 1, 19:3), a Toad turned into a Toad, an
    alignment already held or changed this turn (7:2), healing at 4 Lives (4:6), a move to where he
    stands. A Spell without instructions (it acts in a combat or an evasion) is never futile here."""
    h = state.heroes[target]
    effects = catalog().spells[spell].effects
    return bool(effects) and all(_futile_part(state, h, effect) for effect in effects)


def _futile_part(state: TalismanState, h: Hero, effect: content.Effect) -> bool:
    match effect:
        case content.Lose(stat="strength" | "craft" as stat):
            floor = 1 if h.toad else getattr(catalog().characters[h.character], stat)
            now = (h.toad_strength if stat == "strength" else h.toad_craft) if h.toad else getattr(h, stat)
            return bool(now <= floor)
        case content.Lose(stat="gold"):
            return h.gold == 0
        case content.BecomeToad():
            return h.toad > 0
        case content.ChangeAlignment(to=to):
            return h.alignment == to or h.aligned_turn == state.turn
        case content.Heal():
            return h.lives >= 4
        case content.Teleport(to=to):
            return to == [h.space]
    return False


def _threat(state: TalismanState, j: int, me: int) -> float:
    h = state.heroes[j]
    if j == me or not h.alive:
        return -1.0
    region = catalog().spaces[h.space].region
    bonus = {"inner": 20, "crown": 40}.get(region, 0)
    return combat_strength(h) + craft(h) + bonus + (5 if has_talisman(h) else 0)


def _moves(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    mover = Mover(state, i)
    move = state.move
    left = move.left if move else 1
    direction = move.direction if move else 1
    return {a: mover.action(a, left, direction) for a in actions}


def _inner(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    h = state.heroes[i]
    forward = 1.0 if h.lives >= 2 or not state.crown_reached else -1.0
    return {a: forward if a == "forward" else 0.0 for a in actions}


def _encounter(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    sp = state.heroes[i].space
    out = {}
    for a in actions:
        if a == "space":
            out[a] = space_worth(state, i, sp) - max(
                (duel_worth(state, i, j) for j in others_on(state, i, sp)), default=0.0
            )
        else:
            out[a] = duel_worth(state, i, seat_of(a))
    return out


def _meet(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    task = state.tasks[-1]
    me, them = state.heroes[i], state.heroes[task.n]
    out = {}
    for a in actions:
        if a == "steal":
            out[a] = 5.0
        elif a == "psychic":
            out[a] = float(craft(me) - craft(them))
        else:
            out[a] = float(strength(me) - strength(them))
    return out


def _fight_gain(state: TalismanState, evaded: tuple[str, ...] = ()) -> float:
    fight = state.fight
    assert fight is not None
    cards = catalog().cards
    if fight.source == "sentinel":
        return MIDDLE_WORTH + 1.0
    if fight.source == "cards":
        left = _without(fight.cards, evaded)
        return sum(cards[c].strength for c in left if cards[c].type in STRENGTH_ENEMIES) / 7 * 2 + 0.3
    return 0.3


def _without(cards: tuple[str, ...], gone: tuple[str, ...]) -> list[str]:
    left = list(cards)
    for card in gone:
        left.remove(card)
    return left


def _fight_numbers(state: TalismanState, i: int) -> tuple[int, int]:
    fight = state.fight
    assert fight is not None
    return hero_score(state, i, fight.psychic) + fight.bonus[0], creature_score(state, i)


def _fight_evade(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    h = state.heroes[i]
    mine, theirs = _fight_numbers(state, i)
    gain = _fight_gain(state)
    fight = state.fight
    assert fight is not None
    evade_gain = gain if fight.source == "sentinel" else 0.0
    fight_value = fight_worth(mine + _combat_spell_bonus(state, i), theirs, gain, h.lives)
    out = {}
    for a in actions:
        if a == "fight":
            out[a] = fight_value
        elif a == "evade":
            out[a] = _ability_evade_worth(state, i) if fight.source == "cards" else evade_gain
        else:
            out[a] = evade_gain - SPELL_WORTH - (0.5 if evade_of(a).card else 0.0)
    return out


def _ability_evade_worth(state: TalismanState, i: int) -> float:
    """Evading by an ability: nothing lost, or, when some enemies are left to fight (the Minstrel's
    Animals beside a Monster), the fight against those."""
    fight = state.fight
    assert fight is not None
    evaded = ability_evades(state, i)
    if len(evaded) >= len(fight.cards):
        return 0.0
    cards = catalog().cards
    mine, theirs = _fight_numbers(state, i)
    theirs -= sum(cards[c].craft if fight.psychic else cards[c].strength for c in evaded)
    gain = _fight_gain(state, evaded)
    return fight_worth(mine + _combat_spell_bonus(state, i), theirs, gain, state.heroes[i].lives)


def _combat_spell_bonus(state: TalismanState, i: int) -> int:
    spells = catalog().spells
    return max((spells[s].combat_bonus for s in held(state, i, "before_combat")), default=0)


def _fight_spells(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    h = state.heroes[i]
    fight = state.fight
    assert fight is not None
    mine, theirs = _fight_numbers(state, i)
    gain = _fight_gain(state)
    base = fight_worth(mine, theirs, gain, h.lives)
    out = {"roll": base}
    for a in actions:
        if a == "roll":
            continue
        spell = catalog().spells[cast_of(a).spell]
        after = gain if spell.slay else fight_worth(mine + spell.combat_bonus, theirs, gain, h.lives)
        out[a] = after - SPELL_WORTH * (2 if spell.slay else 1)
    return out


def _duel_evade(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    fight = state.fight
    assert fight is not None
    h = state.heroes[i]
    theirs = hero_score(state, fight.attacker, fight.psychic)
    mine = hero_score(state, i, fight.psychic)
    win, _, lose = odds(theirs, mine, 0 if fight.plain_defender else 1)
    stand = lose * 0.5 - win * life_worth(h.lives)
    return {a: stand if a == "stand" else -SPELL_WORTH for a in actions}


def _duel_spells(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    fight = state.fight
    assert fight is not None
    mine = hero_score(state, fight.attacker, fight.psychic)
    theirs = hero_score(state, fight.foe, fight.psychic)
    close = abs(mine - theirs) <= 3
    return {a: 0.0 if a == "roll" else (0.5 if close else -1.0) for a in actions}


def _spoils(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    """16:9: a Life, an Object or Gold. On the Crown of Command a Life, always: the others there must be
    driven out (14:9), and taking Objects back and forth (a Thief steals them back) never ends."""
    loser = state.heroes[state.tasks[-1].n]
    me = state.heroes[i]
    crown = catalog().spaces[me.space].region == "crown"
    out = {}
    for a in actions:
        if a == "life":
            out[a] = 100.0 if crown else life_worth(loser.lives) * 0.6
        elif a == "gold":
            out[a] = 0.6
        else:
            out[a] = item_worth(me, card_of(a))
    return out


def _lose_life(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    h = state.heroes[i]
    life = life_worth(h.lives)
    out = {}
    for a in actions:
        kind, what = _verb_and_card(a)
        if kind == "take":
            out[a] = -life
        elif kind == "armour":
            save = catalog().item(what).save or 7
            out[a] = -life * (save - 1) / 6 + 0.01
        elif kind == "follower":
            out[a] = -item_worth(h, what)
        else:
            out[a] = -SPELL_WORTH if h.lives <= 2 else -life - 0.1
    return out


def _collect(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    h = state.heroes[i]
    limit = object_limit(h)
    full = limit is not None and len(h.objects) >= limit
    cat = catalog()
    best_here: float | None = None
    out = {}
    for a in actions:
        kind, card = _verb_and_card(a)
        if kind == "done":
            out[a] = 0.0
        elif kind == "take":
            out[a] = item_worth(h, card) - 0.1
        elif kind == "visit":
            out[a] = effect_worth(state, i, cat.cards[card].effects) if card in cat.cards else 0.0
        elif card in h.objects and full:
            if best_here is None:
                lying = [c for c in state.stash(h.space).cards if cat.kind(c) in ("object", "magic_object")]
                best_here = max((item_worth(h, c) for c in lying if may_use(h, c)), default=0.0)
            out[a] = best_here - item_worth(h, card) - 0.5
        else:
            out[a] = -item_worth(h, card) - 0.5
    return out


def _shop(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    h = state.heroes[i]
    out = {}
    for a in actions:
        if a == "done":
            out[a] = 0.0
            continue
        card = card_of(a)
        worth = item_worth(h, card)
        if "raft" in catalog().purchase[card].keywords:
            worth = 1.5 if phase(state, i) != "build" and catalog().spaces[h.space].region == "outer" else 0
        keep = 1 if h.lives < 4 and catalog().purchase[card].price >= h.gold else 0
        out[a] = worth - catalog().purchase[card].price * 0.3 - keep - 0.4
    return out


LABELS = {
    "heal": 2.0,
    "pray": 1.0,
    "search": 0.5,
    "touch": 0.2,
    "train": 1.0,
    "hire": 0.5,
    "commune": 0.5,
    "worship": 0.5,
    "kneel": 0.3,
    "accept": 0.3,
    "wish": 0.3,
    "leave": 0.0,
    "refuse": 0.0,
}
"""How much the bot likes each option label of a "choose" instruction (the labels of this project's cards).
Valuing the options by their instructions (`bot_worth.option_worth`) was tried and ended games later."""


def _choose(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    h = state.heroes[i]
    out = {}
    for a in actions:
        worth = LABELS.get(a, 0.1)
        if a == "heal" and h.lives >= 4:
            worth = -1.0
        if a == "pray" and h.lives < 2:
            worth = -1.0
        if a in ("search", "touch", "wish", "accept") and h.lives < 3:
            worth = -1.0
        out[a] = worth
    return out


def _teleport(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    mover = Mover(state, i)
    here = state.heroes[i].space
    return {a: -99.0 if space_of(a) == here else mover.arrive(space_of(a)) for a in actions}


def _least(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    """Lose, drop or discard the least useful thing."""
    h = state.heroes[i]
    out = {}
    for a in actions:
        what = card_of(a)
        if what in catalog().spells:
            out[a] = -_spell_keep(what)
        else:
            out[a] = -item_worth(h, what)
    return out


@lru_cache(maxsize=8192)
def _verb_and_card(action: str) -> tuple[str, str]:
    """A bare word with no card, or an `OnCard`'s verb and card."""
    typed = parse_action(action)
    if isinstance(typed, OnCard):
        return typed.verb, typed.card
    return str(typed), ""


def _spell_keep(spell: str) -> float:
    s = catalog().spells[spell]
    if s.timing in ("evade", "save_life") or s.slay:
        return 3.0
    if s.combat_bonus:
        return 2.0 + s.combat_bonus / 10
    return 1.0 if spell in HEALING_SPELLS else 0.5


def _redraw(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    out = {"keep": 0.0}
    for a in actions:
        if a != "keep":
            card = card_of(a)
            out[a] = draw_worth(state, i) - card_worth(state, i, card) - 0.2
    return out


def _evade_event(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    lives = state.heroes[i].lives
    return {a: 0.0 if a == "meet" else (0.5 if lives <= 2 else -1.0) for a in actions}


def _answer(state: TalismanState, i: int, actions: list[str]) -> dict[str, float]:
    """9:8: lose a Life, unless the race for the Crown is lost: far from the Crown (not in the Inner
    Region), not racing there (`phase`: no Talisman, or Craft or Strength too low ever to pass the Mines
    or the Crypt) and no longer at full Lives, the bot admits defeat. (Losing Lives one by one only makes
    the end slower: a character that heals them back as fast, like the resting Troll, made the Command
    Spell last hundreds of turns.)"""
    h = state.heroes[i]
    hopeless = h.lives <= 3 and catalog().spaces[h.space].region not in ("inner", "crown")
    hopeless = hopeless and phase(state, i) != "crown"
    keep = "concede" if hopeless else "life"
    return {a: 1.0 if a == keep else 0.0 for a in actions}


CHOOSERS: dict[str, Chooser] = {
    "start": _start,
    "direction": _moves,
    "branch": _moves,
    "inner_step": _inner,
    "encounter": _encounter,
    "meet": _meet,
    "fight_evade": _fight_evade,
    "fight_spells": _fight_spells,
    "duel_evade": _duel_evade,
    "duel_spells": _duel_spells,
    "spoils": _spoils,
    "steal": _spoils,
    "lose_life": _lose_life,
    "collect": _collect,
    "shop": _shop,
    "fx_choose": _choose,
    "teleport": _teleport,
    "lose_follower": _least,
    "lose_object": _least,
    "drop": _least,
    "discard_spell": _least,
    "redraw": _redraw,
    "event_evade": _evade_event,
    "command_answer": _answer,
}
"""The bot's valuation of each kind of decision (task kinds of the engine)."""


def heuristic_values(state: TalismanState, actions: list[str]) -> dict[str, float] | None:
    """The heuristic bot's value of each of the legal `actions` (an action it leaves out is worth
    nothing to it), or None at a decision it does not weigh (it takes the first action there)."""
    top = state.tasks[-1]
    chooser = CHOOSERS.get(top.kind)
    return None if chooser is None else chooser(state, top.player, actions)


def heuristic_policy(state: GameState, rng: Rng) -> Action:
    """The heuristic bot: the legal action it values most (ties broken by `rng`)."""
    return valued_choice(state, rng, heuristic_values)


def valued_choice(
    state: GameState, rng: Rng, valuation: Callable[[TalismanState, list[str]], dict[str, float] | None]
) -> Action:
    """The legal action `valuation` values most (ties broken by `rng`; an action it leaves out is worth
    nothing, and at a decision it does not weigh the first action)."""
    assert isinstance(state, TalismanState)
    actions = list(state.legal_actions())
    if len(actions) == 1:
        return actions[0]
    values = valuation(state, actions)
    if values is None:
        return actions[0]
    worths = [values.get(a, _NONE) for a in actions]
    best = max(worths)
    tied = [a for a, worth in zip(actions, worths, strict=True) if worth >= best - 1e-9]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


_NONE = float("-inf")
"""The worth of an action its chooser left out."""

RANDOM_SHARE = 5
"""The mixed bot makes one decision in this many uniformly at random."""


def mixed_policy(state: GameState, rng: Rng) -> Action:
    """A random bot that still ends games: at each decision, with chance 1 in `RANDOM_SHARE`, a legal
    action drawn uniformly at random, otherwise the heuristic bot's choice. Every legal action keeps a
    chance at every decision, yet games end in about the heuristic bot's time (uniformly random games
    last a median of some 19,000 moves with 2 players, 23,000 with 3 and two to four times more with
    4-6, see docs/performance.md)."""
    if rng.randint(1, RANDOM_SHARE) == 1:
        return random_policy(state, rng)
    return heuristic_policy(state, rng)


BOTS: dict[str, Policy] = {"heuristic": heuristic_policy, "random": random_policy, "mixed": mixed_policy}
"""The bots by name."""


def bot(name: str) -> Policy:
    """A bot by name ("heuristic", "random" or "mixed"); a `UsageError` names the known ones otherwise."""
    try:
        return BOTS[name]
    except KeyError:
        raise UsageError(
            gettext("unknown bot %(bot)s; known: %(known)s") % {"bot": repr(name), "known": ", ".join(BOTS)}
        ) from None
