"""How HeroQuest's dice are judged in a luck report (`engine.luck.appraiser_for` imports this module): the
attacks, whose odds are exact (the chance node of an attack lists the Body Points it takes, from the
combat dice of both sides, `content.combat_dice`).

An attack's outcome is the Body Points it takes. To the heroes' player a Body Point taken from a monster is
worth 1 and one taken from a hero -1; to the game master the other way round. Other rolls (movement,
searches, traps) are not judged.
"""

from __future__ import annotations

from collections.abc import Sequence

from grognard.engine.game import CHANCE, GameState
from grognard.engine.luck import Appraiser, Judged, RollsOnly, register_appraiser
from grognard.engine.session import MoveRecord
from grognard.systems.heroquest.model.state import GM_PLAYER, HERO_PLAYER, QuestState


class AttackAppraiser(RollsOnly):
    """HeroQuest's attacks for one seat (see the module docstring)."""

    unit = "Body Points"
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
            what = f"The {before.hero_of(p.who).name} attacks"
        else:
            what = f"A monster attacks the {before.hero_of(p.target).name}"
        return Judged(worths, what)

    def roll_words(self, before: GameState, record: MoveRecord) -> str:
        """The combat dice of both sides and the Body Points taken."""
        dice = "; ".join(r.render() for r in record.rolls)
        body = int(record.move) if isinstance(record.move, int) else 0
        return f"{dice}: {body} Body Point{'s' if body != 1 else ''}"


def heroquest_appraiser(
    start: GameState, moves: Sequence[MoveRecord], seat: int, seconds: float | None = None
) -> tuple[Appraiser | None, str]:
    """The appraiser of a quest (its attacks only, said in the note)."""
    return AttackAppraiser(), "Only attacks are judged: their odds are exact."


register_appraiser(QuestState, heroquest_appraiser)
