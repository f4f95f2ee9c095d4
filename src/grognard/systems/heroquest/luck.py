"""How HeroQuest's dice are judged in a luck report (`engine.luck.appraiser_for` imports this module): the
attacks, whose odds are exact (the chance node of an attack lists the Body Points it takes, from the
combat dice of both sides, `content.combat_dice`).

An attack's outcome is the Body Points it takes. To the heroes' player a Body Point taken from a monster is
worth 1 and one taken from a hero -1; to the game master the other way round. Other rolls (movement,
searches, traps) are not judged.
"""

from __future__ import annotations

from collections.abc import Sequence

from grognard.engine.dice.core import Roll
from grognard.engine.game import CHANCE, GameState
from grognard.engine.luck import Appraiser, Judged, RollsOnly, register_appraiser
from grognard.engine.session import MoveRecord
from grognard.i18n import N_, ngettext
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.words import said
from grognard.systems.heroquest.model.state import GM_PLAYER, HERO_PLAYER, QuestState
from grognard.systems.heroquest.views.seat_view import quest_roll


class AttackAppraiser(RollsOnly):
    """HeroQuest's attacks for one seat (see the module docstring)."""

    unit = N_("Body Points")
    shares = False

    def roll(self, before: GameState, seat: int) -> Judged | None:
        """An attack: the worth of each count of Body Points taken to the seat."""
        if (
            not isinstance(before, QuestState)
            or before.actor() is not CHANCE
            or seat
            not in (
                HERO_PLAYER,
                GM_PLAYER,
            )
        ):
            return None
        p = before.pending
        if p is None or p.kind != "attack" or p.side not in ("hero", "monster"):
            return None
        outcomes = before.chance_outcomes()
        if not all(isinstance(o, int) for o, _ in outcomes):
            return None
        sign = 1.0 if (p.side == "hero") == (seat == HERO_PLAYER) else -1.0
        worths = {o: sign * int(o) + 0.0 for o, _ in outcomes}
        if p.side == "hero":
            what = _("The {hero} attacks").format(hero=said(before.hero_of(p.who).name))
        else:
            what = _("A monster attacks the {hero}").format(hero=said(before.hero_of(p.target).name))
        return Judged(worths, what)

    def roll_words(self, before: GameState, record: MoveRecord) -> str:
        """The combat dice of both sides and the Body Points taken, in the reader's language."""
        dice = "; ".join(roll_said(r) for r in record.rolls)
        body = int(record.move) if isinstance(record.move, int) else 0
        return ngettext("{dice}: {body} Body Point", "{dice}: {body} Body Points", body).format(
            dice=dice, body=body
        )


def roll_said(roll: Roll) -> str:
    """A throw of combat dice as `Roll.render` writes it ("Attack: 3 combat dice: [skull, white shield,
    skull] skulls = 2"), in the reader's language: the expression as the log says it (`quest_roll`), each
    face and what the total counts a word of the catalogue (`content.words.FACES`)."""
    shown = ", ".join(_(d.face) if d.face and d.label() == d.face else d.label() for d in roll.dice)
    body = f"[{shown}]" if shown else ""
    extra = f" {_(roll.detail)}" if roll.detail else ""
    return f"{quest_roll(roll.expression, {})}: {body}{extra} = {roll.total}".replace(":  ", ": ")


def heroquest_appraiser(
    start: GameState, moves: Sequence[MoveRecord], seat: int, seconds: float | None = None
) -> tuple[Appraiser | None, str]:
    """The appraiser of a quest (its attacks only, said in the note)."""
    return AttackAppraiser(), _("Only attacks are judged: their odds are exact.")


register_appraiser(QuestState, heroquest_appraiser)
