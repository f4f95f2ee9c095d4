"""The automatic game master's use of monster skills, running away and bows: a deterministic policy.

`gm_choice(state, actions)` gives the acting monster's move when its skills, its bow or its flight
decide it, else None (`gm.choose` then plays its usual policy: attack the weakest hero in reach, or walk
towards one). In order:

- A yeti holding a hero keeps squeezing (it never lets go); a fimir carrying a hero rolls and runs.
- A runner (`monster_flight`) rolls and runs to a square no hero sees, farthest from the heroes; it
  strikes only when it cannot get out of sight.
- A lurker (Ambush) shoots or strikes if it can, and otherwise stays hidden.
- Before moving: Vile Courage when an ally in its sight lacks it; Theft from a hero beside it (the most
  valuable thing he carries, then it runs); Kidnap of the hero beside it with the fewest base defend
  dice; Curse the hero in sight with the most Body, and Stone Gaze the one likeliest to fail, when no
  hero is in reach of its attack; Set Trap on the square beside it nearest the heroes when it cannot
  reach one this turn.
- Attacking, at the weakest hero in reach (the usual choice): Sweep Attack when the sweep meets two
  heroes or more; Stomp with two heroes or more beside it; Toss onto a trap, or into another hero;
  Shield Bash when the hero's attack dice could kill it; Bite a hero not yet bitten.
- A bowman with no shot walks to the nearest square from which it has one.
"""

from __future__ import annotations

from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.geometry import can_target, distances
from grognard.systems.heroquest.features.monsters.monster_flight import flee_move, running, seen
from grognard.systems.heroquest.features.monsters.monster_skills import HANDLERS, sweep_path
from grognard.systems.heroquest.model.action_text import aim, aimed_hero, keyed_of, sq, square_of
from grognard.systems.heroquest.model.edits import trap_here
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.effects import hero_attack_dice, hero_defend_dice
from grognard.systems.heroquest.rules.monster_gear import untouchable
from grognard.systems.heroquest.rules.monster_wounds import carrying, hugging, tagged
from grognard.systems.heroquest.rules.targets import seen_heroes


def gm_choice(state: QuestState, actions: list[str]) -> str | None:
    """The acting monster's move when its skills, bow or flight decide it; None for the usual policy."""
    j = state.acting
    if j < 0 or not state.in_gm_turn() or "end" not in actions or len(actions) == 1:
        return None
    m = state.monsters[j]
    turn = state.turn
    if hugging(state, j) is not None:
        return "end"
    if carrying(state, j) is not None or running(state, j):
        return _flight(state, j, actions)
    if m.status == "lurking":
        attacks = [a for a in actions if a.startswith("attack:h")]
        return _weakest(state, attacks) if attacks else "end"
    skills = [a for a in actions if a.startswith("skill:")]
    if skills:
        pick = _skill(state, j, skills, actions)
        if pick is not None:
            return pick
    if (
        turn.rolled
        and turn.moves > 0
        and state.stats_of(j).ranged
        and not any(a.startswith("attack:h") for a in actions)
    ):
        return _to_a_shot(state, j, actions)
    return None


def _weakest(state: QuestState, attacks: list[str]) -> str:
    def weakness(action: str) -> tuple[int, int, int]:
        i = aimed_hero(action)
        return (state.heroes[i].body, hero_defend_dice(state, i), i)

    return min(attacks, key=weakness)


def _flight(state: QuestState, j: int, actions: list[str]) -> str:
    turn = state.turn
    if not turn.rolled and "roll" in actions:
        return "roll"
    moves = [a for a in actions if a.startswith("move:")]
    if moves:
        step = flee_move(state, j, moves)
        if step != "end":
            return step
    attacks = [a for a in actions if a.startswith("attack:h")]

    if attacks and seen(state, j):
        return _weakest(state, attacks)  # cornered: it cannot get out of sight
    return "end"


def _of(skills: list[str], key: str) -> list[str]:
    return [a for a in skills if a.startswith(f"skill:{key}")]


def _hero(action: str) -> int:
    return aim(keyed_of(action).target).hero_index


def _value(name: str) -> tuple[int, str]:
    key = hq.key_of(name)
    cat = hq.catalog()
    if key in cat.artifacts:
        return (1000, name)
    if key in cat.items:
        price = cat.items[key].price
        return (price if price is not None else 300, name)
    return (500, name)


def _skill(state: QuestState, j: int, skills: list[str], actions: list[str]) -> str | None:
    for key, h in sorted(HANDLERS.items()):  # a skill that brings its own choice (`Handler.gm_pick`)
        offered = _of(skills, key)
        pick = h.gm_pick(state, j, offered) if h.gm_pick is not None and offered else None
        if pick is not None:
            return pick
    turn = state.turn
    attacks = [a for a in actions if a.startswith("attack:h")]
    courage = _of(skills, "vile-courage")
    if courage:
        return courage[0]
    thefts = _of(skills, "theft")
    if thefts:
        return max(thefts, key=lambda a: _value(_item(state, a)))
    kidnaps = _of(skills, "kidnap")
    if kidnaps:
        return min(
            kidnaps, key=lambda a: (state.hero_of(_hero(a)).base.defend, state.heroes[_hero(a)].body, a)
        )
    if not attacks and not turn.rolled:
        curses = _of(skills, "curse")
        if curses:
            return max(curses, key=lambda a: (state.heroes[_hero(a)].body, -_hero(a)))
        gazes = _of(skills, "stone-gaze")
        if gazes:
            return min(
                gazes, key=lambda a: (state.hero_of(_hero(a)).base.defend, -state.heroes[_hero(a)].body, a)
            )
        traps = _of(skills, "set-trap")
        if traps and _sees_a_hero(state, j) and not _can_reach(state, j):
            return min(traps, key=lambda a: (_hero_distance(state, sq(keyed_of(a).target)), a))
    if not attacks:
        return None
    target = _weakest(state, attacks)
    i = aimed_hero(target)
    sweeps = _of(skills, "sweep-attack")
    if sweeps:
        return max(sweeps, key=lambda a: (len(sweep_path(state, j, _hero(a))), -_hero(a)))
    stomps = _of(skills, "stomp")
    if stomps and len({_hero(a) for a in stomps}) >= 2:
        return f"skill:stomp:h{i}" if f"skill:stomp:h{i}" in stomps else stomps[0]
    tosses = _of(skills, "toss")
    good = [a for a in tosses if _toss_worth(state, a)]
    if good:
        return min(good, key=lambda a: (state.heroes[_hero(a)].body, a))
    bash = f"skill:shield-bash:h{i}"
    if bash in skills and _threat(state, i, j):
        return bash
    bite = f"skill:bite:h{i}"
    if bite in skills and not any(e.startswith("def-1|healed<") for e in state.heroes[i].effects):
        return bite
    return None


def _item(state: QuestState, action: str) -> str:
    i = _hero(action)
    key = action.partition("=")[2]
    return next(n for n in state.heroes[i].items if hq.key_of(n) == key)


def _hero_distance(state: QuestState, square: Square) -> int:
    return min(
        (
            abs(square[0] - h.at[0]) + abs(square[1] - h.at[1])
            for h in state.heroes
            if h.status == "active" and h.at
        ),
        default=99,
    )


def _sees_a_hero(state: QuestState, j: int) -> bool:
    return bool(seen_heroes(state, j))


def _can_reach(state: QuestState, j: int) -> bool:
    """True when monster `j` could stand beside a hero it sees with its longest move."""
    at = state.monsters[j].at
    assert at is not None
    layout = state.layout
    goals: set[Square] = set()
    for i in seen_heroes(state, j):
        h = state.heroes[i].at
        assert h is not None
        goals |= {(h[0] + dx, h[1] + dy) for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    goals = {g for g in goals if layout.board.is_floor(g) and not layout.solid(g)}
    dist = distances(layout, goals, state.hero_squares)
    return dist.get(at, 99) <= state.stats_of(j).move_max


def _toss_worth(state: QuestState, action: str) -> bool:
    """A toss onto a trap, or into another hero."""
    mark = sq(aim(keyed_of(action).target).at or "")
    return trap_here(state, mark) is not None or any(
        h.at == mark and h.status == "active" for k, h in enumerate(state.heroes) if k != _hero(action)
    )


def _threat(state: QuestState, i: int, j: int) -> bool:
    """True when hero `i`'s attack dice reach monster `j`'s Body left (a daze would spare it a blow)."""
    fig = state.heroes[i]
    if fig.at is None or tagged(fig.effects, "kidnapped") is not None:
        return False
    return hero_attack_dice(state, i, j) >= state.monsters[j].body


def _to_a_shot(state: QuestState, j: int, actions: list[str]) -> str | None:
    """The nearest square the bowman may move to from which it has a shot at a hero."""
    heroes = [
        h.at
        for i, h in enumerate(state.heroes)
        if h.status == "active" and h.at and not untouchable(state, i)
    ]
    here = state.monsters[j].at
    assert here is not None
    best: tuple[int, str] | None = None
    for a in actions:
        if not a.startswith("move:"):
            continue
        s = square_of(a)
        figures = (state.figures - {here}) | {s}
        if any(can_target(state.layout, s, h, figures) for h in heroes):
            cost = abs(s[0] - here[0]) + abs(s[1] - here[1])
            if best is None or (cost, a) < best:
                best = (cost, a)
    return best[1] if best is not None else None
