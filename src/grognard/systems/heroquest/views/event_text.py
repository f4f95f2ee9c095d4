"""HeroQuest's events said in the reader's language (the presentation of `events`): one sentence per
phrase, its values filled in. The command line and the browser show a quest's events through `sentence`.

The sentences are the catalogues' messages (`N_` here, said by `gettext` when a sentence is made), with
named places; the names the events keep (a hero's, a monster's, a spell's, in English in the saved game)
are said in the reader's language by `content.words.said`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from grognard.i18n import N_
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.words import said, thing
from grognard.systems.heroquest.features.chaos.chaos_heroes import bar_text
from grognard.systems.heroquest.model.events import HqEvent, Phrase, Source

TEXTS: dict[Phrase, str] = {  # the one table of phrases: each id and its sentence
    "attack.arrow-vindication-strikes": N_("The arrow of vindication strikes {monster_name}."),
    "attack.black-shield-turns-arrow": N_("{monster_name}'s black shield turns the arrow aside."),
    "attack.blow-passes-through-double": N_("The blow passes through the double of {hero_name}: no damage."),
    "attack.dazed": N_("{monster_name} is dazed."),
    "attack.grips-bear-hug": N_("{monster_name} grips {hero_name} in a bear hug."),
    "attack.hero-dazed": N_("{name} is dazed."),
    "attack.hero-shakes-off-blow": N_("{name} shakes off the blow."),
    "attack.holds-stare": N_("{monster_name} holds the stare."),
    "attack.knocks-weapon-away": N_("{monster_name} knocks {hero_name}'s weapon away!"),
    "attack.lashes-out-tail": N_("{monster_name} lashes out with its tail!"),
    "attack.ripostes": N_("{hero_name} ripostes!"),
    "attack.shakes-off-blow": N_("{monster_name} shakes off the blow."),
    "attack.stared-down": N_("{monster_name} is stared down."),
    "attack.stomp-shakes-floor": N_("{monster_name}'s stomp shakes the floor."),
    "attack.strikes-again-from-other": N_("{monster_name} strikes again from the other side!"),
    "challenge.fails": N_("{hero_name} fails at {challenge}."),
    "challenge.succeeds": N_("{hero_name} succeeds at {challenge}."),
    "challenge.tries": N_(
        "{hero_name} tries {challenge}: {text}{dice} red dice ({attribute}) for {target} or more."
    ),
    "death.dies": N_("{hero_name} dies."),
    "death.no-one-can-break": N_("No one can break the stone: {hero_name} is left for dead."),
    "death.slain": N_("{monster_name} is slain."),
    "death.vanishes-never-be-seen": N_("{monster_name} vanishes with {hero_name}, never to be seen again."),
    "door.door-opens": N_("The door between {between} opens."),
    "heal.armband-healing-restores": N_("{hero_name}'s Armband of Healing restores him."),
    "heal.cured-poison-body-back": N_("{hero_name} is cured of poison ({back} Body back)."),
    "heal.cured-werewolf-curse": N_("{hero_name} is cured of the Werewolf's Curse."),
    "heal.drinks-potion-healing-as": N_("{hero_name} drinks a Potion of Healing as he falls."),
    "heal.healed": N_("{hero_name} is healed ({ended})."),
    "heal.lives-again": N_("{ally_name} lives again."),
    "heal.monster-restored-body": N_("{monster_name} is restored ({body} Body)."),
    "heal.potion-restoration": N_("{hero_name} drinks a Potion of Restoration and lives."),
    "heal.regains-body-now": N_("{hero_name} regains Body ({body} now)."),
    "heal.regains-magic": N_("{hero_name} regains {amount} Magic."),
    "heal.restored-body": N_("{hero_name} is restored ({body} Body)."),
    "heal.rests-recovers": N_("{hero_name} rests and recovers."),
    "heal.until-healed": N_("{hero_name} {wound} until healed."),
    "ice.hero-skates-away": N_("{hero_name} skates away on the ice."),
    "ice.ice-cracks-skulls": N_("The ice at {square[0]},{square[1]} cracks ({skulls} of {breaks} skulls)."),
    "ice.ice-melts-away": N_("The ice at {square[0]},{square[1]} melts away."),
    "ice.ice-rises": N_("Ice rises at {square}."),
    "ice.ice-shatters": N_("The ice at {square[0]},{square[1]} shatters."),
    "ice.monster-skates-away": N_("{monster_name} skates away on the ice."),
    "item.collects-things": N_("{hero_name} collects {fallen_name}'s things: {gear}{money}."),
    "item.every-die-same-wear": N_("Every die the same: the {name} wear out."),
    "item.fire-ring-turns-flames": N_("{hero_name}'s Fire Ring turns the flames aside."),
    "item.fumbles-dagger-stays-where": N_("{hero_name} fumbles for the dagger; it stays where it lies."),
    "item.gear": N_("{hero_name} {change} the {item}."),
    "item.keeps-out-cold": N_("{hero_name}'s {worn} keeps out the cold of {place}."),
    "item.makes-off-things": N_("{monster_name} makes off with {owner_name}'s things."),
    "item.picks-dagger-up-again": N_("{hero_name} picks his dagger up again."),
    "item.picks-up-weapon": N_("{hero_name} picks up his weapon."),
    "item.raises-bone-wand-skeleton": N_("{hero_name} raises the Bone Wand: {held} skeleton(s) obey him."),
    "item.ring-return-carries-back": N_("The Ring of Return carries {names} back to where they came in."),
    "item.snatches": N_("{monster_name} snatches {hero_name}'s {item}!"),
    "item.takes-back": N_("{hero_name} takes back the {item}."),
    "item.throws-dagger": N_("{monster_name} throws its dagger at {hero_name}."),
    "item.throws-dagger-lands": N_(
        "{hero_name} throws a dagger at {monster_name}; it lands at {square[0]},{square[1]}."
    ),
    "item.throws-magical-throwing-dagger": N_(
        "{hero_name} throws the Magical Throwing Dagger at {monster_name}."
    ),
    "item.uses": N_("{hero_name} uses the {name}."),
    "item.uses-charge": N_("{hero_name} uses the {name} ({spent} of {charges})."),
    "mind.comatose": N_("{monster_name} is comatose."),
    "mind.concussed": N_(
        "Every die a skull: {monster_name} is concussed and loses a Mind point ({left} left)."
    ),
    "mind.concussed-no-mind": N_("Every die a skull, but {monster_name} has no mind to lose."),
    "mind.costs-mind-left": N_("{cause} costs {hero_name} {points} Mind ({mind} left)."),
    "mind.hero-comatose": N_("{hero_name} is comatose."),
    "mind.hero-concussed": N_("Every die a skull: {hero_name} is concussed!"),
    "mind.mind-beyond-deep-sleep": N_("{hero_name}'s mind is beyond the Deep Sleep."),
    "mind.mind-stays-clear-frost": N_("{victim_name}'s mind stays clear of the frost."),
    "mind.mind-withstands-frost": N_("{hero_name}'s mind withstands the frost."),
    "mind.sky-orb-absorbs-lost": N_("{hero_name}'s Sky Orb absorbs a lost Mind point."),
    "mind.struck-senseless-again-no": N_("{hero_name} is struck senseless again, with no Mind left to lose."),
    "monster.appears-beside": N_("A {monster_kind} appears beside {hero_name}!"),
    "monster.gives-chase": N_("{monster_name} gives chase."),
    "monster.gives-up-chase": N_("{monster_name} gives up the chase."),
    "monster.goes-back-place": N_("{monster_name} goes back to its place."),
    "monster.has-escaped": N_("{monster_name} has escaped."),
    "monster.heroes-have-escaped": N_("The heroes have escaped {monster_name}."),
    "monster.moves-on": N_("{monster_name} moves on."),
    "monster.out-sight": N_("{monster_name} is out of sight."),
    "monster.rises-from-floor": N_("{monster_name} rises from the floor!"),
    "monster.springs-from-ambush": N_("{monster_name} springs from ambush!"),
    "monster.summoned": N_("Summoned: {names}."),
    "monster.there-no-more-room": N_("There is no more room for the summoned."),
    "monster.turns-run": N_("{monster_name} turns to run!"),
    "monster.wakes": N_("{monster_name} wakes."),
    "monster.wandering-monster-finds-no": N_("The wandering monster finds no room to appear."),
    "move.dusted-slips-past-enemies": N_("{hero_name} is dusted and slips past enemies unnoticed."),
    "move.fails-clear-figure-stays": N_("{hero_name} fails to clear the figure and stays where he is."),
    "move.frees-who-follows-close": N_("{name} frees {label}, who follows close behind."),
    "move.gets-hold-edge-pit": N_("{hero_name} gets a hold on the edge of the pit and may move on."),
    "move.knocked-against-what-stands": N_(
        "{name} is knocked against what stands behind and keeps his place."
    ),
    "move.knocked-back": N_("{name} is knocked back."),
    "move.leaps-over": N_("{hero_name} leaps over."),
    "move.leaves-through-exit": N_("{name} leaves the quest through the exit."),
    "move.leaves-up-stairs": N_("{name} leaves the quest up the stairs."),
    "move.may-move-squares": N_("{hero_name} may move {move} squares."),
    "move.moves-up-12-squares": N_("{hero_name} moves up to 12 squares (Potion of Speed)."),
    "move.must-roll-or-more": N_("{hero_name} must roll a {least} or more to climb out."),
    "move.seen": N_("{hero_name} is seen."),
    "move.seizes-carries-off": N_("{monster_name} seizes {name} and carries him off!"),
    "move.slips-back-into-pit": N_("{hero_name} slips back into the pit."),
    "move.stands-guard": N_("{name} stands on guard."),
    "move.sweep-carries": N_("The sweep carries on to {hero_name}."),
    "move.throws": N_("{monster_name} throws {hero_name} to {square[0]},{square[1]}!"),
    "move.vanishes": N_("{monster_name} vanishes!"),
    "move.vanishes-stands": N_("{hero_name} vanishes, and stands at {square[0]},{square[1]}."),
    "quest.note": N_("Note {note}: {text}"),
    "quest.note-bare": N_("Note {note}."),
    "quest.text": N_("{text}"),
    "rest.calls-rest-rest": N_("{hero_name} calls a rest: {names} rest."),
    "rest.rest-disturbed": N_("The rest is disturbed!"),
    "search.beyond-door": N_("Beyond the door: {seen}."),
    "search.beyond-door-nothing": N_("Beyond the door: no enemies."),
    "search.elf-senses-nothing": N_("The elf senses nothing."),
    "search.potion-vision-shows": N_(
        "The Potion of Vision shows {traps} trap(s) and {doors} secret door(s)."
    ),
    "search.searches-secret-doors-finds": N_(
        "{hero_name} searches for secret doors and finds {found_doors}."
    ),
    "search.searches-treasure-finds-nothing": N_("{hero_name} searches for treasure and finds nothing."),
    "skill.monster-uses": N_("{monster_name} uses {skill}."),
    "skill.uses": N_("{hero_name} uses {skill}."),
    "spell.answers": N_("{monster_name} answers with {spell}!"),
    "spell.breaks-free-spell": N_("{hero_name} breaks free of the spell."),
    "spell.casts": N_("{hero_name} casts {spell}."),
    "spell.casts-flashback-turn-undone": N_(
        "{hero_name} casts Flashback: {other_hero_name}'s turn is undone, to be played again."
    ),
    "spell.casts-himself-as-he": N_("{hero_name} casts {spell} on himself as he falls."),
    "spell.chaos-casts": N_("{hero_name} casts {spell}."),
    "spell.disappears-from-sight": N_("{hero_name} disappears from sight."),
    "spell.dispelled": N_("{spell} is dispelled."),
    "spell.drinks-potion-magic-resistance": N_(
        "{hero_name} drinks the Potion of Magic Resistance as the spell comes."
    ),
    "spell.elf-effect": N_("{hero_name} {how}."),
    "spell.fails-follow-spell": N_("{hero_name} fails to follow the spell."),
    "spell.genie-attacks-combat-dice": N_("The genie attacks with {dice} combat dice."),
    "spell.genie-turns": N_("The genie turns on {hero_name}."),
    "spell.holds-against-dispell": N_("{spell} holds against the Dispell."),
    "spell.learns-watching-cast": N_("{hero_name} learns {spell} by watching it cast.{when}"),
    "spell.memorises": N_("{hero_name} memorises {spell} ({held} spell(s) held)."),
    "spell.monster-breaks-free-spell": N_("{monster_name} breaks free of the spell."),
    "spell.monster-casts": N_("{monster_name} casts {spell}."),
    "spell.puts-aside": N_("{hero_name} puts {spell} aside ({held} spell(s) held)."),
    "spell.raises-ancient-staff-turns": N_("{hero_name} raises the Ancient Staff and turns {spell} back!"),
    "spell.reads-scroll-gone": N_("{hero_name} reads the scroll of {spell}; it is gone."),
    "spell.spell-ring-releases-spell": N_("The Spell Ring releases the spell at no cost."),
    "spell.stores-spell-ring": N_("{hero_name} stores {spell} in the Spell Ring."),
    "spell.takes-turn-while-time": N_("{hero_name} takes a turn while time stands still."),
    "spell.time-stops-all": N_("Time stops for all but {hero_name}."),
    "spell.turned-back-works-players": N_("{spell} is turned back, but it works on players only."),
    "spell.untouched": N_("{hero_name} is untouched by {spell}."),
    "status.breaks-free": N_("{name} breaks free!"),
    "status.calls-destiny-kept-die": N_("{hero_name} calls on destiny: the kept die shows a {face}."),
    "status.courage": N_("Courage for {names}."),
    "status.does-not-feel-chill": N_("{victim_name} does not feel the chill."),
    "status.double-fades": N_("The double of {hero_name} fades."),
    "status.double-shimmers-beside": N_("A double of {hero_name} shimmers beside him."),
    "status.falls-asleep": N_("{victim_name} falls asleep."),
    "status.falls-into-deep-sleep": N_("{hero_name} falls into a deep sleep."),
    "status.falls-under-command": N_("{hero_name} falls under {monster_name}'s command."),
    "status.falls-under-heroes-command": N_("{monster_name} falls under the heroes' command."),
    "status.free": N_("{hero_name} is free of {monster_name}."),
    "status.free-command": N_("{hero_name} is free of the Command."),
    "status.gripped-fear-one-attack": N_("{victim_name} is gripped by fear: one attack die until it breaks."),
    "status.hero-paralysed-cloud": N_("{hero_name} is paralysed by the cloud."),
    "status.huge-illusory-flame-roars": N_("A huge illusory flame roars up."),
    "status.keeps-human-destiny": N_("{hero_name} keeps a {kept} (Human Destiny)."),
    "status.meets-gargoyle-gaze-holds": N_("{name} meets the gargoyle's gaze and holds."),
    "status.mummy-curse-takes": N_("The mummy's curse takes {hero_name}."),
    "status.paralysed-blast": N_("{hero_name} is paralysed by the blast."),
    "status.paralysed-blaze": N_("Paralysed by the blaze: {names}."),
    "status.paralysed-cloud": N_("{monster_name} is paralysed by the cloud."),
    "status.poison-blood-burns": N_("The poison in {hero_name}'s blood burns."),
    "status.poisoned": N_("{hero_name} is poisoned."),
    "status.replaces-memory": N_("{new} replaces {old} in memory."),
    "status.resists-strength-will": N_("{hero_name} resists by Strength of Will."),
    "status.rock-dug-away": N_("The rock is dug away."),
    "status.rock-holds": N_("The rock holds."),
    "status.rusts-away-useless-good": N_("{hero_name}'s {gear_key} rusts away, useless for good."),
    "status.shaken": N_("Shaken: {names}."),
    "status.struggles-vain": N_("{name} struggles in vain."),
    "status.throws-off-werewolf-curse": N_("{name} throws off the Werewolf's Curse."),
    "status.warps-into-uselessness": N_("The {weapon} of {monster_name} warps into uselessness."),
    "status.wrenches-free": N_("{name} wrenches free of {monster_name}."),
    "trap.alarm-sounds": N_("An alarm sounds!"),
    "trap.axe-swings-down": N_("An axe swings down at {hero_name}!"),
    "trap.bridge-ice-spans-trap": N_("A bridge of ice spans the trap."),
    "trap.disarms-trap": N_("{hero_name} disarms the trap."),
    "trap.fails-jump": N_("{hero_name} fails the jump."),
    "trap.finds-stalactite-trap-knocks": N_(
        "{hero_name} finds {found} stalactite trap(s) and knocks them down."
    ),
    "trap.floor-gives-way-under": N_("The floor gives way under {hero_name}!"),
    "trap.furniture-trap-springs": N_("A trap in the {furniture} springs at {hero_name}!"),
    "trap.jumps-trap": N_("{hero_name} jumps the trap."),
    "trap.rocks-crash-down": N_("Rocks crash down."),
    "trap.searches-traps-finds": N_("{hero_name} searches for traps and finds {found}: {places}."),
    "trap.searches-traps-finds-none": N_("{hero_name} searches for traps and finds none."),
    "trap.spear-trap-springs": N_("A spear trap springs at {hero_name}!"),
    "trap.springs-trap": N_("{monster_name} springs a trap!"),
    "trap.stalactite-falls": N_("A stalactite falls on {hero_name}!"),
    "trap.trap-springs": N_("The trap springs!"),
    "trap.trap-undone": N_("The trap in the {furniture} is undone."),
    "treasure.draws-treasure-card": N_("{hero_name} draws a treasure card: {card}"),
    "treasure.finds": N_("{hero_name} finds treasure."),
    "treasure.no-gold-or-potion": N_("No gold or potion is left in the treasure deck."),
    "treasure.takes": N_("{hero_name} takes the treasure."),
    "treasure.treasure-deck-empty": N_("The treasure deck is empty."),
    "turn.can-do-no-more": N_("{hero_name} can do no more this turn."),
    "turn.caught-whirlwind-misses-this": N_("{hero_name} is caught in the whirlwind and misses this turn."),
    "turn.crashes-into-figure-both": N_(
        "{name} crashes into the figure at {square[0]},{square[1]}: both lose their next turn."
    ),
    "turn.cursed-three-turns-live": N_("{hero_name} is cursed: three turns to live."),
    "turn.cursed-wolf-may-take": N_("{name} is cursed: the wolf may take him on any turn."),
    "turn.dread-dice": N_("Dread grips {name}: {need} attack dice fewer this turn."),
    "turn.dread-one-die": N_("Dread grips {name}: 1 attack die fewer this turn."),
    "turn.dread-resisted": N_("{name} stands firm against the dread of the undead."),
    "turn.hero-entranced-blaze": N_("{hero_name} stands entranced by the blaze and loses this turn."),
    "turn.lies-helpless-loses-turn": N_("{hero_name} lies helpless and loses the turn."),
    "turn.loses-turn": N_("{monster_name} loses its turn."),
    "turn.misses-turn-whirlwind": N_("{monster_name} misses its turn in the whirlwind."),
    "turn.monster-entranced-blaze": N_("{monster_name} stands entranced by the blaze and loses its turn."),
    "turn.obeys-game-master-this": N_("{hero_name} obeys the game master this turn."),
    "turn.stands-turned-stone": N_("{hero_name} stands turned to stone."),
    "turn.still-dazed-from-fall": N_("{hero_name} is still dazed from the fall and loses his turn."),
    "turn.turned-stone": N_("{name} is turned to stone!"),
    "turn.turns-into-werewolf": N_("{hero_name} turns into a werewolf!"),
    "turn.whirlwind-wraps-next-turn": N_("A whirlwind wraps {victim_name}: the next turn is lost."),
    "wound.cannot-harm-turned-stone": N_("{source} cannot harm {hero_name}, turned to stone."),
    "wound.costs-body": N_("{source} costs {hero_name} {damage} Body."),
    "wound.does-no-harm": N_("{source} does {hero_name} no harm."),
    "wound.loses-body-left": N_("{monster_name} loses {damage} Body ({body} left)."),
    "wound.takes-blow": N_("{hero_name} takes the blow for {other_hero_name}."),
    "wound.takes-no-harm": N_("{monster_name} takes no harm."),
}
"""The English sentence of each phrase, with its values' places."""


SOURCES: dict[Source, str] = {
    "attack": N_("{by}'s attack"),
    "bear-hug": N_("{by}'s bear hug"),
    "cold": N_("the cold of {place}"),
    "curse": N_("the curse"),
    "fall": N_("the fall"),
    "falling-rock": N_("the falling rock"),
    "furniture-trap": N_("the trap in the furniture"),
    "hazard": N_("a hazard"),
    "lasting-poison": N_("the lasting poison"),
    "pestilence": N_("the pestilence"),
    "spell": "{by}",
    "stalactite": N_("the stalactite"),
    "trap": N_("the {trap} trap"),
}
"""What hurt a hero (a wound's `source`, with `by`: who attacked, the spell, the trap's kind, the place)."""

WORDS: dict[str, dict[str, str]] = {
    "change": {
        "take-up": N_("takes up"),
        "put-on": N_("puts on"),
        "take-off": N_("takes off"),
        "put-away": N_("puts away"),
    },
    "how": {"cancels": N_("cancels the spell and reappears"), "seen": N_("rolls high and is seen again")},
    "place": {"icy-river": N_("the icy river"), "ice-vault": N_("the ice vault")},
    "wound": {
        "def-1": N_("rolls one defend die fewer"),
        "maul": N_("is badly mauled and rolls half his defend dice"),
        "plague": N_("is sick with pestilence: one Body a turn"),
    },
    "cause": {"spell": "{by}", "battle-axe": N_("The battle axe's blow")},
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


HEALED: dict[str, str] = {"def": N_("the bite"), "maul": N_("the mauling"), "plague": N_("the pestilence")}
"""The lasting wounds a hero is healed of (`heal.healed`'s `wounds`), by id."""

NO_ONE = frozenset({"status.shaken", "status.paralysed-blaze"})
"""The phrases whose `names` may be none ("no one")."""

NAMED = frozenset(
    {
        "hero_name",
        "monster_name",
        "name",
        "other_hero_name",
        "victim_name",
        "ally_name",
        "fallen_name",
        "owner_name",
        "monster_kind",
        "spell",
        "skill",
        "new",
        "old",
        "weapon",
        "worn",
    }
)
"""The values that are a name of the rules data or of a figure, said in the reader's language (`said`)."""


def _spelled(say: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """`values` with each id said in English (a wound's source, the WORDS keys) and each list joined."""
    out = dict(values)
    for key in NAMED & values.keys():
        if isinstance(values[key], str):
            out[key] = said(values[key])
    if isinstance(values.get("item"), str):
        out["item"] = thing(values["item"])
    if isinstance(values.get("names"), (tuple, list)):
        out["names"] = ", ".join(said(n) for n in values["names"]) or (_("no one") if say in NO_ONE else "")
    for key in ("face", "kept", "gear_key"):
        if key in values:
            out[key] = _(str(values[key]).replace("-", " "))
    if say == "heal.healed":
        out["ended"] = ", ".join(sorted({_(HEALED[w]) if w in HEALED else w for w in values["wounds"]}))
    if say == "trap.searches-traps-finds":
        found = zip(values["pieces"], values["places"], strict=True)
        out["places"] = ", ".join(
            _("in the {furniture} {place}").format(furniture=_(k.replace("-", " ")), place=p)
            if k
            else _("at {place}").format(place=p)
            for k, p in found
        )
    if say == "challenge.tries" and values.get("text"):
        out["text"] = f"{values['text']} "
    if say == "item.collects-things":
        out["gear"] = ", ".join(thing(g) for g in values["gear"]) or _("nothing")
        out["money"] = _(" and {gold} gold").format(gold=values["gold"]) if values["gold"] else ""
    if say == "spell.learns-watching-cast":
        why = bar_text(values["spell_key"], values["bar"], values["need"], values["hero_name"])
        out["when"] = f" {why[0].upper()}{why[1:]}." if why is not None else ""
    if say == "door.door-opens" and "between" in values:  # the door's two squares, as the board names them
        x1, y1, x2, y2 = values["between"]
        out["between"] = _("{a} and {b}").format(a=f"{x1},{y1}", b=f"{x2},{y2}")
    if say == "search.beyond-door":
        spots = zip(values["kinds"], values["xs"], values["ys"], strict=True)
        out["seen"] = ", ".join(
            _("{what} at {place}").format(what=said(k), place=f"{x},{y}")
            if k
            else _("at {place}").format(place=f"{x},{y}")
            for k, x, y in spots
        )
    for key, table in WORDS.items():
        if key in values:
            out[key] = _(table[values[key]]).format(by=said(str(values.get("by", ""))))
    if "found_doors" in values:
        out["found_doors"] = values["found_doors"] or _("none")
    if "source" in values:
        by = str(values.get("by", ""))
        place = _(WORDS["place"][by]) if by in WORDS["place"] else ""
        wound = _(SOURCES[values["source"]]).format(by=said(by), trap=_(by.replace("-", " ")), place=place)
        out["source"] = wound.capitalize()
    return out


def sentence(say: str, values: Mapping[str, Any]) -> str:
    """The sentence of phrase `say` with `values` (a view event's values will do); an unknown phrase, a
    missing value or an unknown id raises `KeyError`."""
    return _(TEXTS[say]).format_map(_spelled(say, values))


def event_text(event: HqEvent) -> str:
    """One event as a sentence in the reader's language."""
    return sentence(event.say, event.data())


def log_lines(log: Iterable[HqEvent]) -> list[str]:
    """A log of events as sentences in the reader's language, in order."""
    return [event_text(e) for e in log]


def view_sentence(values: Mapping[str, Any]) -> str:
    """The sentence of a view event whose values carry a HeroQuest phrase (`say`), or "" for any other
    event (the command line and the browser show every system's events through this)."""
    say = values.get("say")
    if not isinstance(say, str) or say not in TEXTS:
        return ""
    return sentence(say, values)
