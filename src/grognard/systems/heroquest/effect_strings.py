"""The effect strings figures carry ("atk+2|next-attack": a name, a signed amount, a duration), read and
summed: the model layer's helpers every feature uses (`effects` plays the effects themselves)."""

from __future__ import annotations

import re
from functools import lru_cache

_SIGNED = re.compile(r"^(.*?)([+-]\d+)$")


@lru_cache(maxsize=4096)
def parse(effect: str) -> tuple[str, int, str]:
    """("atk", 2, "next-attack") from "atk+2|next-attack"; a bare name counts 1."""
    head, _, duration = effect.partition("|")
    found = _SIGNED.match(head)
    if found:
        return found.group(1), int(found.group(2)), duration
    return head, 1, duration


def total(effects: tuple[str, ...], name: str) -> int:
    """The sum of the effects called `name`."""
    return sum(n for e in effects for key, n, _ in [parse(e)] if key == name)


def has(effects: tuple[str, ...], name: str) -> bool:
    """True when an effect called `name` is on."""
    return any(parse(e)[0] == name for e in effects)


def spend(effects: tuple[str, ...], duration: str) -> tuple[str, ...]:
    """The effects without those that last until `duration` ("next-attack", "next-defend")."""
    return tuple(e for e in effects if parse(e)[2] != duration)
