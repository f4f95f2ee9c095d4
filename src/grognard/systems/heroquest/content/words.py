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


DATA_TEXTS = (
    N_(
        "Throw a melee weapon at any creature in sight with full attack dice; walk to where it lands "
        "before using it again."
    ),
    N_(
        "Give up a Body point for one more Attack die until the encounter ends (or death); the point "
        "then comes back."
    ),
    N_(
        "At 2 Body points or fewer: roll one extra die and score at least as many hits as base Attack. "
        "Once per encounter."
    ),
    N_(
        "Every visible enemy rolls a white die per Mind point; without a black shield its Defend drops "
        "by one for its next turn. Once per encounter; not undead."
    ),
    N_("Battle Roar also deals one Body point to each affected enemy next to the hero. Not undead."),
    N_(
        "After a kill, enemies within one square roll white dice equal to Mind; without a black shield "
        "they flee next turn and defend with half their dice, rounded down. Once per encounter; not "
        "undead."
    ),
    N_("Two attacks in one turn: one with the full dice, one with base Attack dice. Once per encounter."),
    N_(
        "Spend an action to make a defend roll for an adjacent or diagonal ally with the warrior's own "
        "dice and bonuses; the warrior takes the damage."
    ),
    N_(
        "Give up a Mind point for one more point of Attack or of Defend until the encounter ends (or "
        "death); the point then comes back."
    ),
    N_("Every visible companion rolls one more defend die for one turn. Once per encounter."),
    N_("Used instead of Inspire Courage: companions gain an attack die as well as a defend die."),
    N_(
        "Hero and target enemy each roll a red die per Mind point; if the hero rolls more, the enemy may "
        "not defend that turn. Once per encounter."
    ),
    N_("Attack an enemy from directly behind with one extra die; not together with dual-wielding attacks."),
    N_("Step onto a trap and disarm it unless a black shield is rolled on one die."),
    N_(
        "Declared with no enemy in sight; move with one red die. Each turn near enemies, roll a red die "
        "per Mind point and stay hidden only by beating their total Mind. Broken by any action but "
        "moving or opening doors, or coming within one square of an enemy. A backstab from stealth "
        "halves the victim's defend dice (round up)."
    ),
    N_(
        "While in stealth the rogue may search and disarm traps with enemies in sight, and a backstab "
        "from stealth allows no defend dice."
    ),
    N_(
        "Move and attack in one turn, and after a hit run past the enemy if movement allows; not past "
        "two enemies in a row or an obstacle."
    ),
    N_(
        "With no enemy in sight, set a spear-type trap on an empty square; at most two unsprung at once; "
        "heroes pass over them unharmed. Their places are written down secretly on two slips of paper."
    ),
    N_(
        "Hurl visible furniture at an enemy: dice equal to the squares it covers (half, rounded up, for "
        "low furniture) plus base Attack; each die above base Attack costs a Mind point, recovered only "
        "by item or rest."
    ),
    N_(
        "Take control of an enemy, moving or attacking with it after the wizard's turn, for Mind points "
        "equal to its Mind; lasts until either dies or the wizard lets go."
    ),
    N_(
        "When an enemy in sight casts a spell, both roll a red die per Mind point; if the wizard rolls "
        "more, the spell joins the wizard's pool (usable at its level)."
    ),
    N_(
        "Once per encounter, spend a Magic point for one more Attack or Defend die until the encounter "
        "ends (or death); the point then comes back."
    ),
    N_(
        "At the start of a quest roll one white die and keep the result to replace one later roll of a "
        "single white die (declared beforehand)."
    ),
    N_("Resist one mental attack or spell automatically, once per encounter."),
    N_("Against a trap or the environment, add 2 to a red die or one more white die."),
    N_("Regain one Body point, once per encounter."),
    N_(
        "Dig through a fallen rock trap, or a wall with an unobstructed room behind it, rolling base "
        "Attack dice; a wall takes five hits."
    ),
    N_("One extra defend die once per encounter, and no penalty on dual-wielding attacks."),
    N_("Jump a space on anything but a black shield, and a long pit trap on anything but a white shield."),
    N_(
        "Just outside a room or corridor, roll a white die per Mind point: one white shield reveals "
        "where enemies are, three reveal what they are."
    ),
    N_(
        "With a two-handed melee weapon, hit several foes in a path clear of heroes: full dice on the "
        "first, one die fewer on each next, until a hit is deflected or no dice remain. Once per "
        "encounter."
    ),
    N_("Shoot a bow or crossbow at a visible enemy behind another figure at one die fewer."),
    N_(
        "After a successful defence, roll one attack die the attacker cannot defend against. Once per "
        "encounter."
    ),
    N_(
        "Attack with the shield using base Attack dice; on a hit the enemy rolls combat dice equal to "
        "its Mind and, without a black shield, cannot attack for a turn."
    ),
    N_(
        "Wield two one-handed melee weapons, no shield: two attacks a turn at one or two adjacent "
        "enemies, the second with the lesser weapon and half the dice, rounded up."
    ),
    N_(
        "Thrown at a foe in sight or used in melee; picked up again from where it landed unless a black "
        "shield is rolled."
    ),
    N_("Attacks diagonally too."),
    N_("The standard starting blade."),
    N_("A heavy one-handed blade."),
    N_("Attacks diagonally like the staff."),
    N_("If every die is a skull, the foe is concussed and loses one Mind point."),
    N_("Shoots any foe in line of sight; no shield with it."),
    N_("Shoots any foe in line of sight, and can be used with a shield."),
    N_("Worn with body armour and a shield."),
    N_("Worn with a helmet and a shield."),
    N_("Worn with a helmet and a shield; every movement roll is 2 lower."),
    N_(
        "Two dice against ranged attacks; needs 5 starting Body points; not with a two-handed weapon "
        "(longsword, staff, battle axe) or a bow."
    ),
    N_(
        "A potion: for one turn walk on air, springing no traps and crossing pits if there is a free "
        "square beyond."
    ),
    N_("Walk through walls; ending a turn inside solid rock traps the wearer forever. Works three times."),
    N_(
        "Drunk before attacking: two attacks instead of one, without the dual-wielding penalty but not "
        "together with dual-wielding."
    ),
    N_("Re-roll the attack dice and keep the better roll."),
    N_(
        "Two attacks a turn while enemies are in sight, ending when the last dies or escapes; no "
        "dual-wielding penalty, not with dual-wielding."
    ),
    N_("Drunk at any time: two extra dice on the next defend roll."),
    N_("Five squares added to the next movement roll, or one sure pit jump; one per turn."),
    N_("Two extra defend dice until no monster is in line of sight."),
    N_("Restores one red die of Body points, up to the maximum."),
    N_("For one turn the combat dice roll counts double and strength targets are halved."),
    N_("Restores one red die of Magic points, up to the maximum."),
    N_("Drunk when a hostile spell is cast at the drinker (no action): the spell has no effect on them."),
    N_("A magic-user swaps one memorised spell for another during an encounter."),
    N_("Restores all Body and Mind points and lifts curses and poisons."),
    N_(
        "Move 12 squares a turn without rolling and make one more attack a turn with the main weapon (no "
        "dual-wielding penalty), until the first Body point of damage."
    ),
    N_("Drunk at any time: two extra dice on the next attack, or a red die added to a strength check."),
    N_("Shows every secret door and ordinary trap in line of sight until the drinker takes damage."),
    N_("Restores two Body points right after ice or cold damage, one at any other time."),
    N_(
        "Lets a hero without Disarm Traps disarm a trap by stepping onto it and rolling anything but a "
        "skull; otherwise it springs. Never used up."
    ),
    N_("Heals up to two Body points lost to poison and cures lasting venom."),
    N_("Cures the Werewolf's Curse."),
    N_("Worn by a barbarian only: two more Body points and one more Mind point."),
    N_(
        "Turns an enemy spell back on its caster: the caster and every enemy in the room suffer it, the "
        "hero's side is immune. Five uses."
    ),
    N_("Used at once, restores the Body points lost to poison and cures lasting poison. One use."),
    N_(
        "Restores two lost Body points once per quest; or, when the wearer drops to zero Body, brings "
        "him back with two and is then spent."
    ),
    N_("While worn: immune to Mind Freeze, Chill, ice vaults and icy rivers; Ice Storm does one point less."),
    N_(
        "Control every skeleton in a room for one turn, moving them and setting them on other enemies or "
        "each other. Once per quest."
    ),
    N_("Plate mail giving two defend dice without slowing its wearer."),
    N_("Thrown on a character: he slips unnoticed past the enemies met this turn. One use."),
    N_("Brings a dead ally back with all Body and Mind points. One use."),
    N_("A rogue rolls one more red die to move; they wear out when every die shows the same number."),
    N_(
        "Each arrow kills one enemy in sight unless it rolls a black shield to defend; four arrows; may "
        "fail on named enemies."
    ),
    N_("Worn by an elf only: two more Body points and one more Mind point."),
    N_("Protects from two fire spells, then vanishes."),
    N_("A dagger that returns to its owner after each throw."),
    N_(
        "A short sword with one more attack die that strikes orcs twice a turn, without dual-wielding "
        "penalty and not with an off-hand attack."
    ),
    N_("Jump any trap or occupied square on anything but a black shield."),
    N_("Sends every ally in sight back to the area's entrance or arrival point. One use."),
    N_("Immunity to Chill, ice vaults and icy rivers."),
    N_("Absorbs four Mind points of damage in all, one token handed to the game master per point."),
    N_("Two more squares of movement and no slipping on ice, in cold icy regions only."),
    N_("Store one named spell before an encounter and cast it once during it at no Magic cost."),
    N_(
        "Anyone may cast the spell written on it once; a magic-user may instead learn an unknown spell "
        "from it (cast at its level). Some spells are only learned this way."
    ),
    N_(
        "A broadsword with three more attack dice against undead (skeleton, zombie, mummy) and two "
        "against anything else."
    ),
    N_("One more Mind point while worn; magic-users only."),
    N_("Held instead of a weapon (no attack dice): cast two different spells in one turn, paying for each."),
    N_("One more defend die, over any other armour; needs four starting Magic points."),
    N_("One more attack die and diagonal attacks; needs four starting Magic points."),
    N_("One more attack die while more than one goblin is in the room."),
    N_("Bite with base attack dice; a hero it damages rolls one defend die fewer until healed."),
    N_(
        "Each hero who sees it rolls one red die a turn; below the number of undead in the room, he "
        "attacks with one die fewer. One roll a turn however many undead."
    ),
    N_("The weapon skill Sweep Attack."),
    N_("A hero it damages rolls a combat die; on a skull he loses one Body point every turn until healed."),
    N_(
        "Crossing more than two squares to reach a hero before attacking that turn gives one more attack die."
    ),
    N_("Give up a Mind point to give every enemy in its sight one more point of Defend."),
    N_(
        "Instead of attacking, base attack dice against an adjacent hero's base defend dice (no move "
        "first); if it wins it carries the hero off, defending with base dice only and unable to attack. "
        "The hero escapes on a 6 of a red die; out of the heroes' sight two turns running, fimir and "
        "hero vanish and the hero is lost with his gear."
    ),
    N_("After a successful defence, one combat die of attack that the hero cannot defend against."),
    N_(
        "Once per encounter, a cursed hero dies after his next three turns whatever his Body, unless the "
        "mummy is killed; only a healing potion in hand can revive him."
    ),
    N_("As Minor Dread, but the penalty is two attack dice."),
    N_(
        "Once per encounter, after a successful defence, knock a hero's weapon away until the encounter ends."
    ),
    N_("Two chaos warriors on either side of a hero who both attack: the first attacks once more."),
    N_("The weapon skill Dual-Wielding."),
    N_(
        "Once per encounter: red dice for its base Mind against a hero's base defend dice; if higher, "
        "the hero turns to stone, unable to act or be hurt, cured only by healing magic, his gear "
        "useless."
    ),
    N_("Unseen, like Stealth, until it moves or attacks or a hero comes within two squares."),
    N_("The weapon skill Ranged Accuracy."),
    N_("The weapon skill Shield Bash."),
    N_(
        "Instead of attacking, set a hidden stalactite trap, revealed when a hero steps under it or "
        "searches with no enemy in sight."
    ),
    N_(
        "From an adjacent hero, steal an item he is not holding; killing the gremlin returns it, losing "
        "it from sight loses it."
    ),
    N_("A hero it damages is badly wounded and defends with half his total dice until healed."),
    N_(
        "After dealing damage, hold the hero: one Body point a turn, no defence for him, no other "
        "attacks and one defend die fewer for the yeti, until it lets go or one dies."
    ),
    N_("A second attack each turn with base attack dice."),
    N_(
        "Base attack dice at one hero; on a hit every adjacent figure is knocked back a square unless it "
        "rolls a white shield on one die (two dice in plate armour)."
    ),
    N_(
        "Base attack dice at an adjacent hero; on a hit he takes the damage and is thrown up to five "
        "squares, springing any trap there; a figure he lands on and he both lose their next turns."
    ),
    N_("The weakest and most common foe, dangerous in numbers."),
    N_("Mindless raised bones moved by their maker's will; easily destroyed."),
    N_("A raised corpse with flesh left on its bones, a little harder to kill than a skeleton."),
    N_("Chaos foot soldiers in groups, stronger than goblins."),
    N_("One-eyed, part daemon, stronger than orcs, shunning sunlight; some use magic."),
    N_(
        "Preserved undead of great strength; may keep one Chaos spell to cast with its Magic points even "
        "without Mind."
    ),
    N_("Elite, well-trained and hard to kill; advanced ones use magic."),
    N_("A statue animated by evil magic; even weak ones may cast spells."),
    N_(
        "Hostile elves, deadly at range and weak hand to hand; the first Attack number is with the bow, "
        "the second at close quarters."
    ),
    N_("Elven swordsmen, quick with the blade and hard to hit."),
    N_("Dwellers of frozen caves who guard stolen treasure."),
    N_("Fierce wolves bred to guard evil places; no weapons or armour."),
    N_("The abominable snowman, a great bear-like mountain beast; no weapons or armour."),
    N_("Polar bears trained for war in the service of Chaos."),
    N_("Huge, slow-witted and very strong."),
    N_("Shoots with a crossbow and fights hand to hand with a broadsword."),
    N_("Fights with a halberd, striking diagonally and sweeping like a staff or longsword."),
    N_("Weaker in attack but faster, and finds and disarms traps as well as a dwarf or rogue."),
    N_("The toughest hireling, strong in attack and defence: a good guard."),
)
"""The texts of the skills, the weapons, the armour, the items, the artifacts, the monsters, their skills
and the mercenaries (`content.catalog`), as the rules help page and the terminal's hero commands show them:
kept English in the data, said by `text_said` (a test checks that every one is marked)."""


def text_said(text: str) -> str:
    """A text of the rules data (a skill's, an item's, a monster's: `TEXTS`, `DATA_TEXTS`) in the reader's
    language; any other text as it is."""
    return _(text) if text else text
