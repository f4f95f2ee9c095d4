"""HeroQuest's names in the reader's language: the rules data's names (heroes' races and classes,
monsters, skills, spells, equipment, artifacts, mercenaries) are kept English in the state, the saved game
and the events' values (the rules compare them) and said where they are shown (docs/languages.md).

A name no catalogue knows (a quest's own monster, "Grak"; a hero a player named) is said as it is: it is
the quest author's or the player's word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from grognard.i18n import N_, NP_, pgettext
from grognard.i18n import gettext as _

NAMES = (
    N_("Air Walk"),
    N_("Ambush"),
    N_("Amulet of the North"),
    N_("Ancient Staff"),
    N_("Anti-Poison Quill"),
    N_("Armband of Healing"),
    N_("Armband of Ice"),
    N_("Backstab"),
    N_("Ball of Flame"),
    N_("Barbarian"),
    N_("Battle Axe"),
    N_("Battle Roar"),
    N_("Bear Hug"),
    N_("Berserker"),
    N_("Bite"),
    N_("Bodyguard"),
    N_("Bone Wand"),
    N_("Borin's Armor"),
    N_("Bow"),
    N_("Broadsword"),
    N_("Chain Mail"),
    N_("Chaos Warrior"),
    N_("Chill"),
    N_("Claw Swipe"),
    N_("Cloud of Chaos"),
    N_("Combat Sorcery"),
    N_("Command"),
    N_("Courage"),
    N_("Crossbow"),
    N_("Crossbowman"),
    N_("Curse"),
    N_("Dagger"),
    N_("Dash Attack"),
    N_("Deep Sleep"),
    N_("Disappear"),
    N_("Disarm"),
    N_("Disarm Traps"),
    N_("Dispell"),
    N_("Dominion"),
    N_("Double Image"),
    N_("Dread"),
    N_("Dual-Wielding"),
    N_("Dust of Disappearance"),
    N_("Dwarf"),
    N_("Dwarven Hardiness"),
    N_("Elf"),
    N_("Elixir of Life"),
    N_("Elven Archer"),
    N_("Elven Awareness"),
    N_("Elven Boots"),
    N_("Elven Bow of Vindication"),
    N_("Elven Bracers"),
    N_("Elven Cloak of Passage"),
    N_("Elven Finesse"),
    N_("Elven Warrior"),
    N_("Escape"),
    N_("Excavate"),
    N_("Fear"),
    N_("Fimir"),
    N_("Fire Ring"),
    N_("Fire of Wrath"),
    N_("Firestorm"),
    N_("Flashback"),
    N_("Focus"),
    N_("Frenzy"),
    N_("Frightening Battle Roar"),
    N_("Gargoyle"),
    N_("Genie"),
    N_("Giant Wolf"),
    N_("Goblin"),
    N_("Halberdier"),
    N_("Heal Body"),
    N_("Helmet"),
    N_("Heroic Brew"),
    N_("Human"),
    N_("Human Destiny"),
    N_("Human Resistance"),
    N_("Hypnotic Blaze"),
    N_("Ice Bridge"),
    N_("Ice Gremlin"),
    N_("Ice Storm"),
    N_("Ice Wall"),
    N_("Improved Stealth"),
    N_("Inspire Courage"),
    N_("Inspire Valour"),
    N_("Kidnap"),
    N_("Lightning Bolt"),
    N_("Long Jump"),
    N_("Longsword"),
    N_("Magical Throwing Dagger"),
    N_("Manhandler"),
    N_("Maul"),
    N_("Mighty Toss"),
    N_("Mimic"),
    N_("Mind Blast"),
    N_("Mind Freeze"),
    N_("Minor Dread"),
    N_("Mirror Magic"),
    N_("Mummy"),
    N_("Ogre"),
    N_("Orc"),
    N_("Orc's Bane"),
    N_("Pass Through Rock"),
    N_("Pestilence"),
    N_("Pincer Attack"),
    N_("Plate Mail"),
    N_("Polar Warbear"),
    N_("Potion of Battle"),
    N_("Potion of Battle Rage"),
    N_("Potion of Defense"),
    N_("Potion of Dexterity"),
    N_("Potion of Frost Skin"),
    N_("Potion of Healing"),
    N_("Potion of Icy Strength"),
    N_("Potion of Magic"),
    N_("Potion of Magic Resistance"),
    N_("Potion of Recall"),
    N_("Potion of Restoration"),
    N_("Potion of Speed"),
    N_("Potion of Strength"),
    N_("Potion of Vision"),
    N_("Potion of Warmth"),
    N_("Psychic Recovery"),
    N_("Rabbit Boots"),
    N_("Ranged Accuracy"),
    N_("Reanimation"),
    N_("Restore Chaos"),
    N_("Ring of Return"),
    N_("Ring of Warmth"),
    N_("Riposte"),
    N_("Rock Skin"),
    N_("Rogue"),
    N_("Rogue Mage"),
    N_("Rush"),
    N_("Rust"),
    N_("Savagery"),
    N_("Scout"),
    N_("Set Trap"),
    N_("Shield"),
    N_("Shield Bash"),
    N_("Short Sword"),
    N_("Skate"),
    N_("Skeleton"),
    N_("Sky Orb"),
    N_("Sleep"),
    N_("Slow"),
    N_("Snowshoes of Speed"),
    N_("Soothe"),
    N_("Spell Ring"),
    N_("Spell Scroll"),
    N_("Spirit Blade"),
    N_("Staff"),
    N_("Stare Down"),
    N_("Stealth"),
    N_("Stomp"),
    N_("Stone Gaze"),
    N_("Strength of Will"),
    N_("Summon Orcs"),
    N_("Summon Undead"),
    N_("Summon Wolves"),
    N_("Swarm"),
    N_("Sweep Attack"),
    N_("Swift Wind"),
    N_("Swordsman"),
    N_("Tail Attack"),
    N_("Talisman of Lore"),
    N_("Telekinesis"),
    N_("Tempest"),
    N_("Theft"),
    N_("Timestop"),
    N_("Tool Kit"),
    N_("Toss"),
    N_("Treasure Without Doom"),
    N_("Twist Wood"),
    N_("Veil of Mist"),
    N_("Venom Antidote"),
    N_("Vile Courage"),
    N_("Wand of Magic"),
    N_("Warmth"),
    N_("Warrior"),
    N_("Water of Healing"),
    N_("Weak Ball of Flame"),
    N_("Werewolf's Curse"),
    N_("Wizard"),
    N_("Wizard's Cloak"),
    N_("Wizard's Staff"),
    N_("Wolfsbane Potion"),
    N_("Yeti"),
    N_("Zombie"),
)
"""Every name of the rules data (`content.catalog`), marked for the catalogues (a test checks that every
entry of the catalogue is here)."""

RACES = (NP_("race", "Human"), NP_("race", "Elf"), NP_("race", "Dwarf"))
"""The races as a hero's name says them ("Human Barbarian"): an adjective after the class in Spanish."""
_BY_KEY = {name.lower(): name for name in NAMES}
"""Each name of the rules data by its words in lower case (a key's hyphens made spaces)."""
_RACE_AND_CLASS = re.compile(r"(\S+) (.+)")
"""A name read as a race and a class ("Human Barbarian", "Human Rogue Mage")."""
HERO_NAME = N_("{race} {hero_class}")
"""A hero named by race and class, as the party's heroes are ("Human Barbarian")."""


def said(name: str) -> str:
    """A name of the rules data in the reader's language ("Goblin", "Fire of Wrath", "Human Barbarian");
    any other name (a quest's own monster, a hero a player named) as it is."""
    if not name:
        return name
    found = _(name)
    if found != name:
        return found
    parts = _RACE_AND_CLASS.fullmatch(name)
    if parts is not None and parts.group(1) in RACES and parts.group(2) in NAMES:
        return _(HERO_NAME).format(race=pgettext("race", parts.group(1)), hero_class=_(parts.group(2)))
    return name


def thing(key: str, plain: str | None = None) -> str:
    """A thing named by its key or its name ("potion-of-healing", "Short Sword") in the reader's language
    ("Poción de curación"); when the reader's language has no other word for it, `plain` (the key itself
    unless given), so English says what it always said."""
    found = _BY_KEY.get(key.replace("-", " ").lower())
    if found is not None:
        translated = said(found)
        if translated != found:
            return translated
    return key if plain is None else plain


def listed(names: Iterable[str]) -> str:
    """Names said and joined by commas."""
    return ", ".join(said(n) for n in names)


FACES = (
    N_("skull"),
    N_("white shield"),
    N_("black shield"),
    N_("skulls"),
    N_("white shields"),
    N_("black shields"),
)
"""The combat die's faces and what a throw counts, as the log's dice say them (`engine.dice`)."""

SCHOOLS = (N_("fire"), N_("water"), N_("earth"), N_("air"), N_("chaos"))
"""The spell groups, as a spell's choice names its group ("Fire of Wrath (fire)")."""

FURNITURE = (
    N_("table"),
    N_("sorcerers table"),
    N_("alchemists bench"),
    N_("tomb"),
    N_("torture rack"),
    N_("chest"),
    N_("bookcase"),
    N_("cupboard"),
    N_("weapons rack"),
    N_("fireplace"),
    N_("throne"),
)
"""The furniture's kinds as the board and the log say them (the kind's hyphens made spaces)."""

TRAPS = (
    N_("spear"),
    N_("pit"),
    N_("long pit"),
    N_("falling rock"),
    N_("stalactite"),
    N_("swinging axe"),
    N_("wandering monster"),
)
"""The traps' kinds as the log and the game master's knowledge say them ("the spear trap")."""

STATES = (
    NP_("door", "closed"),
    NP_("door", "open"),
    NP_("door", "secret"),
    N_("active"),
    N_("dead"),
    N_("dying"),
    N_("left"),
    N_("gone"),
    N_("prisoner"),
    N_("escorted"),
    N_("held"),
    N_("lurking"),
    N_("hidden"),
    N_("found"),
    N_("sprung"),
    N_("disarmed"),
    N_("won"),
    N_("lost"),
    N_("retreated"),
    N_("timeout"),
)
"""The states the board and the sheets name: a door's (said with `pgettext("door", ...)`), a hero's, a
monster's, a trap's (the game master's knowledge), the quest's outcome."""


TEXTS = (
    N_("Well-rounded; one bonus point to Defend and no race limit on the first allotment of points."),
    N_("Spry and gifted with magic: one bonus point to Magic, but at most 6 Body points at creation."),
    N_("Solid folk: one bonus Body point; cannot use magic, take a magic-using class or allot Magic points."),
    N_("Brute strength and no magic; may start with a broadsword instead of the usual short sword."),
    N_("A fighter sworn to a cause; no magic, but free to put points into Mind. Starts with a short sword."),
    N_("Agile, stealthy and clever with traps, of slighter build. Starts with a short sword."),
    N_(
        "A physically weak master of magic (three points of Magic); starts with a dagger and three of the"
        " four elemental spell groups."
    ),
    N_(
        "A rogue who uses magic, weaker at both than the masters; one of the four elemental spell groups "
        "and any rogue or wizard skill."
    ),
    N_("One extra defend die until broken."),
    N_(
        "Restores 4 lost Body points (6 from caster level 5, 8 from level 7), never above the starting "
        "number."
    ),
    N_(
        "On the next move, walk through as many walls as the roll allows; ending in solid rock traps him "
        "forever."
    ),
    N_(
        "Flames deal 1 point of damage (2 from caster level 3, 4 from level 6); the enemy avoids each "
        "point on a 5 or 6 of a red die."
    ),
    N_("Two extra dice on the character's next attack."),
    N_(
        "Fire deals 3 points of damage (4 from caster level 6, 6 from level 10); the enemy rolls a red "
        "die per point and each 6 saves one."
    ),
    N_("Twice the usual red dice on the character's next move."),
    N_("A whirlwind: the enemy misses its next turn."),
    N_(
        "A genie opens any door on the board, or attacks an enemy in sight with combat dice equal to the "
        "caster's Magic points."
    ),
    N_(
        "Restores 2 lost Body points (4 from caster level 4, 6 from level 8), never above the starting "
        "number."
    ),
    N_("On the next move, pass unseen through squares held by enemies."),
    N_("The enemy sleeps: no moving, attacking or defending. Not on undead."),
    N_(
        "Moves unseen, only moving and opening doors, neither affecting nor affected by anything, until "
        "he cancels it."
    ),
    N_(
        "Warps an enemy's wooden weapon (staff, bow, crossbow) into uselessness, leaving base Attack "
        "dice; not artifacts or unique items."
    ),
    N_("A monster in sight with 1 to 5 Mind points falls asleep and can neither attack nor defend."),
    N_("Time stops for everyone else: the character takes another turn right after this one."),
    N_("A lifelike double: when an attack hits him, a red die of 1-3 means the image took it."),
    N_(
        "Everyone in sight but the caster, friend or foe, rolls a red die; above his Mind points he is "
        "paralysed for three turns."
    ),
    N_("After a hero's turn, the character replays the whole turn with the first one undone; not an action."),
    N_(
        "The enemy moves one square a turn and rolls one combat die fewer to attack and defend, never "
        "below 1."
    ),
    N_("A whirlwind: the character misses his next turn."),
    N_("Two Body points of fire damage; the victim rolls two red dice and each 5 or 6 saves one."),
    N_("One Body point of damage to a character orthogonally next to the caster, who cannot defend."),
    N_("The character attacks with one combat die only."),
    N_("A hero in sight is paralysed: no moving or attacking, and he defends with his base attack dice."),
    N_("The caster skates up to 12 squares through icy places, passing through any figure, for one turn."),
    N_(
        "Cast right after a hero casts: each side rolls a red die plus Mind points; if the enemy's is "
        "higher the hero's spell fails."
    ),
    N_(
        "A bolt in any straight line to a wall or closed door: two Body points of damage to everyone in "
        "its path."
    ),
    N_("The character sleeps: no moving, attacking or defending."),
    N_("Restores up to 3 lost Body points to the caster or another enemy."),
    N_("The caster vanishes to a secret place."),
    N_("The caster controls the character, moving him to attack others after the caster's turn."),
    N_(
        "The hero rolls a combat die per current Mind point and keeps only one Mind point per white "
        "shield; at zero he is comatose."
    ),
    N_("Cast right after a hero casts at the enemy caster: the hero suffers his own spell."),
    N_("Ruins one metal weapon or armour piece for good; not artifacts or unique items."),
    N_(
        "Three Body points of fire to everyone else in the caster's room (within 5 squares outside "
        "rooms); each rolls two red dice and every 5 or 6 saves one."
    ),
    N_(
        "A 2 by 2 square blizzard: the caster attacks each figure in it, friend or foe, with three combat"
        " dice, without defence."
    ),
    N_("Restores up to 6 lost Body points to the caster or an enemy in the caster's sight."),
    N_("Everyone in the room or corridor is paralysed: no moving, attacking or defending."),
    N_("Every slain undead in the room rises with full Body points and fights again."),
    N_("Up to four squares of ice in the caster's sight block movement and blows but not sight or spells."),
    N_("Orcs appear around the caster: a red die of 1-3 brings 4, 4-5 brings 5, 6 brings 6."),
    N_(
        "Unless the hero rolls a 6, he is cursed: each turn a red die of 6 turns him into a werewolf of "
        "his level, played by the game master that turn."
    ),
    N_(
        "Undead appear around the caster: 1-2 brings 4 skeletons, 3-4 brings 3 skeletons and 2 zombies, "
        "5-6 brings 2 zombies and 2 mummies."
    ),
    N_("Giant wolves appear next to the caster: 1-2 brings 1, 3-4 brings 2, 5-6 brings 3."),
    N_("A lasting bridge of ice over any pit, trap, chasm or crevasse."),
    N_("Restores every lost Mind point."),
    N_(
        "Draw treasure cards, skipping wandering monsters and hazards, until gold, a potion, gems or "
        "jewels come up; or open a chest with its traps disarmed."
    ),
    N_("Restores up to three lost Body points."),
)
"""The texts of the races, the classes and the spells (`content.catalog`: the hero cards' descriptions,
what a spell does in its cast label), marked for the catalogues and said by `gettext` where shown."""
