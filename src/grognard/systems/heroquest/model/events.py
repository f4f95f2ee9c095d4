"""What happens in a quest, as records: the events HeroQuest's rules keep in the log of a move
(`QuestState.log`), each a phrase id (`Phrase`, its kind before the dot), the hero and the monster it
concerns (their indices) and its values (names, numbers, squares). `event_text` says them in English;
the seat view (`seat_view`) gives them to each seat as view events, hiding from the heroes what they may
not know. The model layer: this module imports nothing of the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias, get_args

Value: TypeAlias = str | int | tuple[str, ...] | tuple[int, int] | tuple[int, ...]
"""One value of an event: a name, a number, a list of names, a square (x, y) or a list of numbers."""

Kind: TypeAlias = Literal[
    "attack",
    "challenge",
    "death",
    "door",
    "heal",
    "ice",
    "item",
    "mind",
    "monster",
    "move",
    "quest",
    "rest",
    "search",
    "skill",
    "spell",
    "status",
    "trap",
    "treasure",
    "turn",
    "wound",
]
"""What sort of thing happened (a phrase's part before the dot)."""

Phrase: TypeAlias = str
"""Every thing the rules may say happened, as `kind.what`: a key of `views.event_text.TEXTS`, the one table
of phrases and their sentences (tests/systems/heroquest/test_events.py checks every phrase the package
writes is there, and every one has a kind)."""

Source: TypeAlias = Literal[
    "attack",
    "bear-hug",
    "cold",
    "curse",
    "fall",
    "falling-rock",
    "furniture-trap",
    "hazard",
    "lasting-poison",
    "pestilence",
    "spell",
    "stalactite",
    "trap",
]
"""What hurt a hero (a wound's `source` value; its `by` names who attacked, the spell, the trap's kind or
the cold place)."""

KINDS: frozenset[str] = frozenset(get_args(Kind))
"""The kinds of event."""


@dataclass(frozen=True)
class HqEvent:
    """One thing that happened: the phrase that says it, the hero and monster (indices) it concerns, and
    its values by name."""

    say: Phrase
    hero: int | None = None
    monster: int | None = None
    values: tuple[tuple[str, Value], ...] = ()

    @property
    def kind(self) -> Kind:
        """The sort of event (moved, wounded, spell, trap, ...): the phrase's part before the dot."""
        kind = self.say.partition(".")[0]
        assert kind in KINDS
        return kind  # type: ignore[return-value]

    def data(self) -> dict[str, Value]:
        """The values by name."""
        return dict(self.values)


def said(say: Phrase, *, hero: int | None = None, monster: int | None = None, **values: Value) -> HqEvent:
    """The event of phrase `say` about `hero` and `monster` with `values`."""
    return HqEvent(say, hero, monster, tuple(values.items()))
