"""HeroQuest's action strings, parsed and printed in one place (typed actions).

A protocol action is a short string (`docs/decisions.md`: moves are JSON scalars): a verb, then its
arguments after colons. `parse` reads one into a small frozen dataclass per kind and `str()` prints it back
exactly (`parse(str(a)) == a` and `str(parse(s)) == s`, a property test pins both):

- `Plain`: a verb alone ("roll", "end", "rest", "defend", "leave", "climb", "cancel", ...);
- `AtSquare`: a verb and a square "x,y" ("move:3,4", "jump:12,6", "recover:1,9", "ice:21,17");
- `AtFigure`: a verb and a figure, a monster id or "hN" for hero N ("attack:fimir-1", "throw:h2",
  "collect:h0", "free:ilsa");
- `Cast`: "cast:SCHOOL/KEY" and a target after a colon when it has one ("cast:chaos/ice-wall:21,17");
- `Order`: the heroes' order agreed, "order:2,0,1";
- `Keyed`: any other verb with one key and, after a colon, an argument ("use:potion-of-healing",
  "skill:set-trap:3,16", "search:doors", "door:a-north", "memorise:fire/courage").

Squares are written "x,y" (`square` and `sq_text`). A feature handler is handed the text after the verb
and reads it with `keyed` or `cast_arg`; a target that names where a figure lands or what thing it
touches ("h1@3,4", "h0=potion-of-healing", "trap=3,16") reads with `aim`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from grognard.systems.heroquest.content.board import Square

SQUARE_VERBS = frozenset({"move", "jump", "recover", "ice"})
"""The verbs whose one argument is a square."""

FIGURE_VERBS = frozenset({"attack", "throw", "collect", "free"})
"""The verbs whose one argument is a figure (a monster id, or "hN" for hero N)."""


def sq(text: str) -> Square:
    """A square from "x,y" (a `ValueError` for anything else)."""
    x, y = text.split(",")
    return (int(x), int(y))


def sq_text(at: Square) -> str:
    """ "x,y" for a square."""
    return f"{at[0]},{at[1]}"


def hero_ref(text: str) -> int | None:
    """Hero N for "hN", else None (a monster id)."""
    if len(text) > 1 and text[0] == "h" and text[1:].isdigit():
        return int(text[1:])
    return None


@dataclass(frozen=True)
class Plain:
    """A verb alone: "roll", "end", "rest", "defend", "leave", "climb"."""

    verb: str

    @property
    def rest(self) -> str:
        """Everything after the verb: nothing."""
        return ""

    def __str__(self) -> str:
        return self.verb


@dataclass(frozen=True)
class AtSquare:
    """A verb aimed at a square: "move:3,4"."""

    verb: str
    at: Square

    @property
    def rest(self) -> str:
        """Everything after the verb: the square, "x,y"."""
        return sq_text(self.at)

    def __str__(self) -> str:
        return f"{self.verb}:{sq_text(self.at)}"


@dataclass(frozen=True)
class AtFigure:
    """A verb aimed at a figure: a monster by id ("attack:fimir-1") or a hero by place ("throw:h2")."""

    verb: str
    target: str

    @property
    def hero(self) -> int | None:
        """The hero aimed at, or None for a monster."""
        return hero_ref(self.target)

    @property
    def rest(self) -> str:
        """Everything after the verb: the figure."""
        return self.target

    def __str__(self) -> str:
        return f"{self.verb}:{self.target}"


@dataclass(frozen=True)
class Cast:
    """A spell cast: "cast:SCHOOL/KEY" with its target ("" for none), "cast:fire/courage:h1"."""

    spell: str
    target: str = ""
    verb: ClassVar[str] = "cast"

    @property
    def school(self) -> str:
        """The spell's school ("fire", "chaos")."""
        return self.spell.partition("/")[0]

    @property
    def key(self) -> str:
        """The spell's key within its school."""
        return self.spell.partition("/")[2]

    @property
    def arg(self) -> str:
        """What `effects.cast` reads: the spell and its target, "SCHOOL/KEY[:TARGET]"."""
        return f"{self.spell}:{self.target}" if self.target else self.spell

    @property
    def rest(self) -> str:
        """Everything after the verb (`arg`)."""
        return self.arg

    def __str__(self) -> str:
        return f"cast:{self.arg}"


@dataclass(frozen=True)
class Order:
    """The heroes' order agreed: "order:2,0,1"."""

    order: tuple[int, ...]
    verb: ClassVar[str] = "order"

    @property
    def rest(self) -> str:
        """Everything after the verb: the places, "2,0,1"."""
        return ",".join(str(i) for i in self.order)

    def __str__(self) -> str:
        return f"order:{self.rest}"


@dataclass(frozen=True)
class Keyed:
    """Any other verb with a key and an optional argument after it: "use:potion-of-healing",
    "skill:set-trap:3,16"."""

    verb: str
    key: str
    arg: str | None = None

    @property
    def target(self) -> str:
        """The argument after the key, "" when there is none."""
        return self.arg or ""

    @property
    def rest(self) -> str:
        """Everything after the verb, as the feature handlers read it ("set-trap:3,16")."""
        return self.key if self.arg is None else f"{self.key}:{self.arg}"

    def __str__(self) -> str:
        return f"{self.verb}:{self.rest}"


@dataclass(frozen=True)
class Aim:
    """A target with its detail: a figure or place, then where it lands after "@" and what thing it names
    after "=" ("h1@3,4" a hero tossed to 3,4; "h0=helmet" a hero's helmet; "trap=3,16" the trap there)."""

    figure: str
    at: str | None = None
    thing: str | None = None

    @property
    def hero(self) -> int | None:
        """The hero aimed at, or None for anything else."""
        return hero_ref(self.figure)

    @property
    def hero_index(self) -> int:
        """The hero aimed at; a `ValueError` when the figure is no hero."""
        i = hero_ref(self.figure)
        if i is None:
            raise ValueError(f"{self.figure!r} is not a hero")
        return i

    def __str__(self) -> str:
        at = "" if self.at is None else f"@{self.at}"
        thing = "" if self.thing is None else f"={self.thing}"
        return f"{self.figure}{at}{thing}"


HeroQuestAction: TypeAlias = Plain | AtSquare | AtFigure | Cast | Order | Keyed
"""Every kind of action."""


def verb_of(text: str) -> str:
    """The verb of an action string (what comes before its first colon)."""
    return text.partition(":")[0]


def parse(text: str) -> HeroQuestAction:
    """The typed action an action string writes (`str()` gives the string back)."""
    verb, colon, rest = text.partition(":")
    if not colon:
        return Plain(verb)
    if verb in SQUARE_VERBS and _is_square(rest):
        return AtSquare(verb, sq(rest))
    if verb in FIGURE_VERBS and ":" not in rest:
        return AtFigure(verb, rest)
    if verb == "cast":
        spell, _, target = rest.partition(":")
        if "/" in spell and (target or not rest.endswith(":")):
            return Cast(spell, target)
    if verb == "order" and _is_order(rest):
        return Order(tuple(int(p) for p in rest.split(",")))
    key, sep, arg = rest.partition(":")
    return Keyed(verb, key, arg if sep else None)


def keyed(verb: str, rest: str) -> Keyed:
    """`verb:rest` read as a key and its argument, whatever the verb ("potion:h1" for "use" is
    `Keyed("use", "potion", "h1")`): how a feature handler reads the text it is handed."""
    key, sep, arg = rest.partition(":")
    return Keyed(verb, key, arg if sep else None)


def cast_arg(rest: str) -> Cast:
    """The cast whose text after "cast:" is `rest` ("chaos/ice-wall:21,17"); the spell alone has no target."""
    spell, _, target = rest.partition(":")
    return Cast(spell, target)


def keyed_of(text: str) -> Keyed:
    """The action `text` read as a verb, a key and its argument, whatever its kind ("skill:toss:h1@3,4")."""
    typed = parse(text)
    return keyed(typed.verb, typed.rest)


def cast_of(text: str) -> Cast:
    """The action `text` ("cast:SCHOOL/KEY:TARGET") read as a cast: its spell and its target."""
    return cast_arg(parse(text).rest)


def aim(text: str) -> Aim:
    """The target "FIGURE[@AT][=THING]" read (`str()` gives it back)."""
    head, eq, thing = text.partition("=")
    figure, at_sign, at = head.partition("@")
    return Aim(figure, at if at_sign else None, thing if eq else None)


def _is_square(text: str) -> bool:
    parts = text.split(",")
    return len(parts) == 2 and all(_is_int(p) for p in parts) and sq_text(sq(text)) == text


def _is_order(text: str) -> bool:
    parts = text.split(",")
    return all(_is_int(p) for p in parts) and ",".join(str(int(p)) for p in parts) == text


def _is_int(text: str) -> bool:
    body = text[1:] if text.startswith("-") else text
    return body.isdigit() and body.isascii()


def rest_of(text: str) -> str:
    """Everything after the verb of an action string ("3,4" for "smash:3,4"; "" for a verb alone)."""
    return parse(text).rest


def square_of(text: str) -> Square:
    """The square of an action aimed at one ((3, 4) for "move:3,4"); a `ValueError` for any other."""
    return sq(rest_of(text))


def aimed_hero(text: str) -> int:
    """The hero an action is aimed at (2 for "attack:h2"); a `ValueError` when it aims at no hero."""
    return aim(rest_of(text)).hero_index
