"""Reading the rules a Project Aon book gives only in prose, and turning them into an overlay.

The XML marks up choices and combats; a test for a Magical Power, an item or a score, a random-number
branch, the right to evade, a combat modifier and the ENDURANCE, WILLPOWER, Nobles and items gained or
lost are sentences. `read_rules` reads the phrases the Grey Star books use for them and gives, per
section, a `SectionOverlay` (the same shape a hand-written overlay has), the phrases it read, and every
rule-like sentence it could not read, each with its section. Nothing is guessed: a sentence is read only
when a whole phrase matches, otherwise it is listed as unread and left as plain text.

The phrases (docs/formats/projectaon-overlay.md, "Rules read from the text"):

- a choice "If you have/possess the (Magical) Power of X", "If you are versed in / have learnt the
  Higher Magick of X", "If you have/possess/are carrying a ITEM",
  "If your (current) WILLPOWER/ENDURANCE/COMBAT SKILL total is N or more/less/N-M/...", "If you have N
  Nobles"; "or" between them; "If not" / "If you do not have this Power" after one (its negation);
- the choices "If the number you have picked is N-M" / "If your total is ..." with "add N to the
  number if you possess X" before them: a random-number test with ranges and adjustments;
- in a fight: "You may evade (this combat) (at any time) ... turn to N" (`evade_after` N rounds when
  it says "after N rounds"), "If you win the combat, turn to N", "If the combat lasts for more than N
  rounds ... turn to M",
  "add/deduct N (to/from) your COMBAT SKILL", "immune to the power of your Staff";
- in the text: "lose/gain/restore N ENDURANCE (and M WILLPOWER) points", "N Nobles" found or paid,
  "mark/record the ITEM on your Action Chart (as a Special Item)", "erase/remove the ITEM", "eat a Meal".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from grognard.gamebook.model import Adjust, ChanceTest, Choice, Condition, Effect, Range
from grognard.gamebook.overlay import ChoiceOverlay, Draft, FightOverlay, Overlay, SectionOverlay
from grognard.gamebook.stuck import can_be_stuck

POWERS = (
    "Sorcery", "Enchantment", "Elementalism", "Alchemy", "Prophecy", "Psychomancy", "Evocation",
    "Thaumaturgy", "Telergy", "Physiurgy", "Theurgy", "Visionary", "Necromancy",
)  # fmt: skip
"""The Magical Powers a condition may name: the seven Lesser Magicks and the six Higher Magicks of the
Action Chart."""
STAT_NAMES = {"WILLPOWER": "WILLPOWER", "ENDURANCE": "ENDURANCE", "COMBAT SKILL": "COMBAT_SKILL"}

_NUM_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "a": 1, "an": 1,
}  # fmt: skip
_N = r"(\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten)"
_DASH = "[\u2013\u2014-]"
_TURN = re.compile(r",?\s*(?:and\s+)?(?:then\s+)?turn\s+(?:immediately\s+)?to\s+\d+.*$", re.I | re.S)
_SENTENCE = re.compile(r"(?<=[.!?\u2019\u201d])\s+(?=[A-Z\u2018\u201c(])")
_STAT = r"(WILLPOWER|ENDURANCE|COMBAT SKILL)"
_OR = re.compile(r",?\s+or\s+(?:if\s+)?(?=you\s|your\s)")
_ITEM = r"((?:[A-Z][\w\u2019'-]*)(?:\s+(?:of\s+(?:the\s+)?)?[A-Z][\w\u2019'-]*)*)"

MAX_CHOICE = 1_000
MAX_SENTENCE = 2_000
"""Longer choices and sentences are not read (listed, cut short): the books' longest are 364 and 411
characters, and a phrase is never that long, so a hostile file cannot make the reading slow."""

RULE_WORDS = re.compile(
    r"ENDURANCE|WILLPOWER|COMBAT SKILL|Nobles?\b|Action Chart|Random Number|\bMeal\b|Backpack|"
    r"Special Item|\bevade\b|\bevasion\b|Magical Power|Higher Magick|Power of|\brounds? of combat\b"
)
"""Words that make a sentence rule-like: one holding them and read by no phrase is listed as unread."""

VOLUNTARY = re.compile(
    r"^(?:you\s+)?(?:now\s+)?(?:wish|would|prefer|decide|choose|want|agree|desire|elect|intend|feel|"
    r"think|believe|accept|refuse|do not wish|don\u2019t wish)\b",
    re.I,
)
"""The opening of a choice's "If ..." that the reader decides (open to everyone)."""
STATE = re.compile(
    r"^(?:you\s+(?:still\s+)?(?:have|possess|are\s+carrying|are\s+wearing|carry|are\s+versed|own|hold)|"
    r"you\s+do\s+not\b|you\s+don\u2019t\b|your\s+(?:current\s+)?(?:WILLPOWER|ENDURANCE|COMBAT SKILL)|not\b)",
    re.I,
)
"""The opening of a choice's "If ..." that tests the reader's state: a conditional choice."""
TEST = re.compile(
    r"^(?:the\s+number\s+you\s+have\s+picked|your\s+total|you\s+total|the\s+total|it|your\s+(?:final\s+)?"
    r"score|your\s+score\s+totals|the\s+number)\b",
    re.I,
)


@dataclass(frozen=True)
class Phrase:
    """A phrase read: its section, what kind of rule it gave, the rule in the book format's words, and
    the sentence it was read from."""

    section: str
    kind: str
    rule: str
    sentence: str


@dataclass(frozen=True)
class Unread:
    """A rule-like sentence no phrase read (the section, the sentence, and why when known)."""

    section: str
    sentence: str
    why: str = ""


@dataclass
class Tally:
    """Counts of one book for the report and the survey."""

    choices: int = 0
    conditional: int = 0
    enforced: int = 0
    fights: int = 0
    evadable: int = 0
    evade_set: int = 0
    evade_wait: int = 0
    with_overlays: int = 0
    """Conditional choices enforced once the shipped and the reader's overlays are laid on."""
    open_choices: list[tuple[str, int]] = field(default_factory=list)
    """The conditional choices (section, index from 1) the text alone leaves open."""


@dataclass
class Reading:
    """What `read_rules` found: the overlay it makes, the phrases read, the sentences not read."""

    overlay: Overlay
    phrases: list[Phrase] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    ungiven: dict[str, list[str]] = field(default_factory=dict)
    """Items a condition tests that no effect read gives (item -> the sections testing it): carried
    from an earlier book, chosen at the start, or given in a sentence not read."""


def enforced_with(reading: Reading, overlay: Overlay) -> int:
    """The conditional choices enforced once `overlay` (the text's rules with the shipped and the
    reader's overlays on them) is applied: those read, and those the overlay gives a condition or
    leaves out."""
    found = reading.tally.enforced
    for sid, index in reading.tally.open_choices:
        spec = overlay.sections.get(sid)
        change = spec.choices.get(str(index)) if spec is not None else None
        if spec is not None and (spec.drop or (change is not None and (change.drop or change.condition))):
            found += 1
    return found


def number(word: str) -> int:
    """A number written as digits or as a word ("two")."""
    word = word.lower()
    return int(word) if word.isdigit() else _NUM_WORDS[word]


def sentences(text: str) -> list[str]:
    """The sentences of a paragraph, in order."""
    out: list[str] = []
    for para in text.split("\n"):
        out += [s.strip() for s in _SENTENCE.split(para) if s.strip()]
    return out


def show(condition: Condition) -> str:
    """A condition in the book format's words, e.g. `power = "Prophecy"`."""
    data = condition.model_dump(by_alias=True, exclude_defaults=True)
    return _show(data)


def _show(data: Any) -> str:
    if isinstance(data, dict):
        return "{ " + ", ".join(f"{k} = {_show(v)}" for k, v in data.items()) + " }"
    if isinstance(data, list | tuple):
        return "[" + ", ".join(_show(v) for v in data) + "]"
    if isinstance(data, str):
        return f'"{data}"'
    return str(data).lower() if isinstance(data, bool) else str(data)


# --- conditions -------------------------------------------------------------------------------------------


def _clause(text: str) -> str | None:
    """The condition of a choice "If CLAUSE, turn to N." (None: the choice is not an "If ...")."""
    m = re.match(r"^\s*(?:Otherwise,\s+)?[Ii]f\s+(.*)$", text, re.S)
    if m is None:
        return None
    return _TURN.sub("", m.group(1)).strip().rstrip(",;").strip()


def _stat_condition(clause: str) -> Condition | None:
    m = re.match(
        rf"^your\s+(?:current\s+)?{_STAT}\s+(?:points\s+)?(?:total|score|points)?\s*(?:points\s+)?"
        rf"(?:total\s+)?(?:is|has|totals)?\s*(?:now\s+|still\s+)?(?:fallen\s+to\s+)?(.*)$",
        clause,
        re.I,
    )
    if m is None:
        return None
    stat = STAT_NAMES[m.group(1).upper()]
    bounds = _bounds(m.group(2))
    if bounds is None:
        return None
    low, high = bounds
    return Condition(stat=stat, at_least=low, at_most=high)


def _bounds(text: str) -> tuple[int | None, int | None] | None:
    """(at least, at most) of "N or more", "less than N", "N-M", "above zero", "zero or below" ..."""
    text = text.strip().rstrip(".,;")
    m = re.fullmatch(
        rf"{_N}\s+or\s+(more|higher|above|greater|over|less|lower|below|under|fewer)", text, re.I
    )
    if m:
        n = number(m.group(1))
        up = m.group(2).lower() in ("more", "higher", "above", "greater", "over")
        return (n, None) if up else (None, n)
    m = re.fullmatch(rf"(less|fewer|lower|more|greater|higher)\s+than\s+{_N}", text, re.I)
    if m:
        n = number(m.group(2))
        return (None, n - 1) if m.group(1).lower() in ("less", "fewer", "lower") else (n + 1, None)
    m = re.fullmatch(rf"(above|below|over|under)\s+{_N}", text, re.I)
    if m:
        n = number(m.group(2))
        return (n + 1, None) if m.group(1).lower() in ("above", "over") else (None, n - 1)
    m = re.fullmatch(rf"{_N}\s*{_DASH}\s*{_N}", text)
    if m:
        return number(m.group(1)), number(m.group(2))
    m = re.fullmatch(rf"(?:exactly\s+)?{_N}", text, re.I)
    if m:
        n = number(m.group(1))
        return n, n
    return None


ITEM_ALIASES = {
    "Magic Talisman of the Shianti": "Magic Talisman",
    "Talisman of the Shianti": "Magic Talisman",
    "Talisman": "Magic Talisman",
    "Staff": "Wizard's Staff",
    "Wizard\u2019s Staff": "Wizard's Staff",
}
"""Names the text gives items the Action Chart knows by another."""


NOT_ITEMS = {
    "Backpack Item", "Backpack Items", "Special Item", "Special Items", "Weapon", "Weapons", "Action Chart",
    "Herb Pouch", "Backpack", "Nobles", "Noble", "Meal", "Meals",
}  # fmt: skip
"""Words of the rules the item phrases could take for an item's name."""


def _item_name(raw: str) -> str | None:
    """The item a name in the text means (None: not an item, e.g. "Magical Power of Thaumaturgy")."""
    name = re.sub(r"\s+(?:of|the)$", "", raw.strip())
    if re.match(r"(?:Magical\s+|Higher\s+)?(?:Power|Powers|Magick|Magicks)\b", name) or name in NOT_ITEMS:
        return None
    return ITEM_ALIASES.get(name, name)


def _positive(clause: str) -> Condition | None:
    """One positive condition: a Power, an item, a score, Nobles."""
    clause = re.sub(
        r"\s+(?:and|an)\s+(?:wish|with\s+to|want|are\s+willing|decide|choose|prefer)\b.*$",
        "",
        clause,
        flags=re.I | re.S,
    )
    clause = re.sub(r"\s+and\s+(?:would|now)\s+.*$", "", clause, flags=re.I | re.S)
    clause = clause.strip().rstrip(",")
    stat = _stat_condition(clause)
    if stat is not None:
        return stat
    clause = re.sub(r"\s+(?:with\s+which|remaining|left|to\s+use\s+on)\b.*$", "", clause, flags=re.I | re.S)
    both = re.match(r"^(you\s+(?:have|possess|are\s+carrying)\s+.*?)\s+and\s+"
                    r"(?:(have|possess|are carrying)\s+)?(.*)$",
                    clause, re.I)  # fmt: skip
    if both:
        verb = both.group(2) or "have"
        first = _positive(both.group(1))
        rest = re.sub(r"^(?:the|a|an|some)\s+", "", both.group(3))
        second = _positive(f"you {verb} {'' if re.match(r'[0-9]', rest) else 'the '}{rest}")
        if first is not None and second is not None:
            return Condition(all=(first, second))
    m = re.fullmatch(rf"you\s+(?:have|possess)\s+{_N}\s+or\s+more\s+(WILLPOWER|ENDURANCE)\s+points?", clause)
    if m:
        return Condition(stat=m.group(2), at_least=number(m.group(1)))
    m = re.fullmatch(
        r"you\s+(?:have|possess|have\s+chosen|command|are\s+versed\s+(?:in|on)|have\s+learn[te]d?|have\s+mastered)"
        r"\s+(?:the\s+)?(?:(?:(?:Magical|Higher)\s+)?(?:Powers?|Magicks?)\s+of\s+)?(?:a\s+)?(\w+)",
        clause,
        re.I,
    ) or re.fullmatch(
        r"you\s+have\s+the\s+protection\s+of\s+(?:the\s+)?(?:(?:Magical|Higher)\s+(?:Power|Magick)\s+of\s+)?(\w+)",
        clause,
        re.I,
    )
    if m and m.group(1).capitalize() in POWERS:
        return Condition(power=m.group(1).capitalize())
    m = re.fullmatch(
        rf"you\s+(?:have|possess)\s+(?:at\s+least\s+)?{_N}\s+(WILLPOWER|ENDURANCE)\s+points?", clause
    )
    if m:
        return Condition(stat=m.group(2), at_least=number(m.group(1)))
    m = re.fullmatch(rf"you\s+(?:have|possess)\s+(?:at\s+least\s+)?{_N}\s+(?:Gold\s+)?Nobles?", clause, re.I)
    if m:
        return Condition(gold=number(m.group(1)))
    m = re.fullmatch(
        rf"you\s+(?:still\s+)?(?:have|possess|are\s+carrying|are\s+wearing|carry|hold|own)\s+(?:a|an|the|some|your|one)\s+"
        rf"(?:(?:coil|piece|length|portion|vial|bottle|bundle|pair)\s+of\s+(?:the\s+)?)?{_ITEM}(?:\s+(?:with\s+you|in\s+your\s+\w+(?:\s+\w+)?))?",
        clause,
    )
    if m:
        item = _item_name(m.group(1))
        return Condition(item=item) if item is not None else None
    return None


def _negation(earlier: list[Condition], every: bool) -> tuple[Condition | None, str]:
    """Not the last condition before (`every`: not any of them)."""
    if not earlier:
        return None, ""
    inner = earlier[-1] if not every or len(earlier) == 1 else Condition(any=tuple(earlier))
    return Condition.model_validate({"not": inner}), "condition"


def condition_of(clause: str, earlier: list[Condition] | None = None) -> tuple[Condition | None, str]:
    """The condition a choice's "If CLAUSE" tests, and how it was read: "condition", "open" (a choice
    everyone may take, e.g. "if you do not wish to use it"), or "" (not read). `earlier` holds the
    conditions of the section's choices before it, for "If not" and "If you do not have this Power"."""
    before = earlier or []
    if re.search(
        r"do\s+not\s+(?:wish|want)|don\u2019t\s+(?:wish|want)|choose\s+not|prefer\s+not|"
        r"or\s+if\s+you\s+(?:would|wish|prefer|decide|choose|want)",
        clause,
        re.I,
    ) or re.match(r"you\s+do\s+not\s+(?:trust|agree|believe|think|like)", clause, re.I):
        return None, "open"
    if re.fullmatch(r"not|you\s+do\s+not|you\s+don\u2019t|you\s+have\s+not|this\s+is\s+not\s+the\s+case",
                    clause, re.I):  # fmt: skip
        return _negation(before, False)
    if re.fullmatch(
        r"you\s+have\s+(?:neither|none)\s+of\s+(?:these|them|the\s+above)(?:\s+\w+)?", clause, re.I
    ):
        return _negation(before, True)
    neg = re.match(r"^you\s+(?:do\s+not|don\u2019t)\s+(?:have|possess|carry)\s+(.*)$", clause, re.I)
    if neg is not None:
        what = neg.group(1).strip()
        if re.match(r"(?:either|any|all|both|one\s+of|none)\b", what, re.I):
            return _negation(before, True)
        if re.match(r"(?:this|that|it|these|them|such)\b", what, re.I):
            return _negation(before, False)
        inner = _positive(f"you have {what}")
        if inner is None:
            return None, ""
        return Condition.model_validate({"not": inner}), "condition"
    parts = _OR.split(clause)
    found = [_positive(p) for p in parts]
    if any(c is None for c in found):
        return None, ""
    conds = [c for c in found if c is not None]
    return (conds[0] if len(conds) == 1 else Condition(any=tuple(conds))), "condition"


# --- random-number tests ----------------------------------------------------------------------------------


def _test_range(clause: str) -> Range | None:
    m = re.match(
        r"^(?:the\s+number\s+you\s+have\s+picked|your\s+(?:final\s+)?total|you\s+total|the\s+total|it|"
        r"your\s+(?:final\s+)?score(?:\s+totals)?|the\s+number)\s+(?:is\s+)?(?:now\s+)?(.*)$",
        clause,
        re.I,
    )
    if m is None:
        return None
    bounds = _bounds(m.group(1))
    if bounds is None:
        return None
    return Range(min=bounds[0], max=bounds[1])


def _adjustments(sentence: str) -> list[Adjust] | None:
    """ "If you possess the Power of X, add N to the number (you have picked)" and the like."""
    m = re.match(
        r"^If\s+(.*?),\s+(add|deduct|subtract|take\s+away)\s+(\d+)\s+(?:to|from)\s+(?:the|this|your)\s+"
        r"(?:number|total|score)",
        sentence,
        re.I,
    )
    if m is None:
        return None
    cond, how = condition_of(m.group(1))
    if cond is None or how != "condition":
        return None
    amount = int(m.group(3))
    return [Adjust(when=cond, add=amount if m.group(2).lower() == "add" else -amount)]


# --- effects ----------------------------------------------------------------------------------------------


_LOSE = re.compile(r"\b(lose|loses|lost|deduct|subtract|reduce|cost[s]?\s+you|drain[s]?)\b", re.I)
_GAIN = re.compile(r"\b(gain|gains|restore|restores|regain|add|increase|recover)\b", re.I)


def _score_effects(sentence: str) -> list[Effect] | None:
    amounts = list(re.finditer(rf"\b(\d+)\s+(?:extra\s+|bonus\s+)?{_STAT}(?:\s+points?)?", sentence))
    if not amounts:
        return None
    if re.search(r"\b(each|every|per)\s+round|\bfor\s+every\b|\bcombat\b|\bif\b|\bunless\b|\bwhen\b|"
                 r"\bmay\b|\bwould\b|\bcould\b|\bwill\b|\bshould\b|\bmaximum\b|\binitial\b",
                 sentence, re.I):  # fmt: skip
        return None
    lose, gain = _LOSE.search(sentence), _GAIN.search(sentence)
    if (lose is None) == (gain is None):
        return None
    sign = -1 if lose is not None else 1
    out = []
    for m in amounts:
        if m.group(2) == "COMBAT SKILL":
            return None
        out.append(Effect(stat=m.group(2), add=sign * int(m.group(1))))
    return out


def _noble_effects(sentence: str) -> list[Effect] | None:
    m = re.search(
        r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:Gold\s+)?Nobles?\b", sentence
    )
    if m is None or re.search(
        r"\bif\b|\bunless\b|\bmay\b|\bwould\b|\bcould\b|\bwill\b|\bcost", sentence, re.I
    ):
        return None
    n = number(m.group(1))
    if re.search(r"\b(pay|pays|paid|give|hand\s+over|lose|erase|deduct|spend|remove)\b", sentence, re.I):
        return [Effect(gold=-n)]
    if re.search(r"\b(find|found|gain|receive|take|add|discover|collect|record|note|give\s+you|"
                 r"hands\s+you)\b",
                 sentence, re.I):  # fmt: skip
        return [Effect(gold=n, once=True)]
    return None


_KIND = r"(Special\s+Item|Backpack\s+Item|Weapon)"


def _gain(name: str | None, kind: str | None, items: dict[str, dict[str, Any]]) -> list[Effect] | None:
    """The item `name` put on the Action Chart, declared as `kind` says (Special Item, Weapon)."""
    if name is None:
        return None
    props = items.setdefault(name, {})
    if kind and "special" in kind.lower():
        props["special"] = True
    elif kind and "weapon" in kind.lower():
        props["weapon"] = True
    return [Effect(item=name, once=True)]


def _kept_item(sentence: str, items: dict[str, dict[str, Any]]) -> list[Effect] | None:
    """An item the reader may keep: given (the reader may discard it later), e.g. "If you wish to keep the
    Black Rod, mark it on your Action Chart as a Special Item", "the Gaoler's Keys (a Special Item ...)",
    "you accept the Chaksu Pipes and place this Special Item in ..."."""
    m = re.match(
        rf"^If\s+you\s+(?:now\s+|still\s+)?(?:wish|decide|want|choose)\s+to\s+(?:keep|take)\s+(?:the\s+|this\s+|these\s+)?{_ITEM}"
        rf"(?:\s+from\s+[^,]*)?,\s+(?:mark|record|note)\s+(?:it|them|this|these)\s+(?:down\s+)?"
        rf"(?:as\s+an?\s+{_KIND}\s+)?on\s+your\s+Action\s+Chart(?:\s+as\s+an?\s+{_KIND})?",
        sentence,
    )
    if m:
        return _gain(_item_name(m.group(1)), m.group(2) or m.group(3), items)
    if re.search(r"\bif\b|\bunless\b|\bmay\b|\bwish\b", sentence, re.I):
        return None
    m = re.search(rf"\bthe\s+{_ITEM}\s+\(an?\s+{_KIND}", sentence)
    if m:
        return _gain(_item_name(m.group(1)), m.group(2), items)
    m = re.search(
        rf"\b(?:accept|take|pick\s+up)\s+the\s+{_ITEM}\s+and\s+(?:place|put)\s+(?:it|this\s+{_KIND})",
        sentence,
    )
    if m:
        return _gain(_item_name(m.group(1)), m.group(2) or "", items)
    return None


def _item_effects(sentence: str, items: dict[str, dict[str, Any]]) -> list[Effect] | None:
    kept = _kept_item(sentence, items)
    if kept is not None:
        return kept
    if re.search(r"\bif\b|\bunless\b|\bmay\b|\bwish\b", sentence, re.I):
        return None
    m = re.search(
        rf"\b(?i:mark|record|note|enter|write)\s+(?:down\s+)?(?i:the|this|a|an|these|both)\s+{_ITEM}\s+"
        rf"(?:as\s+an?\s+{_KIND}\s+)?on\s+your\s+Action\s+Chart(?:\s+as\s+an?\s+{_KIND})?",
        sentence,
    )
    if m:
        return _gain(_item_name(m.group(1)), m.group(2) or m.group(3), items)
    m = re.search(
        rf"\b(?i:erase|remove|delete|cross\s+off|strike\s+off)\s+(?:(?i:the|this|your|a|an|one)\s+)?{_ITEM}\s+from\s+"
        rf"your\s+"
        rf"Action\s+Chart",
        sentence,
    )
    name = _item_name(m.group(1)) if m else None
    if m and name is not None:
        items.setdefault(name, {})
        return [Effect(lose_item=name)]
    return None


def _meal(sentence: str) -> list[Effect] | None:
    if re.search(
        r"\bmust\s+(?:now\s+)?eat\s+a\s+Meal\b|\beat\s+a\s+Meal\s+here\b", sentence
    ) and not re.search(r"\bif\b|\bunless\b", sentence, re.I):
        return [Effect(special="meal")]
    return None


# --- a section -------------------------------------------------------------------------------------------


@dataclass
class _Section:
    """The working state of one section's reading."""

    draft: Draft
    phrases: list[Phrase]
    unread: list[Unread]
    items: dict[str, dict[str, Any]]
    tally: Tally
    choices: dict[str, ChoiceOverlay] = field(default_factory=dict)
    effects: list[Effect] = field(default_factory=list)
    fight: dict[str, Any] = field(default_factory=dict)
    test: ChanceTest | None = None
    read: set[str] = field(default_factory=set)
    lists: set[str] = field(default_factory=set)
    within: tuple[int, str, str] | None = None
    stop: tuple[int, str, str] | None = None

    def note(self, kind: str, rule: str, sentence: str) -> None:
        self.phrases.append(Phrase(self.draft.id, kind, rule, sentence))
        self.read.add(sentence)

    def miss(self, sentence: str, why: str = "") -> None:
        self.unread.append(Unread(self.draft.id, sentence, why))

    def too_long(self, text: str, most: int) -> bool:
        """True (and listed, cut short) when `text` is too long to be a phrase."""
        if len(text) <= most:
            return False
        self.miss(text[:200] + "\u2026", f"{len(text)} characters: too long to read")
        return True

    def overlay(self) -> SectionOverlay | None:
        data: dict[str, Any] = {}
        if self.choices:
            data["choices"] = self.choices
        if self.effects:
            data["effects"] = tuple(self.effects)
        if self.fight:
            data["fight"] = FightOverlay.model_validate(self.fight)
        if self.test is not None:
            data["test"] = self.test
        return SectionOverlay.model_validate(data) if data else None


def _read_choices(work: _Section) -> None:
    draft = work.draft
    earlier: list[Condition] = []
    voluntary = False
    ranges: list[tuple[int, Range, str]] = []
    for index, choice in enumerate(draft.choices, 1):
        text = choice.text
        if work.too_long(text, MAX_CHOICE):
            continue
        clause = _clause(text)
        fight_rule = _fight_choice(work, index, choice) if draft.creatures else False
        if fight_rule:
            continue
        if clause is None:
            if RULE_WORDS.search(text):
                work.miss(text)
            continue
        same = re.fullmatch(r"it\s+is\s+(?:now\s+|still\s+)?(.*)", clause, re.I)
        last = earlier[-1] if earlier else None
        if same is not None and last is not None and last.stat is not None and _bounds(same.group(1)):
            low, high = _bounds(same.group(1)) or (None, None)
            again = Condition(stat=last.stat, at_least=low, at_most=high)
            work.tally.conditional += 1
            work.tally.enforced += 1
            work.choices[str(index)] = ChoiceOverlay(condition=again)
            work.note("condition", f"choice {index}: condition = {show(again)}", text)
            continue
        if TEST.match(clause) and not STATE.match(clause):
            r = _test_range(clause)
            if r is not None:
                ranges.append((index, r.model_copy(update={"target": choice.target}), text))
                continue
            work.miss(text, "a random-number branch not read")
            continue
        bare_not = re.fullmatch(r"not|you\s+do\s+not|you\s+don\u2019t", clause, re.I) is not None
        if (VOLUNTARY.match(clause) and not STATE.match(clause)) or (bare_not and voluntary):
            voluntary = True
            continue
        voluntary = False
        if not STATE.match(clause):
            if re.match(r"(?:you\s+are\s+still\s+alive|you\s+survive)", clause, re.I):
                work.note("open", "read on once alive", text)
            elif RULE_WORDS.search(text) or re.match(r"you\s+(?:have|are|win)\b", clause, re.I):
                work.miss(text)
            continue
        cond, how = condition_of(clause, earlier)
        if how == "open":
            work.note("open", "open to every reader", text)
            continue
        work.tally.conditional += 1
        if cond is None:
            work.miss(text, "a condition not read")
            work.tally.open_choices.append((draft.id, index))
            continue
        work.tally.enforced += 1
        work.choices[str(index)] = ChoiceOverlay(condition=cond)
        work.note("condition", f"choice {index}: condition = {show(cond)}", text)
        _declare(cond, work.items)
        if cond.kind != "not":
            earlier.append(cond)
    if ranges:
        _make_test(work, ranges)
    _round_limit(work)
    _fallback(work)


def _fallback(work: _Section) -> None:
    """Where every choice of a section tests the reader and all can fail, the book strands a reader
    it did not foresee: the last choice is also open when no other one is (a house rule, reported)."""
    kept = [i for i in range(1, len(work.draft.choices) + 1) if str(i) not in work.choices]
    if kept or len(work.choices) < 2 or work.draft.creatures or work.test is not None:
        return
    last = str(len(work.draft.choices))
    others = [c.condition for k, c in work.choices.items() if k != last and c.condition is not None]
    own = work.choices[last].condition
    if own is None or not can_be_stuck([*others, own], work.draft.id, frozenset()).stuck:
        return
    closed = Condition(all=tuple(Condition.model_validate({"not": c}) for c in others))
    work.choices[last] = ChoiceOverlay(condition=Condition(any=(own, closed)))
    work.note("fallback", f"choice {last}: also open when no other choice is", work.draft.choices[-1].text)


def _items_in(cond: Condition | None, out: set[str]) -> None:
    if cond is None:
        return
    if cond.item is not None:
        out.add(cond.item)
    for inner in (cond.not_, *(cond.any or ()), *(cond.all or ())):
        _items_in(inner, out)


def _declare(cond: Condition, items: dict[str, dict[str, Any]]) -> None:
    if cond.item is not None:
        items.setdefault(cond.item, {})
    for inner in (cond.not_, *(cond.any or ()), *(cond.all or ())):
        if inner is not None:
            _declare(inner, items)


def _make_test(work: _Section, ranges: list[tuple[int, Range, str]]) -> None:
    """The random-number test of a section's "If the number you have picked is ..." choices, with the
    adjustments its text gives; refused (unread) when its text picks more than one number or the
    ranges overlap."""
    text = " ".join(work.draft.paragraphs)
    if re.search(r"\btwice\b|\btwo\s+numbers\b|\bthree\s+times\b|\bsecond\s+number\b|\bagain\b", text, re.I):
        for _, _, sentence in ranges:
            work.miss(sentence, "a test of several numbers")
        return
    if not re.search(r"Random\s+Number\s+Table|pick\s+a\s+number", text, re.I):
        for _, _, sentence in ranges:
            work.miss(sentence, "no random number picked in the section")
        return
    adjust: list[Adjust] = []
    for para in work.draft.paragraphs:
        for sentence in sentences(para):
            if len(sentence) > MAX_SENTENCE:
                continue
            if re.search(r"Random\s+Number\s+Table|pick\s+a\s+number", sentence, re.I):
                work.note("test", "a random number 0-9", sentence)
                continue
            found = _adjustments(sentence)
            if found is not None:
                adjust += found
                _declare(found[0].when, work.items)
                work.note("test", f"adjust: {show(found[0].when)} adds {found[0].add}", sentence)
            elif re.search(r"\b(add|deduct|subtract)\b.*\b(number|total)\b", sentence, re.I):
                work.miss(sentence, "a change to the number not read")
                return
    rs = sorted((r for _, r, _ in ranges), key=lambda r: r.min if r.min is not None else -(10**6))
    for a, b in pairwise(rs):
        if a.max is None or b.min is None or a.max >= b.min:
            for _, _, sentence in ranges:
                work.miss(sentence, "ranges that overlap")
            return
    work.test = ChanceTest(kind="random", ranges=tuple(r for _, r, _ in ranges), adjust=tuple(adjust))
    for _, r, sentence in ranges:
        low = "" if r.min is None else str(r.min)
        high = "" if r.max is None else str(r.max)
        work.note("test", f"random number {low}-{high} -> {r.target}", sentence)


def _fight_choice(work: _Section, index: int, choice: Choice) -> bool:
    """A choice of a fight's section that says how the fight ends: evasion, the win, a round limit."""
    text = choice.text
    m = re.search(
        r"\b(?:evade|stop\s+fighting|cease\s+attacking|break\s+off|flee)\b(.*)$",
        text,
        re.I,
    )
    if m is not None and not re.match(r"^\s*If\s+(?:you\s+)?(?:have|possess|your)\b", text, re.I):
        rest = m.group(1)
        after = re.search(rf"after\s+(?:{_N}\s+rounds?|the\s+(first|second|third)\s+round)", rest, re.I)
        ordinal = {"first": 1, "second": 2, "third": 3}
        wait = (
            0
            if after is None
            else number(after.group(1))
            if after.group(1)
            else ordinal[after.group(2).lower()]
        )
        if "escape" in work.fight:
            work.miss(text, "a second way to evade")
            return True
        work.tally.evadable += 1
        work.fight["escape"] = choice.target
        if wait:
            work.tally.evade_wait += 1
            work.fight.setdefault("modifiers", {})["evade_after"] = wait
        work.tally.evade_set += 1
        work.note(
            "evade", f"fight.escape = {choice.target}" + (f", evade_after = {wait}" if wait else ""), text
        )
        return True
    clause = _clause(text) or ""
    if re.fullmatch(r"you\s+win\s+(?:the|this)\s+(?:combat|fight)", clause, re.I) and "win" not in work.fight:
        work.fight["win"] = choice.target
        work.note("win", f"fight.win = {choice.target}", text)
        return True
    within = _WITHIN.fullmatch(clause)
    if within is not None and work.within is None:
        work.within = (_rounds(within.group(1)), choice.target, text)
        return True
    stop = _stop_after(clause)
    if stop is not None and work.stop is None:
        work.stop = (stop, choice.target, text)
        return True
    return False


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_WITHIN = re.compile(
    rf"you\s+(?:win\s+the\s+(?:combat|fight)|defeat\s+.+?|beat\s+.+?)\s+(?:in|within)\s+({_N}|one\s+or\s+two)"
    r"\s+rounds?(?:\s+or\s+(?:less|fewer))?(?:\s+of\s+combat)?",
    re.I,
)
"""A fight won within N rounds ("If you win the combat in three rounds or less")."""


def _rounds(text: str) -> int:
    return 2 if text.lower().startswith("one or two") else number(text)


def _stop_after(clause: str) -> int | None:
    """The rounds a fight lasts at most, from its other way out: "the combat lasts for more than 4
    rounds", "the combat enters a fourth round", "you have not beaten the wolf after three rounds"."""
    m = re.match(
        rf"the\s+(?:combat|fight)\s+lasts\s+(?:for\s+)?(?:more|longer)\s+than\s+{_N}\s+rounds?", clause, re.I
    )
    if m:
        return number(m.group(1))
    m = re.match(r"the\s+(?:combat|fight)\s+(?:lasts\s+for|enters)\s+(?:a\s+)?(\w+)\s+rounds?", clause, re.I)
    if m:
        word = m.group(1).lower()
        n = _ORDINALS.get(word) or (number(word) if re.fullmatch(_N, word) else 0)
        return n - 1 if n > 1 else None
    m = re.fullmatch(
        rf"(?:you\s+have\s+not\s+(?:beaten|defeated|killed)\s+.+?|you\s+and\s+(?:the|your)\s+enemy\s+are\s+still\s+"
        rf"alive)\s+after\s+{_N}\s+rounds?(?:\s+of\s+combat)?",
        clause,
        re.I,
    )
    return number(m.group(1)) if m else None


def _round_limit(work: _Section) -> None:
    """A fight's round limit from its two ways out: won within N rounds, and the way on after N."""
    within, stop = work.within, work.stop
    if stop is not None and (within is None or within[0] == stop[0]):
        work.fight.setdefault("modifiers", {})["max_rounds"] = stop[0]
        work.fight.setdefault("on", {})["rounds-over"] = stop[1]
        work.note("rounds", f"max_rounds = {stop[0]}, rounds-over -> {stop[1]}", stop[2])
        if within is not None and "win" not in work.fight:
            work.fight["win"] = within[1]
            work.note("win", f"fight.win = {within[1]} (within {within[0]} rounds)", within[2])
        return
    for pending in (within, stop):
        if pending is not None:
            work.miss(pending[2], "a round limit without its other way out")


_OFFER = re.compile(
    r"take\s+your\s+choice|(?:take|keep)\s+any\s+(?:of\s+these|or\s+all)|offers?\s+you\s+the\s+following|"
    r"(?:find|discover)\s+the\s+following\s+items",
    re.I,
)
"""A list of items the reader may take (each given; what will not fit, or is not wanted, is left)."""
_CONTAINERS = re.compile(
    r"^(?:(?:sealed|small|large|leather)\s+)?(?:coil|jar|packet|bundle|bag|pouch|flask|length|set)\s+of\s+",
    re.I,
)
_PLURAL_ALIASES = {"Potions of Laumspur": "Vial of Laumspur", "Potion of Laumspur": "Vial of Laumspur"}


def _list_item(line: str, items: dict[str, dict[str, Any]]) -> Effect | None:
    """One line of an offered list, "- 2 Copper Coins", "- Coil of Rope (Backpack Item)"."""
    line = line.removeprefix("- ").strip()
    line = re.sub(r"^(\d+\s+)?Vials?\s+containing\s+", r"\1Vial of ", line)
    line = re.sub(r"^(\d+\s+)?empty\s+Vials?\b", r"\1Empty Vial", line)
    count_first = re.match(r"^(\d+\s+)?(.*)$", line)
    assert count_first is not None
    line = (count_first.group(1) or "") + _CONTAINERS.sub("", count_first.group(2))
    meals = re.match(r"^Enough\s+food\s+for\s+(\d+)\s+meals?", line, re.I)
    if meals:
        return Effect(item="Meal", count=int(meals.group(1)), once=True)
    m = re.match(
        rf"^(?:(\d+)\s+)?({_ITEM[1:-1]}(?:\s+and\s+[A-Z][\w\u2019'-]*)?)(?:\s+[a-z][^(]*)?(?:\s*\((.*))?$",
        line,
    )
    if m is None:
        return None
    count = int(m.group(1) or 1)
    raw = m.group(2)
    name = _PLURAL_ALIASES.get(raw) or _item_name(raw)
    if name is None:
        return None
    if count > 1 and raw not in _PLURAL_ALIASES:
        name = re.sub(r"(?<=ch|sh|ss)es$|(?<=x)es$|(?<!s)s$", "", name)
    gained = _gain(name, m.group(3) if m.group(3) and re.search(_KIND, m.group(3)) else None, items)
    return gained[0].model_copy(update={"count": count, "once": True}) if gained else None


def _read_lists(work: _Section) -> None:
    """The items of a list the text offers to take."""
    if not _OFFER.search(" ".join(work.draft.paragraphs)):
        return
    for para in work.draft.paragraphs:
        lines = para.split("\n")
        if not all(line.startswith("- ") for line in lines):
            continue
        work.lists.add(para)
        for line in lines:
            if work.too_long(line, MAX_SENTENCE):
                continue
            effect = _list_item(line, work.items)
            if effect is None:
                work.miss(line, "an offered item not read")
                continue
            work.effects.append(effect)
            work.note("effect", show_effect(effect), line)


def _read_text(work: _Section) -> None:
    fight = bool(work.draft.creatures)
    _read_lists(work)
    for para in work.draft.paragraphs:
        if para in work.lists:
            continue
        for sentence in sentences(para):
            if sentence in work.read or work.too_long(sentence, MAX_SENTENCE):
                continue
            if fight and _fight_sentence(work, sentence):
                continue
            effects = (
                _score_effects(sentence)
                or _noble_effects(sentence)
                or _item_effects(sentence, work.items)
                or _meal(sentence)
            )
            if effects and not (fight and any(e.kind == "stat" for e in effects)):
                work.effects += effects
                work.note("effect", ", ".join(show_effect(e) for e in effects), sentence)
            elif RULE_WORDS.search(sentence) and not _plain(sentence):
                work.miss(sentence)


def _plain(sentence: str) -> bool:
    """Rule-like words in a sentence that makes no rule (stories name WILLPOWER too): a choice's own
    text already read, a "turn to" alone."""
    return bool(re.fullmatch(r"(?:Now\s+)?[Tt]urn\s+to\s+\d+\.?", sentence))


def _fight_sentence(work: _Section, sentence: str) -> bool:
    m = re.search(
        rf"\b(add|deduct|subtract|reduce)\s+(?:your\s+COMBAT\s+SKILL\s+by\s+)?{_N}\s+(?:points?\s+)?"
        rf"(?:to|from)?\s*(?:your\s+)?(?:COMBAT\s+SKILL)?",
        sentence,
        re.I,
    )
    if (
        m is not None
        and "COMBAT SKILL" in sentence
        and not re.search(r"\bif\b|\bunless\b|\bwhen\b|\bround\b|\bfirst\b", sentence, re.I)
    ):
        n = number(m.group(2))
        value = n if m.group(1).lower() == "add" else -n
        mods = work.fight.setdefault("modifiers", {})
        mods["combat_skill"] = int(mods.get("combat_skill", 0)) + value
        work.note("modifier", f"combat_skill {value:+d}", sentence)
        return True
    if re.search(r"\bimmune\s+to\b.*\b(?:Staff|Wizard\u2019s\s+Staff|magic)", sentence) and not re.search(
        r"\bif\b|\bunless\b", sentence, re.I
    ):
        work.fight.setdefault("modifiers", {})["immune_to_staff"] = True
        work.note("modifier", "immune_to_staff = true", sentence)
        return True
    m = re.search(
        rf"\blose\s+{_N}\s+WILLPOWER\s+points?\s+(?:for\s+)?(?:each|every|per)\s+round", sentence, re.I
    )
    if m is not None and not re.search(r"\bif\b|\bunless\b", sentence, re.I):
        work.fight.setdefault("modifiers", {})["willpower_drain"] = number(m.group(1))
        work.note("modifier", f"willpower_drain = {number(m.group(1))}", sentence)
        return True
    return False


def show_effect(effect: Effect) -> str:
    """An effect in the book format's words."""
    return _show(effect.model_dump(by_alias=True, exclude_defaults=True))


def read_rules(drafts: dict[str, Draft], skip: Iterable[str] = ()) -> Reading:
    """The rules the prose of `drafts` gives, as an overlay, with the phrases read and the rule-like
    sentences not read. Sections in `skip` are not read (a hand-written overlay's dropped ones)."""
    left = set(skip)
    reading = Reading(Overlay())
    items: dict[str, dict[str, Any]] = {}
    sections: dict[str, SectionOverlay] = {}
    for sid, draft in drafts.items():
        if sid in left:
            continue
        reading.tally.choices += len(draft.choices)
        work = _Section(draft, reading.phrases, reading.unread, items, reading.tally)
        if draft.creatures:
            reading.tally.fights += 1
        _read_choices(work)
        _read_text(work)
        spec = work.overlay()
        if spec is not None:
            sections[sid] = spec
    book = {"items": {k: v for k, v in sorted(items.items())}}
    given = {e.item for spec in sections.values() for e in spec.effects if e.item is not None}
    for sid, spec in sections.items():
        tested: set[str] = set()
        for change in spec.choices.values():
            _items_in(change.condition, tested)
        for adjust in spec.test.adjust if spec.test is not None else ():
            _items_in(adjust.when, tested)
        for name in sorted(tested - given):
            reading.ungiven.setdefault(name, []).append(sid)
    reading.overlay = Overlay.model_validate({"book": book, "sections": sections})
    return reading
