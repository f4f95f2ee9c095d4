"""Choosing the spells a magic-user holds (line 104).

"He must choose a number of spell cards less than or equal to his total starting mind points while there
are no visible enemies on the board. Once he has entered into combat, he may only use these spells."
(`004_24cd6f974fe6a1ee.txt:104`; Mind "determines how many spells a character can have memorised", line
160.) Each magic-user starts a quest holding `effects.memorise`'s choice (the spells the game plays, lowest
level first, up to his starting Mind). On his own turn, while no enemy is in sight and no combat encounter
is on, he may change it, one card at a time: `forget:SCHOOL/SPELL` puts a held spell back,
`memorise:SCHOOL/SPELL` takes up a spell of his pool he may cast at his level while he holds fewer than his
starting Mind. Choosing is free (our ruling: sorting one's cards is no action), so it neither uses the
turn's action nor breaks stealth. In combat only the Potion of Recall changes the choice (line 411, `items`).
The bots keep the starting choice.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.catalog import catalog
from grognard.systems.heroquest.content.hero import castable_spells
from grognard.systems.heroquest.model.action_text import rest_of, verb_of
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.events import Phrase, said
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.effects import in_play, spell_key

VERBS = ("memorise", "forget")
"""The choosing actions played here."""


def may_choose(state: QuestState, i: int) -> bool:
    """True while hero `i`, a magic-user, may change the spells he holds: no enemy in sight and no combat
    encounter (line 104)."""
    return state.hero_of(i).magic_user and not state.encounter and not state.visible_monsters


def room(state: QuestState, i: int) -> int:
    """How many more spells hero `i` may hold: his starting Mind less those he holds (line 104)."""
    return state.hero_of(i).maximum("mind") - len(state.heroes[i].spells)


def pool(state: QuestState, i: int) -> list[str]:
    """The spells ("school/key") hero `i` may hold: those of his pool he can cast at his level and the game
    plays, in `effects.memorise`'s order."""
    spells = sorted(castable_spells(state.hero_of(i)), key=lambda s: (s.level or 0, s.name))
    return [spell_key(s) for s in spells if in_play(s)]


def choice_offers(state: QuestState, i: int) -> list[str]:
    """The `memorise:KEY` and `forget:KEY` actions hero `i` has now (none while an enemy is in sight)."""
    if not may_choose(state, i):
        return []
    held = state.heroes[i].spells
    out = [f"forget:{k}" for k in held]
    if room(state, i) > 0:
        out += [f"memorise:{k}" for k in pool(state, i) if k not in held]
    return out


def choose_spell(state: QuestState, i: int, verb: str, key: str) -> QuestState:
    """Hero `i` takes up or puts back one spell (free); refused when the choice is closed or not his."""
    if f"{verb}:{key}" not in choice_offers(state, i):
        why = (
            "an enemy is in sight"
            if not may_choose(state, i) and state.hero_of(i).magic_user
            else "not offered"
        )
        raise UsageError(_("cannot {verb} {key!r} now ({why}; line 104)").format(verb=verb, key=key, why=why))
    fig = state.heroes[i]
    name = state.hero_of(i).name
    if verb == "forget":
        spells = tuple(k for k in fig.spells if k != key)
        phrase: Phrase = "spell.puts-aside"
    else:
        spells = (*fig.spells, key)
        phrase = "spell.memorises"
    held = len(spells)
    return note(
        with_hero(state, i, replace(fig, spells=spells)),
        said(phrase, hero=i, hero_name=name, spell=_name(key), held=held),
    )


def choice_label(state: QuestState, i: int, action: str) -> str:
    """How a choosing action is offered to a player."""
    verb, key = verb_of(action), rest_of(action)
    left = room(state, i)
    if verb == "forget":
        return _("forget {spell} (free; frees a place for another spell)").format(spell=_name(key))
    return _("memorise {spell} (free; {left} place(s) left of starting Mind)").format(
        spell=_name(key), left=left
    )


def spell_name(key: str) -> str:
    """A spell's printed name from its key ("fire/fire-of-wrath" -> "Fire of Wrath")."""
    found = catalog().spells.get(key)
    return found.name if found is not None else key.partition("/")[2].replace("-", " ").title()


def _name(key: str) -> str:
    school = key.partition("/")[0]
    return f"{_(spell_name(key))} ({_(school)})"
