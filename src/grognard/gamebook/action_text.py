"""The gamebook action strings, parsed and printed in one place (typed actions), for the runner and the
gamebook rulesets (Fighting Fantasy, Grey Star).

An action or a chance outcome is a kind, then an argument after a colon. `Numbered.parse` reads "KIND:N"
(the runner's "choice:3" and "range:2", Fighting Fantasy's "target:0", Grey Star's "spend:2"), `Keyed.parse`
any "KIND:TEXT" (Grey Star's "wield:Sword", "power:Kinesis", or a bare "eat"), and `Named.parse` a
creature written "[NAME:]SCORES" ("Orc:9/12"). Each prints back with `str()` (`parse(str(a)) == a`, a
property test pins it).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Numbered:
    """ "KIND:N": a kind and a whole number ("choice:3", "range:2", "target:0")."""

    kind: str
    number: int

    @classmethod
    def parse(cls, text: str) -> Numbered | None:
        """The kind and number of "KIND:N", or None when `text` is not one."""
        kind, sep, rest = text.partition(":")
        return cls(kind, int(rest)) if sep and rest.isdigit() else None

    def __str__(self) -> str:
        return f"{self.kind}:{self.number}"


def number_in(text: str) -> int:
    """N of "KIND:N" (whatever the kind); a `ValueError` when the text after the colon is no number."""
    return int(text.partition(":")[2])


@dataclass(frozen=True)
class Keyed:
    """ "KIND:TEXT" or a bare "KIND": an action and its argument ("wield:Sword", "eat")."""

    kind: str
    rest: str = ""

    @classmethod
    def parse(cls, text: str) -> Keyed:
        """The kind and the text after the first colon (empty without one)."""
        kind, _, rest = text.partition(":")
        return cls(kind, rest)

    def __str__(self) -> str:
        return f"{self.kind}:{self.rest}" if self.rest else self.kind


@dataclass(frozen=True)
class Named:
    """ "[NAME:]SCORES": a creature's name (before the last colon, maybe empty) and its scores."""

    name: str
    scores: str

    @classmethod
    def parse(cls, text: str) -> Named:
        """The name and the scores after the last colon."""
        name, _, scores = text.rpartition(":")
        return cls(name, scores)

    def __str__(self) -> str:
        return f"{self.name}:{self.scores}" if self.name else self.scores
