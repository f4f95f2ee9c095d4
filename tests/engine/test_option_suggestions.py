"""The values a new-game form offers for text options are the rules' own: every one is accepted, and
none the rules know is missing (the lists are written out so that a system's import stays light)."""

from __future__ import annotations

import pytest

from grognard.engine import registry
from grognard.engine.game import OptionInfo
from grognard.engine.registry import get_system
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.mercenaries import MERCENARY_KINDS, parse_hires
from grognard.systems.heroquest.content.quest_setup import (
    PARTY_SPECS,
    SHIPPED_QUESTS,
    hero_from_spec,
    parse_party,
)
from grognard.systems.talisman.catalog import catalog as talisman_catalog
from grognard.systems.talisman.game import CHARACTER_IDS, TalismanGame


def test_labels_are_words() -> None:
    assert OptionInfo("max_turns", "", 0).label == "Max turns"
    assert OptionInfo("gm", "", "auto").label == "GM"
    assert OptionInfo("quest", "", "").label == "Quest"


def test_every_race_and_class_a_hero_may_be_is_offered_and_no_other() -> None:
    book = hq.catalog()
    possible = set(book.classes)
    for race in book.races:
        for cls in book.classes:
            try:
                hero_from_spec(f"{race}-{cls}")
            except Exception:
                continue
            possible.add(f"{race}-{cls}")
    assert set(PARTY_SPECS) == possible
    assert len(PARTY_SPECS) == len(possible)
    assert "dwarf-wizard" not in PARTY_SPECS  # a dwarf takes no magic-using class (line 176)
    assert len(parse_party(",".join(PARTY_SPECS))) == len(PARTY_SPECS)


def test_the_mercenaries_offered_are_the_catalog_s() -> None:
    assert set(MERCENARY_KINDS) == set(hq.catalog().mercenaries)
    party = tuple(h.model_copy(update={"gold": 1000}) for h in parse_party("barbarian"))
    assert len(parse_hires(",".join(MERCENARY_KINDS), party)) == len(MERCENARY_KINDS)


def test_the_talisman_characters_offered_are_the_catalog_s() -> None:
    assert list(CHARACTER_IDS) == list(talisman_catalog().characters)
    game = TalismanGame()
    state = game.new_initial_state(
        game.info.resolve_options({"players": 2, "characters": f"{CHARACTER_IDS[-1]},{CHARACTER_IDS[0]}"})
    )
    assert [h.character for h in state.heroes] == [CHARACTER_IDS[-1], CHARACTER_IDS[0]]


@pytest.mark.parametrize("system_id", ["heroquest", "fighting-fantasy", "grey-star"])
def test_every_offered_single_value_starts_a_game(system_id: str) -> None:
    system = get_system(system_id)
    offered = 0
    for game in system.games:
        for option in game.info.options:
            if not option.suggest or option.listed:
                continue
            for value in option.suggest:
                game.new_initial_state(game.info.resolve_options({option.name: value}))
                offered += 1
    assert offered >= 1
    if system_id == "heroquest":
        assert set(SHIPPED_QUESTS) <= {v for g in system.games for o in g.info.options for v in o.suggest}


def test_only_text_options_suggest() -> None:
    for facts in registry.facts():
        for game in get_system(facts.id).games:
            for option in game.info.options:
                if option.suggest:
                    assert isinstance(option.default, str), (facts.id, option.name)
                    assert not option.choices, (facts.id, option.name)
