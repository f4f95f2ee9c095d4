"""`grognard heroquest hero cross-train LEARNER --spell S --from TEACHER`: spell cross-training (line 605).

Between quests a magic-user may learn one spell at a time from a fellow hero or a friendly NPC: both roll
combat dice equal to their starting Mind, and the learner keeps the spell when it rolls more skulls
(`004_24cd6f974fe6a1ee.txt:605`). The teacher is a roster hero (`--from`, who must know the spell) or an
NPC whose starting Mind the game master gives (`--npc-mind`, and `--npc-elf` when the NPC is an elf: an
elf spell is taught to a non-elf only by an elf, line 525). Both rolls are shown, with the exact chance
beforehand; the learner is saved on the roster with the spell when it wins. The rules are
`hero.cross_train`; this module only rolls the dice and keeps the hero.
"""

from __future__ import annotations

import secrets
from typing import Annotated

import typer

from grognard.cli.console import out, print_json
from grognard.cli.options import JsonOption, SeedOption
from grognard.engine.dice.core import Rng, heroquest_combat_dice
from grognard.engine.errors import UsageError
from grognard.i18n import N_, percent
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import hero as hr
from grognard.systems.heroquest.content.words import said


def mount(hero_app: typer.Typer) -> None:
    """Add `cross-train` to the `hero` command group."""
    hero_app.command(
        "cross-train",
        help=N_(
            "Learn one spell from a fellow hero or a friendly NPC between quests: both roll combat "
            "dice equal to\ntheir starting Mind; more skulls for the learner and the spell is kept "
            "(line 605)."
        ),
    )(cross_train_command)


def cross_train_command(
    learner: Annotated[str, typer.Argument(help=N_("The magic-user who learns, as `hero list` shows it."))],
    spell: Annotated[str, typer.Option("--spell", help=N_("The spell to learn, e.g. 'ball of flame'."))],
    teacher: Annotated[
        str | None, typer.Option("--from", help=N_("The roster hero who teaches (it must know the spell)."))
    ] = None,
    npc_mind: Annotated[
        int | None, typer.Option("--npc-mind", help=N_("A friendly NPC teaches: its starting Mind."))
    ] = None,
    npc_elf: Annotated[
        bool, typer.Option("--npc-elf", help=N_("The NPC teacher is an elf (line 525)."))
    ] = False,
    seed: SeedOption = None,
    as_json: JsonOption = False,
) -> None:
    from grognard.cli.systems.heroquest_heroes import roster, show_hero

    if (teacher is None) == (npc_mind is None):
        raise UsageError(_("give the teacher: --from HERO (a roster hero) or --npc-mind N (a friendly NPC)"))
    if npc_mind is not None and npc_mind < 1:
        raise UsageError(_("--npc-mind is the NPC's starting Mind, at least 1"))
    if npc_elf and teacher is not None:
        raise UsageError(_("--npc-elf is for an NPC teacher; a roster hero's race is on its sheet"))
    store = roster()
    student = store.load(learner)
    master = None if teacher is None else store.load(teacher)
    if master is not None and hq.key_of(master.name) == hq.key_of(student.name):
        raise UsageError(_("%(name)s cannot teach itself") % {"name": student.name})
    teacher_mind = npc_mind if master is None else master.maximum("mind")
    assert teacher_mind is not None
    entry = hq.spell(spell)
    # the refusals (not a magic-user, already known, teacher ignorant, elf spell) before any die is rolled
    hr.cross_train(
        student,
        hr.spell_id(entry),
        learner_skulls=1,
        teacher_skulls=0,
        teacher=master,
        teacher_is_elf=npc_elf,
    )
    chance = hr.cross_training_chance(student, teacher_mind)
    rng = Rng(secrets.randbelow(2**31) if seed is None else seed)
    mine = heroquest_combat_dice(rng, student.maximum("mind"))
    theirs = heroquest_combat_dice(rng, teacher_mind)
    hero, learned = hr.cross_train(
        student,
        hr.spell_id(entry),
        learner_skulls=mine.total,
        teacher_skulls=theirs.total,
        teacher=master,
        teacher_is_elf=npc_elf,
    )
    if learned:
        store.save(hero)
    who = _("the NPC") if master is None else master.name
    if as_json:
        print_json(
            {
                "learner": student.name,
                "teacher": None if master is None else master.name,
                "spell": hr.spell_id(entry),
                "chance": float(chance),
                "learner_skulls": mine.total,
                "teacher_skulls": theirs.total,
                "learned": learned,
                "spells": list(hero.spells),
            }
        )
        return
    learns = _("%(name)s learns %(spell)s from %(teacher)s: needs more skulls (chance %(chance)s, line 605).")
    spell_said = said(entry.name)
    values = {"name": student.name, "spell": spell_said, "teacher": who, "chance": percent(float(chance))}
    out.print(learns % values, markup=False)
    out.print(f"  {student.name}: {mine.render()}", markup=False)
    out.print(f"  {who}: {theirs.render()}", markup=False)
    if learned:
        out.print(
            _("%(name)s has learned %(spell)s.") % {"name": student.name, "spell": spell_said}, markup=False
        )
        show_hero(hero)
    else:
        out.print(
            _("%(name)s does not learn %(spell)s this time.") % {"name": student.name, "spell": spell_said},
            markup=False,
        )
