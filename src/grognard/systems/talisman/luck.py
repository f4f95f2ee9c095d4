"""How Talisman's dice are judged in a luck report (`engine.luck.appraiser_for` imports this module): the
combats, whose odds are exact (16:4, 16:8: the chance node's win / stand-off / lose table, `combat`).

A combat counts for the characters in it: a win is worth 1 to the one who won, a stand-off a half, a
loss nothing, so a combat's luck is the share of a combat won beyond the chance of winning it. Other
rolls (movement, cards, the Warlock's quests) are not judged: what they are worth depends on the whole
board.
"""

from __future__ import annotations

from collections.abc import Sequence

from grognard.engine.game import CHANCE, GameState, Outcome
from grognard.engine.luck import Appraiser, Judged, RollsOnly, register_appraiser
from grognard.engine.session import MoveRecord
from grognard.i18n import N_, pgettext
from grognard.i18n import gettext as _
from grognard.systems.talisman.combat import LOSE, STANDOFF, WIN
from grognard.systems.talisman.state import TalismanState
from grognard.systems.talisman.words import said_name

WORTH: dict[Outcome, float] = {WIN: 1.0, STANDOFF: 0.5, LOSE: 0.0}
"""A combat's result worth to the character it is read for."""

FLIPPED: dict[Outcome, Outcome] = {WIN: LOSE, LOSE: WIN, STANDOFF: STANDOFF}


class CombatAppraiser(RollsOnly):
    """Talisman's combats for one seat (see the module docstring)."""

    unit = N_("combats won")
    shares = False

    def roll(self, before: GameState, seat: int) -> Judged | None:
        """A combat the seat's character fights: each result's worth to it, the combat named in the
        reader's language."""
        if not isinstance(before, TalismanState) or before.actor() is not CHANCE or before.fight is None:
            return None
        task = before.tasks[-1]
        fight = before.fight
        if task.kind == "fight_roll" and task.player == seat:
            if not fight.name:
                return Judged(dict(WORTH), _("Psychic combat") if fight.psychic else _("Combat"))
            against = (
                _("Psychic combat against the {foe}") if fight.psychic else _("Combat against the {foe}")
            )
            return Judged(dict(WORTH), against.format(foe=said_name(fight.name)))
        if task.kind == "duel_roll" and seat in (fight.attacker, fight.foe):
            flip = seat == fight.foe
            worths = {o: WORTH[FLIPPED[o] if flip else o] for o in WORTH}
            duel = (
                _("Psychic combat with another character")
                if fight.psychic
                else _("Combat with another character")
            )
            return Judged(worths, duel)
        return None

    def roll_words(self, before: GameState, record: MoveRecord) -> str:
        """The dice of both sides and the result, for the seat whose combat it is, in the reader's
        language."""
        faces = pgettext("dice totals", " against ").join(str(r.total) for r in record.rolls)
        duel = isinstance(before, TalismanState) and before.tasks and before.tasks[-1].kind == "duel_roll"
        if duel:
            result = {
                WIN: _("a win for the attacker"),
                STANDOFF: _("a stand-off"),
                LOSE: _("a loss for the attacker"),
            }
        else:
            result = {WIN: _("a win"), STANDOFF: _("a stand-off"), LOSE: _("a loss")}
        came = result.get(str(record.move), "")
        return _("dice {faces}: {result}").format(faces=faces, result=came) if faces else came


def talisman_appraiser(
    start: GameState, moves: Sequence[MoveRecord], seat: int, seconds: float | None = None
) -> tuple[Appraiser | None, str]:
    """The appraiser of a Talisman game (its combats only, said in the note)."""
    return CombatAppraiser(), _("Only combats are judged: their odds are exact.")


register_appraiser(TalismanState, talisman_appraiser)
