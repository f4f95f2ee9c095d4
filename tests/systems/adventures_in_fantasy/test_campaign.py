"""The kept campaign: referee actions, passing time as chance nodes, and random campaigns (conformance)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from grognard.engine.conformance import check_game
from grognard.engine.dice.core import Rng
from grognard.engine.errors import RulesError
from grognard.engine.game import CHANCE, TERMINAL
from grognard.engine.serial import canonical
from grognard.engine.session import Session
from grognard.systems.adventures_in_fantasy.calendar import Date
from grognard.systems.adventures_in_fantasy.campaign import (
    CAMPAIGN_GAME,
    CampaignState,
    add_action,
    sample_action,
)
from grognard.systems.adventures_in_fantasy.chargen import CourseChoice, course
from grognard.systems.adventures_in_fantasy.fight import aim, member_fighter
from grognard.systems.adventures_in_fantasy.melee import chances
from grognard.systems.adventures_in_fantasy.missiles import missile_chance
from grognard.systems.adventures_in_fantasy.time import Member, crossings, week_tasks
from tests.systems.adventures_in_fantasy.test_experience import person

SYSTEM = "adventures-in-fantasy"


def start(date: str = "1-1-1", **options: object) -> CampaignState:
    state = CAMPAIGN_GAME.new_initial_state({"date": date, **options})  # type: ignore[dict-item]
    return state


def with_member(state: CampaignState, member: Member) -> CampaignState:
    return state.apply(add_action(member))


def run_until_referee(state: CampaignState, pick: str | None = None) -> CampaignState:
    """Apply `pick` (or the first outcome) at every chance node."""
    while state.actor() is CHANCE:
        names = [o for o, _ in state.chance_outcomes()]
        state = state.apply(pick if pick in names else names[0])
    return state


def test_random_campaigns_keep_the_protocol() -> None:
    report = check_game(CAMPAIGN_GAME, {}, seed=11, games=25, system=SYSTEM)
    assert report.finished == 25 and report.chance_moves > 0


def test_random_campaigns_with_every_option_changed() -> None:
    options = {"aging": "on-reaching", "sickness_health_loss": True, "castles": False, "vacancies": False}
    report = check_game(CAMPAIGN_GAME, options, seed=5, games=10, system=SYSTEM)
    assert report.finished == 10


def test_weeks_months_and_years_line_619() -> None:
    assert crossings(Date(1, 1, 1).ordinal) == (False, False)
    assert crossings(Date(1, 1, 22).ordinal) == (True, False)
    assert crossings(Date(1, 13, 22).ordinal) == (True, True)
    kinds = [k for k, _ in week_tasks(Date(1, 13, 22).ordinal, 1)]
    assert kinds == [
        "ill",
        "heal",
        "study",
        "practice",
        "service",
        "age",
        "death",
        "income",
        "vacancy",
        "forget",
    ]


def test_a_wounded_character_rolls_health_each_week_line_178() -> None:
    hurt = person("Knight", 10, 10, income=50).recompute_hit_points().wounded(2)
    state = with_member(start(), Member(character=hurt)).apply("advance:2")
    assert state.actor() is CHANCE
    assert dict(state.chance_outcomes()) == {"cured": Fraction(50, 100), "not-cured": Fraction(50, 100)}
    state = state.apply("cured")
    state = state.apply("not-cured")
    assert state.actor() == 0
    assert state.members[0].character.wounds == 1
    assert state.date == Date(1, 1, 15)
    assert [e.label for e in state.events] == ["Recovery", "Recovery"]


def test_the_roll_maps_dice_to_the_outcomes_it_counts() -> None:
    hurt = person("Knight", 10, 10, income=50).recompute_hit_points().wounded(1)
    state = with_member(start(), Member(character=hurt)).apply("advance:1")
    for seed in range(40):
        outcome, rolls = state.roll(Rng(seed))
        assert outcome == ("cured" if rolls[0].total <= 50 else "not-cured")


def test_a_new_year_ages_rolls_death_and_pays_income_lines_239_251() -> None:
    knight = person("Knight", 10, 10, income=50)
    state = with_member(start("1-13-22"), Member(character=knight)).apply("advance:1")
    outcomes = dict(state.chance_outcomes())
    assert state.members[0].character.age == 31
    # age 31: 2% death chance; saved against Health 50 for 1-6 weeks ill, else dead
    assert outcomes["safe"] == Fraction(98, 100)
    assert outcomes["ill-3"] == Fraction(2, 100) * Fraction(1, 2) / 6
    assert outcomes["died"] == Fraction(1, 100)
    assert sum(outcomes.values()) == 1
    after = run_until_referee(state.apply("ill-3"), "no-vacancy")
    member = after.members[0]
    assert member.ill_weeks == 3 and member.character.funds_gp == 50
    dead = run_until_referee(state.apply("died"))
    assert not dead.members[0].alive and dead.members[0].character.funds_gp == 0


def test_old_age_takes_its_toll_at_the_new_year_line_251() -> None:
    old = person("Knight", 10, 10, income=50).model_copy(update={"age": 55})
    state = with_member(start("1-13-22"), Member(character=old)).apply("advance:1")
    state = run_until_referee(state.apply("safe"), "no-vacancy")
    c = state.members[0].character
    assert c.age == 56 and c.characteristics.strength == 50 - 8  # half of 15%, rounded up


def test_unpractised_skill_deteriorates_40_36_32_lines_414_415() -> None:
    fighter = Member(character=person("Knight", 10, 10, income=50))
    state = with_member(start("1-1-1"), fighter).apply("skill:0:sword:40").apply("neglect:0:sword")
    state = run_until_referee(state.apply("advance:8"))
    assert state.members[0].skills[0].base == 32
    kept = with_member(start("1-1-1"), fighter).apply("skill:0:sword:40")
    kept = run_until_referee(kept.apply("advance:8"))
    assert kept.members[0].skills[0].base == 40


def test_al_haza_collects_21_silver_for_each_week_of_service_line_1862() -> None:
    al_haza = person("Knight", 10, 20, magic_years=3, income=50).model_copy(update={"experience_level": 11})
    member = Member(character=al_haza, experience=Fraction(11), alignment="law")
    state = with_member(start("1-1-1"), member).apply("service:0:1")
    state = run_until_referee(state.apply("advance:4"))
    assert state.members[0].silver == 21
    state = run_until_referee(state.apply("service:0:4").apply("advance:4"))
    assert state.members[0].silver == 21 + 84


def test_a_course_is_thrown_at_its_average_time_lines_283_293() -> None:
    scholar = Member(character=person("Knight", 10, 10, income=50))
    state = with_member(start("1-1-1"), scholar).apply("study:0:3")  # a language: 12 months
    state = state.apply("advance:48")
    assert state.actor() is CHANCE
    assert state.members[0].study is not None and state.members[0].study.months == 11
    assert {o for o, _ in state.chance_outcomes()} <= {"mastered", "failed"}
    done = run_until_referee(state, "mastered")
    assert done.members[0].study is None and done.members[0].character.has_course(3)


def test_experience_raises_status_and_promotion_needs_a_vacancy_lines_1842_1850() -> None:
    omar = Member(character=person("Squire", 9, 9, income=15))
    state = with_member(start("1-13-22"), omar).apply("exp:0:6")
    assert state.members[0].character.status_level == 15
    assert state.members[0].character.experience_level == 6
    state = state.apply("advance:1").apply("safe")
    assert dict(state.chance_outcomes()) == {"vacancy": Fraction(2, 100), "no-vacancy": Fraction(98, 100)}
    state = state.apply("vacancy")
    assert state.members[0].character.position == "Knight"
    with pytest.raises(RulesError):
        state.apply("promote:0")  # one rank a year


def test_reputation_and_hirelings_actions() -> None:
    leader = Member(
        character=person("Yeoman", 2, 5).model_copy(
            update={"characteristics": person("x", 1, 1).characteristics.model_copy(update={"charisma": 13})}
        )
    )
    state = with_member(start(), leader).apply("boast:0:20").apply("exp:0:4").apply("found-out:0")
    assert state.members[0].reputation.value == 2
    assert state.members[0].character.status_level == 9  # 5 + four levels: 9 + 13 // 3 = 13 men
    state = state.apply("hire:0:13")
    with pytest.raises(RulesError):
        state.apply("hire:0:1")
    state = state.apply("lose:0:4")
    with pytest.raises(RulesError):
        state.apply("hire:0:1")
    assert state.members[0].band.men == 9


def test_bad_actions_are_refused() -> None:
    state = with_member(start(), Member(character=person("Knight", 10, 10).recompute_hit_points()))
    for move in (
        "advance:0",
        "advance:521",
        "exp:3:1",
        "exp:0:-1",
        "wound:0:0",
        "round",
        "break",
        "kill:0",
        "fight:0:Hobbit",
        "fly:0",
        "study:0:99",
        "service:0:1",
    ):
        with pytest.raises(RulesError):
            state.apply(move)


def test_undo_and_replay_through_a_session() -> None:
    session = Session.new(SYSTEM, CAMPAIGN_GAME, {}, 9)
    session.play(sample_action(0))
    session.play("wound:0:2")
    session.play("advance:30")
    rolled = session.advance()
    assert rolled and all(r.rolls for r in rolled)
    assert session.replay() == session.current
    session.undo()
    assert session.current.actor() == 0 and session.current.members[0].character.wounds == 2  # type: ignore[attr-defined]


def test_state_round_trips_through_json() -> None:
    state = run_until_referee(
        with_member(start(), Member(character=person("Knight", 10, 10))).apply("advance:60")
    )
    data = CAMPAIGN_GAME.state_to_json(state)
    assert CAMPAIGN_GAME.state_from_json(data) == state
    assert canonical(CAMPAIGN_GAME.state_to_json(CAMPAIGN_GAME.state_from_json(data))) == canonical(data)


def test_end_is_terminal() -> None:
    state = start().apply("end")
    assert state.actor() is TERMINAL and state.result().outcome == "campaign-ended"


def test_a_wound_past_the_hit_points_kills_and_one_to_zero_fells() -> None:
    """Ruling "Falling in a fight": at 0 hit points left he falls unconscious; past 0 he dies."""
    knight = person("Knight", 10, 10).recompute_hit_points()
    hp = knight.hit_points
    state = with_member(start(), Member(character=knight))
    felled = state.apply(f"wound:0:{hp}")
    assert felled.members[0].alive and felled.members[0].character.current_hit_points == 0
    assert "unconscious" in felled.events[-1].text
    with pytest.raises(RulesError):
        felled.apply("fight:0:Wolf")  # an unconscious man does not fight
    finished = felled.apply("kill:0")
    assert not finished.members[0].alive
    killed = state.apply(f"wound:0:{hp + 1}")
    assert not killed.members[0].alive and killed.events[-1].label == "Dies"
    assert not killed.invariants() and not felled.invariants()


def test_a_campaign_melee_goes_turn_by_turn_to_a_kill_and_awards_experience() -> None:
    """A Troll (4 hit dice, 36 hits: ruling "Creature figures") fought by a Knight who hits for 4
    a blow and is never hit: each turn is the Knight's blow then the Troll's, and the referee is asked
    between turns; the kill awards (Troll's hit / Knight's hit) x (4 / 1) x (1 / 1) levels (:1785-1805)."""
    knight = person("Knight", 10, 10).recompute_hit_points()
    state = with_member(start(), Member(character=knight)).apply("fight:0:Troll")
    assert state.actor() is CHANCE and state.fight is not None and state.fight.hp[1] == 36
    assert state.events[-1].label == "Melee begins"
    outcomes = [o for o, _ in state.chance_outcomes()]
    state = state.apply(4)
    assert state.actor() is CHANCE  # the Troll's blow of the same turn
    state = state.apply(0)
    assert state.actor() == 0 and state.legal_actions() == ["round", "break"]
    with pytest.raises(RulesError):
        state.apply("advance:1")
    data = CAMPAIGN_GAME.state_to_json(state)
    assert CAMPAIGN_GAME.state_from_json(data) == state  # a fight in progress is saved and read back
    assert 4 in outcomes
    hp = knight.hit_points
    done = state
    while done.fight is not None:
        done = done.apply("round")
        done = done.apply(4)
        if done.fight is not None:
            done = done.apply(0)
    labels = [e.label for e in done.events]
    assert labels[-2:] == ["Melee ends", "Experience"]
    member = done.members[0]
    assert member.character.current_hit_points == hp and member.experience > 0
    assert "the Troll killed" in done.events[-1].text


def test_a_lost_melee_leaves_the_character_unconscious_and_wounded() -> None:
    knight = person("Knight", 10, 10).recompute_hit_points()
    state = with_member(start(), Member(character=knight)).apply("fight:0:Giant")
    while state.fight is not None:
        if state.actor() == 0:
            state = state.apply("round")
        biggest = max(int(o) for o, _ in state.chance_outcomes())
        state = state.apply(0 if state.fight.striker == 0 else biggest)
    m = state.members[0]
    assert m.alive and m.character.current_hit_points == 0 and m.character.wounds == knight.hit_points
    assert "unconscious" in state.events[-1].text and not state.invariants()


def test_a_broken_off_fight_keeps_the_wounds_and_replays() -> None:
    session = Session.new(SYSTEM, CAMPAIGN_GAME, {}, 11)
    session.play(sample_action(0))
    session.play("fight:0:Wolf")
    rolled = session.advance()
    assert len(rolled) in (1, 2) and all(r.rolls for r in rolled)
    if session.current.actor() == 0:  # type: ignore[comparison-overlap]
        session.play("break")
    assert session.replay() == session.current


def test_treasure_is_taken_spent_and_bought_with_at_the_price_list() -> None:
    """Chainmail: 6 GP, 45 lb, availability II (:480-513): the availability roll is a chance node of the
    class's exact chance; bought, it is paid and weighed into the kit. Money short is refused."""
    knight = person("Knight", 10, 10).recompute_hit_points()
    state = with_member(start(), Member(character=knight)).apply("take:0:10:5")
    assert state.members[0].character.funds_gp == 10 and state.members[0].silver == 5
    state = state.apply("buy:0:chainmail")
    assert state.actor() is CHANCE
    odds = dict(state.chance_outcomes())
    assert odds["in-stock"] + odds["not-in-stock"] == 1 and 0 < odds["in-stock"] < 1
    missed = state.apply("not-in-stock")
    assert missed.members[0].character.funds_gp == 10 and missed.events[-1].label == "Not in stock"
    bought = state.apply("in-stock")
    c = bought.members[0].character
    assert c.funds_gp == 4 and [i.name for i in c.equipment] == ["Chainmail"] and c.burden_lb == 45
    with pytest.raises(RulesError):
        bought.apply("buy:0:plate armor")  # 80 GP
    with pytest.raises(RulesError):
        bought.apply("spend:0:5")
    spent = bought.apply("spend:0:4:5").apply("find:0:Gold ring:0.5").apply("drop:0:chainmail")
    c = spent.members[0].character
    assert c.funds_gp == 0 and spent.members[0].silver == 0 and c.burden_lb == 0.5


def test_hirelings_are_paid_by_the_month_and_notes_are_kept() -> None:
    """Two men of a 20 GP rank: pay and 38 SP upkeep each for the month (:1892; ruling "Hirelings: pay")."""
    knight = person("Knight", 10, 10).recompute_hit_points()
    state = with_member(start(), Member(character=knight)).apply("take:0:20:100").apply("hire:0:2")
    paid = state.apply("pay-men:0:20")
    assert paid.members[0].silver == 100 - 2 * 38 and paid.members[0].character.funds_gp < 20
    noted = paid.apply("note:the bridge is down")
    assert noted.events[-1].text == "the bridge is down" and noted.events[-1].member == -1
    with pytest.raises(RulesError):
        paid.apply("note:")


def test_a_journey_rolls_each_days_encounter_and_stops_at_anything_met() -> None:
    """Each day of travel is a chance node of the day's encounter in the terrain (Tables H-N,
    :860-1058), its outcomes exact; the party stops at the first thing met."""
    knight = person("Knight", 10, 10).recompute_hit_points()
    state = with_member(start(), Member(character=knight)).apply("place:forest:Bleakwood")
    assert (state.place, state.town) == ("forest", "Bleakwood")
    state = state.apply("travel:7")
    assert state.actor() is CHANCE
    odds = dict(state.chance_outcomes())
    assert sum(odds.values()) == 1 and "nothing" in odds and "Troll" in odds
    state = state.apply("nothing").apply("nothing")
    assert state.date.iso() == "1-1-3" and state.journey == 5
    state = state.apply("Troll")
    assert state.actor() == 0 and state.journey == 0 and state.met == "Troll"
    assert state.events[-1].label == "Encounter" and "Troll met" in state.events[-1].text
    fought = state.apply("fight:0:")  # the creature met
    assert fought.foe == "Troll"
    with pytest.raises(RulesError):
        state.apply("travel:0")
    with pytest.raises(RulesError):
        start().apply("travel:3")  # no place yet, no terrain named


def test_only_those_resting_roll_to_heal_and_days_run_the_week() -> None:
    """Healing needs a week of complete rest (:176): a week with a journey gives no healing roll; days of
    rest count to seven and then the week's tasks run (ruling "Campaign: days, places and rest")."""
    knight = person("Knight", 10, 10).recompute_hit_points()
    hurt = with_member(start(), Member(character=knight)).apply("wound:0:2")
    travelled = hurt.apply("travel:7:clear")
    while travelled.actor() is CHANCE:
        labels = [o for o, _ in travelled.chance_outcomes()]
        travelled = travelled.apply("nothing" if "nothing" in labels else labels[0])
    assert travelled.date.iso() == "1-1-8" and travelled.members[0].character.wounds == 2
    assert any(e.label == "No rest" for e in travelled.events)
    rested = hurt.apply("days:6")
    assert rested.actor() == 0 and rested.date.iso() == "1-1-7" and rested.days == 6
    week = rested.apply("days:1")
    assert week.actor() is CHANCE and dict(week.chance_outcomes()).keys() == {"cured", "not-cured"}
    healed = week.apply("cured")
    assert healed.members[0].character.wounds == 1 and healed.date.iso() == "1-1-8"


def test_a_study_break_is_an_action() -> None:
    """Two weeks away are allowed; three cost half the time studied and a year of the course's income
    (:281)."""
    knight = person("Knight", 10, 10).recompute_hit_points()
    state = with_member(start(), Member(character=knight)).apply("take:0:100").apply("study:0:1")
    student = state.members[0].model_copy(
        update={"study": state.members[0].study.model_copy(update={"months": 4})}  # type: ignore[union-attr]
    )
    state = replace(state, members=(student,))
    allowed = state.apply("study-break:0:2")
    assert "allowed" in allowed.events[-1].text and allowed.members[0].study.months == 4  # type: ignore[union-attr]
    fined = state.apply("study-break:0:3")
    assert fined.members[0].study.months == 2  # type: ignore[union-attr]
    assert "penalised" in fined.events[-1].text
    with pytest.raises(RulesError):
        with_member(start(), Member(character=knight)).apply("study-break:0:1")


def _archer() -> Member:
    """A knight who has learnt the bow (Table B course 10, :344)."""
    knight = person("Knight", 10, 10).model_copy(update={"courses": (course(CourseChoice(10)),)})
    return Member(character=knight.recompute_hit_points())


def test_arrows_at_the_creature_met_carry_their_wounds_into_the_melee() -> None:
    """A man-sized target at short range with a short bow: 50% (:1660), Chart P for Dexterity; the hit's
    damage by Chart O against the creature's body and armour (ruling "Campaign missiles")."""
    state = replace(with_member(start(), _archer()), met="Troll")
    with pytest.raises(RulesError):
        state.apply("shoot:0:bow:20")  # he carries no bow
    armed = state.apply("find:0:Bow").apply("find:0:Quiver of Arrows (20)")
    aimed = armed.apply("shoot:0:bow:20")
    assert aimed.actor() is CHANCE
    odds = dict(aimed.chance_outcomes())
    most = max(k for k in odds if isinstance(k, int))  # a special hit's outcome is text (:1609)
    assert sum(odds.values()) == 1 and 0 in odds and most > 0
    hurt = aimed.apply(most)
    assert hurt.met_wounds == most and hurt.events[-1].label == "Arrow"
    fought = hurt.apply("fight:0:Troll")
    assert fought.fight is not None and fought.fight.hp[1] == 36 - most
    dead = replace(armed, met="Faerry", met_wounds=3).apply("shoot:0:bow:20")
    killed = dead.apply(1)
    assert killed.met == "" and [e.label for e in killed.events][-2:] == ["Kill", "Experience"]
    assert killed.members[0].experience > 0


def test_an_arrows_special_damage_is_said_and_its_dexterity_loss_kept_line_1609() -> None:
    """:1609: "SPECIAL DAMAGE ... Roll one ten sided dice for the number of dexterity points lost. Roll one
    6-sided dice for the number of damage points lost. Roll two twenty (20) sided dice again. If the roll
    would again inflict a "Special" damage hit then the creature will lose 1/2 of its basic movement." The
    arrow's outcome carries all three, the log says them, and the Dexterity lost goes into the melee."""
    armed = replace(with_member(start(), _archer()), met="Troll").apply("find:0:Bow")
    aimed = armed.apply("find:0:Quiver of Arrows (20)").apply("shoot:0:bow:20")
    odds = dict(aimed.chance_outcomes())
    special = {k: p for k, p in odds.items() if isinstance(k, str)}
    chance = Fraction(aim(aimed.members[0], "Troll", "bow", 20)[1].chance, 100)
    assert sum(special.values()) == chance * Fraction(20, 100)  # HUMAN 81-100 is special (:1600)
    assert special["special:3:7:halved"] == chance * Fraction(20, 100) / 6 / 10 * Fraction(20, 100)
    assert all(k in odds for k in range(1, 7))  # a plain hit of 1-6 stays an outcome (saved games replay)
    hit = aimed.apply("special:3:7:halved")
    said = hit.events[-1].text
    assert hit.met_wounds == 3 and hit.met_dexterity == 7
    assert "special damage" in said and "7 Dexterity lost" in said and "movement is halved" in said
    assert ":1609" in hit.events[-1].source
    fought = hit.apply("fight:0:")
    assert fought.fight is not None and fought.fight.spec.b.dexterity == 40 - 7
    assert fought.fight.hp[1] == 36 - 3 and fought.met_dexterity == 0
    turned = run_until_referee(fought, 0)  # type: ignore[arg-type]
    second = replace(turned, members=(*turned.members, _archer())).apply("join:1:0")
    assert second.bouts[1].fight.spec.b.dexterity == 40 - 7  # one troll, one Dexterity for both
    for seed in range(200):  # the thrown arrow names an outcome the chances count
        assert aimed.roll(Rng(seed))[0] in odds


def test_an_archer_untrained_in_the_bow_may_not_fire_it_line_1626() -> None:
    """002_8449cbd1010a37a5.txt:1626: "If they are not so trained in the use of the weapon then they may
    not fire that weapon"; Table B course 10 is "How to use a bow" (:344). A knight who carries a bow and
    arrows but never took the course is refused, naming the course; with it he shoots."""
    knight = person("Knight", 10, 10).recompute_hit_points()
    state = replace(with_member(start(), Member(character=knight)), met="Goblin")
    armed = state.apply("find:0:Bow").apply("find:0:Quiver of Arrows (20)")
    with pytest.raises(RulesError, match=r"may not fire it \(Table B course 10"):
        armed.apply("shoot:0:bow:20")
    trained = replace(with_member(start(), _archer()), met="Goblin")
    trained = trained.apply("find:0:Bow").apply("find:0:Quiver of Arrows (20)")
    assert trained.apply("shoot:0:bow:20").actor() is CHANCE


def test_arrows_are_used_up_lines_483_493() -> None:
    """A bow shoots arrows, the price list's "Quiver of Arrows (20)" (:493; a crossbow its "Crossbow Bolts
    (20)", :483): each shot uses one, the quiver's weight going with them, and with none left he may not
    shoot (ruling "Campaign missiles")."""
    state = replace(with_member(start(), _archer()), met="Troll").apply("find:0:Bow")
    with pytest.raises(RulesError, match="no arrows for his short bow"):
        state.apply("shoot:0:bow:20")
    state = state.apply("find:0:Quiver of Arrows (2):0.4")
    shot = state.apply("shoot:0:bow:20").apply(0)
    kit = {item.name: item.weight_lb for item in shot.members[0].character.equipment}
    assert kit == {"Bow": 3.0, "Quiver of Arrows (1)": 0.2}
    assert shot.events[-1].text == "the arrow misses the Troll; 1 arrow left"
    last = shot.apply("shoot:0:bow:20").apply(0)
    assert [item.name for item in last.members[0].character.equipment] == ["Bow"]
    with pytest.raises(RulesError, match="no arrows"):
        last.apply("shoot:0:bow:20")
    with pytest.raises(RulesError, match="no bolts for his crossbow"):
        last.apply("find:0:Crossbow").apply("shoot:0:crossbow:20")


def test_the_missile_target_row_is_the_creature_the_chart_names_line_1664() -> None:
    """:1656-1666: the size rows are a faerry, a man, a griffin or bear, an ogre or trow, a dragon. A Trow
    is shot at on the ogre-or-trow row (80% at short range, :1664) whatever its hit dice, and Men on the
    man's (50%, :1660), not the faerry's; the campaign's shot agrees with `aif missile --target`."""
    archer = replace(with_member(start(), _archer()), met="Trow")
    archer = archer.apply("find:0:Bow").apply("find:0:Quiver of Arrows (20)")
    shot, chance = aim(archer.members[0], "Trow", "bow", 20)
    assert shot.target == "ogre or trow" and chance.modifiers[0].amount == 80
    assert chance.chance == missile_chance(replace(shot, target="trow")).chance
    assert aim(archer.members[0], "Men", "bow", 20)[0].target == "man (2 HD)"
    assert aim(archer.members[0], "Faerry", "bow", 20)[0].target == "faerry (1 HD)"
    assert aim(archer.members[0], "Bear", "bow", 20)[0].target == "griffin or bear"
    assert aim(archer.members[0], "Dragon", "bow", 20)[0].target == "dragon (over 10 HD)"


def test_melee_training_is_a_hand_weapon_course_lines_345_352() -> None:
    """A character schooled in a hand weapon (Table B courses 11-18, "Use of shield" to "Use of dagger",
    :345-352) fights trained; physical training, riding or a language (courses 4-9) or the bow (10, :344)
    does not make him so (a soldier is trained by his service)."""
    knight = person("Knight", 10, 10)

    def training(*numbers: int) -> str:
        courses = tuple(course(CourseChoice(n)) for n in numbers)
        return member_fighter(Member(character=knight.model_copy(update={"courses": courses}))).training

    assert [training(n) for n in (11, 12, 13, 14, 15, 16, 17, 18)] == ["trained"] * 8
    assert [training(n) for n in (4, 5, 6, 7, 8, 9, 10)] == ["untrained"] * 7
    assert member_fighter(Member(character=knight.model_copy(update={"soldier": True}))).training == "trained"


def test_two_characters_fight_two_creatures_bout_by_bout() -> None:
    """Each pairing is a bout; `round` throws every bout's turn in order; a bout that ends is written
    up (wounds, the kill) and the others fight on; the state is saved and read back mid-melee."""
    knight = person("Knight", 10, 10).recompute_hit_points()
    state = with_member(with_member(start(), Member(character=knight)), Member(character=knight))
    state = state.apply("fight:0:Goblin").apply(0).apply(0)
    assert state.actor() == 0 and len(state.bouts) == 1
    with pytest.raises(RulesError):
        state.apply("fight:0:Wolf")  # he is already fighting
    state = state.apply("fight:1:Wolf").apply(0).apply(0)
    assert state.actor() == 0 and [b.foe for b in state.bouts] == ["Goblin", "Wolf"]
    assert CAMPAIGN_GAME.state_from_json(CAMPAIGN_GAME.state_to_json(state)) == state
    state = state.apply("round")
    assert state.pending == 0 and state.actor() is CHANCE
    goblin_left = state.bouts[0].fight.hp[1]
    state = state.apply(goblin_left).apply(0)  # felled, the goblin still answers (both at once, :1566)
    assert [b.foe for b in state.bouts] == ["Wolf"] and state.pending == 0 and state.actor() is CHANCE
    assert any(e.label == "Melee ends" and "Goblin" in e.text for e in state.events)
    state = state.apply(1).apply(2)  # the second knight's blow, then the wolf's
    assert state.actor() == 0 and state.bouts[0].fight.hp == (knight.hit_points - 2, 8)
    broken = state.apply("break")
    assert broken.bouts == () and broken.members[1].character.wounds == 2 and not broken.invariants()


def test_two_characters_fight_one_creature_and_share_the_kill() -> None:
    """Ruling "Campaign melee": `join:I:J` sets I against J's creature; its hit points are shared, it
    strikes only at the first of them still standing, and its death awards each the whole award of
    :1805 with both hit chances added."""
    from grognard.systems.adventures_in_fantasy.experience import warrior_experience

    knight = person("Knight", 10, 10).recompute_hit_points()
    state = with_member(with_member(start(), Member(character=knight)), Member(character=knight))
    state = state.apply("fight:0:Goblin").apply(2).apply(0)
    with pytest.raises(RulesError):
        state.apply("join:1:1")  # character 1 is not fighting
    state = state.apply("join:1:0")
    assert [b.group for b in state.bouts] == [1, 1] and state.bouts[1].fight.hp[1] == 4
    state = state.apply(1)  # the second knight's blow
    assert state.chance_outcomes() == [(0, Fraction(1))]  # the goblin strikes at the first knight only
    state = state.apply(0)
    assert state.actor() == 0 and [b.fight.hp[1] for b in state.bouts] == [3, 3]
    assert CAMPAIGN_GAME.state_from_json(CAMPAIGN_GAME.state_to_json(state)) == state
    fights = [b.fight for b in state.bouts]
    state = state.apply("round").apply(3).apply(0)  # the first knight kills it; it answers (:1566)
    assert state.bouts == () and state.actor() == 0 and not state.invariants()
    award = warrior_experience(
        chances(fights[0].spec, 1, False)[0].chance,
        [chances(f.spec, 0, False)[0].chance for f in fights],
        1,
        [1, 1],
        0,
        [0, 0],
    ).amount
    assert [m.experience for m in state.members] == [award, award]
    assert (
        award
        < warrior_experience(
            chances(fights[0].spec, 1, False)[0].chance, [chances(fights[0].spec, 0, False)[0].chance], 1, [1]
        ).amount
    )


def test_treasure_is_shared_by_status_levels() -> None:
    """Ruling "Campaign: shared treasure": one share per status level (:1897), odd pieces to the most
    shares first."""
    state = with_member(
        with_member(start(), Member(character=person("Knight", 10, 10))),
        Member(character=person("Peasant", 1, 3)),
    )
    shares = [m.character.status_level for m in state.members]
    assert shares[0] > shares[1]
    shared = state.apply("share:10:1")
    gold = [
        m.character.funds_gp - s.character.funds_gp
        for m, s in zip(shared.members, state.members, strict=True)
    ]
    assert (
        sum(gold) == 10
        and gold[0] >= gold[1]
        and abs(gold[0] * shares[1] - gold[1] * shares[0]) <= max(shares) * 2
    )
    assert [m.silver for m in shared.members] == [1, 0]
    with pytest.raises(RulesError):
        state.apply("share:0")


def test_a_town_sells_what_its_makers_make_at_its_prices_and_yields_its_men() -> None:
    """Ruling "Campaign: towns": the book's towns (:1411-1426) and the referee's; an item is bought only
    where its maker is (:473-501, :513), at the town's markup (:503); a town yields one recruit in ten of
    its people; a journey may end in a town."""
    knight = person("Knight", 10, 10)
    state = with_member(start(), Member(character=knight)).apply("take:0:200")
    with pytest.raises(RulesError):
        state.apply("place:clear:Nowhere")  # a town nobody has described
    south = state.apply("place:clear:Southtown")
    with pytest.raises(RulesError):
        south.apply("buy:0:sword")  # Southtown has a blacksmith, no armorer
    state = state.apply("town:Riverford:120:armorer+merchant:50:walled")
    assert state.towns[0].makers == ("Armorer", "Merchant") and state.towns[0].walled
    bought = state.apply("place:clear:riverford").apply("buy:0:sword")
    assert bought.town == "Riverford" and bought.members[0].character.funds_gp == 200 - 6  # 4 GP + 50%
    assert state.apply("buy:0:sword").members[0].character.funds_gp == 200 - 4  # away from towns: list
    with pytest.raises(RulesError):
        state.apply("place:clear:Riverford").apply("hire:0:13")  # 120 people: 12 men
    assert state.apply("place:clear:Riverford").apply("hire:0:12").members[0].band.men == 12
    for bad in ("town:X", "town:X:0", "town:X:10:wizard", "town:X:10:armorer:5:moat"):
        with pytest.raises(RulesError):
            state.apply(bad)
    going = state.apply("travel:1:clear:Riverford")
    arrived = going.apply("nothing")
    assert arrived.town == "Riverford" and arrived.events[-1].label == "Arrives"
