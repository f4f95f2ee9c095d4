"""Rules read from the prose of a Project Aon book (issue 32): conditions on Powers, items, scores and
Nobles; "If not" after them; random-number tests with their adjustments; evasion (at once, or listed
when it waits N rounds); the win and a round limit; combat modifiers; ENDURANCE, WILLPOWER, Nobles and
items gained or lost; the fallback where every choice can fail; the report of phrases read and
sentences not read; a hand-written overlay laid over what was read; `gs import --report`.

The book below is written for these tests in the shape of a Grey Star book (no book text)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from grognard.cli.systems.grey_star import shipped_overlays
from grognard.gamebook.check import check_book
from grognard.gamebook.model import Condition, Effect
from grognard.gamebook.overlay import parse_overlay
from grognard.gamebook.projectaon import import_projectaon_bytes
from grognard.gamebook.projectaon_rules import condition_of, sentences
from grognard.gamebook.runner import GamebookGame
from grognard.systems.grey_star.book_fight import BookFight, Enemy
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.combat_moves import parse_action
from grognard.systems.grey_star.ruleset import GS_RULES
from tests.cli.helpers import grognard


def _section(n: int, body: str) -> str:
    return (
        f'<section class="numbered" id="sect{n}"><meta><title>{n}</title></meta><data>{body}</data></section>'
    )


def _choice(target: int, text: str) -> str:
    return f'<choice idref="sect{target}">{text} <link-text>turn to {target}</link-text>.</choice>'


END = "<p>The lane ends.</p><deadend>You fall.</deadend>"
SECTIONS = {
    1: "<p>A door bars the way.</p>"
    + _choice(2, "If you have the Magical Power of Sorcery and wish to use it,")
    + _choice(3, "If you do not have this Power, or if you do not wish to use it,")
    + _choice(4, "If you wish to go back,"),
    2: "<p>You lose 2 ENDURANCE points and 1 WILLPOWER point.</p>"
    + _choice(5, "If you have a Rope,")
    + _choice(6, "If not,"),
    3: "<p>Pick a number from the Random Number Table. If you possess the Magical Power of Prophecy, add 2 "
    "to the number you have picked.</p>"
    + _choice(7, "If the number you have picked is 0\u20134,")
    + _choice(8, "If the number you have picked is 5 or more,"),
    4: "<p>A bandit leaps at you. Add 2 to your COMBAT SKILL for surprise.</p>"
    '<combat><enemy>Bandit</enemy><enemy-attribute class="combatskill">12</enemy-attribute>'
    '<enemy-attribute class="endurance">14</enemy-attribute></combat>'
    + _choice(9, "You may evade this combat at any time by turning to 9. If you wish,")
    + _choice(10, "If you win the combat,"),
    5: "<p>Another brute.</p>"
    '<combat><enemy>Brute</enemy><enemy-attribute class="combatskill">14</enemy-attribute>'
    '<enemy-attribute class="endurance">20</enemy-attribute></combat>'
    + _choice(9, "You may evade after 2 rounds of combat if you are still alive;")
    + _choice(10, "If you win the combat,"),
    6: "<p>You find 5 Nobles. Mark the Glass Key on your Action Chart as a Special Item.</p>"
    + _choice(11, "If your current WILLPOWER total is 10 or more,")
    + _choice(12, "If your current WILLPOWER total is less than 10,"),
    7: "<p>Erase the Rope from your Action Chart. You must now eat a Meal.</p>" + _choice(11, "Turn to 11."),
    8: "<p>Your ENDURANCE is whispered about in strange ways.</p>" + _choice(11, "Turn to 11."),
    9: END,
    10: "<p>Three ways.</p>"
    + _choice(11, "If you have a Copper Coin,")
    + _choice(12, "If you have a Glass Rod,"),
    11: "<p>You have won.</p>",
    12: END,
    14: "<p>A wolf.</p>"
    '<combat><enemy>Wolf</enemy><enemy-attribute class="combatskill">12</enemy-attribute>'
    '<enemy-attribute class="endurance">15</enemy-attribute></combat>'
    + _choice(11, "If you win the combat in three rounds or less,")
    + _choice(12, "If the combat enters a fourth round, do not continue with the combat but"),
    15: "<p>A bear.</p>"
    '<combat><enemy>Bear</enemy><enemy-attribute class="combatskill">12</enemy-attribute>'
    '<enemy-attribute class="endurance">15</enemy-attribute></combat>'
    + _choice(11, "If you win the combat in three rounds or less,")
    + _choice(12, "If you win the combat in four or more rounds,"),
    13: "<p>The hermit shows you his goods. Take your choice.</p><ul><li>Coil of Rope (Backpack Item)</li>"
    "<li>2 Copper Coins</li><li>Enough food for 3 Meals</li><li>Silver Charm (a Special Item)</li></ul>"
    + _choice(11, "Turn to 11."),
}
XML = (
    '<?xml version="1.0" encoding="UTF-8"?><gamebook version="0.12"><meta><title>The Test Lane</title>'
    '<creator class="author">grognard</creator></meta><section class="numbered" id="numbered"><data>'
    + "".join(_section(n, body) for n, body in SECTIONS.items())
    + "</data></section></gamebook>"
).encode()


def _import(overlay: str = "", read_prose: bool = True):  # type: ignore[no-untyped-def]
    return import_projectaon_bytes(
        XML, "lane.xml", overlay=parse_overlay(overlay) if overlay else None, read_prose=read_prose
    )


def test_conditions_on_powers_items_and_scores_are_enforced() -> None:
    book = _import().book
    first = book.sections["1"].choices
    assert first[0].condition == Condition(power="Sorcery")
    assert first[1].condition is None and first[2].condition is None  # "or if you do not wish": open
    second = book.sections["2"].choices
    assert second[0].condition == Condition(item="Rope")
    assert second[1].condition == Condition.model_validate({"not": {"item": "Rope"}})
    sixth = book.sections["6"].choices
    assert sixth[0].condition == Condition(stat="WILLPOWER", at_least=10)
    assert sixth[1].condition == Condition(stat="WILLPOWER", at_most=9)
    assert "Rope" in book.book.items and book.book.items["Glass Key"] == {"special": True}


def test_without_reading_the_prose_every_choice_is_open() -> None:
    book = _import(read_prose=False).book
    assert all(c.condition is None for s in book.sections.values() for c in s.choices)
    assert book.sections["4"].fight is not None and book.sections["4"].fight.escape is None


def test_a_random_number_branch_becomes_a_test_with_its_adjustment() -> None:
    section = _import().book.sections["3"]
    assert section.test is not None and section.choices == ()
    assert [(r.min, r.max, r.target) for r in section.test.ranges] == [(0, 4, "7"), (5, None, "8")]
    assert [(a.when, a.add) for a in section.test.adjust] == [(Condition(power="Prophecy"), 2)]


def test_evasion_the_win_and_a_combat_modifier_are_read() -> None:
    fight = _import().book.sections["4"].fight
    assert fight is not None
    assert (fight.escape, fight.win) == ("9", "10")
    assert fight.modifiers == {"combat_skill": 2}


def test_evasion_after_rounds_is_read_as_evade_after() -> None:
    report = _import()
    fight = report.book.sections["5"].fight
    assert fight is not None and fight.escape == "9" and fight.win == "10"
    assert fight.modifiers == {"evade_after": 2}
    assert report.reading is not None
    assert report.reading.tally.evadable == 2 and report.reading.tally.evade_set == 2
    assert check_book(report.book, GS_RULES) == []


def test_scores_nobles_items_and_meals_gained_or_lost() -> None:
    book = _import().book
    assert book.sections["2"].effects == (Effect(stat="ENDURANCE", add=-2), Effect(stat="WILLPOWER", add=-1))
    assert book.sections["6"].effects == (Effect(gold=5, once=True), Effect(item="Glass Key", once=True))
    assert book.sections["7"].effects == (Effect(lose_item="Rope"), Effect(special="meal"))


def test_where_every_choice_can_fail_the_last_opens_when_no_other_does() -> None:
    report = _import()
    choices = report.book.sections["10"].choices
    assert choices[0].condition == Condition(item="Copper Coin")
    last = choices[1].condition
    assert last is not None and last.any is not None and last.any[0] == Condition(item="Glass Rod")
    assert check_book(report.book, GS_RULES) == []
    assert report.reading is not None
    assert any(p.kind == "fallback" and p.section == "10" for p in report.reading.phrases)


def test_the_report_counts_and_lists_the_unread_rule_like_sentences() -> None:
    reading = _import().reading
    assert reading is not None
    tally = reading.tally
    assert (tally.conditional, tally.enforced) == (7, 7)
    assert tally.fights == 4
    unread = {(u.section, u.sentence) for u in reading.unread}
    assert ("8", "Your ENDURANCE is whispered about in strange ways.") in unread
    kinds = {p.kind for p in reading.phrases}
    assert {"condition", "open", "test", "evade", "win", "modifier", "effect"} <= kinds


def test_a_hand_written_overlay_wins_over_what_was_read() -> None:
    overlay = """
[sections.1.choices.1]
condition = { power = "Enchantment" }
[sections.4.fight]
modifiers = { combat_skill = 3 }
"""
    book = _import(overlay).book
    assert book.sections["1"].choices[0].condition == Condition(power="Enchantment")
    fight = book.sections["4"].fight
    assert fight is not None and fight.modifiers == {"combat_skill": 3} and fight.escape == "9"


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("you possess the Magical Power of Alchemy and have a Rope",
         {"all": [{"power": "Alchemy"}, {"item": "Rope"}]}),
        ("your current ENDURANCE total is 3\u20136", {"stat": "ENDURANCE", "at_least": 3, "at_most": 6}),
        ("you have 10 Nobles", {"gold": 10}),
        ("your WILLPOWER total has now fallen to zero or below", {"stat": "WILLPOWER", "at_most": 0}),
        ("you have a coil of Rope, or you have the Magic Talisman of the Shianti",
         {"any": [{"item": "Rope"}, {"item": "Magic Talisman"}]}),
        ("you are versed in the Higher Magick of Telergy and wish to use it", {"power": "Telergy"}),
        ("you are versed on the Higher Magick of Physiurgy", {"power": "Physiurgy"}),
        ("you have learnt the Higher Magick of Thaumaturgy", {"power": "Thaumaturgy"}),
        ("you have the Magical Power of Necromancy", {"power": "Necromancy"}),
        ("you are versed in the Higher Magick of a Visionary and wish to expend 2 WILLPOWER points",
         {"power": "Visionary"}),
        ("you have the Magical Power of Alchemy, or if you are versed in the Higher Magick of Theurgy",
         {"any": [{"power": "Alchemy"}, {"power": "Theurgy"}]}),
        ("you have the protection of the Higher Magick of Thaumaturgy", {"power": "Thaumaturgy"}),
    ],
)  # fmt: skip
def test_condition_phrases(clause: str, expected: dict[str, object]) -> None:
    cond, how = condition_of(clause)
    assert how == "condition" and cond == Condition.model_validate(expected)


def test_unread_conditions_are_not_guessed() -> None:
    assert condition_of("you are versed in the Higher Magick of Flight") == (None, "")
    assert condition_of("you have the protection of the Moonstone") == (None, "")
    assert condition_of("you have recently drunk a Potion of Invulnerability") == (None, "")
    assert condition_of("not") == (None, "")


MOON = (
    '<?xml version="1.0" encoding="UTF-8"?><gamebook version="0.12"><meta><title>The Moon Lane</title>'
    '<creator class="author">grognard</creator></meta><section class="numbered" id="numbered"><data>'
    + _section(1, "<p>A sealed gate.</p>"
               + _choice(2, "If you are versed in the Higher Magick of Thaumaturgy and wish to use it,")
               + _choice(3, "If you have learnt the Higher Magick of Physiurgy and wish to use it,")
               + _choice(4, "If you do not possess either of these Powers,"))
    + _section(2, "<p>You fly over.</p>") + _section(3, "<p>The earth opens.</p>") + _section(4, END)
    + "</data></section></gamebook>"
).encode()  # fmt: skip


def test_higher_magicks_are_read_and_a_book_giving_them_plays_them() -> None:
    """Book 4's choices on a Higher Magick become power conditions; with `[book.rules] higher_magicks`
    from the overlay the book checks clean and the reader chosen Thaumaturgy finds its way open."""
    overlay = parse_overlay("[book]\nrules = { higher_magicks = 4 }\n")
    report = import_projectaon_bytes(MOON, "moon.xml", overlay=overlay, read_prose=True)
    first = report.book.sections["1"].choices
    assert [c.condition for c in first] == [
        Condition(power="Thaumaturgy"),
        Condition(power="Physiurgy"),
        Condition.model_validate({"not": {"any": [{"power": "Thaumaturgy"}, {"power": "Physiurgy"}]}}),
    ]
    assert report.reading is not None and report.reading.tally.enforced == 3
    assert check_book(report.book, GS_RULES) == []
    game = GamebookGame(GS_RULES, report.book, "moon")
    given = {
        "book": "moon",
        "hero": "15/25/24",
        "magicks": "Sorcery,Enchantment,Elementalism,Prophecy,Evocation",
        "higher_magicks": "Thaumaturgy,Telergy,Visionary,Necromancy",
        "gift": "Magic Talisman",
    }
    state = game.new_initial_state(game.info.resolve_options(given))
    opened = [state.label(a) for a in state.legal_actions()]
    assert any("Thaumaturgy" in o for o in opened) and not any("Physiurgy" in o for o in opened)


def test_sentences_split_after_quotes_and_stops() -> None:
    assert sentences("You lose 2 ENDURANCE points. \u2018Go!\u2019 He runs.") == [
        "You lose 2 ENDURANCE points.",
        "\u2018Go!\u2019",
        "He runs.",
    ]


def test_gs_import_report_lists_phrases_and_unread_sentences(tmp_path: Path) -> None:
    xml = tmp_path / "lane.xml"
    xml.write_bytes(XML)
    ran = grognard("gs", "import", str(xml), "-o", str(tmp_path / "lane.toml"), "--report", home=tmp_path)
    assert ran.code == 0, ran.err
    assert 'read: section 1: condition: choice 1: condition = { power = "Sorcery" }' in ran.out
    assert "unread: section 8: Your ENDURANCE is whispered about in strange ways." in ran.out
    assert "read: section 5: evade: fight.escape = 9, evade_after = 2: You may evade after 2" in ran.out
    assert (
        "7 of 7 conditional choices enforced (7 read from the text); 2 of 2 evadable fights evade (4 fights)"
        in ran.out
    )
    assert "never given: Glass Rod (tested in sections 10)" in ran.out
    assert grognard("gs", "check", str(tmp_path / "lane.toml"), home=tmp_path).code == 0
    spoken = grognard(
        "--lang", "es", "gs", "import", str(xml), "-o", str(tmp_path / "es.toml"), "--report", home=tmp_path
    )
    assert spoken.code == 0, spoken.err
    assert "leído: sección 5: evade: fight.escape = 9, evade_after = 2: You may evade after 2" in spoken.out
    assert "no leído: sección 8: Your ENDURANCE is whispered about in strange ways." in spoken.out
    assert "nunca se da: Glass Rod (se comprueba en las secciones 10)" in spoken.out
    assert (
        "2 de 2 combates evitables se evitan (4 combates)" in spoken.out and "never given" not in spoken.out
    )


@pytest.mark.parametrize(
    "overlay",
    [
        '[book]\nrules = { carried_over = "Glass Rod" }\n[book.items]\n"Glass Rod" = {}\n',
        '[book]\nstart_effects = [{ item = "Glass Rod" }]\n[book.items]\n"Glass Rod" = {}\n',
        '[sections.7]\neffects = [{ item = "Glass Rod" }]\n[book.items]\n"Glass Rod" = {}\n',
    ],
)
def test_an_item_an_overlay_gives_is_not_reported_as_never_given(tmp_path: Path, overlay: str) -> None:
    xml = tmp_path / "lane.xml"
    xml.write_bytes(XML)
    rules = tmp_path / "lane.rules.toml"
    rules.write_text(overlay, encoding="utf-8")
    out = tmp_path / "lane.toml"
    ran = grognard("gs", "import", str(xml), "-o", str(out), "--rules", str(rules), "--report", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "never given" not in ran.out and "7 of 7 conditional choices enforced" in ran.out


def test_evasion_after_rounds_opens_at_the_round_the_text_says() -> None:
    combat = CombatState(
        combat_skill=20, endurance=40, willpower=5, enemy_skill=10, enemy_endurance=90, can_evade=True
    )
    fight = BookFight(combat, (Enemy("Brute", 10, 90),), evade_wait=2)
    opened = []
    for _ in range(3):
        opened.append(any(parse_action(str(a))[1] for a in fight.legal_actions()))
        fight = fight.apply("spend:0")
        fight = fight.apply(fight.chance_outcomes()[0][0])
    assert opened == [False, False, True] and fight.rounds == 3


def test_an_offered_list_gives_its_items_once_and_untested_gifts_are_reported() -> None:
    report = _import()
    assert report.book.sections["13"].effects == (
        Effect(item="Rope", once=True),
        Effect(item="Copper Coin", count=2, once=True),
        Effect(item="Meal", count=3, once=True),
        Effect(item="Silver Charm", once=True),
    )
    assert report.book.book.items["Silver Charm"] == {"special": True}
    assert report.reading is not None and report.reading.ungiven == {"Glass Rod": ["10"]}


def test_a_fight_won_within_rounds_gets_its_round_limit_only_with_both_ways_out() -> None:
    report = _import()
    wolf = report.book.sections["14"].fight
    assert wolf is not None
    assert (wolf.win, wolf.on, wolf.modifiers) == ("11", {"rounds-over": "12"}, {"max_rounds": 3})
    bear = report.book.sections["15"].fight
    assert bear is not None and bear.modifiers == {} and bear.on == {}
    assert report.reading is not None
    assert sorted(u.why for u in report.reading.unread if u.section == "15") == [
        "",
        "a round limit without its other way out",
    ]


def test_the_shipped_overlay_of_a_book_is_laid_between_the_text_and_the_readers() -> None:
    ours = parse_overlay('[sections.10.choices.1]\ncondition = { item = "Silver Coin" }\n'
                         '[sections.1.choices.1]\ncondition = { power = "Alchemy" }\n')  # fmt: skip
    theirs = parse_overlay('[sections.1.choices.1]\ncondition = { power = "Evocation" }\n')
    book = import_projectaon_bytes(XML, "lane.xml", overlay=theirs, read_prose=True,
                                   shipped={"The Test Lane": ours}).book  # fmt: skip
    assert book.sections["10"].choices[0].condition == Condition(item="Silver Coin")
    assert book.sections["1"].choices[0].condition == Condition(power="Evocation")
    other = import_projectaon_bytes(XML, "lane.xml", read_prose=True, shipped={"Another Book": ours}).book
    assert other.sections["10"].choices[0].condition == Condition(item="Copper Coin")


def test_grognard_ships_an_overlay_for_each_of_the_four_books() -> None:
    shipped = shipped_overlays()
    assert set(shipped) == {
        "Grey Star the Wizard", "The Forbidden City", "Beyond the Nightmare Gate", "War of the Wizards"
    }  # fmt: skip
    assert all(overlay.sections for overlay in shipped.values())


def test_a_hostile_choice_is_listed_cut_short_in_bounded_time() -> None:
    text = "If you have a Rope and " * 40000 + "a Torch"
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?><gamebook><meta><title>T</title></meta>'
        + _section(1, f"<p>x</p>{_choice(2, text + ',')}")
        + _section(2, "<p>End.</p>")
        + "</gamebook>"
    ).encode()
    started = time.perf_counter()
    report = import_projectaon_bytes(xml, "x.xml", read_prose=True)
    assert time.perf_counter() - started < 10
    assert report.reading is not None
    [unread] = report.reading.unread
    assert unread.why.endswith("characters: too long to read") and len(unread.sentence) == 201
    assert report.book.sections["1"].choices[0].condition is None
