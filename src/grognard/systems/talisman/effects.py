"""The interpreter of the effect language (content.Effect): one task per effect part.

An effect is addressed by its owner ("space:<id>", "card:<id>", "spell:<id>", "ability:<character>:<n>",
"gain:<item>", "cast:<item>") and a path into the owner's effect list: (index, branch, index, ...), where
a branch is a Roll outcome, 0/1 for an If's then/otherwise, or a Choose option. `push_effects` queues a
list; the "fx" task runs one part. The subject of an effect is the task's player; the card being met
(for `discard`, `follow`) is the task's `card`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache

from grognard.engine.dice.core import Rng, d6
from grognard.engine.game import Outcome
from grognard.systems.talisman import content as c
from grognard.systems.talisman.actions import GoTo, OnCard, card_of, space_of
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.dice import sum_probabilities
from grognard.systems.talisman.scores import START_LIVES, keywords, object_limit, score
from grognard.systems.talisman.state import FightCtx, Hero, TalismanState, Task, plain_task
from grognard.systems.talisman.tasks import Thrown, auto, chance, decision, one_die
from grognard.systems.talisman.words import BECOMES_TOAD, DIES, DIES_OUT, HAD_ONCE, LEAVES_PITS, REACHES_CROWN


def root_effects(owner: str) -> list[c.Effect]:
    """The effect list an owner string names."""
    cat = catalog()
    kind, _, name = owner.partition(":")
    if kind == "space":
        return cat.spaces[name].effects
    if kind == "card":
        return cat.cards[name].effects
    if kind == "spell":
        return cat.spells[name].effects
    if kind == "gain":
        return cat.item(name).on_gain
    if kind == "cast":
        return cat.item(name).on_cast
    if kind == "ability":
        char, _, index = name.partition(":")
        return cat.characters[char].abilities[int(index)].effects
    raise KeyError(f"no effects owner {owner!r}")


def branch(effect: c.Effect, index: int) -> list[c.Effect]:
    """The effect list of one branch of a Roll, If or Choose."""
    if isinstance(effect, c.Roll):
        return effect.outcomes[index].then
    if isinstance(effect, c.If):
        return effect.then if index == 0 else effect.otherwise
    if isinstance(effect, c.Choose):
        return effect.options[index].then
    raise KeyError(f"{effect!r} has no branches")


@cache
def effect_at(owner: str, path: tuple[int, ...]) -> c.Effect:
    """The effect part at an address (looked up once per address: the catalog is loaded once)."""
    effects = root_effects(owner)
    effect = effects[path[0]]
    for i in range(1, len(path), 2):
        effect = branch(effect, path[i])[path[i + 1]]
    return effect


def push_effects(
    state: TalismanState, who: int, owner: str, prefix: tuple[int, ...] = (), card: str = ""
) -> TalismanState:
    """Queue the effect list at `prefix` (the owner's root list when empty) for seat `who`."""
    return state.push(*_fx_tasks(who, owner, prefix, card))


@lru_cache(maxsize=8192)
def _fx_tasks(who: int, owner: str, prefix: tuple[int, ...], card: str) -> tuple[Task, ...]:
    effects = branch(effect_at(owner, prefix[:-1]), prefix[-1]) if prefix else root_effects(owner)
    return tuple(Task("fx", who, owner, (*prefix, k), card) for k in range(len(effects)))


def holds(state: TalismanState, who: int, test: c.Condition) -> bool:
    """Whether a condition holds for seat `who`."""
    h = state.heroes[who]
    ok = True
    if test.has is not None:
        ok = ok and test.has in keywords(h)
    if test.alignment is not None:
        ok = ok and h.alignment in test.alignment
    if test.character is not None:
        ok = ok and h.character in test.character
    if test.region is not None:
        ok = ok and catalog().spaces[h.space].region in test.region
    if test.toad is not None:
        ok = ok and bool(h.toad) == test.toad
    if test.gold_at_least is not None:
        ok = ok and h.gold >= test.gold_at_least
    if test.lives_below is not None:
        ok = ok and h.lives < test.lives_below
    return ok != test.negate


def gain(state: TalismanState, who: int, stat: str, amount: int) -> TalismanState:
    """Gain counters (1:5, 2:4, 4:4-5, 3:4); a Toad's Strength and Craft gains are the Toad's (19:3), and a
    Toad cannot hold Gold (19:2)."""
    h = state.heroes[who]
    if stat == "lives":
        return state.edit_hero(who, lives=h.lives + amount)
    if stat == "gold":
        return state if h.toad else state.edit_hero(who, gold=h.gold + amount)
    if h.toad:
        field = "toad_strength" if stat == "strength" else "toad_craft"
        return state.edit_hero(who, **{field: getattr(h, field) + amount})
    return state.edit_hero(who, **{stat: getattr(h, stat) + amount})


def lose(state: TalismanState, who: int, stat: str, amount: int) -> TalismanState:
    """Lose Strength, Craft or Gold counters, never below the starting Strength/Craft (1:3, 2:3; a Toad's
    are 1, 19:3) nor below 0 Gold. Lives go through `lose_life` tasks instead."""
    h = state.heroes[who]
    if stat == "gold":
        return state.edit_hero(who, gold=max(0, h.gold - amount))
    if h.toad:
        field = "toad_strength" if stat == "strength" else "toad_craft"
        return state.edit_hero(who, **{field: max(1, getattr(h, field) - amount)})
    floor = getattr(catalog().characters[h.character], stat)
    return state.edit_hero(who, **{stat: max(floor, getattr(h, stat) - amount)})


def heal(state: TalismanState, who: int, amount: int) -> TalismanState:
    """Healing never gives more than 4 Lives (4:6) and never takes any away."""
    h = state.heroes[who]
    return state.edit_hero(who, lives=max(h.lives, min(START_LIVES, h.lives + amount)))


def end_turn(state: TalismanState, who: int) -> TalismanState:
    """The turn of `who` ends now (when it is their turn)."""
    if who != state.current:
        return state
    return state.unwind("end").evolve(move=None, fight=None)


def give_item(state: TalismanState, who: int, card: str) -> TalismanState:
    """Hand an Object or Follower to `who` and run its `on_gain` when it joins them for the first time
    (`join`; a Raft is never a possession, 11:19)."""
    cat = catalog()
    h = state.heroes[who]
    if "raft" in cat.item(card).keywords:
        return state.edit_hero(who, raft=state.turn, raft_card=card)
    if cat.kind(card) == "follower":
        state = state.edit_hero(who, followers=tuple(sorted((*h.followers, card))))
    else:
        state = state.edit_hero(who, objects=tuple(sorted((*h.objects, card))))
    return join(state, who, card)


def join(state: TalismanState, who: int, card: str) -> TalismanState:
    """A card now held by `who` joins them: its "when taken / when it joins" effect (`on_gain`) runs once
    per copy of the card joining the character. A copy ditched (or lost to a Toad's change, a thief, 7:3)
    and taken back is no new joining: it runs only while `who` holds more copies than the joinings
    remembered in `Hero.joined` (see docs/rulings/talisman.md, "Joining bonuses come once")."""
    if not catalog().item(card).on_gain:
        return state
    h = state.heroes[who]
    if h.joined.count(card) >= h.objects.count(card) + h.followers.count(card):
        return state.note(HAD_ONCE, f"p{who}", card)
    state = state.edit_hero(who, joined=tuple(sorted((*h.joined, card))))
    return push_effects(state, who, f"gain:{card}", card=card)


def forget(state: TalismanState, who: int, card: str) -> TalismanState:
    """A card `who` held leaves play (the discard pile, or its own pile, 20:2): if it comes back to them
    one day (the Adventure discards reshuffled), that is a new joining."""
    h = state.heroes[who]
    if card not in h.joined:
        return state
    joined = list(h.joined)
    joined.remove(card)
    return state.edit_hero(who, joined=tuple(joined))


def return_to_pile(state: TalismanState, card: str) -> TalismanState:
    """A Purchase or Talisman card goes back to its pile (20:2)."""
    supply = dict(state.supply)
    supply[card] = supply.get(card, 0) + 1
    return state.evolve(supply=tuple(sorted(supply.items())))


def to_discard(state: TalismanState, card: str) -> TalismanState:
    """A card leaves play: Adventure cards to the discard pile, pile cards back to their pile (20:2)."""
    if catalog().is_pile_card(card):
        return return_to_pile(state, card)
    return state.evolve(discard=tuple(sorted((*state.discard, card))))


def teleport(state: TalismanState, who: int, space: str, encounter: bool) -> TalismanState:
    """Move `who` to `space`; on their own turn the rest of the turn is a new encounter there (13:1) or,
    without `encounter`, nothing but taking what lies there (the Crypt and the Mines, 14:5-6; 12:1)."""
    state = place(state, who, space)
    if who != state.current:
        return state
    state = state.unwind("end").evolve(move=None, fight=None, enc=None)
    if encounter:
        return state.push(plain_task("encounter", who))
    return take_what_lies(state, who)


def place(state: TalismanState, who: int, space: str) -> TalismanState:
    """Put `who` on `space`; reaching the Crown of Command is remembered (4:3). Pitfiends still to fight
    stay in the Pits when the character is taken away from them (a ruling on 14:8)."""
    h = state.heroes[who]
    if h.pits and space != h.space:
        state = state.edit_hero(who, pits=0).note(LEAVES_PITS, f"p{who}")
    state = state.edit_hero(who, space=space)
    if catalog().spaces[space].region == "crown" and not state.crown_reached:
        state = state.evolve(crown_reached=True).note(REACHES_CROWN, f"p{who}")
    return state


def become_toad(state: TalismanState, who: int, turns: int) -> TalismanState:
    """19:1-3: possessions left on the space, Strength and Craft 1 until the end of the third turn."""
    h = state.heroes[who]
    if h.toad:
        return state
    state = state.put_cards(h.space, *h.objects, *h.followers, gold=h.gold)
    state = state.edit_hero(
        who,
        objects=(),
        followers=(),
        gold=0,
        toad=turns,
        toad_strength=1,
        toad_craft=1,
        toad_since=state.turn,
    )
    return state.note(BECOMES_TOAD, f"p{who}")


def start_fight(state: TalismanState, who: int, fight: FightCtx) -> TalismanState:
    """Begin a combat of `who` against a creature (16:2-4, 17:2)."""
    return state.evolve(fight=fight).push(plain_task("fight_evade", who))


def _run_fx(state: TalismanState, task: Task) -> TalismanState:
    effect = effect_at(task.ref, task.path)
    who = task.player
    h = state.heroes[who]
    if not h.alive:
        return state
    cat = catalog()
    match effect:
        case c.Gain(stat=stat, amount=amount):
            return gain(state, who, stat, amount)
        case c.Lose(stat="lives", amount=amount, followers_may_die=fol, unsaveable=unsave):
            flags = tuple(f for f, on in (("followers", fol), ("unsaveable", unsave)) if on)
            return state.push(*[Task("lose_life", who, opts=flags) for _ in range(amount)])
        case c.Lose(stat=stat, amount=amount):
            return lose(state, who, stat, amount)
        case c.Heal(amount=amount):
            return heal(state, who, amount)
        case c.Draw(count=count):
            return state.push(*[plain_task("draw", who) for _ in range(count)], plain_task("cards", who))
        case c.DrawSpells(count=count):
            return state.push(*[plain_task("draw_spell", who) for _ in range(count)])
        case c.Teleport() as tp:
            targets = _targets(state, who, tp)
            if len(targets) == 1:
                return teleport(state, who, targets[0], tp.encounter)
            return state.push(Task("teleport", who, task.ref, task.path))
        case c.LoseTurns(count=count):
            if who != state.current or not ends_this_turn(task.ref):
                return state.edit_hero(who, lost_turns=h.lost_turns + count)
            state = state.edit_hero(who, lost_turns=h.lost_turns + count - 1)
            return end_turn(state, who)
        case c.EndTurn():
            return end_turn(state, who)
        case c.Roll():
            return state.push(Task("fx_roll", who, task.ref, task.path, task.card))
        case c.ChangeAlignment(to=to):
            return change_alignment(state, who, to)
        case c.BecomeToad(turns=turns):
            return become_toad(state, who, turns)
        case c.Fight() as fx:
            return _fight_effect(state, who, fx, task)
        case c.If(test=test):
            return push_effects(
                state, who, task.ref, (*task.path, 0 if holds(state, who, test) else 1), task.card
            )
        case c.Choose():
            return state.push(Task("fx_choose", who, task.ref, task.path, task.card))
        case c.GainCard(card=card):
            left = dict(state.supply).get(card, 0)
            if left < 1 or h.toad:
                return state
            supply = dict(state.supply)
            supply[card] = left - 1
            return give_item(state.evolve(supply=tuple(sorted(supply.items()))), who, card)
        case c.Shop():
            return state if h.toad else state.push(Task("shop", who, task.ref, task.path))
        case c.LoseFollower():
            return state.push(plain_task("lose_follower", who)) if h.followers else state
        case c.LoseObject():
            return state.push(plain_task("lose_object", who)) if h.objects else state
        case c.Discard():
            return _discard_card(state, who, task.card)
        case c.PlaceCard():
            return state
        case c.Command():
            return state.push(plain_task("command_roll", who))
        case c.Follow():
            if task.card and not h.toad and task.card in state.stash(h.space).cards:
                state = state.take_card(h.space, task.card)
                state = state.edit_hero(who, followers=tuple(sorted((*h.followers, task.card))))
                return join(state, who, task.card)
            return state
    raise AssertionError(f"unhandled effect {effect!r} at {task.ref} {task.path} ({cat is not None})")


auto("fx")(_run_fx)


def ends_this_turn(owner: str) -> bool:
    """Whether a turn lost to the effects of `owner` is the current one. 15:4 (line 314) says so for an
    Event card only: "end the Characters Turn there and then. This counts as the missed Turn". A turn lost
    to anything else (a space such as the Marsh, a Spell such as Snare) is the character's next turn (see
    docs/rulings/talisman.md, "Losing a turn")."""
    kind, _, name = owner.partition(":")
    cards = catalog().cards
    return kind == "card" and name in cards and cards[name].type == "event"


def change_alignment(state: TalismanState, who: int, to: str) -> TalismanState:
    """7:1-2: a new alignment, at most once a turn; 7:3 is enforced by `flow.housekeeping`."""
    h = state.heroes[who]
    if h.aligned_turn == state.turn or h.alignment == to:
        return state
    return state.edit_hero(who, alignment=to, aligned_turn=state.turn)


def _discard_card(state: TalismanState, who: int, card: str) -> TalismanState:
    h = state.heroes[who]
    if card in h.objects:
        objects = list(h.objects)
        objects.remove(card)
        return to_discard(forget(state.edit_hero(who, objects=tuple(objects)), who, card), card)
    if card in state.stash(h.space).cards:
        return to_discard(state.take_card(h.space, card), card)
    return state


def _fight_effect(state: TalismanState, who: int, fx: c.Fight, task: Task) -> TalismanState:
    if fx.count_dice:
        return state.push(Task("pit_count", who, task.ref, task.path))
    if fx.strength_dice:
        return state.push(Task("fight_dice", who, task.ref, task.path))
    return begin_effect_fight(state, who, fx, fx.strength or fx.craft)


def begin_effect_fight(
    state: TalismanState, who: int, fx: c.Fight, enemy: int, source: str = "effect"
) -> TalismanState:
    """A creature named by an effect attacks `who` (in the Inner Region it cannot be evaded, 14:4)."""
    region = catalog().spaces[state.heroes[who].space].region
    fight = FightCtx(
        name=fx.name, enemy=enemy, psychic=fx.craft > 0, source=source, evadable=region in ("outer", "middle")
    )
    return start_fight(state, who, fight)


def _dice_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Fight)
    return [(v, p) for v, p in sum_probabilities(fx.strength_dice).items()]


def _throw_fight_dice(state: TalismanState, rng: Rng) -> Thrown:
    task = state.tasks[-1]
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Fight)
    roll = d6(rng, fx.strength_dice)
    return roll.total, (roll,)


@chance("fight_dice", _dice_outcomes, _throw_fight_dice)
def _fight_dice(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Fight)
    return begin_effect_fight(state, task.player, fx, fx.strength + int(outcome))


def _pit_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    return [(v, p) for v, p in sum_probabilities(1).items()]


@chance("pit_count", _pit_outcomes, one_die)
def _pit_count(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    """14:8: the die gives how many Pitfiends attack, one at a time."""
    state = state.edit_hero(task.player, pits=int(outcome))
    return state.push(plain_task("pit_fight", task.player))


def _targets(state: TalismanState, who: int, tp: c.Teleport) -> list[str]:
    if tp.to:
        return list(tp.to)
    assert tp.region is not None
    here = state.heroes[who].space
    return [space for space in catalog().rings[tp.region] if space != here]


def _teleport_actions(state: TalismanState, task: Task) -> Sequence[str]:
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Teleport)
    return [str(GoTo("to", s)) for s in _targets(state, task.player, fx)]


@decision("teleport", _teleport_actions)
def _teleport(state: TalismanState, task: Task, move: str) -> TalismanState:
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Teleport)
    return teleport(state, task.player, space_of(move), fx.encounter)


def _roll_table(state: TalismanState, task: Task) -> tuple[tuple[Outcome, Fraction], ...]:
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Roll)
    minus = score(state.heroes[task.player], fx.minus) if fx.minus else 0
    return _roll_branches(task.ref, task.path, minus)


@lru_cache(maxsize=1024)
def _roll_branches(owner: str, path: tuple[int, ...], minus: int) -> tuple[tuple[Outcome, Fraction], ...]:
    """The branches of the Roll effect at (owner, path) with their chances when `minus` is taken off the
    dice (sorted by label)."""
    fx = effect_at(owner, path)
    assert isinstance(fx, c.Roll)
    table: dict[Outcome, Fraction] = {}
    for total, p in sum_probabilities(fx.dice).items():
        value = total - minus
        label: Outcome = "none"
        for j, out in enumerate(fx.outcomes):
            if out.low <= value <= out.high:
                label = j
                break
        table[label] = table.get(label, Fraction(0)) + p
    return tuple(sorted(table.items(), key=lambda kv: str(kv[0])))


def roll_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    """The branches of a Roll effect with their exact probabilities ("none" when no branch covers)."""
    return _roll_table(state, task)


def _throw_fx_roll(state: TalismanState, rng: Rng) -> Thrown:
    task = state.tasks[-1]
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Roll)
    roll = d6(rng, fx.dice)
    minus = score(state.heroes[task.player], fx.minus) if fx.minus else 0
    value = roll.total - minus
    label: Outcome = next((j for j, o in enumerate(fx.outcomes) if o.low <= value <= o.high), "none")
    return label, (roll,)


@chance("fx_roll", roll_outcomes, _throw_fx_roll)
def _fx_roll(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    if outcome == "none":
        return state
    return push_effects(state, task.player, task.ref, (*task.path, int(outcome)), task.card)


def _choose_actions(state: TalismanState, task: Task) -> Sequence[str]:
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Choose)
    h = state.heroes[task.player]
    out = []
    for opt in fx.options:
        if opt.cost > h.gold or (opt.test is not None and not holds(state, task.player, opt.test)):
            continue
        out.append(opt.label)
    return out or [fx.options[-1].label]


@decision("fx_choose", _choose_actions)
def _fx_choose(state: TalismanState, task: Task, move: str) -> TalismanState:
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Choose)
    index = next(i for i, o in enumerate(fx.options) if o.label == move)
    cost = fx.options[index].cost
    h = state.heroes[task.player]
    if cost > h.gold:
        return state
    state = state.edit_hero(task.player, gold=h.gold - cost)
    return push_effects(state, task.player, task.ref, (*task.path, index), task.card)


def _shop_actions(state: TalismanState, task: Task) -> Sequence[str]:
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Shop)
    cat = catalog()
    h = state.heroes[task.player]
    supply = dict(state.supply)
    room = object_limit(h)
    out = ["done"]
    for card in fx.cards:
        item = cat.purchase[card]
        if supply.get(card, 0) < 1 or item.price > h.gold:
            continue
        full = room is not None and len(h.objects) >= room and "raft" not in item.keywords
        if "raft" in item.keywords and h.raft:
            continue
        if not full:
            out.append(str(OnCard("buy", card)))
    return out


@decision("shop", _shop_actions)
def _shop(state: TalismanState, task: Task, move: str) -> TalismanState:
    """20:1: buying a Purchase card; the Gold goes to the stock (3:3)."""
    if move == "done":
        return state
    card = card_of(move)
    price = catalog().purchase[card].price
    h = state.heroes[task.player]
    supply = dict(state.supply)
    supply[card] -= 1
    state = state.edit_hero(task.player, gold=h.gold - price).evolve(supply=tuple(sorted(supply.items())))
    state = state.push(task)
    return give_item(state, task.player, card)


def _follower_actions(state: TalismanState, task: Task) -> Sequence[str]:
    return [str(OnCard("lose", f)) for f in sorted(set(state.heroes[task.player].followers))]


@decision("lose_follower", _follower_actions)
def _lose_follower(state: TalismanState, task: Task, move: str) -> TalismanState:
    """6:3: a Follower killed goes to the discard pile."""
    return drop_follower(state, task.player, card_of(move))


def drop_follower(state: TalismanState, who: int, card: str) -> TalismanState:
    """One Follower of `who` is killed (6:3)."""
    followers = list(state.heroes[who].followers)
    followers.remove(card)
    return to_discard(forget(state.edit_hero(who, followers=tuple(followers)), who, card), card)


def _object_actions(state: TalismanState, task: Task) -> Sequence[str]:
    return [str(OnCard("lose", o)) for o in sorted(set(state.heroes[task.player].objects))]


@decision("lose_object", _object_actions)
def _lose_object(state: TalismanState, task: Task, move: str) -> TalismanState:
    card = card_of(move)
    objects = list(state.heroes[task.player].objects)
    objects.remove(card)
    state = forget(state.edit_hero(task.player, objects=tuple(objects)), task.player, card)
    return to_discard(state, card)


def collect_tasks(i: int, take_only: bool = False) -> list[Task]:
    """Taking the Gold on the space, then the choices of what else to take (12:1); `take_only` when the
    space is not met (no Stranger is visited then: a visit follows the Stranger's instructions)."""
    return list(_collect_tasks(i, take_only))


@lru_cache(maxsize=256)
def _collect_tasks(i: int, take_only: bool) -> tuple[Task, ...]:
    opts = ("take_only",) if take_only else ()
    return plain_task("gold", i), Task("collect", i, opts=opts)


def take_what_lies(state: TalismanState, i: int) -> TalismanState:
    """12:1: a character whose Move ends on a space may take what lies there even when the space is not
    met (retreating, 11:5; through the Portal, 11:24; out of the Crypt or the Mines, 14:5-6)."""
    stash = state.stash(state.heroes[i].space)
    if (stash.cards or stash.gold) and free_to_take(state, i):
        return state.push(*collect_tasks(i, take_only=True))
    return state


def free_to_take(state: TalismanState, i: int) -> bool:
    """12:1: things on the space may be taken unless an Enemy is there or the space draws cards."""
    space = catalog().spaces[state.heroes[i].space]
    return not space.draw and not _any_enemy(state.stash(space.id).cards)


@lru_cache(maxsize=4096)
def _any_enemy(here: tuple[str, ...]) -> bool:
    cards = catalog().cards
    return any(card in cards and cards[card].type in c.ENEMY_TYPES for card in here)


def kill(state: TalismanState, i: int) -> TalismanState:
    """4:3: the character dies; possessions stay on the space, the character card returns to the pool."""
    h = state.heroes[i]
    state = state.put_cards(h.space, *h.objects, *h.followers, gold=h.gold)
    state = state.evolve(spell_discard=tuple(sorted((*state.spell_discard, *h.spells))))
    for card in h.trophies:
        state = to_discard(state, card)
    pool = tuple(sorted((*state.pool, h.character)))
    state = state.evolve(pool=pool).with_hero(i, Hero(out=state.crown_reached))
    state = state.note(DIES_OUT if state.crown_reached else DIES, f"p{i}")
    state = check_winner(state)
    if i == state.current and not state.over:
        state = state.unwind("end").evolve(move=None, fight=None, enc=None)
    return state


def check_winner(state: TalismanState) -> TalismanState:
    """21:1: the last character left in the game wins."""
    left = [i for i, h in enumerate(state.heroes) if not h.out]
    if len(left) == 1:
        return state.evolve(over="win", winners=(left[0],))
    if not left:
        return state.evolve(over="nobody")
    return state
