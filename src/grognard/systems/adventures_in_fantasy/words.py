"""Adventures in Fantasy's words in the reader's language (issue 31, docs/languages.md).

The rules keep their words in English, in the state and the saved game: a terrain ("forest"), a
deployment ("ambush"), an alignment, a character's condition, the keys of a sheet, the labels and texts of
the campaign's events ("Melee begins", "3 day(s) pass"). They are marked here and said where they are
shown: `word` says a word of a kind (`pgettext`, the kind its context), and `told` says an event's English
label or text by the sentence it was written from (`SENTENCES`: each English sentence with named places,
matched whole, its values said by `word` when they are words of the rules), or as it is when no sentence
matches (a name, the referee's own note, a row of the book's tables).
"""

from __future__ import annotations

import re
from functools import cache

from grognard.engine.content import Row
from grognard.engine.dice.core import DieRoll, Roll
from grognard.i18n import N_, NP_, current, gettext, pgettext, say_back, template_pattern
from grognard.systems.adventures_in_fantasy.charts import Chart
from grognard.systems.adventures_in_fantasy.creatures import creatures
from grognard.systems.adventures_in_fantasy.fighters import READY_NAMES
from grognard.systems.adventures_in_fantasy.tables import chart_entries, rollable_tables

KINDS = ("terrain", "deployment", "alignment", "condition", "sheet", "aif")
"""The contexts of `word`, tried in this order by `told` for a value."""

WORDS = (
    NP_("terrain", "desert"),
    NP_("terrain", "mountain"),
    NP_("terrain", "forest"),
    NP_("terrain", "clear"),
    NP_("terrain", "city"),
    NP_("terrain", "water"),
    NP_("terrain", "swamp"),
    NP_("terrain", "other"),
    NP_("terrain", "open"),
    NP_("terrain", "coastal"),
    NP_("terrain", "hilly"),
    NP_("deployment", "deployed"),
    NP_("deployment", "ambush"),
    NP_("deployment", "hiding"),
    NP_("deployment", "searching"),
    NP_("deployment", "foraging"),
    NP_("deployment", "marching"),
    NP_("alignment", "law"),
    NP_("alignment", "neutral"),
    NP_("alignment", "chaos"),
    NP_("alignment", "civilian"),
    NP_("alignment", "soldier"),
    NP_("condition", "dead"),
    NP_("condition", "unconscious"),
    NP_("condition", "wounded"),
    NP_("condition", "well"),
    NP_("aif", "Armorer"),
    NP_("aif", "Blacksmith"),
    NP_("aif", "Stable"),
    NP_("aif", "Scholar"),
    NP_("aif", "Merchant"),
    NP_("aif", "yearly"),
    NP_("aif", "on-reaching"),
    NP_("aif", "human"),
    NP_("aif", "Referee"),
    NP_("aif", "Party"),
    NP_("aif", "a-strikes"),
    NP_("aif", "b-strikes"),
    NP_("aif", "a-wins"),
    NP_("aif", "b-wins"),
    NP_("aif", "both-fall"),
    NP_("aif", "a-exhausted"),
    NP_("aif", "b-exhausted"),
    NP_("aif", "both-exhausted"),
    NP_("aif", "snake"),
    NP_("aif", "lion"),
    NP_("aif", "bird"),
    NP_("aif", "reptile"),
    NP_("aif", "scaled"),
    NP_("aif", "cured"),
    NP_("aif", "not-cured"),
    NP_("aif", "mastered"),
    NP_("aif", "failed"),
    NP_("aif", "vacancy"),
    NP_("aif", "no-vacancy"),
    NP_("aif", "dismounted"),
    NP_("aif", "mounted"),
    NP_("aif", "Strength"),
    NP_("aif", "Dexterity"),
    NP_("aif", "Intelligence"),
    NP_("aif", "Charisma"),
    NP_("aif", "Stamina"),
    NP_("aif", "Health"),
    NP_("aif", "Forest"),
    NP_("aif", "yes"),
    NP_("aif", "no"),
    NP_("aif", "Soldier"),
    NP_("aif", "Outlaw"),
    NP_("aif", "Outlaws"),
    NP_("aif", "Civilians"),
    NP_("aif", "Magical"),
    NP_("aif", "a magic-user"),
    NP_("aif", "Peasants"),
    NP_("aif", "Merchants"),
    NP_("aif", "by day"),
    NP_("aif", "at night"),
    NP_("aif", "peaceful"),
    NP_("aif", "none"),
)
"""The rules' words said in the reader's language, by kind."""

SHEET_WORDS = (
    NP_("sheet", "strength"),
    NP_("sheet", "dexterity"),
    NP_("sheet", "intelligence"),
    NP_("sheet", "charisma"),
    NP_("sheet", "stamina"),
    NP_("sheet", "health"),
    NP_("sheet", "position"),
    NP_("sheet", "rank"),
    NP_("sheet", "status level"),
    NP_("sheet", "rolled position"),
    NP_("sheet", "soldier"),
    NP_("sheet", "royal"),
    NP_("sheet", "castle"),
    NP_("sheet", "alignment"),
    NP_("sheet", "last promotion year"),
    NP_("sheet", "hit points"),
    NP_("sheet", "wounds"),
    NP_("sheet", "left"),
    NP_("sheet", "ill weeks"),
)
"""The names of a sheet's facts (its keys, with spaces for underscores)."""

LABELS = (
    N_("Note"),
    N_("Town"),
    N_("Place"),
    N_("Journey"),
    N_("Rest"),
    N_("Soldiers"),
    N_("Hostility"),
    N_("Travel"),
    N_("Encounter"),
    N_("Arrives"),
    N_("Melee"),
    N_("Melee ends"),
    N_("Melee begins"),
    N_("Melee joined"),
    N_("Joins"),
    N_("Kill"),
    N_("Dies"),
    N_("Course"),
    N_("Skill"),
    N_("Practice"),
    N_("Hirelings"),
    N_("Reputation"),
    N_("Lands"),
    N_("Wounded"),
    N_("Treasure share"),
    N_("Study break"),
    N_("Service"),
    N_("Rations"),
    N_("Promotion"),
    N_("Not in stock"),
    N_("No rest"),
    N_("Experience"),
    N_("Bought"),
    N_("Arrow"),
    N_("Alignment"),
    N_("Healing"),
    N_("Aging"),
    N_("Treasure"),
    N_("Spent"),
    N_("Found"),
    N_("Left"),
    N_("Recovery"),
    N_("Illness"),
    N_("Fees"),
    N_("Age"),
    N_("Income"),
    N_("Dropped"),
    N_("Hirelings paid"),
    N_("Vacancy"),
    N_("Education"),
    N_("Status from crafts"),
    N_("Starting funds"),
    N_("Soldier's kit"),
)
"""The campaign events' labels and the new character's steps."""

LABELLED = N_("{label}: {result}")
"""A roll's name as the rules write it: its step's label and the row read (`_labelled`)."""

SENTENCES = (
    N_("{days} day passes"),
    N_("{days} days pass"),
    N_("{days} day in the {terrain} begins"),
    N_("{days} days in the {terrain} begin"),
    N_("{days} day in the {terrain} towards {town} begins"),
    N_("{days} days in the {terrain} towards {town} begin"),
    # as events written before the plurals were said (a log kept in a store says them again)
    N_("{days} day(s) pass"),
    N_("{days} day(s) in the {terrain} begin"),
    N_("{days} day(s) in the {terrain} towards {town} begin"),
    N_("the party reaches {town}"),
    N_("nothing met"),
    N_("{what} met"),
    N_("{what} met (fight:I:{foe} to fight)"),
    N_("a day's travel in the {terrain}: nothing met"),
    N_("a day's travel in the {terrain}: {what} met; the party stops"),
    N_("a day's travel in the {terrain}: {what} met; the party stops (fight:I:{foe} to fight)"),
    N_("{position}, status {status}, age {age}"),
    N_("{fighter} strikes: {hits} hit(s); {a} {a_left}, {b} {b_left} hit points left"),
    N_("the {foe} strikes at {name}, not here"),
    N_(
        "{name} ({hits} hits, {chance}% to hit) against the {foe} ({foe_hits} hits, {dice} hit dice,"
        " {foe_chance}% to hit)"
    ),
    N_("{name} ({hits} hits, {chance}% to hit) joins {other} against the {foe} ({left} hits left)"),
    N_("the fight with the {foe} is broken off; {left} hit points left"),
    N_("{who} falls"),
    N_("{who} and {other} fall"),
    N_("{who} falls; {name} lies unconscious at 0 hit points (kill:{index} if the foe finishes him)"),
    N_(
        "{who} and {other} fall; {name} lies unconscious at 0 hit points (kill:{index} if the foe finishes"
        " him)"
    ),
    N_("the {foe} falls"),
    N_("the {foe} killed: {detail} -> {total} (level {level}), status level {status}"),
    N_("the {foe} shot: {detail} -> {total} (level {level}), status level {status}"),
    N_("+{levels} -> {total} (level {level}), status level {status}"),
    N_("{hits} hits, {left} left"),
    N_("{hits} hits, {left} left; he falls unconscious"),
    N_("{hits} hits, {more} more than he had: he dies"),
    N_("finished off where he lay"),
    N_("begins {course}"),
    N_("{men} hired: {band} of {limit}"),
    N_("{men} lost: {band} left; {fewer} fewer recruits for a year"),
    N_("{weeks} week(s) a month of magical service"),
    N_("Table of Death at {age}"),
    N_("died"),
    N_("Course {course}, attempt {attempt}"),
    N_("{detail}: failed"),
    N_("nowhere"),
    N_("{name} strikes"),
    N_("{a} {a_hp} hp vs {b} {b_hp} hp; turn {turn}; {phase}"),
    N_("{name} blow {n} ({chance}%): hit"),
    N_("{name} blow {n} ({chance}%): miss"),
    N_("(two d20 read as digits)"),
    N_("hit location, {body} body (Chart O)"),
    N_("hit location, {body} body (Chart O) again, special halves movement (movement halved)"),
    N_("hit location, {body} body (Chart O) again, special halves movement (movement kept)"),
    N_("its wound {dice}"),
    N_("its wound, special damage 1d6"),
    N_("dexterity lost 1d10"),
    N_("{piece} save ({chance}%)"),
    N_("{title}: {summary} [{rolls}]"),
    N_("{expression}: [{dice}] (two d20 read as digits) = {total}"),
    N_("{first}; {then}"),
    N_("he travelled or fought this week: no healing roll"),
    N_("goes without {what}: not healthy, ill a week more ({weeks} week(s) ill)"),
    N_("goes without {what}: not healthy, ill a week more, Health {health} ({weeks} week(s) ill)"),
    N_("{food} food, {water} water left"),
    N_("{food} food, {water} water, {fodder} fodder left"),
    N_("food and water"),
    N_("food"),
    N_("water"),
    N_("one hit point cured, {wounds} wounds left"),
    N_("not cured, {wounds} wounds remain"),
    N_("{left} week(s) still to go"),
    N_("{course}: {months} months"),
    N_("{weeks} week(s) of magical service: {fee} SP"),
    N_("now {age}"),
    N_("safe"),
    N_("saved against Health: ill {weeks} week(s)"),
    N_("{detail}: mastered after {months} months"),
    N_("is anything met today? (Table H): {result}"),
    N_("nothing"),
    N_("ill-{weeks}"),
    N_("is anything met today? (Table H)"),
    N_("type of encounter (Table H)"),
    N_("soldiers' alignment"),
    N_("numbers (Chart L)"),
    N_("number: 1d10 x {factor}"),
    N_("composition (Chart K)"),
    N_("{mode} troops: weapon"),
    N_("{mode} troops: armour"),
    N_("{mode} troops: shield"),
    N_("at night ({chance}%)"),
    N_("boats ({chance}%)"),
    N_("the force's deployment"),
    N_("civilians (Civilian J)"),
    N_("peasants"),
    N_("merchants"),
    N_("soldiers guarding them"),
    N_("GP per merchant"),
    N_("outlaw alignment"),
    N_("share on foot ({share})"),
    N_("wagons"),
    N_("guards"),
    N_("convoy value in GP"),
    N_("special (Table I)"),
    N_("magic-user's alignment (1-2 law, 3-4 neutral, 5-6 chaos)"),
    N_("magic-user's level (1-10)"),
    N_("{who}: a magical artifact? ({chance}%)"),
    N_("the magic-user"),
    N_("warrior {number}"),
    N_("{who}'s artifact (1-2, 3-5, 6)"),
    N_("warriors with him (1-3, a d6 halved up), level {level} each"),
    N_("Chart G: {searchers} searchers (row {row}) for {hidden} hidden (column {column})"),
    N_("modifier: {name} x {factor}"),
    N_("search roll (found on {chance} or less)"),
    N_("foraging for the animals"),
    N_("{terrain}: food found on"),
    N_("hunting roll (food on {chance} or less)"),
    N_("rations found"),
    N_("{side} against {other}"),
    N_("deployment modifier: {deployment}"),
    N_("{side} ({deployment}) hostile on {chance} or less"),
    N_("a fight?"),
    N_("section {x},{y}"),
    N_("section {x},{y} (open)"),
    N_("turn {turn}: {men} men arrive from"),
    N_("Social status, first roll"),
    N_("Social status, second roll"),
    N_("Starting age"),
    N_("Status level"),
    N_("Education allowance"),
    N_("Hit points"),
    N_("hostile"),
    N_("not hostile"),
    N_("yes: one hostile side is enough"),
    N_("no: neither is hostile"),
    N_("enough"),
    N_("not enough"),
    N_("food found"),
    N_("rations: {rations}"),
    N_("encounter"),
    N_("{why} -> {total} (level {level}), status level {status}"),
    N_("+{gold} GP {silver} SP: {purse}"),
    N_("-{gold} GP {silver} SP: {purse}"),
    N_("{gold} GP {silver} SP left"),
    N_("{item} for {gold} GP ({weight} lb); kit {kit} lb, {purse}"),
    N_("{item} ({weight} lb); kit {kit} lb"),
    N_("{item}; kit {kit} lb"),
    N_("{men} men: {gold} GP pay + {upkeep} SP upkeep; {purse}"),
    N_("{kind} +{levels}: {value}"),
    N_("{kind} +{levels}: {value} (unverified: no gain)"),
    N_("boast"),
    N_("verified deed"),
    N_("lies found out: {value}; only verified deeds count now"),
    N_("he holds {land} a year, paid each Day of Tehuti"),
    N_("he no longer holds {land}"),
    N_("{skill} {base}, practised"),
    N_("{skill}: 12 hours a month"),
    N_("{skill}: not practised"),
    N_("unpaid: all {men} desert with their gear; new men want double pay the first month"),
    N_("{men} hired: {band} of {limit}; double pay the first month"),
    N_("the soldiers: {force}"),
    N_(
        "the soldiers are {alignment} (the area's), {deployment}: {chance}% hostile to a {party} party:"
        " hostile, they attack (fight:I:Soldiers)"
    ),
    N_(
        "the soldiers are {alignment} (the area's), {deployment}: {chance}% hostile to a {party} party:"
        " not hostile, they let the party be"
    ),
    N_("the soldiers' alignment (1-2, 3-4, 5-6)"),
    N_("deployment (1d20)"),
    N_("hostile on {chance} or less"),
    LABELLED,
    N_("{share}%: {foot} foot, {mounted} mounted"),
    N_("(rolled {face})"),
    N_(
        "a day's travel in the {terrain}: {what} met; the party stops (their arms and their hostility are"
        " rolled next)"
    ),
    # a new character's steps (`chargen`)
    N_("{level} + {bonus} for age = {total}"),
    N_("{level} + {bonus} for age = {total}; rank raised to {position}"),
    N_(
        "{years} years = {months} months: the lesser of half the status level ({half}) and the years since"
        " age 6 ({since})"
    ),
    N_("{listed}: {used} of {months} months, {forfeit} forfeit"),
    N_("{listed}; {magic} year(s) of magic at 3 years each: {used} of {months} months, {forfeit} forfeit"),
    N_("Physical Training II, {rating}"),
    N_("{before} -> {level}: {position}"),
    N_("10 x {rank} x {multiplier} + {education} = {funds} GP"),
    N_("10 x {rank} x {multiplier} + {education} (soldier) = {funds} GP"),
    N_("{hits} (trained)"),
    N_("{hits} (untrained: 75% of Str, Sta, Dex)"),
    N_("(two d20 read 1-10)"),
    N_("d20 read 1-10"),
    N_("Craftsman ({craft})"),
    # the soldiers met, as their arms are described (`soldiers`)
    N_("mounted soldier ({weapon}, {armour}, {shield})"),
    N_("foot soldier ({weapon}, {armour}, {shield})"),
    N_(
        "mounted soldier ({weapon}, {armour}, {shield}) and foot soldier ({foot_weapon}, {foot_armour},"
        " {foot_shield})"
    ),
    # the rarer events: income and fees, arrows, studies, stock, promotions, practice, hirelings
    N_("{paid} GP for the year ({parts}), funds {funds} GP"),
    N_("{gold} GP by his rank and courses"),
    N_("{gold} GP from {holding}"),
    N_("{hits} hit(s) on the {foe}: {left} left"),
    N_("the arrow misses the {foe}"),
    N_(
        "special damage (Chart O): {hits} hit(s) (1d6), {lost} Dexterity lost (1d10), its Dexterity"
        " {dexterity} in the melee"
    ),
    N_("a second special: its movement is halved"),
    N_("{count} arrows left"),
    N_("{count} arrow left"),
    N_("{count} bolts left"),
    N_("{count} bolt left"),
    N_("arrow ({chance}%): hit"),
    N_("arrow ({chance}%): miss"),
    N_("{weeks} week(s) away from {course}: allowed"),
    N_("{weeks} week(s) away from {course}: penalised"),
    N_("{months} month(s) kept, fine {fine} GP paid"),
    N_("no {item} to be had this month (class {availability})"),
    N_("is the {item} to be had? yes"),
    N_("is the {item} to be had? no"),
    N_("no {position} position is open"),
    N_("to {position}"),
    N_("to {position}, honorific (no castle)"),
    N_("a Lawful or Neutral magician keeps his rank"),
    N_("the status level reaches no higher rank"),
    N_("already promoted this year"),
    N_("unpractised: {changes}"),
    N_("{skill} {base} -> {after}"),
    N_("losses forgotten"),
    N_("Type {kind} castle"),
    N_("{men} men: {gold} GP pay (doubled) + {upkeep} SP upkeep; {purse}"),
    N_("{shares} of {total} shares: {text}"),
    N_("{holding}: {people} people at {rate} GP a year, {revenue} GP"),
    N_("old age: -{loss} to every physical characteristic"),
    N_("({required} / {months} x {complexity}) - {intelligence} = {formula} -> {failure}% to fail"),
    N_(
        "({required} / {months} x {complexity}) - {intelligence} + {penalty} (waiting years) = {formula}"
        " -> {failure}% to fail"
    ),
    N_("Quiver of Arrows ({count})"),
    N_("Crossbow Bolts ({count})"),
    # the table procedures' steps at the desk (`procedures`)
    N_("up to {start} at the start, {more} per turn"),
    N_("all {men} on the map from the start"),
    N_("{first} at once, {second} on turn {turn}, {third} on turn {last}"),
    N_("in position"),
    N_("the column's end nearest the board edge"),
    N_("at the contact point"),
    N_("roll again"),
    N_("north"),
    N_("north-east"),
    N_("east"),
    N_("south-east"),
    N_("south"),
    N_("south-west"),
    N_("west"),
    N_("north-west"),
    N_("held at 100%"),
    N_("crossing a guarded bridge or ford"),
    N_("always detected: 100%"),
    N_("found"),
    N_("not found"),
    N_("mounted searchers count double"),
    N_("no shield (never with missile or pike troops)"),
    N_("{result} (never in {terrain}: roll again)"),
    N_("number met"),
    N_("the basic number times {multiplier}"),
    N_("other than the area's (give the area's alignment)"),
    N_("chaos (in a lawful area)"),
    N_("neutral (other than chaos, never lawful)"),
    N_("the area's"),
    N_("amulet"),
    N_("talisman"),
    N_("miscellaneous magic artifact"),
    N_("reconstructed"),
    N_("foraging in the desert"),
    N_("hunting in the desert"),
    N_("nothing away from an oasis"),
    N_("education modifier {bonus}%"),
    N_("Forester: three times as effective"),
    N_("{rations} rations"),
    N_("garbage"),
    N_("roll against the eater's Health before eating"),
    N_("{side} magic-user against a {other} one"),
    N_("{side} magic-user against a lawful one"),
    N_("always hostile"),
    N_("never hostile"),
    N_("the foot are in boats"),
    N_("the foot are in boats ({per_boat} to a boat)"),
    N_("not in boats"),
    N_("{weeks} week(s) away from {course}: apprenticeship broken"),
    N_("{what} met (their arms and their hostility are rolled next)"),
    N_("{what} met (a fight may begin)"),
    # the checks' details, a roll given at the table and the influence's modifiers (`checks`)
    N_("Health {health}: one hit point cured"),
    N_("Health {health}"),
    N_("Intelligence {intelligence}"),
    N_("Dexterity {dexterity}"),
    N_("Dexterity {dexterity}, {share} untrained = {usable}"),
    N_("Dexterity {dexterity}, - {less} for {burden} lb carried"),
    N_("Dexterity {dexterity}, {share} untrained = {usable}, - {less} for {burden} lb carried"),
    N_("(given)"),
    N_("Poison or disease"),
    N_("Health save"),
    N_("own status"),
    N_("other's status"),
    N_("own reputation"),
    N_("other's reputation"),
    # the modifiers of a chance to hit, in melee and with missiles (`combat`, `missiles`)
    N_("base: {attacker} vs {defender}"),
    N_("untrained in the weapon (1/3 base)"),
    N_("half trained (2/3 base)"),
    N_("practice neglected"),
    N_("mounted, horsemanship {level} (base halved)"),
    N_("defender mounted, horsemanship {level} (half defence)"),
    N_("second weapon (base halved)"),
    N_("defender behind a tree (basic odds halved)"),
    N_("size (smaller)"),
    N_("size (larger)"),
    N_("experience"),
    N_("weapon bonus"),
    N_("Table Q: very long weapon, {place}"),
    N_("Table Q: long weapon, {place}"),
    N_("Table Q: medium weapon, {place}"),
    N_("Table Q: short weapon, {place}"),
    N_("referee's modifier"),
    N_("swamp (half effectiveness)"),
    N_("blocked on a low wall (half odds)"),
    N_("fatigued (half effectiveness)"),
    N_("hit chance limits"),
    N_("no fire allowed"),
    N_("base: {target}, short range"),
    N_("base: {target}, medium range"),
    N_("base: {target}, long range"),
    N_("dexterity (Chart P)"),
    N_("bow bonus"),
    N_("mounted archer (a tenth off)"),
    N_("into a tower through an arrow slit"),
    N_("fired out of an arrow slit (odds halved)"),
    # an underworld room's and an encounter's steps (`encounters`)
    N_("is the level {level} room occupied?"),
    N_("what lurks there"),
    N_("other creature (Table N)"),
    N_("special creature"),
    N_("outlaw alignment in a neutral area ({chance}%)"),
    N_("Horsemanship I (no other physical or weapon skill) ({chance}%)"),
    # the rarer texts of a week (`time`)
    N_("{detail}: failed the third time; wait {months} months before trying again"),
    N_("saved against Health: ill {weeks} week(s), Health falls to {health}"),
    N_("saved against Health: ill {weeks} week(s); old age: -{loss} to every physical characteristic"),
    N_(
        "saved against Health: ill {weeks} week(s), Health falls to {health}; old age: -{loss} to every"
        " physical characteristic"
    ),
    # the date written out with the calendar's names (`calendar`)
    N_("{day}, {week}, {number} {month}, year {year} ({cycle})"),
    N_("{month}, year {year} ({cycle})"),
    # the sources of the events that are our rulings (docs/rulings/adventures-in-fantasy.md), by title
    N_("ruling"),
    N_("our ruling"),
    N_("ruling: {title}"),
    N_("Falling in a fight"),
    N_("Campaign: towns"),
)
"""The English sentences of the campaign's events (labels and texts), each said whole in the reader's
language; a sentence the rules write that is not here is shown as the rules wrote it."""


FIELDS = (
    NP_("field", "position"),
    NP_("field", "rank"),
    NP_("field", "income gp"),
    NP_("field", "castle"),
    NP_("field", "note"),
    NP_("field", "age"),
    NP_("field", "status bonus"),
    NP_("field", "wealth multiplier"),
    NP_("field", "creature"),
    NP_("field", "weapon"),
    NP_("field", "armour"),
    NP_("field", "never in"),
    NP_("field", "encounter"),
    NP_("field", "force"),
    NP_("field", "guards"),
    NP_("field", "value"),
    NP_("field", "number"),
    NP_("field", "dice"),
    NP_("field", "foot share"),
    NP_("field", "per boat"),
    NP_("field", "boats chance"),
    NP_("field", "damage"),
    NP_("field", "multiplier"),
    NP_("field", "rations"),
    NP_("field", "highest level"),
    NP_("field", "reconstructed"),
)
"""The names of the fields of a row of the book's tables ("income gp: 15"), said with the row (`row_said`;
a row's `then`, the table rolled next, is an identifier the next step shows, said in English only)."""

NAMES = (
    N_("Guildsman"),
    N_("Fighter"),
    N_("Apprentice"),
    N_("Archer"),
    N_("Tradesman"),
    N_("Man-at-Arms"),
    N_("Prince"),
    N_("Princess"),
    N_("Small sack"),
    N_("special"),
    N_("sword"),
    N_("two-handed sword"),
    N_("axe"),
    N_("two-handed axe"),
    N_("dagger"),
    N_("spear"),
    N_("pike"),
    N_("bow"),
    N_("club"),
    N_("shield"),
    N_("flail"),
    N_("lance"),
)
"""Names of the rules data that the data files do not spell alone: the two sides of a paired rank of
Table A (a character holds one), a soldier's sack, a hit location's special damage and the weapon skills.
The rest (creatures, ranks, courses, crafts, items, the calendar, the rows of the tables) are messages read
out of the data files (`grognard.i18n.extract.DATA`), said here with `gettext`."""

COUNTED = re.compile(r"\S \d+\Z")
"""A name and a count after it ("Use of sword 3": a course and its months)."""
ROW = re.compile(r"(?P<span>\d+(?:-\d+)?): (?P<text>.+)", re.S)
"""A row of a table as a new character's step shows it: the dice's span, then the row."""


@cache
def _rows() -> dict[str, Row]:
    """The rows of the book's rollable tables by their text ("position: Squire, rank: 9")."""
    found: dict[str, Row] = {}
    for table in rollable_tables().values():
        for row in table.rows:
            found.setdefault(row.text, row)
    return found


@cache
def _data() -> frozenset[str]:
    """Every text of the rules data (the creatures' names, the tables' rows, the charts' keys and cells)
    and `NAMES`: a text said with `gettext` when the catalogue has it."""
    found: set[str] = set(NAMES) | {c.name for c in creatures().values()}
    for row in _rows().values():
        values = [row.result] if isinstance(row.result, str) else list(row.result.values())
        found.update(v for v in values if isinstance(v, str))
    for entry in chart_entries().values():
        if isinstance(entry, Chart):
            for line in entry.rows:
                found.add(line.key)
                found.update(v for v in line.cells.values() if isinstance(v, str))
    return frozenset(found)


def name_said(text: str) -> str:
    """A name of the rules data (a creature, a rank, a course, an item, a row of a table) in the reader's
    language, or itself."""
    return gettext(text) if text in _data() else text


def row_said(row: Row) -> str:
    """A row of the book's tables in the reader's language: its text, or its fields one by one."""
    if isinstance(row.result, str) or current() == "en":
        return name_said(row.text)
    fields = []
    for key, value in row.result.items():
        if key == "then":
            continue
        if isinstance(value, bool):
            shown = word("aif", "yes" if value else "no")
        else:
            shown = told(value, split=False) if isinstance(value, str) else str(value)
        fields.append(gettext(LABELLED).format(label=word("field", key.replace("_", " ")), result=shown))
    return ", ".join(fields)


def _listed(text: str) -> str:
    """A list of names ("Sword, Helmet, Small sack"; "Use of sword 3", a course and its months), each
    said; itself when a part is no name the catalogue says."""
    parts = []
    for part in text.split(", "):
        name, _, count = part.rpartition(" ")
        if not (count.isdigit() and name):
            name, count = part, ""
        shown = told(name, split=False)
        if shown == name:
            return text
        parts.append(f"{shown} {count}" if count else shown)
    return ", ".join(parts)


def word(kind: str, text: str) -> str:
    """A word of the rules of `kind` in the reader's language (itself when the catalogue lacks it)."""
    return pgettext(kind, text) if text else text


def any_word(text: str) -> str:
    """A word of the rules of whichever kind says it, or a name of the rules data (itself when none
    does)."""
    for kind in KINDS:
        said = pgettext(kind, text)
        if said != text:
            return said
    return name_said(text)


TITLES = (
    N_("A day's encounter"),
    N_("Evasion (Chart G)"),
    N_("Hostility"),
    N_("Forage and hunt"),
    N_("Tactical terrain"),
    N_("Arrivals of a force found"),
    N_("something"),
)
"""The table procedures' titles and words, as their notes in the log name them (`procedures`)."""


SAID_AGAIN = (N_("{what} met"), N_("turn {turn}: {men} from {where}"))
"""The sentences a table procedure says in the reader's language with a value of the rules data still in
English (what was met, where men arrive from): `told` says the value again (`_again`)."""


@cache
def _mine() -> frozenset[str]:
    """The English labels and sentences `told` says whole, and the ready-made fighters' names (a name is
    never looked up elsewhere)."""
    return frozenset((*LABELS, *SENTENCES, *TITLES, *READY_NAMES))


@cache
def _ordered() -> tuple[str, ...]:
    """`SENTENCES`, the one with the most words of its own first (the most particular matches first)."""
    return tuple(sorted(SENTENCES, key=lambda s: -len(re.sub(r"\{\w+\}", "", s))))


NUMBER = r"-?[\d.,]+"
PLACES = {
    "total": r"-?[\d.,/]+",
    "dice": r"[^\[\]]*?",
    "expression": r"[^\[\]:]+?",
    "weeks": r"\d+",
    **dict.fromkeys(("hits", "foe_hits", "left", "a_left", "b_left", "foe_chance"), NUMBER),
    "count": NUMBER,
    "chance": r"-?[\d.,/]+%?(?: \([\d.,]+%\))?",
    "weight": NUMBER,
    "kit": NUMBER,
    **dict.fromkeys(("health", "dexterity", "intelligence", "usable", "less", "burden"), NUMBER),
}
"""What a place of a sentence may hold, by its name, where not any text: a roll's total, its dice and
name (no brackets), a count of weeks, of hits, of hit points left or of missiles, a chance, a rating."""


@cache
def _pattern(sentence: str) -> re.Pattern[str]:
    return template_pattern(sentence, PLACES, lazy=True)


def _value(text: str) -> str:
    """A value of an event's sentence: a word of the rules or a sentence said, a creature's "the" left to
    the sentence of a language that has its own articles (Spanish says the creature's name bare)."""
    said = told(text)
    if said == text and current() != "en" and text.startswith("the "):
        return told(text[4:])
    return said


def told(text: str, *, split: bool = True) -> str:
    """An event's English label or text in the reader's language: by its sentence (the first of
    `SENTENCES` it matches whole), as a label (`LABELS`), as a "label: result" whose label is known
    (`split`; the result, a row of the book's tables, said only when known whole), or as it is."""
    if not text:
        return text
    said = any_word(text)
    if said == text and (text in _mine() or text in _data()):
        said = gettext(text)
    if said != text or current() == "en":
        return said
    row = _rows().get(text)
    if row is not None:
        return row_said(row)
    spanned = ROW.fullmatch(text)
    if spanned is not None and spanned["text"] in _rows():
        return gettext(LABELLED).format(label=spanned["span"], result=row_said(_rows()[spanned["text"]]))
    for sentence in _ordered():
        if sentence in (text, LABELLED):
            continue
        found = _pattern(sentence).match(text)
        if found is not None:
            return say_back(sentence, found, _value)
    if ", " in text or COUNTED.search(text):
        listed = _listed(text)
        if listed != text:
            return listed
    again = "; ".join(_again(part) for part in text.split("; "))
    if again != text:
        return again
    return _labelled(text) if split else text


def _again(text: str) -> str:
    """A sentence of `SAID_AGAIN` already in the reader's language, its English values said; `text`
    itself when it is none."""
    for sentence in SAID_AGAIN:
        found = _pattern(gettext(sentence)).match(text)
        if found is not None:
            return say_back(sentence, found, _value)
    return text


def _labelled(text: str) -> str:
    """A "label: result" the rules wrote (a roll's name: its step and the row it read), split where the
    label is a known one (the first such split), each side said; `text` itself when none is."""
    at = text.find(": ")
    while at > 0:
        label, result = text[:at], text[at + 2 :]
        said = _value(label)
        if said != label:
            return gettext(LABELLED).format(label=said, result=told(result, split=False))
        at = text.find(": ", at + 2)
    return text


def _die(die: DieRoll) -> str:
    """A die as `DieRoll.label` shows it, its "rolled" said in the reader's language."""
    shown = die.label()
    if die.raw is not None and die.raw != die.value:
        english = f"(rolled {die.raw})"
        shown = shown.replace(english, gettext("(rolled {face})").format(face=die.raw))
    return shown


def roll_told(roll: Roll) -> str:
    """A roll in one line (`Roll.render`), its name and its reading in the reader's language."""
    shown = ", ".join(_die(d) for d in roll.dice)
    body = f"[{shown}]" if shown else ""
    extra = f" {told(roll.detail)}" if roll.detail else ""
    return f"{told(roll.expression)}: {body}{extra} = {roll.total}".replace(":  ", ": ")


def melee_end(end: str, a: str, b: str) -> str:
    """An end of a melee (`melee.ENDS`) in the reader's words, its fighters named ("Knight wins", "both
    give out"); any other label as a word of the rules."""
    if end == "a-wins":
        return gettext("{name} wins").format(name=a)
    if end == "b-wins":
        return gettext("{name} wins").format(name=b)
    if end == "both-fall":
        return gettext("both fall")
    if end == "a-exhausted":
        return gettext("{name} gives out").format(name=a)
    if end == "b-exhausted":
        return gettext("{name} gives out").format(name=b)
    if end == "both-exhausted":
        return gettext("both give out")
    return word("aif", end)
