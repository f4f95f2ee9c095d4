"""Talisman's action strings, typed: the one module that parses and prints them.

An action on the protocol is a string; each kind has a small frozen dataclass whose `parse` reads the
string and whose `__str__` writes it back (`str(parse_action(a)) == a` for every legal action):

- `Word`: a bare word ("cw", "roll", "done", "meet", or an option of a card's or space's instructions:
  "pray", "step-through");
- `OnCard`: a verb and one card, Object, Follower or Spell id ("take:sword", "ditch:mule",
  "discard:curse", "save:ward", "armour:helmet", "follower:maiden", "lose:mule", "visit:hermit",
  "redraw:ogre", "buy:raft", "drop:axe");
- `Cast`: a Spell cast, at a character (its seat) or a space, or with no target ("cast:befuddle:0",
  "cast:snare:cairn", "cast:alchemy");
- `Evade`: evading, by an ability or a Spell, one creature of several or all ("evade",
  "evade:invisibility", "evade:immobility:ogre");
- `Meet`: encountering the character at a seat ("meet:1");
- `Ability`: using a character's turn-start ability by its index ("ability:1");
- `Align`: changing alignment ("align:evil");
- `GoTo`: a Move's end chosen ("to:city") or a Raft's landing ("raft:temple").

No other module splits an action string: they ask `parse_action` (cached: the bot reads the same few
hundred strings over and over) and test the dataclass.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from grognard.i18n import N_, gettext

SEP = ":"
"""What separates an action's verb from its arguments."""

CARD_VERBS = frozenset(
    {"take", "ditch", "discard", "save", "armour", "follower", "lose", "visit", "redraw", "buy", "drop"}
)
"""The verbs of `OnCard`."""

GO_VERBS = frozenset({"to", "raft"})
"""The verbs of `GoTo`."""

T = TypeVar("T")


class ActionError(ValueError):
    """An action string that is no action of Talisman."""


def _split(text: str) -> tuple[str, list[str]]:
    verb, *rest = text.split(SEP)
    return verb, rest


def _one_arg(text: str, verbs: Collection[str], refused: str, *, number: bool = False) -> tuple[str, str]:
    """The verb of `verbs` and the one argument of "verb:arg" (a whole number when `number`, else not
    empty); an `ActionError` saying `refused` (a message marked with `N_`, naming `%(action)s`)
    otherwise."""
    verb, rest = _split(text)
    if verb not in verbs or len(rest) != 1 or not (rest[0].isdigit() if number else rest[0]):
        raise ActionError(gettext(refused) % {"action": repr(text)})
    return verb, rest[0]


@dataclass(frozen=True)
class Word:
    """A bare word: a fixed choice ("cw", "done") or an option of some instructions ("pray")."""

    word: str

    @classmethod
    def parse(cls, text: str) -> Word:
        """The word of `text`; an `ActionError` when it has arguments."""
        if not text or SEP in text:
            raise ActionError(gettext("not a bare word: %(action)s") % {"action": repr(text)})
        return cls(text)

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True)
class OnCard:
    """A verb of `CARD_VERBS` done to one card, Object, Follower or Spell (`card`, its id)."""

    verb: str
    card: str

    @classmethod
    def parse(cls, text: str) -> OnCard:
        """ "verb:card"."""
        return cls(*_one_arg(text, CARD_VERBS, N_("not a card action: %(action)s")))

    def __str__(self) -> str:
        return f"{self.verb}{SEP}{self.card}"


@dataclass(frozen=True)
class Cast:
    """A Spell cast (`spell`), at the character of seat `seat` or at `space`, or at no one (9:3-4)."""

    spell: str
    seat: int | None = None
    space: str = ""

    @classmethod
    def parse(cls, text: str) -> Cast:
        """ "cast:spell", "cast:spell:seat" or "cast:spell:space"."""
        verb, rest = _split(text)
        if verb != "cast" or not 1 <= len(rest) <= 2 or not all(rest):
            raise ActionError(gettext("not a Spell cast: %(action)s") % {"action": repr(text)})
        if len(rest) == 1:
            return cls(rest[0])
        if rest[1].isdigit():
            return cls(rest[0], seat=int(rest[1]))
        return cls(rest[0], space=rest[1])

    @property
    def target(self) -> str:
        """The target as written: the seat's number, the space, or ""."""
        return str(self.seat) if self.seat is not None else self.space

    def __str__(self) -> str:
        target = self.target
        return f"cast{SEP}{self.spell}" + (f"{SEP}{target}" if target else "")


@dataclass(frozen=True)
class Evade:
    """Evading (18:1): by an ability (no `spell`), or by a Spell, from one creature `card` of several."""

    spell: str = ""
    card: str = ""

    @classmethod
    def parse(cls, text: str) -> Evade:
        """ "evade", "evade:spell" or "evade:spell:card"."""
        verb, rest = _split(text)
        if verb != "evade" or len(rest) > 2 or not all(rest):
            raise ActionError(gettext("not an evasion: %(action)s") % {"action": repr(text)})
        return cls(*rest)

    def __str__(self) -> str:
        return SEP.join(p for p in ("evade", self.spell, self.card) if p)


@dataclass(frozen=True)
class Meet:
    """Encountering the character at seat `seat` (13:3)."""

    seat: int

    @classmethod
    def parse(cls, text: str) -> Meet:
        """ "meet:seat"."""
        return cls(int(_one_arg(text, ("meet",), N_("not a meeting: %(action)s"), number=True)[1]))

    def __str__(self) -> str:
        return f"meet{SEP}{self.seat}"


@dataclass(frozen=True)
class Ability:
    """Using the character's turn-start ability number `index` (of its Character Card's abilities)."""

    index: int

    @classmethod
    def parse(cls, text: str) -> Ability:
        """ "ability:index"."""
        return cls(int(_one_arg(text, ("ability",), N_("not an ability used: %(action)s"), number=True)[1]))

    def __str__(self) -> str:
        return f"ability{SEP}{self.index}"


@dataclass(frozen=True)
class Align:
    """Changing alignment to `alignment` (the Druid, 7:1-2)."""

    alignment: str

    @classmethod
    def parse(cls, text: str) -> Align:
        """ "align:alignment"."""
        return cls(_one_arg(text, ("align",), N_("not an alignment: %(action)s"))[1])

    def __str__(self) -> str:
        return f"align{SEP}{self.alignment}"


@dataclass(frozen=True)
class GoTo:
    """Going to `space`: the end of a Move chosen ("to") or where a Raft lands ("raft", 11:17)."""

    verb: str
    space: str

    @classmethod
    def parse(cls, text: str) -> GoTo:
        """ "to:space" or "raft:space"."""
        return cls(*_one_arg(text, GO_VERBS, N_("not a destination: %(action)s")))

    def __str__(self) -> str:
        return f"{self.verb}{SEP}{self.space}"


TalismanAction = Word | OnCard | Cast | Evade | Meet | Ability | Align | GoTo
"""Any action of Talisman."""

_PARSERS: dict[str, Callable[[str], TalismanAction]] = {
    **dict.fromkeys(CARD_VERBS, OnCard.parse),
    **dict.fromkeys(GO_VERBS, GoTo.parse),
    "cast": Cast.parse,
    "evade": Evade.parse,
    "meet": Meet.parse,
    "ability": Ability.parse,
    "align": Align.parse,
}


@lru_cache(maxsize=8192)
def parse_action(text: str) -> TalismanAction:
    """The typed action an action string stands for; an `ActionError` naming it when it is none."""
    if SEP not in text:
        if text == "evade":
            return Evade()
        return Word.parse(text)
    verb = text.partition(SEP)[0]
    parser = _PARSERS.get(verb)
    if parser is None:
        raise ActionError(
            gettext("no action of Talisman begins with %(verb)s: %(action)s")
            % {"verb": repr(verb), "action": repr(text)}
        )
    return parser(text)


def verb_of(text: str) -> str:
    """The verb of an action string: a `Word`'s word, else what comes before its first argument."""
    return text.partition(SEP)[0]


def _expect(text: str, kind: type[T]) -> T:
    action = parse_action(text)
    if not isinstance(action, kind):
        raise ActionError(
            gettext("%(action)s is not a %(kind)s action") % {"action": repr(text), "kind": kind.__name__}
        )
    return action


def card_of(text: str) -> str:
    """The card of an `OnCard` action ("take:sword" -> "sword")."""
    return _expect(text, OnCard).card


def cast_of(text: str) -> Cast:
    """The `Cast` an action string stands for."""
    return _expect(text, Cast)


def evade_of(text: str) -> Evade:
    """The `Evade` an action string stands for."""
    return _expect(text, Evade)


def seat_of(text: str) -> int:
    """The seat of a `Meet` action ("meet:1" -> 1)."""
    return _expect(text, Meet).seat


def space_of(text: str) -> str:
    """The space of a `GoTo` action ("to:city" -> "city")."""
    return _expect(text, GoTo).space


def terms(text: str) -> tuple[str, tuple[str, ...]]:
    """The verb of an action string and its arguments as written ("cast:hex:2" -> ("cast", ("hex",
    "2"))), read from its typed action; an `ActionError` when it is no action."""
    action = parse_action(text)
    match action:
        case Word(word=word):
            return word, ()
        case OnCard(verb=verb, card=card):
            return verb, (card,)
        case Cast(spell=spell):
            return "cast", (spell, action.target) if action.target else (spell,)
        case Evade(spell=spell, card=card):
            return "evade", tuple(p for p in (spell, card) if p)
        case Meet(seat=seat):
            return "meet", (str(seat),)
        case Ability(index=index):
            return "ability", (str(index),)
        case Align(alignment=alignment):
            return "align", (alignment,)
        case GoTo(verb=verb, space=space):
            return verb, (space,)
    raise ActionError(gettext("no action of Talisman: %(action)s") % {"action": repr(text)})


def is_discard(text: object) -> bool:
    """Whether a move is a Spell (or card) discarded by its holder ("discard:curse"), a secret."""
    return isinstance(text, str) and SEP in text and verb_of(text) == "discard"
