"""Awards kept: the heroes of a quest played from the roster go back to it when the quest ends.

Each living hero comes home as `hero_after_quest` makes him (the experience and gold he
gained, the items and artifacts he still carries, found ones too and used ones gone, the charges he
spent, what he holds and wears) with, on top:
- ten experience points for completing the quest when it was won and he survived (line 347: "All
  surviving players may receive ten experience points for quest completion");
- the weapons and armour of a fallen companion whose things he collected (line 90, `fallen`), and
  weapons or armour found among his artifacts filed back as weapons and armour;
- Body, Mind and Magic back to full: the rulebook says nothing of healing between quests; every quest
  starts the heroes at full strength (`state.initial_state`), so the roster keeps them so (the rulings).
A hero who died is moved among the roster's fallen (line 90: "the player must create a new
character"); what he carried is lost unless a companion collected it (line 116 when the whole party
dies). Levels are not taken here: `levels_due` with the game master's `thresholds` (line 349) says how
many each hero may now take with `grognard hq hero level-up`.

A hero is written back only when the roster still holds him as he set out (or already holds him
as he came home, which is then left alone); one changed since (levelled up, or home from another quest)
is not overwritten, and the report says so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from grognard.systems.heroquest.campaign.roster import Roster
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import spec_text
from grognard.systems.heroquest.content.hero import (
    DEFAULT_THRESHOLDS,
    Hero,
    Thresholds,
    gain_experience,
    levels_due,
)
from grognard.systems.heroquest.features.items.weapons import taken_home
from grognard.systems.heroquest.model.effect_strings import parse
from grognard.systems.heroquest.model.state import QuestState, dressed
from grognard.systems.heroquest.rules.fallen import carried_for


def hero_after_quest(state: QuestState, i: int) -> Hero:
    """Hero `i` as he comes home from the quest: the gold and experience he gained, the items and
    artifacts he still carries (found ones too, used ones gone), what he holds and wears, the charges
    he has used (`Hero.spent`), and his points restored."""
    before = state.ctx.party[i]
    fig = state.heroes[i]
    hero = dressed(before, replace(fig, equipped=state.hero_of(i).equipped))
    used = dict(before.spent)
    for e in fig.effects:
        name, n, _ = parse(e)
        if name.startswith("spent:"):
            used[name[6:]] = used.get(name[6:], 0) + n
    keys = {hq.key_of(spec_text.thing_head(n)) for n in fig.items}
    kept = tuple((k, n) for k, n in sorted(used.items()) if k in keys)
    home = hero.model_copy(update={"gold": fig.gold, "experience": before.experience + fig.xp, "spent": kept})

    home = taken_home(state, i, home)  # spells learned by Mimic kept, daggers left lying lost (286, 359)
    return Hero.model_validate(home.model_dump()).restored()


@dataclass(frozen=True)
class Homecoming:
    """One hero after the quest: `hero` as he comes home (None when he fell), how many levels are due."""

    name: str
    hero: Hero | None
    levels: int
    lines: tuple[str, ...]


def _filed(hero: Hero, extra: list[str]) -> Hero:
    """The hero with weapons and armour (carried among his artifacts, or `extra`) filed as such."""
    cat = hq.catalog()
    weapons, armour, artifacts = list(hero.weapons), list(hero.armour), []
    for name in (*hero.artifacts, *extra):
        key = hq.key_of(name)
        if key in cat.weapons and key not in cat.artifacts:
            weapons.append(name)
        elif key in cat.armour and key not in cat.artifacts:
            armour.append(name)
        else:
            artifacts.append(name)
    return hero.model_copy(
        update={"weapons": tuple(weapons), "armour": tuple(armour), "artifacts": tuple(artifacts)}
    )


def homecoming(
    state: QuestState, thresholds: Thresholds = DEFAULT_THRESHOLDS, completion: int | None = None
) -> list[Homecoming]:
    """Every hero of the finished quest as he comes home, or fallen (see the module doc). `completion` is
    the completion experience when the game master reduces it (a quest won on a return, line 114)."""
    out = []
    if completion is None:
        completion = hq.catalog().experience.quest_completion
    for i, fig in enumerate(state.heroes):
        before = state.ctx.party[i]
        if fig.status == "dead":
            out.append(Homecoming(before.name, None, 0, (f"{before.name} fell in the quest.",)))
            continue
        collected: list[str] = []
        for k in carried_for(state, i):
            fallen = state.ctx.party[k]
            collected += [*fallen.weapons, *fallen.armour]
        hero = _filed(hero_after_quest(state, i), collected)
        lines = [f"{hero.name}: {fig.xp} experience earned in the quest"]
        if state.outcome == "won":
            hero = gain_experience(hero, completion)
            lines.append(f"{hero.name}: {completion} experience for completing the quest (line 347)")
        hero = Hero.model_validate(hero.model_dump())
        due = levels_due(hero, thresholds)
        lines.append(
            f"{hero.name}: level {hero.level}, {hero.experience} experience, {hero.gold} gold"
            + (f"; {due} level{'s' if due > 1 else ''} due (line 349)" if due else "")
        )
        out.append(Homecoming(hero.name, hero, due, tuple(lines)))
    return out


def keep_awards(
    roster: Roster,
    state: QuestState,
    thresholds: Thresholds = DEFAULT_THRESHOLDS,
    completion: int | None = None,
) -> list[str]:
    """Write the quest's heroes back to `roster` (the fallen among its fallen) and say what was done,
    one line each; heroes not on the roster, or changed there since the quest began, are left alone."""
    out: list[str] = []
    for i, home in enumerate(homecoming(state, thresholds, completion)):
        before = state.ctx.party[i]
        if not roster.has(before.name):
            if home.hero is None:
                out.append(f"{before.name} fell in the quest.")
            continue
        kept = roster.load(before.name)
        if home.hero is not None and kept == home.hero:
            out.append(f"{before.name} is already home on the roster.")
            continue
        if kept != before:
            out.append(f"{before.name} has changed on the roster since the quest began: not written back.")
            continue
        if home.hero is None:
            roster.bury(before.name)
            out.append(
                f"{before.name} fell in the quest; he is kept among the fallen "
                "(`grognard hq hero list --fallen`)."
            )
            continue
        roster.save(home.hero)
        out.extend(home.lines)
        if home.levels:
            scale = f" --thresholds {','.join(map(str, thresholds.points))}" if thresholds.points else ""
            out.append(f"  grognard hq hero level-up {hq.key_of(home.name)} --attribute ATTR{scale}")
    return out
