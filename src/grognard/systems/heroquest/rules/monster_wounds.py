"""What monster skills leave on heroes (lines 625-937), and what follows a monster's blow or a blow a
monster turned aside.

Lasting effects on a hero (strings as in `effects`):

- "def-1|healed<B" Bite (line 625), "maul|healed<B" Maul (line 869: half his defend dice, rounded up),
  "plague|healed<B" Pestilence (line 669: one Body at the start of each of his turns). "Until he is
  healed": B is the least Body he has had since the wound, and any healing (Body above B) ends it
  (`heal_watch`, run after every move).
- "curse@MID+N|quest" Curse (line 735): he dies after N more of his turns unless MID is slain.
- "stone|quest" Stone Gaze (line 781): no moving, attacking or defending, no harm; a healing spell ends it.
- "kidnapped@MID|quest" Kidnap (line 711), "hugged@MID|quest" Bear Hug (line 891), "dazed|one-turn"
  Shield Bash (line 341: no attack in his next turn), "stunned|" Toss (line 937: he loses his next turn;
  monsters too), "disarmed|encounter" Disarm (line 757: no weapon until the encounter ends).

On the monster: "carrying@I|quest" and "unseen+N|quest" (Kidnap), "hugging@I|quest" and "def-1|hug" (Bear
Hug), "loot@I@ITEM|quest" (Theft), "pincer@I@ROUND|quest" (Pincer Attack).

`struck` runs after a monster's attack on a hero and `defended` after a hero's attack on a monster; what
they start (another roll, another attack) is queued on the state (`monster_turns`) so that rolls never
overwrite each other.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.systems.heroquest.content.geometry import orthogonal
from grognard.systems.heroquest.model.action_text import keyed_of
from grognard.systems.heroquest.model.edits import note, with_hero, with_monster
from grognard.systems.heroquest.model.effect_strings import parse, tags
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.skill_registry import HANDLERS
from grognard.systems.heroquest.model.state import HeroFig, MonsterFig, Pending, QuestState

HEALED = "|healed<"
"""The duration of a wound that lasts until the hero is healed."""


# ---------------------------------------------------------------------------------------------------
# Reading effects


def tagged(effects: tuple[str, ...], tag: str) -> str | None:
    """What follows `tag` + "@" in the first effect so tagged ("curse@grak+2|quest" -> "grak+2"), or None."""
    for e in effects:
        head = e.partition("|")[0]
        if head.startswith(tag + "@"):
            return head[len(tag) + 1 :]
    return None


def untag(effects: tuple[str, ...], *tags: str) -> tuple[str, ...]:
    """The effects without those carrying any of `tags` (tagged "tag@..." or named "tag")."""
    return tuple(e for e in effects if not any(e.startswith(t + "@") or parse(e)[0] == t for t in tags))


def stone(state: QuestState, i: int) -> bool:
    """True while hero `i` is turned to stone (line 781)."""
    return "stone|quest" in state.heroes[i].effects


def kidnapped(state: QuestState, i: int) -> int | None:
    """The monster carrying hero `i` off (line 711), or None."""
    mid = tagged(state.heroes[i].effects, "kidnapped")
    return None if mid is None else _index(state, mid)


def carrying(state: QuestState, j: int) -> int | None:
    """The hero monster `j` carries off, or None."""
    who = tagged(state.monsters[j].effects, "carrying")
    return None if who is None else int(who)


def hugging(state: QuestState, j: int) -> int | None:
    """The hero monster `j` holds in a bear hug (line 891), or None."""
    who = tagged(state.monsters[j].effects, "hugging")
    return None if who is None else int(who)


def hugged(state: QuestState, i: int) -> bool:
    """True while hero `i` is held in a bear hug."""
    return tagged(state.heroes[i].effects, "hugged") is not None


def _index(state: QuestState, mid: str) -> int:
    return next(k for k, m in enumerate(state.monsters) if m.id == mid)


def _add_hero(state: QuestState, i: int, *effects: str) -> QuestState:
    fig = state.heroes[i]
    return with_hero(state, i, replace(fig, effects=(*fig.effects, *effects)))


def _add_monster(state: QuestState, j: int, *effects: str) -> QuestState:
    m = state.monsters[j]
    return with_monster(state, j, replace(m, effects=(*m.effects, *effects)))


def wound(state: QuestState, i: int, name: str) -> QuestState:
    """Hero `i` takes the wound `name` ("def-1", "maul", "plague": `event_text.WORDS`) that lasts until he
    is healed (once: a second does not add to it)."""
    fig = state.heroes[i]
    if fig.status not in ("active", "dying") or any(
        e.startswith(name + "|") and HEALED in e for e in fig.effects
    ):
        return state
    state = _add_hero(state, i, f"{name}{HEALED}{fig.body}")
    return note(state, said("heal.until-healed", hero=i, hero_name=state.hero_of(i).name, wound=name))


# ---------------------------------------------------------------------------------------------------
# Dice of a wounded hero


def wounded_defence(state: QuestState, i: int, dice: int) -> int:
    """Hero `i`'s defend dice after the monster skills: none turned to stone or held in a bear hug (lines
    781, 891), half of them (rounded up) when mauled (line 869)."""
    fig = state.heroes[i]
    if stone(state, i) or hugged(state, i):
        return 0
    if any(e.startswith("maul|") for e in fig.effects):
        return (dice + 1) // 2
    return dice


def disarmed(effects: tuple[str, ...]) -> bool:
    """True while a hero's weapon lies where a chaos warrior knocked it (line 757)."""
    return "disarmed|encounter" in effects


# ---------------------------------------------------------------------------------------------------
# "Until healed"


def heal_watch(state: QuestState) -> QuestState:
    """Wounds that last until healed end when the hero's Body rises above the least it has been since."""
    for i, h in enumerate(state.heroes):
        if not any(HEALED in e for e in h.effects):
            continue
        kept: list[str] = []
        ended: list[str] = []
        for e in h.effects:
            head, sep, low = e.partition(HEALED)
            if not sep:
                kept.append(e)
            elif h.body > int(low):
                ended.append(parse(head + "|")[0])
            else:
                kept.append(f"{head}{HEALED}{min(int(low), h.body)}")
        if tuple(kept) != h.effects:
            state = with_hero(state, i, replace(h, effects=tuple(kept)))
        if ended:
            state = note(
                state,
                said(
                    "heal.healed",
                    hero=i,
                    hero_name=state.hero_of(i).name,
                    wounds=tuple(sorted(set(ended))),
                ),
            )
    return state


def cure_stone(fig: HeroFig) -> HeroFig:
    """A hero turned to stone freed by a healing spell (line 781)."""
    return replace(fig, effects=tuple(e for e in fig.effects if e != "stone|quest"))


# ---------------------------------------------------------------------------------------------------
# After a monster's blow


def struck(state: QuestState, p: Pending, damage: int) -> QuestState:
    """What follows monster `p.who`'s attack on hero `p.target`: Pincer Attack, and after damage Bite,
    Maul, Pestilence, Bear Hug, Shield Bash, Stomp, Toss and the next blow of a sweep."""
    j, i = p.who, p.target
    if not (0 <= j < len(state.monsters)) or state.monsters[j].status not in ("active", "lurking"):
        return state
    stats = state.stats_of(j)
    if "Pincer Attack" in stats.skills and p.then != "extra":
        state = _pincer(state, j, i)
    if damage <= 0 or state.heroes[i].status not in ("active", "dying"):
        return state
    if p.then == "bite":
        state = wound(state, i, "def-1")
    if "Maul" in stats.skills:
        state = wound(state, i, "maul")
    if "Pestilence" in stats.skills and not any(e.startswith("plague|") for e in state.heroes[i].effects):
        state = queue(state, f"plague:{i}")
    if "Bear Hug" in stats.skills and hugging(state, j) is None and not hugged(state, i):
        state = _add_monster(state, j, f"hugging@{i}|quest", "def-1|hug")
        state = _add_hero(state, i, f"hugged@{state.monsters[j].id}|quest")
        state = note(
            state,
            said(
                "attack.grips-bear-hug",
                hero=i,
                monster=j,
                monster_name=stats.name,
                hero_name=state.hero_of(i).name,
            ),
        )
    if p.then == "bash":
        state = queue(state, f"daze:{i}")
    if p.then == "stomp":
        state = queue(state, f"stomp:{j}")
    if p.then.startswith("toss@"):
        state = queue(state, f"toss:{j}:{i}:{p.then[5:]}")
    if p.then.startswith("msweep:") and p.dice > 1:
        state = queue(state, f"sweep:{j}:{p.dice - 1}:{p.then[7:]}")
    return state


def _pincer(state: QuestState, j: int, i: int) -> QuestState:
    """Two chaos warriors either side of a hero who both attack: the first attacks once more (line 759)."""
    mark = f"pincer@{i}@{state.round}|quest"
    h = state.heroes[i].at
    m = state.monsters[j].at
    if h is not None and m is not None:
        opposite = (2 * h[0] - m[0], 2 * h[1] - m[1])
        for k, o in enumerate(state.monsters):
            if (
                k != j
                and o.status == "active"
                and o.at == opposite
                and mark in o.effects
                and "Pincer Attack" in state.stats_of(k).skills
                and f"pinced@{state.round}|quest" not in o.effects
            ):
                state = _add_monster(state, k, f"pinced@{state.round}|quest")
                state = note(
                    state,
                    said("attack.strikes-again-from-other", monster=k, monster_name=state.stats_of(k).name),
                )
                state = queue(state, f"extra:{k}:{i}")
                break
    fig = state.monsters[j]
    fresh = tuple(
        e
        for e in fig.effects
        if e != mark and (not e.startswith(("pincer@", "pinced@")) or e.endswith(f"@{state.round}|quest"))
    )
    return with_monster(state, j, replace(fig, effects=(*fresh, mark)))


def defended(state: QuestState, p: Pending, damage: int) -> QuestState:
    """What follows hero `p.who`'s blow from beside monster `p.target` that its defend roll turned aside:
    Tail Attack (line 713) and, once an encounter, Disarm (line 757)."""
    j, i = p.target, p.who
    if damage > 0 or p.need <= 0 or state.monsters[j].status != "active":
        return state
    stats = state.stats_of(j)
    if state.heroes[i].status != "active":
        return state
    h, m = state.heroes[i].at, state.monsters[j].at
    beside = h is not None and m is not None and orthogonal(h, m)
    if "Tail Attack" in stats.skills and beside:
        state = queue(state, f"tail:{j}:{i}")
    fig = state.heroes[i]
    used = "used:disarm|encounter" in state.monsters[j].effects
    armed = state.hero_of(i).equipped.weapon is not None
    if "Disarm" in stats.skills and beside and not used and armed and not disarmed(fig.effects):
        state = _add_hero(state, i, "disarmed|encounter")
        state = _add_monster(state, j, "used:disarm|encounter")
        state = note(
            state,
            said(
                "attack.knocks-weapon-away",
                hero=i,
                monster=j,
                monster_name=stats.name,
                hero_name=state.hero_of(i).name,
            ),
        )
    return state


# ---------------------------------------------------------------------------------------------------
# The queue of what follows


def queue(state: QuestState, item: str) -> QuestState:
    """The state with `item` queued to be played once no roll is pending (`monster_turns.run_queue`)."""
    return replace(state, queue=(*state.queue, item))


def resist_chance(mind: int) -> Fraction:
    """The chance `mind` combat dice show no black shield (Shield Bash's daze, line 341)."""
    return Fraction(5, 6) ** max(0, mind)


def monster_dies(state: QuestState, j: int) -> QuestState:
    """Monster `j` is slain: its curses lift (line 735), the hero it carried is free (line 711), its bear
    hug ends (line 891), what it stole goes back (line 849)."""
    m = state.monsters[j]
    for i, h in enumerate(state.heroes):
        cleared = tuple(
            e
            for e in h.effects
            if not e.startswith((f"curse@{m.id}+", f"kidnapped@{m.id}|", f"hugged@{m.id}|"))
        )
        if cleared != h.effects:
            state = with_hero(state, i, replace(h, effects=cleared))
            state = note(
                state,
                said(
                    "status.free",
                    hero=i,
                    monster=j,
                    hero_name=state.hero_of(i).name,
                    monster_name=state.stats_of(j).name,
                ),
            )
    for e in m.effects:
        head = e.partition("|")[0]
        if head.startswith("loot@"):
            _, who, item = tags(head, 3)
            fig = state.heroes[int(who)]
            if fig.status == "active":
                state = with_hero(state, int(who), replace(fig, items=(*fig.items, item)))
                state = note(
                    state,
                    said("item.takes-back", hero=int(who), hero_name=state.hero_of(int(who)).name, item=item),
                )
    return state


def release(m: MonsterFig) -> MonsterFig:
    """A monster lets go of the hero it holds or carries."""
    kept = untag(m.effects, "hugging", "carrying", "unseen")
    return replace(m, effects=tuple(e for e in kept if not e.endswith("|hug")))


def hero_restrict(state: QuestState, i: int, actions: list[str]) -> list[str]:
    """Hero `i`'s actions less what the monster skills forbid: nothing but ending the turn turned to stone
    or carried off (lines 781, 711); no moving in a bear hug (line 891, our ruling: he is held fast); no
    attack the turn after a shield bash dazed him (line 341)."""
    fig = state.heroes[i]
    if stone(state, i) or kidnapped(state, i) is not None:
        return [a for a in actions if a == "end"] or ["end"]
    out = actions
    if hugged(state, i):
        out = [a for a in out if a not in ("roll", "leave") and not a.startswith(("move:", "jump:"))]
    if "dazed|one-turn" in fig.effects:

        def strikes(action: str) -> bool:
            if action.startswith(("attack:", "throw:")):
                return True
            key = keyed_of(action).key if action.startswith("skill:") else ""
            return key in HANDLERS and HANDLERS[key].kind == "attack"

        out = [a for a in out if not strikes(a)]
    return out
