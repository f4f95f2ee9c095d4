"""Talisman content: the typed models of the board, characters, cards and spells, and the effect language.

The rulebook (003_1ead471cbf19a248.txt) names the board and cards but does not print them; the data files
in `data/` are written for grognard in its own words. The format is documented with examples in
docs/formats/talisman-content.md. Every effect of a space, card, spell or ability is a list of `Effect`
parts (a tagged table: the key `do` names the part), interpreted by `effects.py`; no card has code of its
own where its effect is a combination of these parts.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeAlias

from pydantic import Field, model_validator

from grognard.engine.content import ContentModel, LocatedValueError

Region: TypeAlias = Literal["outer", "middle", "inner", "crown"]
"""The regions of the board; the Crown of Command is its own one-space region."""

Alignment: TypeAlias = Literal["good", "neutral", "evil"]
"""A Character's alignment (7:1-3)."""

Stat: TypeAlias = Literal["strength", "craft", "lives", "gold"]
"""What an effect gains or loses."""

CardType: TypeAlias = Literal[
    "event",
    "animal",
    "monster",
    "dragon",
    "spirit",
    "stranger",
    "object",
    "magic_object",
    "follower",
    "place",
]
"""Adventure card types, in the encounter order of 15:3."""

TYPE_ORDER: dict[str, int] = {
    "event": 1,
    "animal": 2,
    "monster": 2,
    "dragon": 2,
    "spirit": 3,
    "stranger": 4,
    "object": 5,
    "magic_object": 5,
    "follower": 5,
    "place": 6,
}
"""The group of each card type in 15:3 (1 Events ... 6 Places); card numbers must follow it."""

ENEMY_TYPES = frozenset({"animal", "monster", "dragon", "spirit"})
"""Cards that attack whoever encounters them (15:5-6)."""

Timing: TypeAlias = Literal["turn_start", "before_combat", "evade", "save_life"]
"""When a spell may be cast (9:6): at the start of the caster's own turn (before moving), in combat before
the die is rolled (16:3, 16:7), when attacked (to Evade, 18:1), or when about to lose a Life."""

When: TypeAlias = Literal["always", "combat", "psychic"]
"""When a bonus counts: always, in Combat only (by Strength), or in Psychic Combat only."""


class Condition(ContentModel):
    """A test on the character meeting an effect; every given key must hold (all of them), `negate` flips it.

    `has`: a keyword carried (an Object's or Follower's id or keyword, e.g. "water" or "talisman");
    `alignment`, `character` (character ids), `region`: one of the listed; `toad`: is a Toad or not;
    `gold_at_least`: at least that much Gold; `lives_below`: fewer Lives than that (a healer's offer is
    made only to a character below 4, 4:6).
    """

    has: str | None = None
    alignment: list[Alignment] | None = None
    character: list[str] | None = None
    region: list[Region] | None = None
    toad: bool | None = None
    gold_at_least: int | None = None
    lives_below: int | None = None
    negate: bool = False


class Gain(ContentModel):
    """Gain `amount` of a stat (Strength and Craft as counters, 1:5, 2:4; Lives without limit, 4:5; Gold)."""

    do: Literal["gain"]
    stat: Stat
    amount: int = Field(default=1, ge=1)


class Lose(ContentModel):
    """Lose `amount` of a stat; Strength and Craft never drop below the starting value (1:3, 2:3), Gold
    not below 0; each Life lost may be saved (Preservation, an Object in Combat) unless `unsaveable`."""

    do: Literal["lose"]
    stat: Stat
    amount: int = Field(default=1, ge=1)
    followers_may_die: bool = False
    unsaveable: bool = False


class Heal(ContentModel):
    """Regain Lives up to 4 at most (4:6)."""

    do: Literal["heal"]
    amount: int = Field(default=1, ge=1)


class Draw(ContentModel):
    """Draw `count` Adventure cards onto the space; they are encountered at once (13:4)."""

    do: Literal["draw"]
    count: int = Field(default=1, ge=1)


class DrawSpells(ContentModel):
    """Draw `count` Spells (9:4-5), kept only within the Craft limit (2:6-8)."""

    do: Literal["draw_spells"]
    count: int = Field(default=1, ge=1)


class Teleport(ContentModel):
    """Move to a space: one of `to` (the player picks when there are several) or, with `to` empty, any space
    of `region`. With `encounter` the character then encounters the new space (13:1); without, the turn
    ends there (the Crypt and the Mines, 14:5-6)."""

    do: Literal["teleport"]
    to: list[str] = Field(default_factory=list)
    region: Region | None = None
    encounter: bool = True

    @model_validator(mode="after")
    def _somewhere(self) -> Teleport:
        if not self.to and self.region is None:
            raise LocatedValueError(("to",), "a teleport needs `to` (space ids) or a `region`")
        return self


class LoseTurns(ContentModel):
    """Miss `count` turns. On an Event card the current turn ends there and then and counts as the first
    (15:4); on anything else (a space, a Spell) the character misses his next `count` turns and the
    current one goes on (`effects.ends_this_turn`)."""

    do: Literal["lose_turns"]
    count: int = Field(default=1, ge=1)


class EndTurn(ContentModel):
    """The character's turn ends now."""

    do: Literal["end_turn"]


class Outcome(ContentModel):
    """A branch of a roll: totals `low`..`high` (after `minus`) run `then`."""

    low: int
    high: int
    then: list[Effect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _order(self) -> Outcome:
        if self.low > self.high:
            raise LocatedValueError(("high",), f"high {self.high} is below low {self.low}")
        return self


class Roll(ContentModel):
    """Roll `dice` dice, subtract the character's `minus` score if given (the Crypt, 14:5; the Mines, 14:6)
    and run the outcome covering the total. Totals no outcome covers do nothing."""

    do: Literal["roll"]
    dice: int = Field(default=1, ge=1, le=4)
    minus: Literal["strength", "craft"] | None = None
    outcomes: list[Outcome] = Field(min_length=1)


class ChangeAlignment(ContentModel):
    """Change alignment (7:1-3; at most once a turn, 7:2)."""

    do: Literal["alignment"]
    to: Alignment


class BecomeToad(ContentModel):
    """Turned into a Toad for `turns` turns (19:1-8)."""

    do: Literal["toad"]
    turns: int = Field(default=3, ge=1)


class Fight(ContentModel):
    """A creature attacks: by Strength (Combat, 16:1) or by Craft (Psychic Combat, 17:1).

    `strength_dice` dice are rolled and added to `strength` when it appears (the Werewolf's Strength is
    the roll of 1 die, 14:7: `strength` 0, `strength_dice` 1). With `count_dice`,
    that many dice give how many such creatures attack one at a time (the Pitfiends, 14:8). Creatures in
    the Inner Region can never be evaded nor touched by spells (14:4, 18:3).
    """

    do: Literal["fight"]
    name: str
    strength: int = 0
    craft: int = 0
    strength_dice: int = Field(default=0, ge=0, le=2)
    count_dice: int = Field(default=0, ge=0, le=1)

    @model_validator(mode="after")
    def _one_score(self) -> Fight:
        by_strength = self.strength > 0 or self.strength_dice > 0
        if by_strength == (self.craft > 0):
            raise LocatedValueError(("strength",), "a creature fights by Strength or by Craft (exactly one)")
        return self


class If(ContentModel):
    """Run `then` when the condition holds, else `otherwise`."""

    do: Literal["if"]
    test: Condition
    then: list[Effect] = Field(default_factory=list)
    otherwise: list[Effect] = Field(default_factory=list)


class Option(ContentModel):
    """One choice of a `choose`: a label shown to the player, a Gold price paid first, and what follows."""

    label: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    cost: int = Field(default=0, ge=0)
    test: Condition | None = None
    then: list[Effect] = Field(default_factory=list)


class Choose(ContentModel):
    """The player picks one option (those they can afford and whose test holds); used for every instruction
    a character may follow at their discretion (13:5)."""

    do: Literal["choose"]
    options: list[Option] = Field(min_length=1)


class GainCard(ContentModel):
    """Take a Purchase or Talisman card from its pile, when one is left (20:1-2)."""

    do: Literal["gain_card"]
    card: str


class Shop(ContentModel):
    """Purchase cards on sale here at their price; the player buys any number, one at a time (20:1)."""

    do: Literal["shop"]
    cards: list[str] = Field(min_length=1)


class LoseFollower(ContentModel):
    """One Follower (the player's choice) is killed and discarded (6:3)."""

    do: Literal["lose_follower"]


class LoseObject(ContentModel):
    """One Object (the player's choice) is lost to the discard pile (or back to its pile, 20:2)."""

    do: Literal["lose_object"]


class Discard(ContentModel):
    """The card being encountered leaves the space for the discard pile."""

    do: Literal["discard"]


class PlaceCard(ContentModel):
    """The card being encountered is placed on another space and does not affect this character (15:1)."""

    do: Literal["place"]
    space: str


class Command(ContentModel):
    """Cast the Command Spell at every other character (9:8)."""

    do: Literal["command"]


class Follow(ContentModel):
    """The card being encountered (a Stranger) joins the character as a Follower (6:2)."""

    do: Literal["follow"]


Effect: TypeAlias = Annotated[
    Gain
    | Lose
    | Heal
    | Draw
    | DrawSpells
    | Teleport
    | LoseTurns
    | EndTurn
    | Roll
    | ChangeAlignment
    | BecomeToad
    | Fight
    | If
    | Choose
    | GainCard
    | Shop
    | LoseFollower
    | LoseObject
    | Discard
    | PlaceCard
    | Command
    | Follow,
    Field(discriminator="do"),
]
"""One part of the effect language; lists of parts run in order."""


class Bonus(ContentModel):
    """Strength or Craft added while carried (1:1, 1:6, 2:1, 2:5): `when` it counts."""

    stat: Literal["strength", "craft"]
    amount: int
    when: When = "always"


class Item(ContentModel):
    """What Objects, Magic Objects and Followers share: bonuses and powers while carried.

    `weapon`: a weapon (only one counts in Combat, 16:4). `save`: in Combat, a die roll of at least this
    saves a Life (16:4; never in Psychic Combat, 17:2). `alignments`: who may use it (5:2, 7:3; empty =
    all). `carry_any`: no limit of 4 Objects (the Mule, 5:3). `extra_spells`: may exceed the Spell limit by
    this many (the Wand, 2:6); `on_gain` runs when it is taken, `on_cast` after its owner casts a Spell.
    `keywords` are what conditions test (`has`), besides the id.
    """

    bonuses: list[Bonus] = Field(default_factory=list)
    weapon: bool = False
    save: int | None = Field(default=None, ge=2, le=6)
    alignments: list[Alignment] = Field(default_factory=list)
    carry_any: bool = False
    extra_spells: int = Field(default=0, ge=0)
    on_gain: list[Effect] = Field(default_factory=list)
    on_cast: list[Effect] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)


class AdventureCard(Item):
    """An Adventure card: its number (encounter order, 15:2), type, scores and instructions.

    `strength` for Animals, Monsters and Dragons, `craft` for Spirits. `effects` are the instructions of
    Events, Strangers and Places (a Stranger's are run when visited). `creature`: a being that may be
    Evaded though it is not an Enemy (18:2.3). `stays`: whether an Event stays on the space after it is
    met (Events leave by default, every other card stays until taken or killed, 15:11). `count` copies.
    """

    number: int = Field(ge=1)
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    type: CardType
    count: int = Field(default=1, ge=1)
    strength: int = 0
    craft: int = 0
    effects: list[Effect] = Field(default_factory=list)
    creature: bool = False
    stays: bool | None = None
    text: str = ""

    @model_validator(mode="after")
    def _scores(self) -> AdventureCard:
        if self.type in ("animal", "monster", "dragon") and self.strength < 1:
            raise LocatedValueError(("strength",), f"an enemy of type {self.type} needs a Strength")
        if self.type == "spirit" and self.craft < 1:
            raise LocatedValueError(("craft",), "a spirit needs a Craft")
        if self.alignments and self.type != "magic_object":
            raise LocatedValueError(("alignments",), "only Magic Objects have alignment limits")
        return self


class PurchaseCard(Item):
    """A Purchase or Talisman card (20:1-3): price in Gold (0 when it cannot be bought) and pile size."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    type: Literal["object", "magic_object"] = "object"
    price: int = Field(default=0, ge=0)
    count: int = Field(ge=1)
    text: str = ""


class SpellCard(ContentModel):
    """A Spell (9:1-7): when it may be cast, at whom, and what it does.

    `timing` is when (see `Timing`). `target`: "self", "other" (another character, wherever they are,
    9:7) or "space" (the card is left on a space of the caster's choice in their region and acts on the
    next character to encounter it). `evade`: "all" creatures on the space or "one" (Immobility, 18:1).
    `combat_bonus`: added to the caster's Combat or Psychic Combat score. `slay`: the creature fought is
    killed outright. `affects_creature`: it touches a creature, so it is void in the Inner Region (9:7, 14:4).
    """

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    count: int = Field(default=1, ge=1)
    timing: Timing
    target: Literal["self", "other", "space"] = "self"
    evade: Literal["all", "one"] | None = None
    combat_bonus: int = 0
    slay: bool = False
    affects_creature: bool = False
    effects: list[Effect] = Field(default_factory=list)
    text: str = ""


class Creature(ContentModel):
    """A fixed creature of a space, such as the Sentinel (11:11)."""

    name: str
    strength: int = Field(ge=1)


class Bridge(ContentModel):
    """A bridge to `to` (11:8); a `guard` attacks those crossing this way (11:11)."""

    to: str
    guard: Creature | None = None


class Portal(ContentModel):
    """The Portal of Power (11:20-26): leads to `to`; opens when `dice` dice total no more than the
    character's Strength or Craft (their better score, or the one named by `versus`)."""

    to: str
    dice: int = Field(default=2, ge=1, le=4)
    versus: Literal["strength", "craft", "best"] = "best"


class Space(ContentModel):
    """A space of the board.

    `position`: its place in its region's ring (Outer 0-23, Middle 0-15, clockwise) or along the Inner
    Region's path (0 = the Plain of Peril, rising towards the Crown). `draw`: its instruction is to draw
    that many cards (13:4); else `effects` are its instruction (13:5, 14:3). `opposite`: the spaces across
    the Storm River (11:18). `tags`: "woods"/"forest" (raft building, 11:16), "shop", ...
    `enemy_bonus`: added to enemies' Combat rolls here (the Runes). `no_object_bonuses`: Objects and Magic
    Objects give nothing here (the Cursed Glade, 1:6). `meet`: characters may be encountered here (14:1).
    `talisman_needed`: only a character with a Talisman may enter (11:6).
    """

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    region: Region
    position: int = Field(ge=0)
    text: str
    draw: int = Field(default=0, ge=0)
    effects: list[Effect] = Field(default_factory=list)
    opposite: list[str] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)
    bridge: Bridge | None = None
    portal: Portal | None = None
    enemy_bonus: int = 0
    no_object_bonuses: bool = False
    meet: bool = True
    talisman_needed: bool = False

    @model_validator(mode="after")
    def _one_instruction(self) -> Space:
        if self.draw and self.effects:
            raise LocatedValueError(("effects",), "a space either draws cards or has other effects, not both")
        return self


class Board(ContentModel):
    """The board file: every space."""

    spaces: list[Space] = Field(min_length=1)


class Ability(ContentModel):
    """A Special Ability (8:1: it overrides the rules). `kind` names it; the other keys are its parameters.

    Kinds: "start_spells" (`amount` Spells at the start, 9:4); "psychic_attack" (attacks characters by
    Psychic Combat, 17:1.2); "steal" (takes 1 Object or 1 Gold from a character encountered, 13:3);
    "two_weapons" (two weapons count in Combat); "evade" (may Evade enemies of `types`, 18:1); "bonus"
    (`stat` + `amount` `when`, only on spaces with one of `tags` if given); "alignment_at_will" (changes
    alignment at the start of the turn, 7:2); "redraw" (once a turn may discard one card just drawn and
    draw again); "no_defender_roll" (characters it attacks add no die); "turn_start" (may run `effects`
    at the start of each turn).
    """

    kind: Literal[
        "start_spells",
        "psychic_attack",
        "steal",
        "two_weapons",
        "evade",
        "bonus",
        "alignment_at_will",
        "redraw",
        "no_defender_roll",
        "turn_start",
    ]
    amount: int = 0
    stat: Literal["strength", "craft"] | None = None
    when: When = "always"
    tags: list[str] = Field(default_factory=list)
    types: list[CardType] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    text: str = ""


class Character(ContentModel):
    """A Character card: starting Strength, Craft, alignment and space, and Special Abilities."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    strength: int = Field(ge=1)
    craft: int = Field(ge=1)
    alignment: Alignment
    start: str
    abilities: list[Ability] = Field(default_factory=list)
    text: str = ""


class CharacterFile(ContentModel):
    """The characters file."""

    characters: list[Character] = Field(min_length=1)


class AdventureFile(ContentModel):
    """A file of Adventure cards (the deck is every file of `data/adventure/`)."""

    cards: list[AdventureCard] = Field(default_factory=list)


class SpellFile(ContentModel):
    """The Spell deck."""

    spells: list[SpellCard] = Field(min_length=1)


class PurchaseFile(ContentModel):
    """The Purchase and Talisman cards, and how many Toad and Alignment Change cards there are."""

    purchase: list[PurchaseCard] = Field(default_factory=list)
    talisman: list[PurchaseCard] = Field(default_factory=list)
    toad_cards: int = Field(default=6, ge=1)
    alignment_cards: int = Field(default=6, ge=1)


def _rebuild(*models: Any) -> None:
    for model in models:
        model.model_rebuild()


_rebuild(Outcome, Roll, If, Option, Choose, Item, AdventureCard, PurchaseCard, SpellCard, Space, Ability)
