"""Scripted paths through the shipped sample adventure, played by the real rules: the flooded gallery
(sections 51-54), where Grey Star fights without the Staff and the bell drains his WILLPOWER to 0 (Powers
refused, the Staff a plain weapon) until it comes back. Rules: issue #4 ("WILLPOWER 0 or below: no
Magical Powers and no magic from the Staff; the Staff is then a plain weapon at -6"; "COMBAT SKILL with
the weapon used (-6 without the Staff, -8 with no weapon at all)") and 001_2055bbb054c2d265.txt:5-12."""

from __future__ import annotations

from pathlib import Path

from grognard.gamebook.load import load_book
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.systems.grey_star.book_fight import BookFight
from grognard.systems.grey_star.chart import DAGGER, STAFF, TALISMAN, ActionChart
from grognard.systems.grey_star.ruleset import GS_RULES

BOOK_PATH = Path(__file__).resolve().parents[3] / "src/grognard/systems/grey_star/data/books/sample.toml"
FIVE = "Sorcery,Enchantment,Elementalism,Alchemy,Prophecy"


def at_undercroft(gift: str, hero: str = "15/20/25") -> GamebookState:
    """The sample adventure begun at section 38 (The Undercroft), the sheet typed in."""
    book = load_book(BOOK_PATH)
    book = book.model_copy(update={"book": book.book.model_copy(update={"start": "38"})})
    game = GamebookGame(GS_RULES, book, "sample")
    options = {"book": "sample", "hero": hero, "magicks": FIVE, "gift": gift}
    return game.new_initial_state(game.info.resolve_options(options))


def chart(state: GamebookState) -> ActionChart:
    found = state.sheet.chart
    assert isinstance(found, ActionChart)
    return found


def choose(state: GamebookState, text: str) -> GamebookState:
    for action in state.legal_actions():
        if state.label(action) == text:
            return state.apply(action)
    raise AssertionError(f"no open choice {text!r} in {[state.label(a) for a in state.legal_actions()]}")


def combat_of(state: GamebookState) -> BookFight:
    assert isinstance(state.fight, BookFight)
    return state.fight


def win_fight(state: GamebookState) -> GamebookState:
    """Fight on with the only action open, each random number the one costing the enemy most, until
    the fight's section is left."""
    section = state.section
    while state.section == section:
        assert state.legal_actions() == ["spend:0"], state.legal_actions()
        state = state.apply("spend:0")
        best = max(state.chance_outcomes(), key=lambda o: int(str(o[0]).split("/")[0][1:]))
        state = state.apply(best[0])
    return state


def test_the_gallery_fight_is_without_the_staff_bare_handed() -> None:
    """Section 51 tears the Staff away: with no other weapon Grey Star fights bare-handed at -8, and no
    WILLPOWER can be spent through a Staff he does not hold."""
    state = choose(at_undercroft(TALISMAN), "Wade along the flooded gallery towards the bell")
    assert state.section == "51" and STAFF not in chart(state).weapons
    combat = combat_of(state).combat
    assert not combat.staff and combat.combat_skill == chart(state).combat_skill - 8
    assert combat.enemy_skill == 10 and state.legal_actions() == ["spend:0"]
    state = win_fight(state)
    assert state.section == "52"


def test_with_the_dagger_the_gallery_fight_is_at_minus_six_plus_one() -> None:
    """Without the Staff, the Jewelled Dagger is the weapon used: -6, and its +1 (issue #4)."""
    state = choose(at_undercroft(DAGGER), "Wade along the flooded gallery towards the bell")
    combat = combat_of(state).combat
    assert not combat.staff and combat.combat_skill == chart(state).combat_skill - 6 + 1


def test_the_bell_drains_willpower_to_zero_powers_are_refused_and_the_staff_is_plain() -> None:
    """Section 52: the Staff found again, WILLPOWER set to 0; the Prophecy choice is closed (no Powers at
    0), and the Silt-Wraith (53) is fought with the Staff as a plain weapon (-6, spend 0 only). Section
    54 gives 10 WILLPOWER back and the way on to the bell-warden."""
    state = win_fight(choose(at_undercroft(TALISMAN), "Wade along the flooded gallery towards the bell"))
    assert state.section == "52"
    assert chart(state).willpower == 0 and STAFF in chart(state).weapons
    labels = [state.label(a) for a in state.legal_actions()]
    assert "Wade on towards the platform" in labels
    assert not any(label.startswith("Use Prophecy") for label in labels)
    state = choose(state, "Wade on towards the platform")
    assert state.section == "53"
    combat = combat_of(state).combat
    assert combat.staff and not combat.magic_open and combat.willpower == 0
    assert combat.round_skill(0) == chart(state).combat_skill - 6
    state = win_fight(state)
    assert state.section == "54" and chart(state).willpower == 10
    state = choose(state, "Face the bell-warden")
    assert state.section == "43"
