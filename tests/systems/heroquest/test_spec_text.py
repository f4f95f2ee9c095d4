"""The strings HeroQuest reads outside actions: specs and carried things' names (`spec_text`), effect
tags and the state's marks (`effect_strings`); each read gives back what was written."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from grognard.systems.heroquest.content import spec_text
from grognard.systems.heroquest.model.effect_strings import (
    base_name,
    dagger,
    queued_step,
    searched_mark,
    tags,
)

WORD = st.from_regex(r"[a-z0-9 ,-]{0,10}", fullmatch=True)


@given(WORD, st.one_of(st.none(), st.text(alphabet="ab:@ ", max_size=8)))
def test_a_named_entry_reads_back(spec: str, name: str | None) -> None:
    text = spec if name is None else f"{spec}:{name}"
    assert spec_text.named(text) == (spec, name)


@given(WORD, st.one_of(st.none(), st.text(alphabet="ab3@", max_size=5)))
def test_a_level_and_a_place_read_back(base: str, after: str | None) -> None:
    text = base if after is None else f"{base}@{after}"
    assert spec_text.leveled(text) == spec_text.placed(text) == (base, after)


def test_specs_and_carried_names() -> None:
    assert spec_text.named("barbarian@3:Mira") == ("barbarian@3", "Mira")
    assert spec_text.leveled("barbarian@3") == ("barbarian", "3")
    assert spec_text.goal("rescue:prisoner@B") == ("rescue", "prisoner@B")
    assert spec_text.goal("slay-all") == ("slay-all", "")
    assert spec_text.placed("prisoner@B") == ("prisoner", "B")
    assert spec_text.thing_head("Spell Scroll: fire/Courage") == "Spell Scroll"
    assert spec_text.thing_detail("Spell Scroll: fire/Courage") == " fire/Courage"
    assert spec_text.thing_detail("Helmet") == ""


def test_effect_tags_and_state_marks() -> None:
    assert base_name("hugged@orc-1") == "hugged" and base_name("atk") == "atk"
    assert tags("loot@0@helmet@x", 3) == ["loot", "0", "helmet@x"]
    assert queued_step("spring:0:pit-1:3,4") == ("spring", ["0", "pit-1", "3,4"])
    assert queued_step("dread") == ("dread", [])
    assert dagger("3,4@h0") == ("3,4", "h0")
    assert searched_mark("treasure:room-2") == ("treasure", "room-2")
