"""The kept campaign: a game whose state is the calendar date and the characters, moved by the referee.

`CampaignGame` (game id "campaign") is a registered game of the system, so the engine's store keeps a
campaign with undo, export and replay like any game. The referee is player 0. His actions are text:

    add:{json}            a character joins ({"character": ..., "alignment": ..., "seed": ...})
    advance:N             N weeks pass (1-520); each week's tasks run (`time.week_tasks`)
    exp:I:X               character I gains X levels of experience (X a decimal or a fraction)
    boast:I:X / renown:I:X   reputation grows by X, unverified / verified by neutral observers
    found-out:I           his lies are found out (:1817)
    wound:I:N             he takes N hits: at 0 left he falls unconscious, past 0 he dies
    fight:I:CREATURE      he fights a creature of the encounter tables (`creatures`), one melee turn;
                          several characters may each fight one creature (each pairing a bout); once
                          something is met, only it: the creature, a soldier of the force met
                          ("Soldiers", "Soldiers:foot"), a man of outlaws, civilians or a company
    join:I:J              he joins J's fight: both fight J's creature (its hit points shared; it
                          strikes at the first of them still standing; a kill shared, :1805)
    share:GP[:SP]         treasure shared among the living by their status levels (:1897)
    round / break         every bout goes on another turn, or all are broken off
    shoot:I:BOW:YARDS     he shoots at the creature met, before any melee (its wounds carry into it)
    kill:I                a fallen (unconscious) character is finished off
    take:I:GP[:SP] / spend:I:GP[:SP]   money taken (treasure) or spent
    buy:I:ITEM            he buys an item of the price list (its availability rolled) into his kit,
                          or ITEM[:N] of Table D's supplies (`supplies`), paid in GP, SP and CP
    find:I:ITEM[:LB] / drop:I:ITEM     an item taken as treasure, or left
    pay-men:I:INCOME      his hirelings' month, by their rank's yearly income (:1892)
    note:TEXT             the referee's note in the campaign's log
    meet:WHAT[:TERRAIN]   the party meets what a day's encounter at the table found (a creature of
                          Chart F, Outlaws, Soldiers, Civilians or a magic-user), in TERRAIN (else the
                          place): as on the road, it is what `fight:I:` fights, and soldiers' arms (by
                          the terrain) and hostility are rolled next
    town:NAME:POP[:MAKERS[:MARKUP[:walled]]]   the referee describes a town (`towns.parse_town`)
    place:TERRAIN[:TOWN]  where the party is (the town the book's or one described)
    travel:DAYS[:TERRAIN[:TOWN]]   the party travels: each day's encounter rolled; it stops at anything
                          met, else reaches the town named at the journey's end
    days:N                N days of rest pass (a seventh day runs the week's tasks)
    study-break:I:WEEKS[:YEARWEEKS]   weeks away from his course: allowed, or time lost and a fine (:281)
    study:I:COURSE        he begins a course of Table B (`chargen.parse_course`)
    skill:I:NAME:BASE / practise:I:NAME / neglect:I:NAME   a weapon skill, kept up or not
    service:I:W           W weeks (0-4) of magical service a month
    hire:I:N / lose:I:N / unpaid:I   hirelings recruited, lost, or deserting unpaid (:1892-1898)
    hold:I:NAME[:PEOPLE[:GP]]   he holds a town (its people, the campaign's or the book's town) or
                          holdings of PEOPLE people, each paying GP a year (else 3, :1411) with his income
    release:I:NAME        he no longer holds that town or those holdings
    promote:I             the referee opens the next rank for him (one rank a year)
    align:I:ALIGNMENT     law, neutral, chaos or none
    end                   the campaign ends

`legal_actions` lists a finite sample of these forms (for bots and menus); `apply` accepts every
well-formed one and refuses the rest with a `RulesError`. The state is a chance node for each roll
of passing time, each day's encounter on a journey (soldiers met: their force, then their reaction,
`soldiers`), a purchase's availability, an arrow (a special hit with its Dexterity lost) and each side's
blows in a melee turn; each day on the road eats the party's rations (`supplies`). Its `roll` throws
the real dice (the dice a referee gives first, through `table_dice.TableDice`). The events of the last
action are kept in `events`. Readings are under "Campaign" and "Creature figures", "Falling in a fight"
in docs/rulings/adventures-in-fantasy.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import TypeAlias

from pydantic import ValidationError

from grognard.engine.dice.core import Rng, Roll, percentile
from grognard.engine.errors import GrognardError, RulesError, UsageError
from grognard.engine.features import Registry
from grognard.engine.game import (
    CHANCE,
    JSON,
    TERMINAL,
    Actor,
    Game,
    GameInfo,
    GameState,
    Move,
    OptionInfo,
    OptionValue,
    Outcome,
    Result,
)
from grognard.engine.serial import from_data, to_data
from grognard.i18n import N_, gettext
from grognard.systems.adventures_in_fantasy import words
from grognard.systems.adventures_in_fantasy.action_text import (
    Bowshot,
    ForMember,
    Meet,
    Party,
    Place,
    Purchase,
    SkillArg,
    StudyBreak,
    Travel,
    parse,
)
from grognard.systems.adventures_in_fantasy.apprenticeship import GuildRecord, enrolment_problems
from grognard.systems.adventures_in_fantasy.calendar import DAYS_IN_WEEK, Date, parse_date
from grognard.systems.adventures_in_fantasy.chargen import CourseChoice, generate, parse_course
from grognard.systems.adventures_in_fantasy.checks import AGING_MODES, Aging
from grognard.systems.adventures_in_fantasy.combat import HitChance
from grognard.systems.adventures_in_fantasy.creatures import creature, creatures
from grognard.systems.adventures_in_fantasy.education import facts, study_break
from grognard.systems.adventures_in_fantasy.encounters import Alignment, check_terrain
from grognard.systems.adventures_in_fantasy.equipment import supplier
from grognard.systems.adventures_in_fantasy.experience import (
    ALIGNMENTS,
    Award,
    next_rank,
    outside_the_ranks,
    promote,
    status_after_levels,
)
from grognard.systems.adventures_in_fantasy.fight import (
    ArrowHit,
    aim,
    kill_award,
    missile_word,
    missiles_left,
    roll_shot,
    shared_kill_award,
    shot_award,
    shot_outcomes,
    use_missile,
    wounded_foe,
)
from grognard.systems.adventures_in_fantasy.hirelings import recruit_limit
from grognard.systems.adventures_in_fantasy.journey import KIND_LABELS, NOTHING, day_outcomes, day_roll
from grognard.systems.adventures_in_fantasy.lands import holding, land_of, released
from grognard.systems.adventures_in_fantasy.melee import MeleeState, chances, plan
from grognard.systems.adventures_in_fantasy.missiles import Shot
from grognard.systems.adventures_in_fantasy.purse import (
    Line,
    buy,
    can_buy,
    coins_of,
    drop,
    find,
    pay_men,
    price,
    spend,
    take,
)
from grognard.systems.adventures_in_fantasy.soldiers import (
    SOLDIERS,
    foe_of,
    force_outcomes,
    hostile_chance,
    meeting_outcomes,
    party_alignment,
    read_meeting,
    roll_force_kit,
    roll_meeting,
    troops_of,
)
from grognard.systems.adventures_in_fantasy.supplies import SOURCE as SUPPLIES_SOURCE
from grognard.systems.adventures_in_fantasy.supplies import buy_supply, day_on_the_road, on_price_list, supply
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK
from grognard.systems.adventures_in_fantasy.time import (
    ROLLED,
    Event,
    Member,
    Rules,
    Skill,
    Study,
    Task,
    effect,
    outcomes,
    settle,
    throw,
    week_tasks,
)
from grognard.systems.adventures_in_fantasy.towns import (
    BOOK_TOWNS,
    MEN_PER_RECRUIT,
    Town,
    find_town,
    parse_town,
)

MAX_TRAVEL_DAYS = 28
"""The most days one `travel` may take (a month of 28 days)."""

MAX_WEEKS = 520
"""The most weeks one `advance` may pass (ten years of 52 weeks)."""

SAMPLE_CHARACTERS = 4
"""The bots' `add` action offers sample characters until the campaign holds this many."""

GAME_ID = "campaign"

CHAINMAIL_GP = 6
"""The price of the chainmail the bots buy (:480)."""

IN_STOCK = "in-stock"
NOT_IN_STOCK = "not-in-stock"


def _fraction(text: str) -> Fraction:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise UsageError(
            gettext("{text} is not a number (write 1, 0.5 or 1/3)").format(text=repr(text))
        ) from None
    return value


@dataclass(frozen=True)
class Bout:
    """One pairing of a melee: character `fighter` (by index) against a creature `foe`. The creature of
    a group strikes only in the group's first bout (at the first of its foes still standing)."""

    fight: MeleeState
    fighter: int
    foe: str
    group: int = 0
    """Bouts of one group fight the same creature (`join`): they share its hit points."""


@dataclass(frozen=True)
class CampaignState(GameState):
    """A kept campaign: the date (`day`, an ordinal of the calendar), the characters, the options, and,
    while weeks pass, the day to stop at (`until`) and the next task of the week (`step`)."""

    rules: Rules
    day: int
    members: tuple[Member, ...] = ()
    until: int | None = None
    step: int = 0
    events: tuple[Event, ...] = ()
    over: bool = False
    bouts: tuple[Bout, ...] = ()
    pending: int = -1
    last: int = -1
    buying: str = ""
    buyer: int = -1
    place: str = ""
    town: str = ""
    days: int = 0
    journey: int = 0
    waiting: int = 0
    met: str = ""
    active: tuple[int, ...] = ()
    shooter: int = -1
    shot: str = ""
    met_wounds: int = 0
    towns: tuple[Town, ...] = ()
    bound: str = ""
    force: str = ""
    reaction: str = ""
    met_dexterity: int = 0

    @property
    def fight(self) -> MeleeState | None:
        """The first bout's melee, or None when nobody fights."""
        return self.bouts[0].fight if self.bouts else None

    @property
    def foe(self) -> str:
        """The first bout's creature, or "" when nobody fights."""
        return self.bouts[0].foe if self.bouts else ""

    @property
    def date(self) -> Date:
        """The campaign's date: the week's first day (`day`) and the days since (`days`)."""
        return Date.from_ordinal(self.day + self.days)

    # -- protocol -----------------------------------------------------------------------------------

    def actor(self) -> Actor:
        """The referee (0), `CHANCE` while weeks pass, `TERMINAL` once ended."""
        if self.over:
            return TERMINAL
        busy = self.until is not None or self.pending >= 0 or self.buying or self.journey or self.shooter >= 0
        return CHANCE if busy or self._meeting() else 0

    def _meeting(self) -> str:
        """The roll due for soldiers met: "force" (their arms), "reaction" (their hostility) or ""."""
        if self.met != SOLDIERS:
            return ""
        return "force" if not self.force else "reaction" if not self.reaction else ""

    def _party_alignment(self) -> Alignment:
        """The party's alignment for the hostility table (`soldiers.party_alignment`)."""
        return party_alignment([m.alignment for m in self.members if m.alive])

    def _task(self) -> tuple[Task, int]:
        kind, index = week_tasks(self.day, len(self.members))[self.step]
        return kind, index

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        meeting = self._meeting()
        if meeting == "force":
            return force_outcomes(self.place)
        if meeting == "reaction":
            return meeting_outcomes(self._party_alignment())
        if self.shooter >= 0:
            shot, chance = self._aim()
            return shot_outcomes(shot, chance.chance, self.met, self._met_left())
        if self.until is None and self.journey:
            return day_outcomes(self.place)
        if self.buying:
            p = price(self.buying)[4]
            return [(IN_STOCK, p), (NOT_IN_STOCK, 1 - p)]
        if self.pending >= 0:
            if self._held(self.pending):
                return [(0, Fraction(1))]
            return self.bouts[self.pending].fight.chance_outcomes()
        kind, i = self._task()
        return outcomes(kind, self.members[i], self.rules, self._week_end().year)

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """Throw the dice of the pending roll (a day's encounter, a purchase, a melee blow, or passing
        time) and name its outcome."""
        meeting = self._meeting()
        if meeting == "force":
            return roll_force_kit(rng, self.place)
        if meeting == "reaction":
            return roll_meeting(rng, self._party_alignment())
        if self.shooter >= 0:
            shot, chance = self._aim()
            return roll_shot(rng, shot, chance.chance, self.met, self._met_left())
        if self.until is None and self.journey:
            outcome, rolls, _ = day_roll(rng, self.place)
            return outcome, rolls
        if self.buying:
            thrown = percentile(rng)
            found = Fraction(thrown.total, 100) <= price(self.buying)[4]
            what = f"is the {self.buying} to be had? {'yes' if found else 'no'}"
            return (IN_STOCK if found else NOT_IN_STOCK), (
                Roll(what, thrown.dice, thrown.total, thrown.detail),
            )
        if self.pending >= 0:
            if self._held(self.pending):
                return 0, ()
            return self.bouts[self.pending].fight.roll(rng)
        kind, i = self._task()
        return throw(kind, self.members[i], self.rules, rng)

    def apply(self, move: Move) -> CampaignState:
        """The state after a referee action or a chance outcome; anything else is a `RulesError`."""
        if self.actor() == 0:
            if not isinstance(move, str):
                raise RulesError(move, self, gettext("a referee action is text"))
            try:
                return _settle(self._act(move))
            except (UsageError, ValidationError, ValueError) as e:
                raise RulesError(move, self, str(e).splitlines()[0]) from None
        done = super().apply(move)
        assert isinstance(done, CampaignState)
        return done

    def _apply(self, move: Move) -> CampaignState:
        meeting = self._meeting()
        if meeting:
            return _settle(self._soldiers(meeting, str(move)))
        if self.shooter >= 0:
            return self._arrow(ArrowHit.of(move))
        if self.until is None and self.journey:
            return self._travel_day(str(move))
        if self.buying:
            i, name = self.buyer, self.buying
            state = replace(self, buying="", buyer=-1)
            if move == NOT_IN_STOCK:
                text = f"no {name} to be had this month (class {price(name)[3]})"
                return state._note(i, "Not in stock", text, f"{RULEBOOK}:509-513", rolled=True)
            town = self.here()
            member, line = buy(self.members[i], name, town.cost(price(name)[1]) if town else None)
            return state._with_member(i, member)._note(i, *line, rolled=True)
        if self.pending >= 0:
            return self._blow(move)
        kind, i = self._task()
        member, (label, text, source) = settle(kind, self.members[i], move, self.rules, self._week_end())
        state = self._with_member(i, member)._note(i, label, text, source, rolled=True)
        return _settle(replace(state, step=self.step + 1))

    def _actions(self) -> Sequence[str]:
        if self.bouts:
            return ["round", "break"]
        acts = ["advance:1", "advance:4", "advance:13", "advance:52", "days:1", "travel:2:forest", "end"]
        if len(self.members) < SAMPLE_CHARACTERS:
            acts.append(sample_action(len(self.members)))
        for i, m in enumerate(self.members):
            if m.alive:
                acts += _member_actions(i, m, self.day, self.date.year, self._fight_sample())
        return acts

    def _fight_sample(self) -> str:
        """The creature the bots' `fight` names: what was met (the soldiers, men of a force or a
        company, a creature), else a wolf."""
        if not self.met:
            return "Wolf"
        return self.met if self.met == SOLDIERS or self.met.casefold() in creatures() else "Men"

    def result(self) -> Result:
        """The campaign's end: how many characters live, and their funds. Nobody wins a campaign: the
        referee's seat is the only one, and the ending says who of the party lives."""
        if not self.over:
            raise RulesError("result", self, gettext("the campaign goes on"))
        alive = [m for m in self.members if m.alive]
        resources = (("alive", len(alive)), ("funds-gp", sum(m.character.funds_gp for m in alive)))
        return Result("campaign-ended", (), resources)

    def invariants(self) -> list[str]:
        """Bad counters, a pending week with nothing to roll, a living character with no hit points."""
        bad: list[str] = []
        if self.until is not None and (self.until <= self.day or not self._outcomes()):
            bad.append(f"weeks pass to day {self.until} from {self.day} with no roll pending")
        for m in self.members:
            if m.experience < 0:
                bad.append(f"{m.name} has experience {m.experience}")
            if m.alive and m.character.wounds > m.character.hit_points:
                bad.append(f"{m.name} lives with more wounds than hit points")
        fighters = [b.fighter for b in self.bouts]
        if len(set(fighters)) != len(fighters) or not -1 <= self.pending <= self.last < len(self.bouts):
            bad.append("bouts half kept")
            if m.character.experience_level != int(m.experience):
                bad.append(
                    f"{m.name}'s level {m.character.experience_level} is not his experience {m.experience}"
                )
        return bad

    def describe(self) -> str:
        """The date, the characters and what is pending."""
        who = ", ".join(f"{m.name} ({'alive' if m.alive else 'dead'})" for m in self.members) or "nobody"
        pending = f"; passing time to {Date.from_ordinal(self.until).iso()}" if self.until is not None else ""
        for bout in self.bouts:
            pending += f"; {bout.fight.describe()}"
        return f"campaign {self.date.iso()}: {who}{pending}"

    # -- helpers ------------------------------------------------------------------------------------

    def _week_end(self) -> Date:
        return Date.from_ordinal(self.day + DAYS_IN_WEEK)

    def _with_member(self, i: int, member: Member) -> CampaignState:
        members = list(self.members)
        members[i] = member
        return replace(self, members=tuple(members))

    def _note(self, i: int, label: str, text: str, source: str, *, rolled: bool = False) -> CampaignState:
        date = self._week_end() if self.until is not None else self.date
        event = Event(date.iso(), i, self.members[i].name, label, text, source, rolled)
        return replace(self, events=(*self.events, event))

    def member(self, index: int) -> Member:
        """Character `index`; a `UsageError` when there is none or he is dead."""
        if not 0 <= index < len(self.members):
            raise UsageError(
                gettext("no character {index}; the campaign has {count} (0-based)").format(
                    index=index, count=len(self.members)
                )
            )
        found = self.members[index]
        if not found.alive:
            raise UsageError(gettext("{name} is dead").format(name=found.name))
        return found

    # -- referee actions ----------------------------------------------------------------------------

    def _act(self, move: str) -> CampaignState:
        act = parse(move)
        head, rest = act.head, act.rest if isinstance(act, Party) else ""
        state = replace(self, events=())
        if head == "end" and not rest:
            return replace(state, over=True)
        if head == "note":
            if not rest.strip():
                raise UsageError(gettext("note: write the note after note:"))
            event = Event(self.date.iso(), -1, "Referee", "Note", rest.strip(), "")
            return replace(state, events=(event,))
        if head == "share":
            return state._share(rest)
        if head == "meet":
            return state._meet(rest)
        if self.bouts and head not in ("fight", "join"):
            if move == "round":
                return replace(state, pending=0, last=len(self.bouts) - 1)
            if move == "break":
                for k in reversed(range(len(self.bouts))):
                    state = state._end_bout(k, state.bouts[k].fight, broken=True)
                return state
            fighting = ", ".join(f"{self.members[b.fighter].name} the {b.foe}" for b in self.bouts)
            raise UsageError(
                gettext(
                    "a melee is on ({fighting}): round, break, join:I:J, or fight:I:CREATURE for another"
                ).format(fighting=fighting)
            )
        if head in ("round", "break"):
            raise UsageError(
                gettext("{action}: no fight is on (fight:I:CREATURE begins one)").format(action=head)
            )
        if head == "add":
            return state._add(rest)
        if head == "town":
            town = parse_town(rest)
            kept = tuple(t for t in self.towns if t.name.casefold() != town.name.casefold())
            event = Event(self.date.iso(), -1, "Party", "Town", town.describe(), "ruling: Campaign: towns")
            return replace(state, towns=(*kept, town), events=(event,))
        if isinstance(act, Place):
            terrain, town_name = act.terrain, act.town
            where = check_terrain(terrain) if terrain else self.place
            at = find_town(town_name, self.towns) if town_name else None
            text = f"{where or 'nowhere'}" + (f", at {at.describe()}" if at else "")
            event = Event(self.date.iso(), -1, "Party", "Place", text, at.source if at else "")
            return replace(state, place=where, town=at.name if at else "", events=(event,))
        if isinstance(act, Travel):
            days_text, terrain, bound = act.days, act.terrain, act.town
            goal = find_town(bound, self.towns).name if bound else ""
            days = _int(days_text, N_("days"))
            if not 1 <= days <= MAX_TRAVEL_DAYS:
                raise UsageError(
                    gettext("travel {days} days: 1 to {most} at a time").format(
                        days=days, most=MAX_TRAVEL_DAYS
                    )
                )
            where = check_terrain(terrain) if terrain else self.place
            if not where:
                raise UsageError(gettext("travel: name the terrain (travel:7:forest) or set the place first"))
            able = tuple(i for i, m in enumerate(self.members) if m.alive)
            aim = f" towards {goal}" if goal else ""
            begin = (
                f"{days} day in the {where}{aim} begins"
                if days == 1
                else f"{days} days in the {where}{aim} begin"
            )
            note = Event(self.date.iso(), -1, "Party", "Journey", begin, "")
            return replace(
                state,
                place=where,
                town="",
                bound=goal,
                journey=days,
                met="",
                met_wounds=0,
                met_dexterity=0,
                force="",
                reaction="",
                events=(note,),
                active=_join_fighters(self.active, able),
            )
        if head == "days":
            days = _int(rest, N_("days"))
            if not 1 <= days <= MAX_WEEKS * DAYS_IN_WEEK:
                raise UsageError(
                    gettext("days {days}: 1 to {most} at a time").format(
                        days=days, most=MAX_WEEKS * DAYS_IN_WEEK
                    )
                )
            passing = "1 day passes" if days == 1 else f"{days} days pass"
            event = Event(self.date.iso(), -1, "Party", "Rest", passing, "")
            return replace(state, waiting=days, events=(event,))
        if head == "advance":
            weeks = _int(rest, N_("weeks"))
            if not 1 <= weeks <= MAX_WEEKS:
                raise UsageError(
                    gettext("advance {weeks} weeks: 1 to {most} at a time").format(
                        weeks=weeks, most=MAX_WEEKS
                    )
                )
            return replace(state, until=self.day + weeks * DAYS_IN_WEEK, step=0)
        handler = REFEREE_ACTIONS.handlers.get(head)
        if handler is None or not isinstance(act, ForMember):
            raise UsageError(
                gettext("no referee action {action}; the actions are {actions}").format(
                    action=repr(head), actions=", ".join([*_PARTY_ACTIONS, *REFEREE_ACTIONS.handlers])
                )
            )
        i = _int(act.index, N_("character"))
        return handler(state, i, state.member(i), act.arg)

    def _aim(self) -> tuple[Shot, HitChance]:
        shot = Bowshot.parse(self.shot)
        return aim(self.members[self.shooter], self._met_foe(), shot.weapon, int(shot.yards))

    def _met_foe(self) -> str:
        """The foe met, as the melee and the arrows name it: the creature, or a man of the soldiers'
        first part; "" when nothing to fight was met."""
        if self.met == SOLDIERS:
            return troops_of(self.force)[0] if self.force else ""
        return creature(self.met).name if self.met.casefold() in creatures() else ""

    def _met_left(self) -> int:
        return creature(self._met_foe()).hits - self.met_wounds

    def _arrow(self, arrow: ArrowHit) -> CampaignState:
        i, foe = self.shooter, self._met_foe()
        shot, chance = self._aim()
        dealt = arrow.hits
        wounds = self.met_wounds + dealt
        left = creature(foe).hits - wounds
        lost = self.met_dexterity + arrow.dexterity_lost
        state = replace(
            self,
            shooter=-1,
            shot="",
            met_wounds=wounds,
            met_dexterity=lost,
            active=_join_fighters(self.active, (i,)),
        )
        archer = use_missile(self.members[i], shot.weapon)
        state = state._with_member(i, archer)
        text = (
            f"{dealt} hit(s) on the {foe}: {left} left"
            if dealt or arrow.special
            else f"the arrow misses the {foe}"
        )
        if arrow.special:
            dexterity = max(0, creature(foe).dexterity - lost)
            text += (
                f"; special damage (Chart O): {dealt} hit(s) (1d6), {arrow.dexterity_lost} Dexterity lost"
                f" (1d10), its Dexterity {dexterity} in the melee"
                + ("; a second special: its movement is halved" if arrow.movement_halved else "")
            )
        left_over = missiles_left(archer, shot.weapon)
        word = missile_word(shot.weapon)
        text += f"; {left_over} {word if left_over != 1 else word.removesuffix('s')} left"
        source = "002_8449cbd1010a37a5.txt:1622-1670" + (", :1609" if arrow.special else "")
        state = state._note(i, "Arrow", text, source, rolled=True)
        if left > 0:
            return state
        met = self.met if self.met == SOLDIERS else ""
        state = replace(state, met=met, met_wounds=0, met_dexterity=0)._note(
            i, "Kill", f"the {foe} falls", ""
        )
        award = shot_award(self.members[i], foe, chance.chance)
        return state._gain(i, award.amount, f"the {foe} shot: {award.detail}", award.source)

    def _soldiers(self, meeting: str, outcome: str) -> CampaignState:
        """The soldiers met: their arms (Charts K-M, :927-1000), then their reaction (:1076-1102)."""
        if meeting == "force":
            text = f"the soldiers: {outcome}"
            event = Event(
                self.date.iso(), -1, "Party", "Soldiers", text, "002_8449cbd1010a37a5.txt:927-1000", True
            )
            return replace(self, force=outcome, events=(*self.events, event))
        alignment, deployment, hostile = read_meeting(outcome)
        party = self._party_alignment()
        chance = hostile_chance(alignment, deployment, party)
        text = (
            f"the soldiers are {alignment} (the area's), {deployment}: {int(chance * 100)}% hostile to a"
            f" {party} party: "
            + ("hostile, they attack (fight:I:Soldiers)" if hostile else "not hostile, they let the party be")
        )
        event = Event(
            self.date.iso(), -1, "Party", "Hostility", text, "002_8449cbd1010a37a5.txt:1076-1102", True
        )
        return replace(self, reaction=outcome, events=(*self.events, event))

    def _travel_day(self, met: str) -> CampaignState:
        where = f"the {self.place}"
        if met == NOTHING:
            text = f"a day's travel in {where}: nothing met"
            left = self.journey - 1
        else:
            hint = f" (fight:I:{met} to fight)" if met.casefold() in creatures() else ""
            hint = " (their arms and their hostility are rolled next)" if met == SOLDIERS else hint
            text = f"a day's travel in {where}: {met} met; the party stops{hint}"
            left = 0
        label = "Travel" if met == NOTHING else "Encounter"
        event = Event(self.date.iso(), -1, "Party", label, text, "002_8449cbd1010a37a5.txt:860-881", True)
        fed = self._eat()
        moved = replace(
            fed,
            events=(*fed.events, event),
            journey=left,
            met="" if met == NOTHING else met,
            met_wounds=0,
            met_dexterity=0,
            force="",
            reaction="",
        )
        if left == 0 and met == NOTHING and self.bound:
            arrived = Event(self.date.iso(), -1, "Party", "Arrives", f"the party reaches {self.bound}", "")
            moved = replace(moved, town=self.bound, bound="", events=(*moved.events, arrived))
        elif left == 0:
            moved = replace(moved, bound="")
        return _settle(_next_day(moved))

    def _meet(self, rest: str) -> CampaignState:
        """What a day's encounter rolled at the table met, set as the campaign's own meeting (:860-881)."""
        meeting = Meet.parse(rest)
        what, terrain = meeting.what, meeting.terrain
        place = check_terrain(terrain) if terrain else self.place
        kinds = {k.casefold(): k for k in KIND_LABELS.values()}
        if what.casefold() == NOTHING:  # a day with nothing met: the last meeting is over
            event = Event(
                self.date.iso(), -1, "Party", "Encounter", "nothing met", "002_8449cbd1010a37a5.txt:860"
            )
            return replace(
                self,
                met="",
                met_wounds=0,
                met_dexterity=0,
                force="",
                reaction="",
                events=(*self.events, event),
            )
        if what.casefold() in kinds:
            met = kinds[what.casefold()]
        elif what.casefold() in creatures():
            met = creature(what).name
        else:
            raise UsageError(
                gettext("meet:{what}: name a creature of Chart F or one of {kinds}").format(
                    what=what, kinds=", ".join(KIND_LABELS.values())
                )
            )
        if self.bouts:
            raise UsageError(gettext("meet: a melee is on; end it first (round or break)"))
        if met == SOLDIERS and not place:
            raise UsageError(
                gettext("meet:Soldiers: name the terrain (meet:Soldiers:forest) or set the place first")
            )
        hint = (
            " (their arms and their hostility are rolled next)" if met == SOLDIERS else " (a fight may begin)"
        )
        text = f"{met} met{hint}"
        event = Event(
            self.date.iso(), -1, "Party", "Encounter", text, "002_8449cbd1010a37a5.txt:860-881", True
        )
        return replace(
            self,
            met=met,
            met_wounds=0,
            met_dexterity=0,
            force="",
            reaction="",
            place=place,
            events=(*self.events, event),
        )

    def _eat(self) -> CampaignState:
        """A day on the road, its food and water first: each living character eats and drinks his
        rations, his animals theirs (:533-535); one without falls ill (ruling "Campaign: supplies and
        rations")."""
        state = self
        for i, m in enumerate(self.members):
            if m.alive:
                day = day_on_the_road(m, self.rules.sickness_health_loss)
                state = state._with_member(i, day.member)._note(i, "Rations", day.text, SUPPLIES_SOURCE)
        return state

    def here(self) -> Town | None:
        """The town the party is at, or None away from towns."""
        return find_town(self.town, self.towns) if self.town else None

    def _held(self, k: int) -> bool:
        """Bout `k`'s creature is to strike but strikes in an earlier bout of its group instead."""
        bout = self.bouts[k]
        return bout.fight.striker == 1 and any(b.group == bout.group for b in self.bouts[:k])

    def _blow(self, move: Move) -> CampaignState:
        k = self.pending
        bout = self.bouts[k]
        fight = bout.fight
        spec = fight.spec
        bouts = list(self.bouts)
        if self._held(k):
            after = fight.held()
            target = next(b for b in self.bouts if b.group == bout.group)
            text = f"the {bout.foe} strikes at {self.members[target.fighter].name}, not here"
        else:
            applied = fight.apply(move)
            assert isinstance(applied, MeleeState)
            after = applied
            hitter = spec.side(fight.striker).name
            text = (
                f"{hitter} strikes: {move} hit(s); {spec.a.name} {after.hp[0]},"
                f" {spec.b.name} {after.hp[1]} hit points left"
            )
        over = after.actor() is TERMINAL
        if after.hp[1] > 0 or over:  # a felled creature's answer (:1566) comes before the others stop
            for j, other in enumerate(bouts):
                if j != k and other.group == bout.group:
                    bouts[j] = replace(other, fight=other.fight.with_foe_hp(after.hp[1]))
        bouts[k] = replace(bout, fight=after)
        state = replace(self, bouts=tuple(bouts))._note(
            bout.fighter, "Melee", text, "002_8449cbd1010a37a5.txt:1566", rolled=True
        )
        ended = [j for j, b in enumerate(state.bouts) if b.fight.actor() is TERMINAL]
        award = None
        if over and after.hp[1] == 0:
            killers = [b.fight for b in state.bouts if b.group == bout.group]
            award = shared_kill_award(killers, bout.foe) if len(killers) > 1 else None
        for j in reversed(ended):
            state = state._end_bout(j, state.bouts[j].fight, award=award)
        done = replace(state, pending=-1, last=-1)
        if k in ended:
            return state if state.pending <= state.last else done
        if fight.striker == plan(spec).order[1]:
            return replace(state, pending=state.pending + 1) if state.pending < state.last else done
        return state

    def _end_bout(
        self, k: int, fight: MeleeState, *, broken: bool = False, award: Award | None = None
    ) -> CampaignState:
        """Bout `k` ends (`fight` its last state): his wounds written, the bout removed, a kill awarded
        (`award` when several shared it, else his own)."""
        i, foe = self.bouts[k].fighter, self.bouts[k].foe
        m = self.members[i]
        lost = fight.spec.a.hit_points - fight.hp[0]
        c = m.character.wounded(lost) if lost else m.character
        bouts = self.bouts[:k] + self.bouts[k + 1 :]
        last = self.last - 1 if self.last >= k else self.last
        pending = self.pending - 1 if self.pending > k else self.pending
        state = replace(self, bouts=bouts, last=last if bouts else -1, pending=pending if bouts else -1)
        state = state._with_member(i, m.with_character(c))
        if broken:
            text = f"the fight with the {foe} is broken off; {c.current_hit_points} hit points left"
            return state._note(i, "Melee ends", text, "")
        fallen = [w for w, hp in ((m.name, fight.hp[0]), (f"the {foe}", fight.hp[1])) if hp == 0]
        text = f"{' and '.join(fallen)} {'falls' if len(fallen) == 1 else 'fall'}"
        if fight.hp[0] == 0:
            text += f"; {m.name} lies unconscious at 0 hit points (kill:{i} if the foe finishes him)"
        state = state._note(i, "Melee ends", text, "ruling: Falling in a fight")
        if fight.hp[1] == 0:
            award = award or kill_award(fight, foe)
            state = state._gain(i, award.amount, f"the {foe} killed: {award.detail}", award.source)
        return state

    def _gain(self, i: int, gained: Fraction, why: str, source: str) -> CampaignState:
        m = self.members[i]
        total = m.experience + gained
        c = m.character
        status = status_after_levels(c.status_level, m.experience, total)
        c = c.model_copy(update={"experience_level": int(total), "status_level": status})
        moved = m.model_copy(update={"experience": total, "character": c})
        text = f"{why} -> {float(total):g} (level {int(total)}), status level {status}"
        return self._with_member(i, moved)._note(i, "Experience", text, source)

    def _share(self, coins: str) -> CampaignState:
        """Treasure shared among the living: one share per status level (at least one), by the book's
        rule for followers (:1897); pieces that do not divide go one each to the most shares first."""
        gold, silver = coins_of(coins)
        living = [i for i, m in enumerate(self.members) if m.alive]
        if not living:
            raise UsageError(gettext("share: nobody is alive to share the treasure"))
        shares = {i: max(1, self.members[i].character.status_level) for i in living}
        order = sorted(living, key=lambda i: (-shares[i], i))
        state = self
        total = sum(shares.values())
        parts: dict[int, list[int]] = {i: [0, 0] for i in living}
        for kind, amount in enumerate((gold, silver)):
            for i in living:
                parts[i][kind] = amount * shares[i] // total
            for i in order[: amount - sum(p[kind] for p in parts.values())]:
                parts[i][kind] += 1
        for i in living:
            g, s = parts[i]
            if g or s:
                moved, line = take(state.members[i], f"{g}:{s}")
                text = f"{shares[i]} of {total} shares: {line.text}"
                state = state._with_member(i, moved)._note(i, "Treasure share", text, f"{RULEBOOK}:1897")
        return state

    def _add(self, payload: str) -> CampaignState:
        try:
            data = json.loads(payload)
        except json.JSONDecodeError as e:
            raise UsageError(gettext("add: the character is not JSON ({reason})").format(reason=e)) from None
        if not isinstance(data, dict) or "character" not in data:
            raise UsageError(gettext('add: give JSON with a "character"'))
        member = Member.model_validate(data)
        c = member.character
        if int(member.experience) != c.experience_level:
            c = c.model_copy(update={"experience_level": int(member.experience)})
        state = replace(self, members=(*self.members, member.with_character(c)))
        return state._note(
            len(self.members), "Joins", f"{c.position}, status {c.status_level}, age {c.age}", ""
        )


_PARTY_ACTIONS = (
    "add",
    "advance",
    "days",
    "place",
    "travel",
    "end",
    "round",
    "break",
    "note",
    "meet",
    "share",
    "town",
)

_Handler: TypeAlias = Callable[[CampaignState, int, Member, str], CampaignState]


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UsageError(
            gettext("{what} {text} is not a whole number").format(what=gettext(what), text=repr(text))
        ) from None


# ---------------------------------------------------------------------------------------------------
# Handlers of the referee's actions on one character


def _exp(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    gained = _fraction(arg)
    if gained <= 0:
        raise UsageError(gettext("experience {experience} must be more than 0").format(experience=arg))
    return state._gain(i, gained, f"+{arg}", "002_8449cbd1010a37a5.txt:1803, :1842")


def _fight(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    if m.character.current_hit_points < 1:
        raise UsageError(gettext("{name} is unconscious").format(name=m.name))
    if any(b.fighter == i for b in state.bouts):
        raise UsageError(gettext("{name} is already fighting").format(name=m.name))
    arg = _foe_met(state, i, arg)
    state = replace(state, active=_join_fighters(state.active, (i,)))
    shot = creature(arg).name == state._met_foe()
    fight = wounded_foe(m, arg, state.met_wounds if shot else 0, state.met_dexterity if shot else 0)
    a, b = fight.spec.a, fight.spec.b
    mine, theirs = chances(fight.spec, 0, False), chances(fight.spec, 1, False)
    text = (
        f"{a.name} ({a.hit_points} hits, {mine[0].chance}% to hit) against the {b.name}"
        f" ({b.hit_points} hits, {b.hit_dice} hit dice, {theirs[0].chance}% to hit)"
    )
    bout = Bout(fight, i, creature(arg).name, 1 + max((b.group for b in state.bouts), default=0))
    k = len(state.bouts)
    state = replace(state, bouts=(*state.bouts, bout), pending=k, last=k, met_wounds=0, met_dexterity=0)
    return state._note(i, "Melee begins", text, creature(arg).source)


OF_A_COMPANY = {"Outlaws": "Men", "Civilians": "Men", "a magic-user": "Men"}
"""What a man of a company met is fought as: one of Chart F's "Men" (:841); their arms are the referee's."""


def _foe_met(state: CampaignState, i: int, arg: str) -> str:
    """The foe `fight:I:ARG` names, once sure it is what the party met (:1068-1079): the creature met
    (ARG that creature or empty), a soldier of the force met (`soldiers.foe_of`), a man of outlaws,
    civilians or a magic-user's company ("Men"); with nothing met, any creature the referee names."""
    met = state.met
    if not met:
        if not arg:
            raise UsageError(
                gettext(
                    "name the creature to fight: the campaign has met nothing (a day's encounter, rolled on"
                    " the road or at the table, or 'Something met', sets what was met)"
                )
            )
        return creature(arg).name
    if met == SOLDIERS:
        return foe_of(state.force, arg)
    allowed = creature(met).name if met.casefold() in creatures() else OF_A_COMPANY.get(met, "Men")
    if arg and creature(arg).name != allowed:
        raise UsageError(
            gettext("the party met {met}, not {foe}: fight:{i}:{allowed} or fight:{i}:").format(
                met=met, foe=creature(arg).name, i=i, allowed=allowed
            )
        )
    return allowed


def _join(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    if m.character.current_hit_points < 1:
        raise UsageError(gettext("{name} is unconscious").format(name=m.name))
    if any(b.fighter == i for b in state.bouts):
        raise UsageError(gettext("{name} is already fighting").format(name=m.name))
    j = _int(arg, N_("character to join"))
    other = next((b for b in state.bouts if b.fighter == j), None)
    if other is None:
        raise UsageError(gettext("join:{i}:{j}: character {j} is not fighting").format(i=i, j=j))
    left = other.fight.hp[1]
    lost = creature(other.foe).dexterity - other.fight.spec.b.dexterity  # an arrow's special hit (:1609)
    fight = wounded_foe(m, other.foe, creature(other.foe).hits - left, lost)
    a = fight.spec.a
    text = (
        f"{a.name} ({a.hit_points} hits, {chances(fight.spec, 0, False)[0].chance}% to hit) joins"
        f" {state.members[j].name} against the {other.foe} ({left} hits left)"
    )
    k = len(state.bouts)
    bout = Bout(fight, i, other.foe, other.group)
    state = replace(
        state, bouts=(*state.bouts, bout), active=_join_fighters(state.active, (i,)), pending=k, last=k
    )
    return state._note(i, "Melee joined", text, "002_8449cbd1010a37a5.txt:1147, :1805")


def _shoot(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    if m.character.current_hit_points < 1:
        raise UsageError(gettext("{name} is unconscious").format(name=m.name))
    if not state._met_foe():
        raise UsageError(gettext("shoot: no creature has been met to shoot at"))
    weapon, yards_text = Bowshot.parse(arg).weapon, Bowshot.parse(arg).yards
    yards = _int(yards_text, N_("yards"))
    if yards < 0:
        raise UsageError(gettext("yards {yards} cannot be negative").format(yards=yards))
    aim(m, state._met_foe(), weapon, yards)
    return replace(state, shooter=i, shot=str(Bowshot(weapon, str(yards))))


def _kill(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    if arg or m.character.current_hit_points > 0:
        raise UsageError(
            gettext("kill:{i}: only a fallen (unconscious) character is finished off").format(i=i)
        )
    moved = m.with_character(m.character.model_copy(update={"alive": False}))
    return state._with_member(i, moved)._note(
        i, "Dies", "finished off where he lay", "ruling: Falling in a fight"
    )


def _reputation(verified: bool) -> _Handler:
    def handle(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
        rep = m.reputation.gain(_fraction(arg), verified=verified)
        kind = "verified deed" if verified else "boast"
        text = f"{kind} +{arg}: {float(rep.value):g}" + (
            "" if rep != m.reputation else " (unverified: no gain)"
        )
        moved = m.model_copy(update={"reputation": rep})
        return state._with_member(i, moved)._note(i, "Reputation", text, "002_8449cbd1010a37a5.txt:1817")

    return handle


def _found_out(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    rep = m.reputation.found_out(m.experience)
    text = f"lies found out: {float(rep.value):g}; only verified deeds count now"
    moved = m.model_copy(update={"reputation": rep})
    return state._with_member(i, moved)._note(i, "Reputation", text, "002_8449cbd1010a37a5.txt:1817")


def _wound(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    hits = _int(arg, N_("hits"))
    c = m.character
    if hits < 1:
        raise UsageError(gettext("wound {hits}: at least 1 hit").format(hits=hits))
    left = c.current_hit_points - hits
    if left < 0:
        moved = m.with_character(c.wounded(c.current_hit_points).model_copy(update={"alive": False}))
        text = f"{hits} hits, {-left} more than he had: he dies"
        return state._with_member(i, moved)._note(i, "Dies", text, "ruling: Falling in a fight")
    moved = m.with_character(c.wounded(hits))
    text = f"{hits} hits, {left} left" + ("; he falls unconscious" if left == 0 else "")
    return state._with_member(i, moved)._note(i, "Wounded", text, "002_8449cbd1010a37a5.txt:176")


def _study(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    if m.study is not None:
        raise UsageError(
            gettext("{name} is already studying course {course}").format(name=m.name, course=m.study.number)
        )
    choice = parse_course(arg)
    problems = enrolment_problems(m.character, GuildRecord(), choice)
    if problems:
        raise UsageError("; ".join(problems))
    study = Study(number=choice.number, craft=choice.craft)
    moved = m.model_copy(update={"study": study})
    return state._with_member(i, moved)._note(
        i, "Course", f"begins {facts(choice).label}", "002_8449cbd1010a37a5.txt:281"
    )


def _skill(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    name, base = SkillArg.parse(arg).name, SkillArg.parse(arg).base
    if not name or any(s.name == name for s in m.skills):
        raise UsageError(
            gettext("skill {skill}: write NAME:BASE for a skill not yet kept").format(skill=repr(arg))
        )
    moved = m.model_copy(update={"skills": (*m.skills, Skill(name=name, base=_int(base, N_("base"))))})
    return state._with_member(i, moved)._note(
        i, "Skill", f"{name} {base}, practised", "002_8449cbd1010a37a5.txt:414"
    )


def _practise(practised: bool) -> _Handler:
    def handle(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
        if not any(s.name == arg for s in m.skills):
            raise UsageError(gettext("{name} keeps no skill {skill}").format(name=m.name, skill=repr(arg)))
        skills = tuple(
            s.model_copy(update={"practised": practised}) if s.name == arg else s for s in m.skills
        )
        text = f"{arg}: {'12 hours a month' if practised else 'not practised'}"
        return state._with_member(i, m.model_copy(update={"skills": skills}))._note(
            i, "Practice", text, "002_8449cbd1010a37a5.txt:414"
        )

    return handle


def _service(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    weeks = _int(arg, N_("weeks"))
    if not m.character.magician:
        raise UsageError(gettext("{name} is no magician").format(name=m.name))
    moved = m.model_copy(update={"service_weeks": weeks})
    text = f"{weeks} week(s) a month of magical service"
    return state._with_member(i, moved)._note(i, "Service", text, "002_8449cbd1010a37a5.txt:1862")


def _hire(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    c = m.character
    limit = recruit_limit(c.status_level, c.characteristics.charisma, m.band.lost_now(state.day))
    town = state.here()
    wanted = _int(arg, N_("men"))
    if town is not None and m.band.men + wanted > town.recruits:
        raise UsageError(
            gettext("{town} has {recruits} men to hire (one in {share} of its people)").format(
                town=town.name, recruits=town.recruits, share=MEN_PER_RECRUIT
            )
        )
    band = m.band.hire(wanted, limit)
    text = f"{arg} hired: {band.men} of {limit}" + ("; double pay the first month" if band.deserted else "")
    return state._with_member(i, m.model_copy(update={"band": band}))._note(
        i, "Hirelings", text, "002_8449cbd1010a37a5.txt:1892-1895"
    )


def _lose(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    band = m.band.lose(_int(arg, N_("men")), state.day)
    text = f"{arg} lost: {band.men} left; {band.lost} fewer recruits for a year"
    return state._with_member(i, m.model_copy(update={"band": band}))._note(
        i, "Hirelings", text, "002_8449cbd1010a37a5.txt:1898"
    )


def _unpaid(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    if m.band.men == 0:
        raise UsageError(gettext("{name} has no hirelings to desert").format(name=m.name))
    band = m.band.desert()
    text = f"unpaid: all {m.band.men} desert with their gear; new men want double pay the first month"
    return state._with_member(i, m.model_copy(update={"band": band}))._note(
        i, "Hirelings", text, "002_8449cbd1010a37a5.txt:1892"
    )


def _hold(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    land = land_of(arg, (*state.towns, *BOOK_TOWNS))
    moved = m.model_copy(update={"lands": holding(m.lands, land)})
    text = f"he holds {land.describe()} a year, paid each Day of Tehuti"
    return state._with_member(i, moved)._note(i, "Lands", text, "002_8449cbd1010a37a5.txt:1411, 1420-1422")


def _release(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    lands, land = released(m.lands, arg)
    text = f"he no longer holds {land.name}"
    return state._with_member(i, m.model_copy(update={"lands": lands}))._note(i, "Lands", text, "")


def _promote(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    year = state.date.year
    done = promote(
        m.character,
        vacancy=True,
        year=year,
        last_promotion_year=m.last_promotion_year,
        alignment=m.alignment,
        castles=state.rules.castles,
    )
    if not done.promoted:
        raise UsageError(
            gettext("{name} cannot rise: {reason}").format(name=m.name, reason=words.told(done.reason))
        )
    moved = m.model_copy(update={"character": done.character, "last_promotion_year": year})
    return state._with_member(i, moved)._note(i, "Promotion", done.reason, done.source)


def _align(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    value = "" if arg == "none" else arg
    if value not in ALIGNMENTS:
        raise UsageError(
            gettext("alignment {alignment}: law, neutral, chaos or none").format(alignment=repr(arg))
        )
    moved = m.model_copy(update={"alignment": value})
    return state._with_member(i, moved)._note(i, "Alignment", arg, "002_8449cbd1010a37a5.txt:1860")


def _purse_handler(change: Callable[[Member, str], tuple[Member, Line]]) -> _Handler:
    def handle(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
        moved, line = change(m, arg)
        return state._with_member(i, moved)._note(i, *line)

    return handle


def _buy(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    town = state.here()
    if not on_price_list(arg):
        return _buy_supply(state, i, m, arg, town)
    if town is not None:
        key = price(arg)[0]
        maker = supplier(key)
        if not town.sells(maker):
            raise UsageError(
                gettext("{town} has no {maker} to sell the {item} (makers: {makers})").format(
                    town=town.name,
                    maker=words.word("aif", maker).lower(),
                    item=key,
                    makers=", ".join(town.makers),
                )
            )
    name = can_buy(m, arg, town.cost(price(arg)[1]) if town else None)
    if price(name)[4] == 1:
        moved, line = buy(m, name, town.cost(price(name)[1]) if town else None)
        return state._with_member(i, moved)._note(i, *line)
    return replace(state, buying=name, buyer=i)


def _buy_supply(state: CampaignState, i: int, m: Member, arg: str, town: Town | None) -> CampaignState:
    """ "ITEM[:N]" of Table D: always to be had (:517), from a town's merchants or inns, at its markup."""
    if town is not None and "Merchant" not in town.makers and not town.inns:
        name = supply(Purchase.parse(arg).item).key
        raise UsageError(
            gettext("{town} has no merchant or inn to sell the {item} (line 517)").format(
                town=town.name, item=name
            )
        )
    moved, text = buy_supply(m, arg, town.markup if town else 0)
    return state._with_member(i, moved)._note(i, "Bought", text, "002_8449cbd1010a37a5.txt:517-542")


def _study_break(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    if m.study is None:
        raise UsageError(gettext("{name} is studying nothing").format(name=m.name))
    weeks_text, year_text = StudyBreak.parse(arg).weeks, StudyBreak.parse(arg).year
    weeks = _int(weeks_text, N_("weeks"))
    year = _int(year_text, N_("weeks this year")) if year_text else weeks
    choice = m.study.choice
    ruling = study_break(choice, m.study.months, weeks, year)
    study = m.study
    c = m.character
    text = f"{weeks} week(s) away from {facts(choice).label}: {ruling.outcome}"
    if ruling.outcome == "penalised":
        kept = int(ruling.kept)
        study = study.model_copy(update={"months": kept})
        c = c.model_copy(update={"funds_gp": max(0, c.funds_gp - ruling.fine_gp)})
        text += f"; {study.months} month(s) kept, fine {ruling.fine_gp} GP paid"
    moved = m.model_copy(update={"study": study, "character": c})
    return state._with_member(i, moved)._note(i, "Study break", text, ruling.source)


def _pay_men(state: CampaignState, i: int, m: Member, arg: str) -> CampaignState:
    moved, line = pay_men(m, _int(arg, N_("yearly income")))
    return state._with_member(i, moved)._note(i, *line)


_REFEREE_HANDLERS: dict[str, _Handler] = {
    "exp": _exp,
    "boast": _reputation(False),
    "renown": _reputation(True),
    "found-out": _found_out,
    "wound": _wound,
    "fight": _fight,
    "shoot": _shoot,
    "join": _join,
    "take": _purse_handler(take),
    "spend": _purse_handler(spend),
    "buy": _buy,
    "find": _purse_handler(find),
    "drop": _purse_handler(drop),
    "pay-men": _pay_men,
    "study-break": _study_break,
    "kill": _kill,
    "study": _study,
    "skill": _skill,
    "practise": _practise(True),
    "neglect": _practise(False),
    "service": _service,
    "hire": _hire,
    "lose": _lose,
    "unpaid": _unpaid,
    "promote": _promote,
    "align": _align,
    "hold": _hold,
    "release": _release,
}
REFEREE_ACTIONS: Registry[_Handler] = Registry("referee action", _REFEREE_HANDLERS, {}, {})
"""The referee's actions on one character ("exp:0:12"), by name (the party's own, "add", "advance",
"days", "place", "travel", "end", "round", "break" and "note", are read before it)."""


def _join_fighters(have: tuple[int, ...], more: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(set(have) | set(more)))


def _next_day(state: CampaignState) -> CampaignState:
    """A day passes; the seventh starts the week's tasks (`_settle` runs them)."""
    if state.days + 1 < DAYS_IN_WEEK:
        return replace(state, days=state.days + 1)
    return replace(state, days=0, until=state.day + DAYS_IN_WEEK, step=0)


def _resting(state: CampaignState, kind: Task, i: int) -> bool:
    """Healing needs a week of complete rest (:176): nobody who travelled or fought this week heals."""
    return kind != "heal" or i not in state.active


def _settle(state: CampaignState) -> CampaignState:
    """Run passing time's certain tasks (and days of rest) until a roll is due or the time is done."""
    while True:
        if state.until is None:
            if state.waiting and not state.journey:
                state = _next_day(replace(state, waiting=state.waiting - 1))
                continue
            return state
        tasks = week_tasks(state.day, len(state.members))
        end = Date.from_ordinal(state.day + DAYS_IN_WEEK)
        while state.step < len(tasks):
            kind, i = tasks[state.step]
            if not _resting(state, kind, i):
                if state.members[i].alive and state.members[i].character.wounds:
                    state = state._note(i, "No rest", "he travelled or fought this week: no healing roll", "")
                state = replace(state, step=state.step + 1)
                continue
            if kind in ROLLED and outcomes(kind, state.members[i], state.rules, end.year):
                return state
            member, shown = effect(kind, state.members[i], state.rules, end)
            state = state._with_member(i, member)
            if shown is not None:
                state = state._note(i, *shown)
            state = replace(state, step=state.step + 1)
        day = state.day + DAYS_IN_WEEK
        until = state.until
        assert until is not None
        state = replace(state, day=day, step=0, until=None if day >= until else until, active=())


# ---------------------------------------------------------------------------------------------------
# Sample actions for bots


def _member_actions(i: int, m: Member, day: int, year: int, foe: str = "Wolf") -> list[str]:
    c = m.character
    acts = [f"exp:{i}:1", f"exp:{i}:1/2", f"boast:{i}:5", f"renown:{i}:2", f"found-out:{i}"]
    if c.current_hit_points > 2:
        acts.append(f"wound:{i}:2")
    acts.append(f"take:{i}:10:5" if c.funds_gp < 100 else f"spend:{i}:3")
    if c.funds_gp >= CHAINMAIL_GP:
        acts.append(f"buy:{i}:chainmail")
    if c.current_hit_points > 0:
        acts.append(f"fight:{i}:{foe}")
    else:
        acts.append(f"kill:{i}")
    if m.study is None:
        acts.append(f"study:{i}:{_open_course(m)}")
    acts.append(
        f"neglect:{i}:sword"
        if m.skills and m.skills[0].practised
        else f"practise:{i}:sword"
        if m.skills
        else f"skill:{i}:sword:40"
    )
    if c.magician:
        acts.append(f"service:{i}:{(m.service_weeks + 1) % 5}")
    if m.band.men < recruit_limit(c.status_level, c.characteristics.charisma, m.band.lost_now(day)):
        acts.append(f"hire:{i}:1")
    if m.band.men:
        acts += [f"lose:{i}:1", f"unpaid:{i}"]
    if (
        next_rank(c) is not None
        and m.last_promotion_year != year
        and not outside_the_ranks(m.alignment, c.magician)
    ):
        acts.append(f"promote:{i}")
    acts.append(f"align:{i}:{ALIGNMENTS[(ALIGNMENTS.index(m.alignment) + 1) % len(ALIGNMENTS)] or 'none'}")
    return acts


def _open_course(m: Member) -> int:
    for number in range(1, 26):
        if not enrolment_problems(m.character, GuildRecord(), CourseChoice(number)):
            return number
    return 3


@cache
def sample_action(n: int) -> str:
    """The `add` action of the n-th sample character (generated from a fixed seed; odd ones magicians)."""
    for k in range(100):
        seed = 1000 * n + k
        try:
            made = generate(Rng(f"campaign-sample:{seed}"), magic_years=n % 2, name=f"Sample {n + 1}")
        except GrognardError:
            continue
        return add_action(Member(character=made.character, seed=seed, alignment="law" if n % 2 else ""))
    raise AssertionError("no sample character could be generated")  # pragma: no cover


def add_action(member: Member) -> str:
    """The referee action that adds `member` to a campaign."""
    return "add:" + json.dumps(member.model_dump(mode="json", exclude_defaults=True), sort_keys=True)


# ---------------------------------------------------------------------------------------------------
# The game

OPTIONS = (
    OptionInfo(
        "date", N_("The campaign's first day (YEAR-MONTH-DAY, YEAR-tehuti)."), "1-1-1", title=N_("Date")
    ),
    OptionInfo(
        "aging",
        N_("Old age losses every year of an asterisked age, or once on reaching each band (line 251)."),
        "yearly",
        AGING_MODES,
        title=N_("Aging"),
        words=(N_("yearly"), N_("on-reaching")),
    ),
    OptionInfo(
        "sickness_health_loss",
        N_("Each week sick costs one Health point for good (lines 253-255)."),
        False,
        (False, True),
        title=N_("Sickness health loss"),
    ),
    OptionInfo(
        "castles",
        N_("Castles to award: ranks from Knight up bring their income (line 1844)."),
        True,
        (True, False),
        title=N_("Castles"),
    ),
    OptionInfo(
        "vacancies",
        N_("Roll each year for a vacancy at the next rank (2%, line 1850)."),
        True,
        (True, False),
        title=N_("Vacancies"),
    ),
)
"""The campaign's options."""


def _bool(value: OptionValue) -> bool:
    if isinstance(value, str):
        return value.casefold() in ("yes", "true", "1", "on")
    return bool(value)


def rules_of(options: Mapping[str, OptionValue]) -> Rules:
    """The rules of passing time the options choose."""
    aging = str(options.get("aging", "yearly"))
    if aging not in AGING_MODES:
        raise UsageError(
            gettext("aging {mode} is not one of {modes}").format(
                mode=repr(aging), modes=", ".join(AGING_MODES)
            )
        )
    chosen: Aging = "on-reaching" if aging == "on-reaching" else "yearly"
    return Rules(
        aging=chosen,
        sickness_health_loss=_bool(options.get("sickness_health_loss", False)),
        castles=_bool(options.get("castles", True)),
        vacancies=_bool(options.get("vacancies", True)),
    )


class CampaignGame(Game):
    """A kept Adventures in Fantasy campaign: characters and the calendar, moved by the referee."""

    info = GameInfo(id=GAME_ID, name=N_("Adventures in Fantasy campaign"), options=OPTIONS)

    def new_initial_state(self, options: Mapping[str, OptionValue]) -> CampaignState:
        """An empty campaign on the options' date."""
        return CampaignState(
            rules=rules_of(options), day=parse_date(str(options.get("date", "1-1-1"))).ordinal
        )

    def state_to_json(self, state: GameState) -> JSON:
        """The state as JSON data."""
        return to_data(state)

    def state_from_json(self, data: JSON) -> CampaignState:
        """The state written by `state_to_json`."""
        return from_data(CampaignState, data)


CAMPAIGN_GAME = CampaignGame()
"""The campaign game, for the system's registration."""
