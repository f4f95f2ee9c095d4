"""The referee's actions of a kept campaign as forms for the views: each action's written form
(`exp:I:X`), what it does, its group, and the fields a front end asks to fill it in.

The campaign's `legal_actions` are only a sample; a front end builds any other action from these forms
(each field asked, an optional one left blank to stop) and makes it as a referee action. The command
line's `campaign act` help lists the same forms.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import JsonValue

from grognard.i18n import N_
from grognard.systems.adventures_in_fantasy.calendar import DAYS_IN_WEEK
from grognard.systems.adventures_in_fantasy.campaign import MAX_TRAVEL_DAYS, MAX_WEEKS
from grognard.systems.adventures_in_fantasy.encounters import TERRAINS
from grognard.systems.adventures_in_fantasy.towns import MAX_POPULATION


@dataclass(frozen=True)
class Field:
    """One blank of a form: its letter in the form, the question, its kind ("character", "number",
    "choice" or "text"), the bounds of a number, the choices of a choice, and whether it may be left
    blank (then it and every later field are left out)."""

    name: str
    ask: str
    kind: str = "text"
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    optional: bool = False

    def data(self) -> dict[str, JsonValue]:
        """The field as view data."""
        found: dict[str, JsonValue] = {"name": self.name, "ask": self.ask, "kind": self.kind}
        if self.kind == "number":
            found |= {"low": self.low, "high": self.high}
        if self.choices:
            found["choices"] = list(self.choices)
        if self.optional:
            found["optional"] = True
        return found


@dataclass(frozen=True)
class Form:
    """A referee action's form: its head, the written form, a short label, what it does, its group,
    its fields and whether it may throw dice (then the dice the table threw may be given)."""

    id: str
    form: str
    label: str
    what: str
    group: str
    fields: tuple[Field, ...] = ()
    rolls: bool = False

    def data(self) -> dict[str, JsonValue]:
        """The form as view data."""
        return {
            "id": self.id,
            "form": self.form,
            "label": self.label,
            "what": self.what,
            "group": self.group,
            "fields": [f.data() for f in self.fields],
            "rolls": self.rolls,
        }


WHO = Field("I", N_("Which character"), "character")
GP = Field("GP", N_("Gold pieces"), "number", 0, 1_000_000)
SP = Field("SP", N_("Silver pieces (blank: none)"), "number", 0, 1_000_000, optional=True)
TERRAIN = Field("TERRAIN", N_("Terrain"), "choice", choices=TERRAINS)


def _who(head: str, label: str, what: str, group: str, *more: Field, rolls: bool = False) -> Form:
    written = ":".join([head, "I", *(f"[{f.name}]" if f.optional else f.name for f in more)])
    return Form(head, written.replace(":[", "[:"), label, what, group, (WHO, *more), rolls)


GROUPS: tuple[tuple[str, str], ...] = (
    ("character", N_("A new character")),
    ("party", N_("The party")),
    ("standing", N_("Experience and standing: experience, reputation, rank, alignment")),
    ("health", N_("Wounds and death")),
    ("melee", N_("The melee on")),
    ("fight", N_("A fight: shoot, fight a creature, join a fight")),
    ("learning", N_("Courses and skills: study, weapon skills, magical service, time away")),
    ("hirelings", N_("Hirelings: recruit, lose, pay")),
    ("lands", N_("Lands: a town or holdings held, and their revenue")),
    ("money", N_("Money and kit: take, spend, buy, find, drop")),
)
"""The forms' groups in the order a front end lists them, each with its label."""

ADD = Form(
    "add",
    "add:JSON",
    N_("Add a character (rolled, then soldier or civilian and the courses asked)"),
    "a character joins (`campaign add-character` writes it)",
    "character",
)
"""Adding a character: no fields, the front end runs character creation's questions and makes the
`add` action of what they made."""

FORMS: tuple[Form, ...] = (
    Form(
        "round",
        "round",
        N_("The melee goes on another turn"),
        "every bout of the melee goes on another turn (every blow's dice shown)",
        "melee",
        rolls=True,
    ),
    Form(
        "break", "break", N_("Break the melee off"), "the melee is broken off (the wounds are kept)", "melee"
    ),
    ADD,
    Form(
        "advance",
        "advance:N",
        N_("Let weeks pass"),
        "N weeks pass, 1-520 (as `grognard aif advance`)",
        "party",
        (Field("N", N_("How many weeks"), "number", 1, MAX_WEEKS),),
        rolls=True,
    ),
    Form(
        "days",
        "days:N",
        N_("Let days of rest pass"),
        "N days of rest pass (the seventh runs the week's tasks)",
        "party",
        (Field("N", N_("How many days"), "number", 1, MAX_WEEKS * DAYS_IN_WEEK),),
        rolls=True,
    ),
    Form(
        "travel",
        "travel:DAYS[:TERRAIN[:TOWN]]",
        N_("Travel"),
        "the party travels: each day's encounter rolled; stops at anything met",
        "party",
        (
            Field("DAYS", N_("How many days"), "number", 1, MAX_TRAVEL_DAYS),
            Field(
                "TERRAIN",
                N_("Through which terrain (blank: where the party is)"),
                "choice",
                choices=TERRAINS,
                optional=True,
            ),
            Field("TOWN", N_("Bound for which town (blank: none)"), optional=True),
        ),
        rolls=True,
    ),
    Form(
        "place",
        "place:TERRAIN[:TOWN]",
        N_("Say where the party is"),
        "where the party is (forest, clear, ..., and a town)",
        "party",
        (TERRAIN, Field("TOWN", N_("At which town (blank: none)"), optional=True)),
    ),
    Form(
        "town",
        "town:NAME:POP[:MAKERS]",
        N_("Describe a town"),
        "a town described: population, makers (Armorer+Merchant), :MARKUP%, :walled",
        "party",
        (
            Field("NAME", N_("The town's name")),
            Field("POP", N_("Its population"), "number", 1, MAX_POPULATION),
            Field(
                "MAKERS", N_("Its makers, joined by + (Armorer+Merchant; blank: a Merchant)"), optional=True
            ),
            Field(
                "MARKUP", N_("Its prices' markup in percent (blank: none)"), "number", 0, 1000, optional=True
            ),
            Field("WALLED", N_("Walled (blank: no)"), "choice", choices=("walled",), optional=True),
        ),
    ),
    Form(
        "share",
        "share:GP[:SP]",
        N_("Share treasure"),
        "treasure shared among the living, one share per status level",
        "party",
        (GP, SP),
    ),
    Form(
        "note",
        "note:TEXT",
        N_("Write a note"),
        "the referee's note, kept in the campaign's log",
        "party",
        (Field("TEXT", N_("The note")),),
    ),
    _who(
        "exp",
        N_("Experience gained"),
        "character I gains X levels (X may be 1/2 or 0.25)",
        "standing",
        Field("X", N_("Levels gained (1, 1/2, 0.25 ...)")),
    ),
    _who(
        "boast",
        N_("A boast"),
        "reputation + X, unverified (nothing once found out)",
        "standing",
        Field("X", N_("Reputation gained (1, 1/2 ...)")),
    ),
    _who(
        "renown",
        N_("Renown"),
        "reputation + X, verified by neutral observers",
        "standing",
        Field("X", N_("Reputation gained (1, 1/2 ...)")),
    ),
    _who(
        "found-out",
        N_("Found out in his lies"),
        "lies found out: reputation to half the experience",
        "standing",
    ),
    _who("promote", N_("A promotion"), "a rank opens: he rises one rank (once a year)", "standing"),
    _who(
        "align",
        N_("An alignment"),
        "his alignment: law, neutral, chaos or none",
        "standing",
        Field("ALIGNMENT", N_("Which alignment"), "choice", choices=("law", "neutral", "chaos", "none")),
    ),
    _who(
        "wound",
        N_("Wounds"),
        "he takes N hits: at 0 left he falls unconscious, past 0 he dies",
        "health",
        Field("N", N_("How many hits"), "number", 1, 1000),
    ),
    _who(
        "kill",
        N_("Finish off a fallen character"),
        "a fallen (unconscious) character is finished off",
        "health",
    ),
    Form(
        "meet",
        "meet:WHAT[:TERRAIN]",
        N_("Something met"),
        "the party meets a creature or a company (as a day's encounter rolled at the table): the one a fight"
        " is with",
        "fight",
        (
            Field(
                "WHAT", N_("What is met (a creature of Chart F, Outlaws, Soldiers, Civilians, a magic-user)")
            ),
            Field(
                "TERRAIN",
                N_("Where (blank: the party's place)"),
                "choice",
                choices=("", *TERRAINS),
                optional=True,
            ),
        ),
    ),
    _who(
        "shoot",
        N_("Shoot at the creature met"),
        "he shoots at the creature met, before any melee (he needs the bow course, 10, the bow and arrows)",
        "fight",
        Field("BOW", N_("Which bow")),
        Field("YARDS", N_("At how many yards"), "number", 1, 10_000),
        rolls=True,
    ),
    _who(
        "fight",
        N_("Fight a creature"),
        "he fights a creature of the encounter tables, a melee turn at a time",
        "fight",
        Field("CREATURE", N_("Which creature (as the encounter tables name it)")),
        rolls=True,
    ),
    _who(
        "join",
        N_("Join a fight"),
        "he joins J's fight: both against J's creature, its hits shared, the kill shared",
        "fight",
        Field("J", N_("Whose fight"), "character"),
    ),
    _who(
        "study",
        N_("Begin a course"),
        "he begins course 1-26 of Table B (26:CRAFT: a craft)",
        "learning",
        Field("COURSE", N_("Which course (1-26, or 26:CRAFT)")),
    ),
    _who(
        "skill",
        N_("Take up a weapon skill"),
        "he keeps weapon skill NAME at BASE %, practised",
        "learning",
        Field("NAME", N_("Which weapon")),
        Field("BASE", N_("At what percent"), "number", 0, 100),
    ),
    _who(
        "practise",
        N_("Practise a skill again"),
        "he practises skill NAME again (12 hours a month)",
        "learning",
        Field("NAME", N_("Which weapon")),
    ),
    _who(
        "neglect",
        N_("Neglect a skill"),
        "he stops practising skill NAME (10% lost a month)",
        "learning",
        Field("NAME", N_("Which weapon")),
    ),
    _who(
        "service",
        N_("Magical service"),
        "a magician serves W weeks (0-4) a month for fees",
        "learning",
        Field("W", N_("Weeks a month"), "number", 0, 4),
    ),
    _who(
        "study-break",
        N_("Time away from his course"),
        "weeks away from his course (:YEARWEEKS for the year's total): fine or loss",
        "learning",
        Field("WEEKS", N_("Weeks away (WEEKS or WEEKS:YEARWEEKS)")),
    ),
    _who(
        "hire",
        N_("Recruit hirelings"),
        "he recruits N hirelings (status + charisma / 3 at most)",
        "hirelings",
        Field("N", N_("How many"), "number", 1, 1000),
    ),
    _who(
        "lose",
        N_("Hirelings lost"),
        "N of his hirelings are lost",
        "hirelings",
        Field("N", N_("How many"), "number", 1, 1000),
    ),
    _who("unpaid", N_("Hirelings unpaid"), "his hirelings go unpaid and desert", "hirelings"),
    _who(
        "pay-men",
        N_("Pay the hirelings"),
        "his hirelings' month: pay by their rank's yearly income, and upkeep",
        "hirelings",
        Field("INCOME", N_("Their rank's yearly income in gold"), "number", 0, 1_000_000),
    ),
    _who(
        "hold",
        N_("Hold a town or holdings"),
        "he holds a town or a castle's holdings: its people pay him revenue each year (3 GP a head, as"
        " the book's Bleakwood, unless another rate is given)",
        "lands",
        Field("NAME", N_("Which town or holdings")),
        Field(
            "PEOPLE",
            N_("How many people (blank: the town's population)"),
            "number",
            1,
            MAX_POPULATION,
            optional=True,
        ),
        Field("GP", N_("Gold each pays a year (blank: 3)"), optional=True),
    ),
    _who(
        "release",
        N_("Give up a town or holdings"),
        "he no longer holds that town or holdings",
        "lands",
        Field("NAME", N_("Which town or holdings")),
    ),
    _who("take", N_("Money taken"), "money taken (treasure, a reward) into his purse", "money", GP, SP),
    _who("spend", N_("Money spent"), "money spent from his purse", "money", GP, SP),
    _who(
        "buy",
        N_("Buy an item"),
        "he buys from the price list (availability rolled) or Table D's supplies (ITEM:N for N of them):"
        " price paid, item in his kit",
        "money",
        Field("ITEM", N_("Which item (as the price list or Table D names it; ITEM:N for N supplies)")),
        rolls=True,
    ),
    _who(
        "find",
        N_("An item found"),
        "an item taken as treasure into his kit (weighed as priced, or LB pounds)",
        "money",
        Field("ITEM", N_("Which item")),
        Field("LB", N_("Its weight in pounds (blank: as priced)"), "number", 0, 100_000, optional=True),
    ),
    _who(
        "drop",
        N_("An item left"),
        "an item of his kit left, sold or given away",
        "money",
        Field("ITEM", N_("Which item")),
    ),
)
"""Every referee action with fields, in the order they are listed (the party's first)."""

IN_A_MELEE = frozenset({"round", "break", "fight", "join", "note", "share"})
"""The forms open while a melee is on (the rest wait for it to end: `round` or `break`)."""


def forms_data(melee: bool) -> list[JsonValue]:
    """The forms open now as view data (`melee`: a fight is on; `round` and `break` only then)."""
    return [f.data() for f in FORMS if (f.id in IN_A_MELEE if melee else f.group != "melee")]


def groups_data() -> list[JsonValue]:
    """The groups of the forms, in order, as view data."""
    return [{"id": g, "label": label} for g, label in GROUPS]


def fill(form: Form, answers: list[str]) -> str:
    """The action a form's answers make: the head and each answer, colon-separated, blank optional
    answers at the end left out (one in the middle stays empty: `travel:3::Hamlet`)."""
    parts = [form.id, *answers]
    fields = (None, *form.fields)
    while len(parts) > 1 and not parts[-1] and (f := fields[len(parts) - 1]) is not None and f.optional:
        parts.pop()
    return ":".join(parts)
