"""The effect strings figures carry ("atk+2|next-attack": a name, a signed amount, a duration), read and
summed: the model layer's helpers every feature uses (`effects` plays the effects themselves). Also read
here, the other marks the state carries: tagged effect names ("loot@0@helmet"), the monsters' queued
steps ("spring:0:pit-1:3,4"), the daggers lying ("3,4@h0") and the searched areas ("treasure:room-2", and
where a search for doors or traps was made from: "doors:north-edge@4,0")."""

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


def base_name(name: str) -> str:
    """A tagged effect name without its tags: "hugged" for "hugged@orc-1"."""
    return name.partition("@")[0]


def tags(name: str, count: int) -> list[str]:
    """A tagged effect name cut at its first `count` - 1 "@": ["loot", "0", "helmet"] for "loot@0@helmet"
    with `count` 3 (the last part keeps any further "@")."""
    return name.split("@", count - 1)


def queued_step(step: str) -> tuple[str, list[str]]:
    """A queued step's verb and its arguments: ("spring", ["0", "pit-1", "3,4"])."""
    verb, *args = step.split(":")
    return verb, args


def dagger(entry: str) -> tuple[str, str]:
    """A dagger lying: its square "x,y" and its thrower ("h0", "m3"), from "x,y@h0"."""
    where, _, who = entry.partition("@")
    return where, who


def searched_mark(mark: str) -> tuple[str, str]:
    """A searched mark's kind and area: ("treasure", "room-2") from "treasure:room-2"."""
    kind, _, area = mark.partition(":")
    return kind, area


def search_spot(mark: str) -> tuple[str, str, tuple[int, int] | None]:
    """A searched mark's kind, area and the square the search was made from: ("doors", "north-edge",
    (4, 0)) from "doors:north-edge@4,0"; no square in a treasure search's mark ("treasure:room-2")."""
    kind, area = searched_mark(mark)
    area, at_sign, square = area.partition("@")
    if not at_sign:
        return kind, area, None
    x, _, y = square.partition(",")
    return kind, area, (int(x), int(y))
