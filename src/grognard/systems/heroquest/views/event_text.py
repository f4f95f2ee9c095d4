"""HeroQuest's events said in English (the presentation of `events`): one sentence per phrase, its
values filled in. The command line and the browser show a quest's events through `sentence`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from grognard.systems.heroquest.features.chaos.chaos_heroes import bar_text
from grognard.systems.heroquest.model.events import HqEvent, Phrase, Source

TEXTS: dict[Phrase, str] = {  # the one table of phrases: each id and its sentence
    "attack.arrow-vindication-strikes": "The arrow of vindication strikes {monster_name}.",
    "attack.black-shield-turns-arrow": "{monster_name}'s black shield turns the arrow aside.",
    "attack.blow-passes-through-double": "The blow passes through the double of {hero_name}: no damage.",
    "attack.dazed": "{monster_name} is dazed.",
    "attack.grips-bear-hug": "{monster_name} grips {hero_name} in a bear hug.",
    "attack.hero-dazed": "{name} is dazed.",
    "attack.hero-shakes-off-blow": "{name} shakes off the blow.",
    "attack.holds-stare": "{monster_name} holds the stare.",
    "attack.knocks-weapon-away": "{monster_name} knocks {hero_name}'s weapon away!",
    "attack.lashes-out-tail": "{monster_name} lashes out with its tail!",
    "attack.ripostes": "{hero_name} ripostes!",
    "attack.shakes-off-blow": "{monster_name} shakes off the blow.",
    "attack.stared-down": "{monster_name} is stared down.",
    "attack.stomp-shakes-floor": "{monster_name}'s stomp shakes the floor.",
    "attack.strikes-again-from-other": "{monster_name} strikes again from the other side!",
    "challenge.fails": "{hero_name} fails at {challenge}.",
    "challenge.succeeds": "{hero_name} succeeds at {challenge}.",
    "challenge.tries": (
        "{hero_name} tries {challenge}: {text}{dice} red dice ({attribute}) for {target} or more."
    ),
    "death.dies": "{hero_name} dies.",
    "death.no-one-can-break": "No one can break the stone: {hero_name} is left for dead.",
    "death.slain": "{monster_name} is slain.",
    "death.vanishes-never-be-seen": "{monster_name} vanishes with {hero_name}, never to be seen again.",
    "door.door-opens": "The door between {between} opens.",
    "heal.armband-healing-restores": "{hero_name}'s Armband of Healing restores him.",
    "heal.cured-poison-body-back": "{hero_name} is cured of poison ({back} Body back).",
    "heal.cured-werewolf-curse": "{hero_name} is cured of the Werewolf's Curse.",
    "heal.drinks-potion-healing-as": "{hero_name} drinks a Potion of Healing as he falls.",
    "heal.healed": "{hero_name} is healed ({ended}).",
    "heal.lives-again": "{ally_name} lives again.",
    "heal.monster-restored-body": "{monster_name} is restored ({body} Body).",
    "heal.potion-restoration": "{hero_name} drinks a Potion of Restoration and lives.",
    "heal.regains-body-now": "{hero_name} regains Body ({body} now).",
    "heal.regains-magic": "{hero_name} regains {amount} Magic.",
    "heal.restored-body": "{hero_name} is restored ({body} Body).",
    "heal.rests-recovers": "{hero_name} rests and recovers.",
    "heal.until-healed": "{hero_name} {wound} until healed.",
    "ice.hero-skates-away": "{hero_name} skates away on the ice.",
    "ice.ice-cracks-skulls": "The ice at {square[0]},{square[1]} cracks ({skulls} of {breaks} skulls).",
    "ice.ice-melts-away": "The ice at {square[0]},{square[1]} melts away.",
    "ice.ice-rises": "Ice rises at {square}.",
    "ice.ice-shatters": "The ice at {square[0]},{square[1]} shatters.",
    "ice.monster-skates-away": "{monster_name} skates away on the ice.",
    "item.collects-things": "{hero_name} collects {fallen_name}'s things: {gear}{money}.",
    "item.every-die-same-wear": "Every die the same: the {name} wear out.",
    "item.fire-ring-turns-flames": "{hero_name}'s Fire Ring turns the flames aside.",
    "item.fumbles-dagger-stays-where": "{hero_name} fumbles for the dagger; it stays where it lies.",
    "item.gear": "{hero_name} {change} the {item}.",
    "item.keeps-out-cold": "{hero_name}'s {worn} keeps out the cold of {place}.",
    "item.makes-off-things": "{monster_name} makes off with {owner_name}'s things.",
    "item.picks-dagger-up-again": "{hero_name} picks his dagger up again.",
    "item.picks-up-weapon": "{hero_name} picks up his weapon.",
    "item.raises-bone-wand-skeleton": "{hero_name} raises the Bone Wand: {held} skeleton(s) obey him.",
    "item.ring-return-carries-back": "The Ring of Return carries {names} back to where they came in.",
    "item.snatches": "{monster_name} snatches {hero_name}'s {item}!",
    "item.takes-back": "{hero_name} takes back the {item}.",
    "item.throws-dagger": "{monster_name} throws its dagger at {hero_name}.",
    "item.throws-dagger-lands": (
        "{hero_name} throws a dagger at {monster_name}; it lands at {square[0]},{square[1]}."
    ),
    "item.throws-magical-throwing-dagger": (
        "{hero_name} throws the Magical Throwing Dagger at {monster_name}."
    ),
    "item.uses": "{hero_name} uses the {name}.",
    "item.uses-charge": "{hero_name} uses the {name} ({spent} of {charges}).",
    "mind.comatose": "{monster_name} is comatose.",
    "mind.concussed": "Every die a skull: {monster_name} is concussed and loses a Mind point ({left} left).",
    "mind.concussed-no-mind": "Every die a skull, but {monster_name} has no mind to lose.",
    "mind.costs-mind-left": "{cause} costs {hero_name} {points} Mind ({mind} left).",
    "mind.hero-comatose": "{hero_name} is comatose.",
    "mind.hero-concussed": "Every die a skull: {hero_name} is concussed!",
    "mind.mind-beyond-deep-sleep": "{hero_name}'s mind is beyond the Deep Sleep.",
    "mind.mind-stays-clear-frost": "{victim_name}'s mind stays clear of the frost.",
    "mind.mind-withstands-frost": "{hero_name}'s mind withstands the frost.",
    "mind.sky-orb-absorbs-lost": "{hero_name}'s Sky Orb absorbs a lost Mind point.",
    "mind.struck-senseless-again-no": "{hero_name} is struck senseless again, with no Mind left to lose.",
    "monster.appears-beside": "A {monster_kind} appears beside {hero_name}!",
    "monster.gives-chase": "{monster_name} gives chase.",
    "monster.gives-up-chase": "{monster_name} gives up the chase.",
    "monster.goes-back-place": "{monster_name} goes back to its place.",
    "monster.has-escaped": "{monster_name} has escaped.",
    "monster.heroes-have-escaped": "The heroes have escaped {monster_name}.",
    "monster.moves-on": "{monster_name} moves on.",
    "monster.out-sight": "{monster_name} is out of sight.",
    "monster.rises-from-floor": "{monster_name} rises from the floor!",
    "monster.springs-from-ambush": "{monster_name} springs from ambush!",
    "monster.summoned": "Summoned: {names}.",
    "monster.there-no-more-room": "There is no more room for the summoned.",
    "monster.turns-run": "{monster_name} turns to run!",
    "monster.wakes": "{monster_name} wakes.",
    "monster.wandering-monster-finds-no": "The wandering monster finds no room to appear.",
    "move.dusted-slips-past-enemies": "{hero_name} is dusted and slips past enemies unnoticed.",
    "move.fails-clear-figure-stays": "{hero_name} fails to clear the figure and stays where he is.",
    "move.frees-who-follows-close": "{name} frees {label}, who follows close behind.",
    "move.gets-hold-edge-pit": "{hero_name} gets a hold on the edge of the pit and may move on.",
    "move.knocked-against-what-stands": "{name} is knocked against what stands behind and keeps his place.",
    "move.knocked-back": "{name} is knocked back.",
    "move.leaps-over": "{hero_name} leaps over.",
    "move.leaves-through-exit": "{name} leaves the quest through the exit.",
    "move.leaves-up-stairs": "{name} leaves the quest up the stairs.",
    "move.may-move-squares": "{hero_name} may move {move} squares.",
    "move.moves-up-12-squares": "{hero_name} moves up to 12 squares (Potion of Speed).",
    "move.must-roll-or-more": "{hero_name} must roll a {least} or more to climb out.",
    "move.seen": "{hero_name} is seen.",
    "move.seizes-carries-off": "{monster_name} seizes {name} and carries him off!",
    "move.slips-back-into-pit": "{hero_name} slips back into the pit.",
    "move.stands-guard": "{name} stands on guard.",
    "move.sweep-carries": "The sweep carries on to {hero_name}.",
    "move.throws": "{monster_name} throws {hero_name} to {square[0]},{square[1]}!",
    "move.vanishes": "{monster_name} vanishes!",
    "move.vanishes-stands": "{hero_name} vanishes, and stands at {square[0]},{square[1]}.",
    "quest.note": "Note {note}: {text}",
    "quest.note-bare": "Note {note}.",
    "quest.text": "{text}",
    "rest.calls-rest-rest": "{hero_name} calls a rest: {names} rest.",
    "rest.rest-disturbed": "The rest is disturbed!",
    "search.beyond-door": "Beyond the door: {seen}.",
    "search.beyond-door-nothing": "Beyond the door: no enemies.",
    "search.elf-senses-nothing": "The elf senses nothing.",
    "search.potion-vision-shows": "The Potion of Vision shows {traps} trap(s) and {doors} secret door(s).",
    "search.searches-secret-doors-finds": "{hero_name} searches for secret doors and finds {found_doors}.",
    "search.searches-treasure-finds-nothing": "{hero_name} searches for treasure and finds nothing.",
    "skill.monster-uses": "{monster_name} uses {skill}.",
    "skill.uses": "{hero_name} uses {skill}.",
    "spell.answers": "{monster_name} answers with {spell}!",
    "spell.breaks-free-spell": "{hero_name} breaks free of the spell.",
    "spell.casts": "{hero_name} casts {spell}.",
    "spell.casts-flashback-turn-undone": (
        "{hero_name} casts Flashback: {other_hero_name}'s turn is undone, to be played again."
    ),
    "spell.casts-himself-as-he": "{hero_name} casts {spell} on himself as he falls.",
    "spell.chaos-casts": "{hero_name} casts {spell}.",
    "spell.disappears-from-sight": "{hero_name} disappears from sight.",
    "spell.dispelled": "{spell} is dispelled.",
    "spell.drinks-potion-magic-resistance": (
        "{hero_name} drinks the Potion of Magic Resistance as the spell comes."
    ),
    "spell.elf-effect": "{hero_name} {how}.",
    "spell.fails-follow-spell": "{hero_name} fails to follow the spell.",
    "spell.genie-attacks-combat-dice": "The genie attacks with {dice} combat dice.",
    "spell.genie-turns": "The genie turns on {hero_name}.",
    "spell.holds-against-dispell": "{spell} holds against the Dispell.",
    "spell.learns-watching-cast": "{hero_name} learns {spell} by watching it cast.{when}",
    "spell.memorises": "{hero_name} memorises {spell} ({held} spell(s) held).",
    "spell.monster-breaks-free-spell": "{monster_name} breaks free of the spell.",
    "spell.monster-casts": "{monster_name} casts {spell}.",
    "spell.puts-aside": "{hero_name} puts {spell} aside ({held} spell(s) held).",
    "spell.raises-ancient-staff-turns": "{hero_name} raises the Ancient Staff and turns {spell} back!",
    "spell.reads-scroll-gone": "{hero_name} reads the scroll of {spell}; it is gone.",
    "spell.spell-ring-releases-spell": "The Spell Ring releases the spell at no cost.",
    "spell.stores-spell-ring": "{hero_name} stores {spell} in the Spell Ring.",
    "spell.takes-turn-while-time": "{hero_name} takes a turn while time stands still.",
    "spell.time-stops-all": "Time stops for all but {hero_name}.",
    "spell.turned-back-works-players": "{spell} is turned back, but it works on players only.",
    "spell.untouched": "{hero_name} is untouched by {spell}.",
    "status.breaks-free": "{name} breaks free!",
    "status.calls-destiny-kept-die": "{hero_name} calls on destiny: the kept die shows a {face}.",
    "status.courage": "Courage for {names}.",
    "status.does-not-feel-chill": "{victim_name} does not feel the chill.",
    "status.double-fades": "The double of {hero_name} fades.",
    "status.double-shimmers-beside": "A double of {hero_name} shimmers beside him.",
    "status.falls-asleep": "{victim_name} falls asleep.",
    "status.falls-into-deep-sleep": "{hero_name} falls into a deep sleep.",
    "status.falls-under-command": "{hero_name} falls under {monster_name}'s command.",
    "status.falls-under-heroes-command": "{monster_name} falls under the heroes' command.",
    "status.free": "{hero_name} is free of {monster_name}.",
    "status.free-command": "{hero_name} is free of the Command.",
    "status.gripped-fear-one-attack": "{victim_name} is gripped by fear: one attack die until it breaks.",
    "status.hero-paralysed-cloud": "{hero_name} is paralysed by the cloud.",
    "status.huge-illusory-flame-roars": "A huge illusory flame roars up.",
    "status.keeps-human-destiny": "{hero_name} keeps a {kept} (Human Destiny).",
    "status.meets-gargoyle-gaze-holds": "{name} meets the gargoyle's gaze and holds.",
    "status.mummy-curse-takes": "The mummy's curse takes {hero_name}.",
    "status.paralysed-blast": "{hero_name} is paralysed by the blast.",
    "status.paralysed-blaze": "Paralysed by the blaze: {names}.",
    "status.paralysed-cloud": "{monster_name} is paralysed by the cloud.",
    "status.poison-blood-burns": "The poison in {hero_name}'s blood burns.",
    "status.poisoned": "{hero_name} is poisoned.",
    "status.replaces-memory": "{new} replaces {old} in memory.",
    "status.resists-strength-will": "{hero_name} resists by Strength of Will.",
    "status.rock-dug-away": "The rock is dug away.",
    "status.rock-holds": "The rock holds.",
    "status.rusts-away-useless-good": "{hero_name}'s {gear_key} rusts away, useless for good.",
    "status.shaken": "Shaken: {names}.",
    "status.struggles-vain": "{name} struggles in vain.",
    "status.throws-off-werewolf-curse": "{name} throws off the Werewolf's Curse.",
    "status.warps-into-uselessness": "The {weapon} of {monster_name} warps into uselessness.",
    "status.wrenches-free": "{name} wrenches free of {monster_name}.",
    "trap.alarm-sounds": "An alarm sounds!",
    "trap.axe-swings-down": "An axe swings down at {hero_name}!",
    "trap.bridge-ice-spans-trap": "A bridge of ice spans the trap.",
    "trap.disarms-trap": "{hero_name} disarms the trap.",
    "trap.fails-jump": "{hero_name} fails the jump.",
    "trap.finds-stalactite-trap-knocks": "{hero_name} finds {found} stalactite trap(s) and knocks them down.",
    "trap.floor-gives-way-under": "The floor gives way under {hero_name}!",
    "trap.furniture-trap-springs": "A trap in the {furniture} springs at {hero_name}!",
    "trap.jumps-trap": "{hero_name} jumps the trap.",
    "trap.rocks-crash-down": "Rocks crash down.",
    "trap.searches-traps-finds": "{hero_name} searches for traps and finds {found}: {places}.",
    "trap.searches-traps-finds-none": "{hero_name} searches for traps and finds none.",
    "trap.spear-trap-springs": "A spear trap springs at {hero_name}!",
    "trap.springs-trap": "{monster_name} springs a trap!",
    "trap.stalactite-falls": "A stalactite falls on {hero_name}!",
    "trap.trap-springs": "The trap springs!",
    "trap.trap-undone": "The trap in the {furniture} is undone.",
    "treasure.draws-treasure-card": "{hero_name} draws a treasure card: {card}",
    "treasure.finds": "{hero_name} finds treasure.",
    "treasure.no-gold-or-potion": "No gold or potion is left in the treasure deck.",
    "treasure.takes": "{hero_name} takes the treasure.",
    "treasure.treasure-deck-empty": "The treasure deck is empty.",
    "turn.can-do-no-more": "{hero_name} can do no more this turn.",
    "turn.caught-whirlwind-misses-this": "{hero_name} is caught in the whirlwind and misses this turn.",
    "turn.crashes-into-figure-both": (
        "{name} crashes into the figure at {square[0]},{square[1]}: both lose their next turn."
    ),
    "turn.cursed-three-turns-live": "{hero_name} is cursed: three turns to live.",
    "turn.cursed-wolf-may-take": "{name} is cursed: the wolf may take him on any turn.",
    "turn.dread-dice": "Dread grips {name}: {need} attack dice fewer this turn.",
    "turn.dread-one-die": "Dread grips {name}: 1 attack die fewer this turn.",
    "turn.dread-resisted": "{name} stands firm against the dread of the undead.",
    "turn.hero-entranced-blaze": "{hero_name} stands entranced by the blaze and loses this turn.",
    "turn.lies-helpless-loses-turn": "{hero_name} lies helpless and loses the turn.",
    "turn.loses-turn": "{monster_name} loses its turn.",
    "turn.misses-turn-whirlwind": "{monster_name} misses its turn in the whirlwind.",
    "turn.monster-entranced-blaze": "{monster_name} stands entranced by the blaze and loses its turn.",
    "turn.obeys-game-master-this": "{hero_name} obeys the game master this turn.",
    "turn.stands-turned-stone": "{hero_name} stands turned to stone.",
    "turn.still-dazed-from-fall": "{hero_name} is still dazed from the fall and loses his turn.",
    "turn.turned-stone": "{name} is turned to stone!",
    "turn.turns-into-werewolf": "{hero_name} turns into a werewolf!",
    "turn.whirlwind-wraps-next-turn": "A whirlwind wraps {victim_name}: the next turn is lost.",
    "wound.cannot-harm-turned-stone": "{source} cannot harm {hero_name}, turned to stone.",
    "wound.costs-body": "{source} costs {hero_name} {damage} Body.",
    "wound.does-no-harm": "{source} does {hero_name} no harm.",
    "wound.loses-body-left": "{monster_name} loses {damage} Body ({body} left).",
    "wound.takes-blow": "{hero_name} takes the blow for {other_hero_name}.",
    "wound.takes-no-harm": "{monster_name} takes no harm.",
}
"""The English sentence of each phrase, with its values' places."""


SOURCES: dict[Source, str] = {
    "attack": "{by}'s attack",
    "bear-hug": "{by}'s bear hug",
    "cold": "the cold of {place}",
    "curse": "the curse",
    "fall": "the fall",
    "falling-rock": "the falling rock",
    "furniture-trap": "the trap in the furniture",
    "hazard": "a hazard",
    "lasting-poison": "the lasting poison",
    "pestilence": "the pestilence",
    "spell": "{by}",
    "stalactite": "the stalactite",
    "trap": "the {trap} trap",
}
"""What hurt a hero (a wound's `source`, with `by`: who attacked, the spell, the trap's kind, the place)."""

WORDS: dict[str, dict[str, str]] = {
    "change": {"take-up": "takes up", "put-on": "puts on", "take-off": "takes off", "put-away": "puts away"},
    "how": {"cancels": "cancels the spell and reappears", "seen": "rolls high and is seen again"},
    "place": {"icy-river": "the icy river", "ice-vault": "the ice vault"},
    "wound": {
        "def-1": "rolls one defend die fewer",
        "maul": "is badly mauled and rolls half his defend dice",
        "plague": "is sick with pestilence: one Body a turn",
    },
    "cause": {"spell": "{by}", "battle-axe": "The battle axe's blow"},
}
"""The English of the values that name a thing by id: a gear change, how a hero reappears, a cold place,
a lasting wound, what cost a hero Mind (`{by}`: the spell's name)."""


DERIVED: dict[str, frozenset[str]] = {
    "item.collects-things": frozenset({"money"}),
    "search.beyond-door": frozenset({"seen"}),
    "spell.learns-watching-cast": frozenset({"when"}),
    "heal.healed": frozenset({"ended"}),
}
"""The places of a sentence the renderer fills from other values (the gold, the spots seen)."""


HEALED: dict[str, str] = {"def": "the bite", "maul": "the mauling", "plague": "the pestilence"}
"""The lasting wounds a hero is healed of (`heal.healed`'s `wounds`), by id."""

NO_ONE = frozenset({"status.shaken", "status.paralysed-blaze"})
"""The phrases whose `names` may be none ("no one")."""


def _spelled(say: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """`values` with each id said in English (a wound's source, the WORDS keys) and each list joined."""
    out = dict(values)
    if isinstance(values.get("names"), (tuple, list)):
        out["names"] = ", ".join(values["names"]) or ("no one" if say in NO_ONE else "")
    for key in ("face", "kept", "gear_key"):
        if key in values:
            out[key] = str(values[key]).replace("-", " ")
    if say == "heal.healed":
        out["ended"] = ", ".join(sorted({HEALED.get(w, w) for w in values["wounds"]}))
    if say == "trap.searches-traps-finds":
        found = zip(values["pieces"], values["places"], strict=True)
        out["places"] = ", ".join(f"in the {k.replace('-', ' ')} {p}" if k else f"at {p}" for k, p in found)
    if say == "challenge.tries" and values.get("text"):
        out["text"] = f"{values['text']} "
    if say == "item.collects-things":
        out["gear"] = ", ".join(values["gear"]) or "nothing"
        out["money"] = f" and {values['gold']} gold" if values["gold"] else ""
    if say == "spell.learns-watching-cast":
        why = bar_text(values["spell_key"], values["bar"], values["need"], values["hero_name"])
        out["when"] = f" {why[0].upper()}{why[1:]}." if why is not None else ""
    if say == "door.door-opens" and "between" in values:  # the door's two squares, as the board names them
        x1, y1, x2, y2 = values["between"]
        out["between"] = f"{x1},{y1} and {x2},{y2}"
    if say == "search.beyond-door":
        spots = zip(values["kinds"], values["xs"], values["ys"], strict=True)
        out["seen"] = ", ".join((f"{k} " if k else "") + f"at {x},{y}" for k, x, y in spots)
    for key, table in WORDS.items():
        if key in values:
            out[key] = table[values[key]].format(by=values.get("by", ""))
    if "found_doors" in values:
        out["found_doors"] = values["found_doors"] or "none"
    if "source" in values:
        by = str(values.get("by", ""))
        place = WORDS["place"].get(by, "")
        said = SOURCES[values["source"]].format(by=by, trap=by.replace("-", " "), place=place)
        out["source"] = said.capitalize()
    return out


def sentence(say: str, values: Mapping[str, Any]) -> str:
    """The sentence of phrase `say` with `values` (a view event's values will do); an unknown phrase, a
    missing value or an unknown id raises `KeyError`."""
    return TEXTS[say].format_map(_spelled(say, values))


def event_text(event: HqEvent) -> str:
    """One event as an English sentence."""
    return sentence(event.say, event.data())


def log_lines(log: Iterable[HqEvent]) -> list[str]:
    """A log of events as English sentences, in order."""
    return [event_text(e) for e in log]


def view_sentence(values: Mapping[str, Any]) -> str:
    """The sentence of a view event whose values carry a HeroQuest phrase (`say`), or "" for any other
    event (the command line and the browser show every system's events through this)."""
    say = values.get("say")
    if not isinstance(say, str) or say not in TEXTS:
        return ""
    return sentence(say, values)
