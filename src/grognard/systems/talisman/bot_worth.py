"""What things, spaces and moves are worth to the heuristic bot of `bots.py`: the exact odds of
fights, the expected worth of drawing cards, the instructions of the spaces it knows, the plan it follows
(build, talisman, crown) and the value of every way a move can go.

What following a list of instructions (the effect language of `content`) is worth is here too
(`effect_worth`), since it and the worth of cards and spaces call each other: it reads a card's, a
space's or an option's instructions the way `effects.py` runs them and adds up their expected worth to
seat `i`: a Roll weighed by the exact chances of its branches (the same `effects.roll_outcomes`
arithmetic as the chance node), an If by the condition as it holds now, a Choose by its best affordable
option, a creature by the exact combat odds. The bot uses it to choose among the options of an
instruction (pray or leave), to decide whether to visit a Stranger, and to value spaces whose
instructions it has no special rule for."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache, lru_cache
from typing import Any, TypeVar

from grognard.systems.talisman import content as c
from grognard.systems.talisman.catalog import catalog, walk
from grognard.systems.talisman.characters import evades_type, has_ability
from grognard.systems.talisman.combat import LOSE, STANDOFF, STRENGTH_ENEMIES, WIN, combat_chances
from grognard.systems.talisman.dice import sum_probabilities
from grognard.systems.talisman.effects import holds
from grognard.systems.talisman.scores import craft, keywords, score, spell_limit, strength
from grognard.systems.talisman.spells import held
from grognard.systems.talisman.state import Hero, Stash, TalismanState

STRENGTH_WORTH = 2.0
"""What one Strength counter is worth to the bot, in the units every value below uses."""
CRAFT_WORTH = 1.0
TALISMAN_WORTH = 10.0
SPELL_WORTH = 1.0
MIDDLE_WORTH = 3.0
"""Being in the Middle Region while looking for a Talisman or the Portal."""
INNER_WORTH = 12.0
"""Being in the Inner Region on the way to the Crown."""
STEP_WORTH = 0.3
"""Each space nearer the current goal."""
CROWN_CHANCE = 0.05
"""The chance of passing both the Mines and the Crypt at once needed before heading for the Crown. (A
failed roll mostly sends the character back to the Plain of Peril or the Portal to try again, so waiting
for better odds costs more turns than it saves: 0.12 made 4-player games some 10% longer, 0.02 longer
still, with more deaths.)"""
_READY = [CROWN_CHANCE]
"""The chance of passing the Mines and the Crypt at once the bot waits for now (`readiness`)."""
RACE_CHANCE = 0.01
"""Once someone has reached the Crown, the chance of passing the Mines and the Crypt at once enough to
race there all the same; below it the race is lost (Craft or Strength too low ever to pass)."""
MIDDLE_STRENGTH = 6
"""Combat Strength needed before crossing into the Middle Region."""

HURTFUL_SPELLS = frozenset({"curse", "transformation", "enfeeble", "befuddle", "exile"})
HEALING_SPELLS = {"healing": 1, "restoration": 2}


def life_worth(lives: int) -> float:
    """What losing one Life costs: more the fewer are left (the last one is the character)."""
    return _LIFE_WORTH.get(lives, 3.0)


_LIFE_WORTH = {0: 20.0, 1: 20.0, 2: 7.0, 3: 4.0}


MEMO_CONTEXTS = 8
"""How many recent positions' worths are kept (`worth_memo`)."""

_CONTEXTS: dict[tuple[int, int, int, bool, float], tuple[TalismanState, dict[Any, Any]]] = {}
_LAST: list[Any] = [None, {}, 0.0]


def worth_memo(state: TalismanState) -> dict[Any, Any]:
    """The memo of what the bot has worked out about `state`'s position, shared by every state with the
    same heroes, stashes, supply and `crown_reached` (the same objects: states are immutable and a move
    that changes none of them keeps them). Every worth in this module reads nothing else of a state, so a
    decision after a die roll reuses what the decision before it found. The last `MEMO_CONTEXTS`
    positions are kept, each with a state holding its objects, so that their identities stay unique."""
    if _LAST[0] is state and _LAST[2] == _READY[0]:
        memo: dict[Any, Any] = _LAST[1]
        return memo
    key = (id(state.heroes), id(state.stashes), id(state.supply), state.crown_reached, _READY[0])
    found = _CONTEXTS.get(key)
    if found is None:
        if len(_CONTEXTS) >= MEMO_CONTEXTS:
            del _CONTEXTS[next(iter(_CONTEXTS))]
        found = (state, {})
        _CONTEXTS[key] = found
    _LAST[0] = state
    _LAST[1] = found[1]
    _LAST[2] = _READY[0]
    return found[1]


@cache
def _region(space: str) -> str:
    return catalog().spaces[space].region


@cache
def odds(mine: int, theirs: int, enemy_dice: int = 1) -> tuple[float, float, float]:
    """(p_win, p_standoff, p_lose) of one combat, exact, as floats: the chances the combat's chance node
    gives its outcomes (`combat.combat_chances`, 16:4, 16:10), which `odds.combat_odds` also solves to."""
    table = combat_chances(max(mine, 0), max(theirs, 0), 1, enemy_dice)
    return float(table[WIN]), float(table[STANDOFF]), float(table[LOSE])


def fight_worth(mine: int, theirs: int, gain: float, lives: int, enemy_dice: int = 1) -> float:
    """The expected worth of fighting: `gain` if won, a Life if lost, a little for a stand-off."""
    win, stand, lose = odds(mine, theirs, enemy_dice)
    return win * gain - lose * life_worth(lives) - stand * 0.2


def has_talisman(hero: Hero) -> bool:
    """True when the hero carries a Talisman (11:6)."""
    return "talisman" in keywords(hero)


def combat_strength(hero: Hero) -> int:
    """Strength in Combat, weapons and abilities included (kept per `hero_key`)."""
    known = hero_worths(hero)
    found: int | None = known.get("combat")
    if found is None:
        found = known["combat"] = score(hero, "strength", "combat")
    return found


@cache
def pass_chance(score_: int) -> float:
    """The chance of 3 dice no more than a score: getting through the Mines (Craft) or the Crypt
    (Strength) at once (14:5-6)."""
    return float(sum(p for t, p in sum_probabilities(3).items() if t <= score_))


def crown_odds(hero: Hero) -> float:
    """The chance of passing both the Mines (Craft) and the Crypt (Strength) at the first try (kept per
    `hero_key`)."""
    known = hero_worths(hero)
    found: float | None = known.get("crown")
    if found is None:
        found = known["crown"] = pass_chance(craft(hero)) * pass_chance(strength(hero))
    return found


def crown_ready(hero: Hero) -> bool:
    """Strong and crafty enough to try the Inner Region: the Mines and the Crypt likely passed (at the
    first try with the chance `ready_chance` gives)."""
    return crown_odds(hero) >= _READY[0] and hero.lives >= 3


def ready_chance() -> float:
    """The chance of passing the Mines and the Crypt at once the bot waits for (`CROWN_CHANCE` unless a
    `readiness` block says otherwise)."""
    return _READY[0]


@contextmanager
def readiness(chance: float) -> Iterator[None]:
    """Within the block, the bot heads for the Crown only with this chance of passing the Mines and the
    Crypt at once (a bot built on the heuristic one, waiting longer). What the bot has worked out about a
    position is kept apart for each chance (`worth_memo`, the plan facts of `hero_worths`)."""
    before = _READY[0]
    _READY[0] = chance
    try:
        yield
    finally:
        _READY[0] = before


T = TypeVar("T")


def seat_memo(state: TalismanState, i: int, what: str, compute: Callable[[TalismanState, int], T]) -> T:
    """`compute(state, i)` once per position (`worth_memo`), seat and question (a function, not a
    closure: building one per call cost more than the look-up saved)."""
    memo = worth_memo(state)
    key = (i, what)
    found: T | None = memo.get(key)
    if found is None:
        found = memo[key] = compute(state, i)
    return found


def phase(state: TalismanState, i: int) -> str:
    """The bot's plan for seat `i`: "crown", "talisman" or "build"."""
    return seat_memo(state, i, "phase", _phase)


def _phase(state: TalismanState, i: int) -> str:
    h = state.heroes[i]
    region = _region(h.space)
    if region in ("inner", "crown"):
        return "crown"
    known = hero_worths(h)
    facts: tuple[bool, bool, bool, bool] | None = known.get(("phase", _READY[0]))
    if facts is None:
        facts = known[("phase", _READY[0])] = (
            has_talisman(h),
            crown_ready(h),
            crown_odds(h) >= RACE_CHANCE,
            combat_strength(h) >= MIDDLE_STRENGTH,
        )
    talisman, ready, racing, strong = facts
    if talisman and (ready or (state.crown_reached and racing)):
        return "crown"
    if not talisman and ready and _talismans_inside(state):
        return "crown"
    if not talisman and (strong or region == "middle"):
        return "talisman"
    return "build"


def _talismans_inside(state: TalismanState) -> bool:
    """True when no Talisman is left to be given (20:2: the pile is empty) and one lies on a space of the
    Inner Region, where characters died carrying it: only a character who goes in can take it (12:1;
    only the Valley of Fire needs a Talisman, 11:6). Praying at the Temple then gives nothing, and games
    waited thousands of turns for a Talisman that never came."""
    memo = worth_memo(state)
    found: bool | None = memo.get("inside")
    if found is None:
        found = memo["inside"] = _talismans_inside_now(state)
    return found


def _talismans_inside_now(state: TalismanState) -> bool:
    cat = catalog()
    if any(n > 0 for card, n in state.supply if card in cat.talismans):
        return False
    for stash in state.stashes:
        space = cat.spaces[stash.space]
        reachable = space.region == "inner" and not space.talisman_needed
        if reachable and any(_is_talisman(c) for c in stash.cards):
            return True
    return False


@cache
def _is_talisman(card: str) -> bool:
    cat = catalog()
    return cat.kind(card) in ("object", "magic_object") and "talisman" in cat.item(card).keywords


# ---------------------------------------------------------------- worth of things


def item_worth(h: Hero, card: str) -> float:
    """What an Object, Magic Object or Follower is worth to the hero (0 when unusable); a weapon is worth
    what it adds over the weapons carried that count (one, or two for a character whose ability lets two
    count, 16:4 and 8:1)."""
    talisman, aligned, weapon = _item_reads(card)
    followers = h.followers if talisman else ()
    alignment = h.alignment if aligned else ""
    if weapon:
        return _item_worth(card, h.objects, followers, alignment, 1 if h.toad else _slots(h.character))
    return _item_worth(card, h.objects, followers, alignment)


@cache
def _item_reads(card: str) -> tuple[bool, bool, bool]:
    """What of the hero `_item_worth` reads for `card` beside his Objects: his Followers (a Talisman's
    worth), his alignment (a Magic Object limited to some) and how many weapons count (a weapon's)."""
    item = catalog().item(card)
    return "talisman" in item.keywords, bool(item.alignments), item.weapon


@cache
def _slots(character: str) -> int:
    """How many weapons count in Combat for a character (two with the "two_weapons" ability, 16:4)."""
    return 2 if has_ability(Hero(character=character), "two_weapons") else 1


@lru_cache(maxsize=65536)
def _item_worth(
    card: str, objects: tuple[str, ...], followers: tuple[str, ...], alignment: str, slots: int = 1
) -> float:
    item = catalog().item(card)
    if item.alignments and alignment not in item.alignments:
        return 0.0
    worth = 0.2
    added = item.weapon and card not in objects
    weakest_counted = _weakest_counted(objects, slots) if added else 0
    for b in item.bonuses:
        per = STRENGTH_WORTH if b.stat == "strength" else CRAFT_WORTH
        amount = b.amount if b.when == "always" else b.amount * 0.8
        if added:
            amount = max(0.0, b.amount - weakest_counted)
        worth += per * amount
    if item.save is not None:
        worth += (7 - item.save) / 6 * 4
    if "talisman" in item.keywords:
        carrier = Hero(objects=objects, followers=followers)
        worth += 0.0 if has_talisman(carrier) and card not in objects else TALISMAN_WORTH
    if item.carry_any or item.extra_spells:
        worth += 0.5
    if "water" in item.keywords:
        worth += 0.3
    return worth


@lru_cache(maxsize=4096)
def _weakest_counted(objects: tuple[str, ...], slots: int) -> int:
    """The Strength bonus of the weakest weapon among `objects` that counts in Combat (the best `slots`
    count), 0 when fewer are carried."""
    cat = catalog()
    carried = sorted((_weapon_bonus(o) for o in objects if cat.item(o).weapon), reverse=True)
    return carried[slots - 1] if len(carried) >= slots else 0


def _weapon_bonus(card: str) -> int:
    return sum(b.amount for b in catalog().item(card).bonuses if b.stat == "strength")


def at_space(hero: Hero, space: str) -> Hero:
    """The hero as he would be standing on `space` (his abilities' bonuses there, 8:1; the Cursed Glade's
    lack of Object bonuses, 1:6); the hero himself where the place changes nothing."""
    if not space or hero.space == space:
        return hero
    placed_, bare = _places()
    if not (hero.character in placed_ or space in bare or hero.space in bare):
        return hero
    placed = object.__new__(Hero)
    placed.__dict__.update(hero.__dict__, space=space)
    return placed


@cache
def _places() -> tuple[frozenset[str], frozenset[str]]:
    """The characters `_placed` holds for and the spaces `_bare` holds for."""
    cat = catalog()
    return frozenset(c for c in cat.characters if _placed(c)), frozenset(s for s in cat.spaces if _bare(s))


@cache
def _placed(character: str) -> bool:
    """Whether a character has a bonus that counts only on some spaces (the Dwarf in the Crags)."""
    chars = catalog().characters
    return character in chars and any(a.kind == "bonus" and a.tags for a in chars[character].abilities)


@cache
def _bare(space: str) -> bool:
    return catalog().spaces[space].no_object_bonuses


def card_worth(state: TalismanState, i: int, card: str, enemy_bonus: int = 0, at: str = "") -> float:
    """What meeting a card lying on (or drawn onto) a space (`at`, else the hero's own) is worth to seat
    `i`, with the hero's abilities: his bonuses on that space, the Enemies he may Evade (18:1)."""
    return _card_worth_on(state, i, at_space(state.heroes[i], at), card, enemy_bonus)


def _card_worth_on(state: TalismanState, i: int, h: Hero, card: str, enemy_bonus: int) -> float:
    """`card_worth` for the hero `h` as placed (`at_space`)."""
    kind = _card_kind(card)
    if kind == "spell":
        return -1.0
    if kind in ("stranger", "place"):
        worth = own_effects_worth(state, i, card, catalog().cards[card].effects)
        return max(0.0, worth) if kind == "stranger" else worth
    known = hero_worths(h)
    key = (card, enemy_bonus)
    found = known.get(key)
    if found is None:
        found = known[key] = _card_worth_for(h, card, kind, enemy_bonus)
    return found


@cache
def _card_kind(card: str) -> str:
    """A card's kind as `card_worth` reads it: "spell" for a Spell, else the catalog's `kind`."""
    cat = catalog()
    return "spell" if card in cat.spells else cat.kind(card)


CACHE_SIZE = 16384
"""Heroes (by identity) and hero keys kept by `hero_worths` before each is emptied."""

_BY_HERO: dict[int, tuple[Hero, dict[Any, Any]]] = {}
"""`hero_worths` by the hero object's id (the hero kept with it, so that the id stays his)."""
_BY_KEY: dict[tuple[Any, ...], dict[Any, Any]] = {}
"""`hero_worths` by `hero_key`."""


def hero_worths(h: Hero) -> dict[Any, Any]:
    """The memo of what depends only on `hero_key(h)` (and what else its keys name): `_card_worth_for` by
    (card, the space's bonus to enemies), `_draw_worth_for` by ("", that bonus), a plain space's worth
    (`space_worth`), a card's or space's own instructions (`own_effects_worth`), "combat" Strength and
    "crown" odds; heroes alike in their key share it. Found by the hero's identity first (heroes are
    immutable), so a hero's key is built once."""
    found = _BY_HERO.get(id(h))
    if found is not None and found[0] is h:
        return found[1]
    if len(_BY_HERO) >= CACHE_SIZE:
        _BY_HERO.clear()
    key = hero_key(h)
    known = _BY_KEY.get(key)
    if known is None:
        if len(_BY_KEY) >= CACHE_SIZE:
            _BY_KEY.clear()
        known = _BY_KEY[key] = {}
    _BY_HERO[id(h)] = (h, known)
    return known


def hero_key(h: Hero) -> tuple[Any, ...]:
    """Every field of a hero that his scores, his items' worth, his fights' odds and his evasions read:
    heroes alike in these are alike to `_card_worth_for` and `_draw_worth_for`. The space counts only
    as far as it changes a score (`place_class`)."""
    return (
        h.character,
        h.toad,
        h.toad_strength,
        h.toad_craft,
        h.strength,
        h.craft,
        h.lives,
        h.alignment,
        h.objects,
        h.followers,
        place_class(h.character, h.space),
    )


@cache
def place_class(character: str, space: str) -> tuple[bool, tuple[int, ...]]:
    """What of a space changes a character's scores there: whether Objects give no bonuses (the Cursed
    Glade, 1:6) and which of his bonus abilities tied to places count (8:1, the Dwarf's)."""
    cat = catalog()
    sp = cat.spaces.get(space)
    here = {space, *(sp.tags if sp else ())}
    found = cat.characters.get(character)
    abilities = found.abilities if found else ()
    tied = tuple(k for k, a in enumerate(abilities) if a.kind == "bonus" and here.intersection(a.tags))
    return bool(sp and sp.no_object_bonuses), tied


def _card_worth_for(h: Hero, card: str, kind: str, enemy_bonus: int) -> float:
    cat = catalog()
    if kind in STRENGTH_ENEMIES:
        enemy = cat.cards[card].strength + enemy_bonus
        gain = cat.cards[card].strength / 7 * STRENGTH_WORTH + 0.3
        worth = fight_worth(combat_strength(h), enemy, gain, h.lives)
        return max(worth, 0.0) if evades_type(h, kind) else worth
    if kind == "spirit":
        worth = fight_worth(score(h, "craft", "psychic"), cat.cards[card].craft + enemy_bonus, 0.5, h.lives)
        return max(worth, 0.0) if evades_type(h, kind) else worth
    if kind in ("object", "magic_object", "follower"):
        return item_worth(h, card) * 0.9
    return 0.0


@cache
def _deck() -> tuple[tuple[str, int], ...]:
    return tuple(sorted((c.id, c.count) for c in catalog().cards.values()))


def draw_worth(state: TalismanState, i: int, enemy_bonus: int = 0, at: str = "") -> float:
    """The expected worth of one Adventure card drawn (on `at`, else where the hero stands), over the
    deck's make-up, with the hero's abilities (bonuses there, the Enemies he may Evade)."""
    return _draw_worth_on(at_space(state.heroes[i], at), enemy_bonus)


def _draw_worth_on(h: Hero, enemy_bonus: int) -> float:
    """`draw_worth` for the hero `h` as placed (`at_space`)."""
    known = hero_worths(h)
    key = ("", enemy_bonus)
    found = known.get(key)
    if found is None:
        found = known[key] = _draw_worth_for(h, enemy_bonus)
    return found


def _draw_worth_for(h: Hero, enemy_bonus: int) -> float:
    lives = min(max(h.lives, 1), 4)
    evades = frozenset(t for t in (*STRENGTH_ENEMIES, "spirit") if evades_type(h, t))
    return _draw_worth(
        combat_strength(h), score(h, "craft", "psychic"), lives, enemy_bonus, h.alignment, evades
    )


@cache
def _draw_worth(
    s: int, c: int, lives: int, enemy_bonus: int, alignment: str, evades: frozenset[str] = frozenset()
) -> float:
    probe = Hero(character="warrior", space="village", strength=s, craft=c, lives=lives, alignment=alignment)
    total = 0.0
    for card, n, kind, number, gain in _deck_table():
        if kind in STRENGTH_ENEMIES:
            worth = fight_worth(s, number + enemy_bonus, gain, lives)
            worth = max(worth, 0.0) if kind in evades else worth
        elif kind == "spirit":
            worth = fight_worth(c, number + enemy_bonus, 0.5, lives)
            worth = max(worth, 0.0) if kind in evades else worth
        elif kind in ("object", "magic_object", "follower"):
            worth = item_worth(probe, card) * 0.7
        elif kind in ("stranger", "place"):
            worth = 0.3
        else:
            worth = 0.0
        total += worth * n
    count = _deck_size()
    return total / count if count else 0.0


@cache
def _deck_table() -> tuple[tuple[str, int, str, int, float], ...]:
    """The Adventure deck as `_draw_worth` reads it: each card, its count, its type, its Strength (an
    Enemy's) or Craft (a Spirit's), and what killing it is worth (an Enemy's)."""
    cards = catalog().cards
    out = []
    for card, n in _deck():
        found = cards[card]
        number = found.craft if found.type == "spirit" else found.strength
        out.append((card, n, found.type, number, found.strength / 7 * STRENGTH_WORTH + 0.3))
    return tuple(out)


@cache
def _deck_size() -> int:
    return sum(n for _, n in _deck())


def shop_worth(state: TalismanState, i: int) -> float:
    """The best purchase the hero can afford here and now (shops sell at their price, 20:1)."""
    return seat_memo(state, i, "shop", _shop_worth_now)


def _shop_worth_now(state: TalismanState, i: int) -> float:
    h = state.heroes[i]
    supply = dict(state.supply)
    best = 0.0
    for card, item in catalog().purchase.items():
        if supply.get(card, 0) > 0 and item.price <= h.gold:
            best = max(best, item_worth(h, card) - item.price * 0.3)
    return best


def heal_worth(h: Hero) -> float:
    """What healing one Life is worth (nothing at 4 Lives or more, 4:6)."""
    return life_worth(h.lives) * 0.8 if h.lives < 4 else 0.0


def space_worth(state: TalismanState, i: int, space_id: str) -> float:
    """What ending a move on `space_id` and meeting it is worth to seat `i` (the goal aside)."""
    memo = worth_memo(state)
    return _space_worth(state, i, space_id, _stashes(state, memo), _where(state, memo))


def _space_worth(
    state: TalismanState, i: int, space_id: str, stashes: dict[str, Stash], where: dict[str, list[int]]
) -> float:
    """`space_worth`, the position's stashes and characters by space given."""
    sp = catalog().spaces[space_id]
    stash = stashes.get(space_id)
    others = [j for j in where.get(space_id, ()) if j != i] if sp.meet else []
    if not others and space_id in _plain_spaces() and (stash is None or _plain_cards(stash.cards)):
        h = state.heroes[i]
        known = hero_worths(h)
        key = (space_id, stash, h.gold)
        found: float | None = known.get(key)
        if found is None:
            found = known[key] = _space_worth_now(state, i, space_id, stash, others)
        return found
    return _space_worth_now(state, i, space_id, stash, others)


@cache
def _plain_spaces() -> frozenset[str]:
    """The spaces whose own worth (`_special`) reads nothing but the hero's `hero_key` and Gold: every
    space but the shops (the piles) and those whose instructions are valued by `effect_worth`."""
    cat = catalog()
    known = {"temple", "chapel", "graveyard", "crags", "desert", "chasm", "stones", "marsh"}
    known.add("portal-of-power")
    return frozenset(
        s
        for s, sp in cat.spaces.items()
        if not ("shop" in sp.tags or s == "castle") and (s in known or not sp.effects)
    )


@lru_cache(maxsize=4096)
def _plain_cards(cards: tuple[str, ...]) -> bool:
    """True when no card among `cards` is a Stranger or a Place (valued by `effect_worth`)."""
    return all(_card_kind(card) not in ("stranger", "place") for card in cards)


def _space_worth_now(
    state: TalismanState, i: int, space_id: str, stash: Stash | None, others: list[int]
) -> float:
    sp = catalog().spaces[space_id]
    h = at_space(state.heroes[i], space_id)
    if stash is None:
        worth: float = 0.0
        lying = 0
    else:
        bonus = sp.enemy_bonus
        worth = sum([_card_worth_on(state, i, h, card, bonus) for card in stash.cards])
        worth += stash.gold * 0.6
        lying = len(stash.cards)
    if sp.draw:
        worth += max(0, sp.draw - lying) * _draw_worth_on(h, sp.enemy_bonus)
    worth += _special(state, i, space_id)
    if sp.meet:
        worth += max((duel_worth(state, i, j) for j in others), default=0.0)
    return worth


def _stashes(state: TalismanState, memo: dict[Any, Any]) -> dict[str, Stash]:
    """The position's stashes by space (kept in its `worth_memo`, `memo`)."""
    found: dict[str, Stash] | None = memo.get("stashes")
    if found is None:
        found = memo["stashes"] = {s.space: s for s in state.stashes}
    return found


def _where(state: TalismanState, memo: dict[Any, Any]) -> dict[str, list[int]]:
    """The seats of the characters on each space, in seat order (kept in the position's `worth_memo`)."""
    where: dict[str, list[int]] | None = memo.get("where")
    if where is None:
        where = memo["where"] = {}
        for j, o in enumerate(state.heroes):
            if o.alive:
                where.setdefault(o.space, []).append(j)
    return where


def others_on(state: TalismanState, i: int, space_id: str) -> list[int]:
    """The other characters standing on a space."""
    return [j for j in _where(state, worth_memo(state)).get(space_id, ()) if j != i]


def _special(state: TalismanState, i: int, space_id: str) -> float:
    """The worth of the instructions of the spaces the bot knows (content of this project's board)."""
    h = state.heroes[i]
    sp = catalog().spaces[space_id]
    life = life_worth(h.lives)
    if "shop" in sp.tags or space_id == "castle":
        return shop_worth(state, i) + (heal_worth(h) if h.gold else 0.0)
    if space_id == "temple":
        talisman = 0.0 if has_talisman(h) else TALISMAN_WORTH
        return (talisman + STRENGTH_WORTH + CRAFT_WORTH - life) / 6 if h.lives >= 2 else -0.5
    if space_id == "chapel":
        if h.alignment == "evil":
            return -life
        return heal_worth(h) if h.alignment == "good" or h.gold else 0.0
    if space_id == "graveyard":
        return 0.6 if h.alignment == "evil" else -life if h.alignment == "good" else 0.0
    if space_id == "crags":
        return fight_worth(combat_strength(h), 4, 0.3, h.lives) / 3 + STRENGTH_WORTH / 6
    if space_id == "desert":
        return 0.0 if "water" in keywords(h) else -life
    if space_id == "chasm":
        return -life / 6 - (0.5 if h.followers else 0.0)
    if space_id == "stones":
        floor = catalog().characters[h.character].craft
        return CRAFT_WORTH / 3 - (CRAFT_WORTH / 3 if h.craft > floor else 0.0)
    if space_id == "marsh":
        return -0.7
    if space_id == "portal-of-power":
        return 0.0
    return own_effects_worth(state, i, "space:" + space_id, sp.effects) if sp.effects else 0.1


def duel_worth(state: TalismanState, i: int, j: int) -> float:
    """The worth of attacking seat `j` (16:6-9): take their best thing, or a Life, if won. A Life taken
    from one rival among several helps only a share as much, unless that rival is heading for the Crown."""
    me, them = state.heroes[i], state.heroes[j]
    loot = max((item_worth(me, o) for o in them.objects), default=0.0)
    if has_ability(me, "steal") and (them.objects or them.gold):
        return max(0.5, loot - 0.5)
    psychic = has_ability(me, "psychic_attack") and craft(me) - craft(them) > strength(me) - strength(them)
    mine = score(me, "craft", "psychic") if psychic else combat_strength(me)
    theirs = score(them, "craft", "psychic") if psychic else combat_strength(them)
    dice = 0 if has_ability(me, "no_defender_roll") else 1
    gain = max(life_worth(them.lives) * 0.6 * rival_weight(state, i, j), loot)
    return fight_worth(mine, theirs, gain, me.lives, dice) - 0.5


def rival_weight(state: TalismanState, i: int, j: int) -> float:
    """How much harm done to seat `j` is worth to seat `i`: all of it when `j` is on the way to the
    Crown (or on it), else `j`'s share among the rivals still in the game."""
    them = state.heroes[j]
    if catalog().spaces[them.space].region in ("inner", "crown") or phase(state, j) == "crown":
        return 1.0
    rivals = sum(1 for k, h in enumerate(state.heroes) if k != i and h.alive)
    return 1.0 / max(rivals, 1)


# ---------------------------------------------------------------- where to go


def goal_worth(state: TalismanState, i: int, space_id: str, plan: str = "") -> float:
    """How much nearer the plan's goal (`phase` unless given) standing on `space_id` is (regions and
    ring distance)."""
    plan = plan or phase(state, i)
    if plan != "build" and _region(space_id) == "outer":
        return _goal(space_id, plan, _crossing(state, i))
    return _goal(space_id, plan, "")


@cache
def _goal(space_id: str, plan: str, crossing: str) -> float:
    """`goal_worth` of a space under a plan, `crossing` the place to cross the Storm River from (read on
    the Outer Region only)."""
    region = _region(space_id)
    if region in ("inner", "crown"):
        return INNER_WORTH + _path_index()[space_id] if plan == "crown" else -5.0
    if plan == "build":
        return 0.0
    if region == "outer":
        return -STEP_WORTH * _ring_distance(space_id, crossing)
    target = "portal-of-power" if plan == "crown" else "temple"
    return MIDDLE_WORTH - STEP_WORTH * _ring_distance(space_id, target)


@cache
def _path_index() -> dict[str, int]:
    return {space: k for k, space in enumerate(catalog().path())}


def _crossing(state: TalismanState, i: int) -> str:
    """Where to cross the Storm River from: the Sentinel when he can be beaten or evaded, else a shop
    selling Rafts (any Gold), else the Sentinel all the same."""
    return seat_memo(state, i, "crossing", _crossing_now)


def _crossing_now(state: TalismanState, i: int) -> str:
    h = state.heroes[i]
    if odds(combat_strength(h), 9)[0] >= 0.5 or _evade_spells(state, i) or h.raft or not h.gold:
        return "sentinel"
    pos = catalog().spaces[h.space].position
    return min(RAFT_SHOPS, key=lambda s: abs(catalog().spaces[s].position - pos))


RAFT_SHOPS = ("village", "city")


@cache
def _ring_distance(a: str, b: str) -> int:
    cat = catalog()
    sa, sb = cat.spaces[a], cat.spaces[b]
    if sa.region != sb.region:
        return 0
    n = len(cat.rings[sa.region])
    d = abs(sa.position - sb.position) % n
    return min(d, n - d)


class Mover:
    """Values the ways a move can go for seat `i`: along the ring, over the bridge, into the Portal."""

    def __init__(self, state: TalismanState, i: int) -> None:
        self.state = state
        self.i = i
        self.hero = state.heroes[i]
        self.plan = phase(state, i)
        memo = worth_memo(state)
        self.stashes = _stashes(state, memo)
        self.where = _where(state, memo)
        self.crossing: str | None = None
        walks = memo.get(("walks", i))
        if walks is None:
            walks = memo[("walks", i)] = ({}, {})
        self.memo: dict[tuple[str, int, int], float] = walks[0]
        self.arrived: dict[str, float] = walks[1]

    def arrive(self, space: str) -> float:
        """Ending the move on `space` and meeting it."""
        worth = self.arrived.get(space)
        if worth is None:
            worth = _space_worth(self.state, self.i, space, self.stashes, self.where) + self.stay(space)
            self.arrived[space] = worth
        return worth

    def stay(self, space: str) -> float:
        """Ending the turn on `space` with no encounter (`goal_worth` under the plan)."""
        plan = self.plan
        if plan != "build" and _region(space) == "outer":
            if self.crossing is None:
                self.crossing = _crossing(self.state, self.i)
            return _goal(space, plan, self.crossing)
        return _goal(space, plan, "")

    def walk(self, pos: str, left: int, direction: int) -> float:
        """The best worth of moving `left` spaces from `pos` round the ring, branches considered."""
        key = (pos, left, direction)
        best = self.memo.get(key)
        if best is None:
            nxt = _ring_steps()[direction][pos]
            if left <= 1:
                best = self.arrive(nxt)
            else:
                best = self.walk(nxt, left - 1, direction)
                if nxt in _branching():
                    best = max(best, self.branches(nxt, left - 1))
            self.memo[key] = best
        return best

    def branches(self, pos: str, left: int) -> float:
        """The best of the bridge and the Portal from `pos` with `left` steps still to go."""
        sp = catalog().spaces[pos]
        best = float("-inf")
        if left >= 1 and sp.bridge is not None:
            best = max(best, self.bridge(pos, left))
        if left >= 1 and sp.portal is not None:
            best = max(best, self.portal(pos))
        return best

    def bridge(self, pos: str, left: int) -> float:
        """Crossing the bridge (11:10-13), fighting the Sentinel on the way in."""
        sp = catalog().spaces[pos]
        assert sp.bridge is not None
        rest = left - 1
        to = sp.bridge.to
        after = self.arrive(to) if rest == 0 else max(self.walk(to, rest, 1), self.walk(to, rest, -1))
        if sp.bridge.guard is None:
            return after
        if _evade_spells(self.state, self.i):
            return after - SPELL_WORTH
        h = self.hero
        win, stand, lose = odds(combat_strength(h), sp.bridge.guard.strength)
        return win * after + stand * self.stay(pos) + lose * (self.stay(pos) - life_worth(h.lives))

    def portal(self, pos: str) -> float:
        """Trying to open the Portal (11:24): open, the turn ends on the Plain of Peril."""
        sp = catalog().spaces[pos]
        assert sp.portal is not None
        h = self.hero
        best = max(strength(h), craft(h))
        p = float(sum(q for t, q in sum_probabilities(sp.portal.dice).items() if t <= best))
        return p * self.stay(sp.portal.to) + (1 - p) * self.arrive(pos)

    def action(self, action: str, left: int, direction: int) -> float:
        """The worth of a direction or branch action at the hero's space."""
        pos = self.hero.space
        if action == "cw":
            return self.walk(pos, left, 1)
        if action == "acw":
            return self.walk(pos, left, -1)
        if action == "on":
            return self.walk(pos, left, direction)
        if action == "bridge":
            return self.bridge(pos, left)
        return self.portal(pos)

    def expected_move(self) -> float:
        """The expected worth of rolling and moving from here (for choosing a Raft or a spell instead)."""
        pos = self.hero.space
        total = 0.0
        for d in range(1, 7):
            total += max(self.walk(pos, d, 1), self.walk(pos, d, -1), self.branches(pos, d))
        return total / 6


@cache
def _ring_steps() -> dict[int, dict[str, str]]:
    """The next space of each ring space, by direction (+1 clockwise, -1 anticlockwise)."""
    cat = catalog()
    return {
        d: {space: cat.ring_step(space, d) for ring in cat.rings.values() for space in ring} for d in (1, -1)
    }


@cache
def _branching() -> frozenset[str]:
    """The spaces with a bridge or a Portal (`Mover.branches` finds nothing elsewhere)."""
    spaces = catalog().spaces.items()
    return frozenset(s for s, sp in spaces if sp.bridge is not None or sp.portal is not None)


def _evade_spells(state: TalismanState, i: int) -> list[str]:
    return held(state, i, "evade")


GOLD_WORTH = 0.6
"""One Gold counter."""
TURN_WORTH = 1.5
"""A turn missed."""
TOAD_WORTH = 8.0
"""Three turns as a Toad, with everything carried left behind (19:1-2)."""
GAIN_WORTH = {"strength": STRENGTH_WORTH, "craft": CRAFT_WORTH, "lives": 2.5, "gold": GOLD_WORTH}
"""One counter of each kind gained."""
DEPTH = 6
"""How deep nested instructions are read (deeper ones count nothing)."""


def effect_worth(state: TalismanState, i: int, effects: Sequence[c.Effect], depth: int = 0) -> float:
    """The expected worth to seat `i` of following `effects` in order, from the state as it is now."""
    if depth > DEPTH:
        return 0.0
    return sum([_one(state, i, effect, depth) for effect in effects])


def _one(state: TalismanState, i: int, effect: c.Effect, depth: int) -> float:
    worth = _WORTHS.get(effect.do)
    return 0.0 if worth is None else worth(state, i, effect, depth)


def _gain(state: TalismanState, i: int, effect: c.Gain, depth: int) -> float:
    return GAIN_WORTH[effect.stat] * effect.amount


def _lose(state: TalismanState, i: int, effect: c.Lose, depth: int) -> float:
    amount = effect.amount
    if effect.stat == "lives":
        lives = state.heroes[i].lives
        return -sum([life_worth(lives - k) for k in range(amount)])
    return -_lost(state, i, effect.stat, amount)


def _heal(state: TalismanState, i: int, effect: c.Heal, depth: int) -> float:
    h = state.heroes[i]
    return heal_worth(h) * min(effect.amount, max(0, 4 - h.lives))


def _draw(state: TalismanState, i: int, effect: c.Draw, depth: int) -> float:
    return effect.count * draw_worth(state, i)


def _draw_spells(state: TalismanState, i: int, effect: c.DrawSpells, depth: int) -> float:
    h = state.heroes[i]
    room = max(0, spell_limit(h) - len(h.spells))
    return SPELL_WORTH * min(effect.count, room)


def _teleport(state: TalismanState, i: int, effect: c.Teleport, depth: int) -> float:
    h = state.heroes[i]
    plan = phase(state, i)
    crossing = _crossing(state, i) if plan != "build" else ""
    spaces = tuple(effect.to) if effect.to else _ring_but(effect.region or "outer", h.space)
    return _best_goal(spaces, plan, crossing) - goal_worth(state, i, h.space)


@cache
def _ring_but(region: str, space: str) -> tuple[str, ...]:
    """The spaces of a region's ring but one."""
    return tuple(s for s in catalog().rings[region] if s != space)


@cache
def _best_goal(spaces: tuple[str, ...], plan: str, crossing: str) -> float:
    """The best `goal_worth` among `spaces` under `plan` (`crossing` as `_crossing` finds it)."""
    return max(_goal(s, plan, crossing if _region(s) == "outer" else "") for s in spaces)


def _lose_turns(state: TalismanState, i: int, effect: c.LoseTurns, depth: int) -> float:
    return -TURN_WORTH * effect.count


def _end_turn(state: TalismanState, i: int, effect: c.EndTurn, depth: int) -> float:
    return -0.3


def _toad(state: TalismanState, i: int, effect: c.BecomeToad, depth: int) -> float:
    return 0.0 if state.heroes[i].toad else -TOAD_WORTH


def _fight(state: TalismanState, i: int, effect: c.Fight, depth: int) -> float:
    h = state.heroes[i]
    if effect.craft:
        return fight_worth(score(h, "craft", "psychic"), effect.craft, 0.3, h.lives)
    enemy = effect.strength + round(3.5 * effect.strength_dice)
    once = fight_worth(score(h, "strength", "combat"), enemy, 0.3, h.lives)
    return once * (3.5 if effect.count_dice else 1)


def _if(state: TalismanState, i: int, effect: c.If, depth: int) -> float:
    chosen = effect.then if holds(state, i, effect.test) else effect.otherwise
    return effect_worth(state, i, chosen, depth + 1)


def _choose(state: TalismanState, i: int, effect: c.Choose, depth: int) -> float:
    return max([option_worth(state, i, o, depth) for o in effect.options])


def _gain_card(state: TalismanState, i: int, effect: c.GainCard, depth: int) -> float:
    h = state.heroes[i]
    left = dict(state.supply).get(effect.card, 0)
    return item_worth(h, effect.card) if left and not h.toad else 0.0


def _shop(state: TalismanState, i: int, effect: c.Shop, depth: int) -> float:
    return 0.0 if state.heroes[i].toad else shop_worth(state, i)


def _lose_follower(state: TalismanState, i: int, effect: c.LoseFollower, depth: int) -> float:
    h = state.heroes[i]
    return -min((item_worth(h, f) for f in h.followers), default=0.0)


def _lose_object(state: TalismanState, i: int, effect: c.LoseObject, depth: int) -> float:
    h = state.heroes[i]
    return -min((item_worth(h, o) for o in h.objects), default=0.0)


def _follow(state: TalismanState, i: int, effect: c.Follow, depth: int) -> float:
    return 0.8


_WORTHS: dict[str, Callable[[TalismanState, int, Any, int], float]] = {
    "gain": _gain,
    "lose": _lose,
    "heal": _heal,
    "draw": _draw,
    "draw_spells": _draw_spells,
    "teleport": _teleport,
    "lose_turns": _lose_turns,
    "end_turn": _end_turn,
    "toad": _toad,
    "fight": _fight,
    "if": _if,
    "choose": _choose,
    "gain_card": _gain_card,
    "shop": _shop,
    "lose_follower": _lose_follower,
    "lose_object": _lose_object,
    "follow": _follow,
}
"""What one part of the effect language is worth (`effect_worth`), by its `do`; a part not here (it
changes nothing the bot values: an alignment, a discard, a card placed, a command) is worth nothing."""


def own_effects_worth(state: TalismanState, i: int, owner: str, effects: Sequence[c.Effect]) -> float:
    """`effect_worth` of the instructions of `owner` (a card id, or "space:" and a space id), kept by
    what of the hero they read (`_reads`) when they read nothing else of the position."""
    reads = _reads(owner, effects)
    if reads is None:
        return effect_worth(state, i, effects)
    whole, fields = reads
    h = state.heroes[i]
    key = (owner, *[_FIELDS[f](h) for f in fields])
    known = hero_worths(h) if whole else _OWN
    found: float | None = known.get(key)
    if found is None:
        if not whole and len(_OWN) >= CACHE_SIZE:
            _OWN.clear()
        found = known[key] = effect_worth(state, i, effects)
    return found


_OWN: dict[tuple[Any, ...], float] = {}
"""`own_effects_worth` of instructions that read a few fields of the hero, by owner and those fields."""

_FIELDS: dict[str, Callable[[Hero], Any]] = {
    "lives": lambda h: h.lives,
    "gold": lambda h: h.gold,
    "toad": lambda h: h.toad,
    "character": lambda h: h.character,
    "strength": lambda h: h.strength,
    "craft": lambda h: h.craft,
    "alignment": lambda h: h.alignment,
    "region": lambda h: _region(h.space),
    "spells": lambda h: len(h.spells),
    "combat": combat_strength,
    "psychic": lambda h: score(h, "craft", "psychic"),
    "score:strength": lambda h: score(h, "strength"),
    "score:craft": lambda h: score(h, "craft"),
    "limit": spell_limit,
    "draw": lambda h: _draw_worth_on(h, 0),
}
"""The hero's fields `_reads` names, read."""

_READS: dict[str, tuple[bool, tuple[str, ...]] | None] = {}
"""`_reads` by owner."""


def _reads(owner: str, effects: Sequence[c.Effect]) -> tuple[bool, tuple[str, ...]] | None:
    """What `effect_worth` of `effects` reads: None when more than seat `i`'s hero (a Teleport reads the
    plan, a card from a pile or a shop the piles); else whether it reads all of `hero_key` (scores, items,
    draws) and which of the hero's fields (`_FIELDS`) beside it, in a fixed order."""
    if owner in _READS:
        return _READS[owner]
    names: set[str] = set()
    found: tuple[bool, tuple[str, ...]] | None = None
    for e in walk(effects):
        if isinstance(e, c.Teleport | c.GainCard | c.Shop):
            break
        if isinstance(e, c.Lose):
            names.update(_LOSE_READS.get(e.stat, ("toad", "character", e.stat)))
        elif isinstance(e, c.Heal):
            names.add("lives")
        elif isinstance(e, c.LoseFollower | c.LoseObject):
            names.add("key")
        elif isinstance(e, c.Draw):
            names.add("draw")
        elif isinstance(e, c.Fight):
            names.update(("psychic" if e.craft else "combat", "lives"))
        elif isinstance(e, c.DrawSpells):
            names.update(("limit", "spells"))
        elif isinstance(e, c.Roll) and e.minus:
            names.add("score:" + e.minus)
        elif isinstance(e, c.BecomeToad):
            names.add("toad")
        elif isinstance(e, c.If):
            names.update(_test_reads(e.test))
        elif isinstance(e, c.Choose):
            names.add("gold")
            for option in e.options:
                if option.test is not None:
                    names.update(_test_reads(option.test))
    else:
        whole = "key" in names
        beside = ("gold", "region", "spells") if whole else tuple(_FIELDS)
        found = (whole, tuple(f for f in beside if f in names))
    _READS[owner] = found
    return found


_LOSE_READS = {"lives": ("lives",), "gold": ("gold",)}
"""What losing Lives or Gold reads (`_lost`); Strength or Craft: the Toad, the character's floor, the
counter."""


def _test_reads(test: c.Condition) -> set[str]:
    """The names `_reads` gives what a condition (`effects.holds`) reads."""
    names = set()
    if test.has is not None:
        names.add("key")
    for field, name in (
        (test.alignment, "alignment"),
        (test.character, "character"),
        (test.region, "region"),
        (test.toad, "toad"),
        (test.gold_at_least, "gold"),
        (test.lives_below, "lives"),
    ):
        if field is not None:
            names.add(name)
    return names


def option_worth(state: TalismanState, i: int, option: c.Option, depth: int = 0) -> float:
    """The worth of one option of a Choose, its price in Gold paid (nothing when it cannot be taken)."""
    h = state.heroes[i]
    if option.cost > h.gold or (option.test is not None and not holds(state, i, option.test)):
        return float("-inf")
    return effect_worth(state, i, option.then, depth + 1) - GOLD_WORTH * option.cost


def _lost(state: TalismanState, i: int, stat: str, amount: int) -> float:
    h = state.heroes[i]
    if stat == "gold":
        return GOLD_WORTH * min(amount, h.gold)
    if h.toad:
        return 0.0
    floor: int = getattr(catalog().characters[h.character], stat)
    above = max(0, int(getattr(h, stat)) - floor)
    return (STRENGTH_WORTH if stat == "strength" else CRAFT_WORTH) * min(amount, above)


def _roll(state: TalismanState, i: int, roll: c.Roll, depth: int) -> float:
    minus = score(state.heroes[i], roll.minus) if roll.minus else 0
    found = _RANGES.get(id(roll))
    if found is None or found[0] is not roll:
        found = _RANGES[id(roll)] = (roll, tuple((o.low, o.high) for o in roll.outcomes))
    total = 0.0
    for index, p in _branch_chances(roll.dice, minus, found[1]):
        total += p * effect_worth(state, i, roll.outcomes[index].then, depth + 1)
    return total


_RANGES: dict[int, tuple[c.Roll, tuple[tuple[int, int], ...]]] = {}
"""The totals of each branch of a Roll, by the Roll's id (kept with it, so that the id stays its own)."""
_WORTHS["roll"] = _roll


@lru_cache(maxsize=1024)
def _branch_chances(
    dice: int, minus: int, ranges: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, float], ...]:
    """The chance of each branch of a Roll of `dice` dice less `minus` (as `effects.roll_outcomes`)."""
    chances = [0.0] * len(ranges)
    for total, p in sum_probabilities(dice).items():
        for index, (low, high) in enumerate(ranges):
            if low <= total - minus <= high:
                chances[index] += float(p)
                break
    return tuple((index, p) for index, p in enumerate(chances) if p)
