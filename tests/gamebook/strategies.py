"""Hypothesis strategies for generated books (any shape the format allows, not necessarily sound)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from grognard.gamebook.model import Book

ids = st.one_of(
    st.integers(min_value=1, max_value=400).map(str),
    st.from_regex(r"[A-Za-z][A-Za-z0-9 _.:'-]{0,12}[A-Za-z0-9]", fullmatch=True),
).filter(lambda s: s not in ("StoryTitle", "StoryData", "GrognardBook") and "->" not in s)
names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=12)
words = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=20
).filter(lambda s: s.strip() and "[[" not in s and "]]" not in s)
texts = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",), exclude_characters="\r"), max_size=60
).filter(lambda s: not any(bad in s for bad in ("[[", "]]", "<!--", "-->")))
amounts = st.one_of(st.integers(-20, 20), st.sampled_from(["1d6", "-1d6", "2d6+1", "-d3"]))
values = st.one_of(st.integers(-5, 5), names, st.booleans())


@dataclass(frozen=True)
class Slot:
    """A section to turn to, drawn before the book's section ids are known: `books` puts in
    `targets[index % len(targets)]` (60 is a multiple of every count of targets, 1 to 5, so each is as
    likely). The strategies are then built once, not once per book: building them cost more than drawing."""

    index: int


target = st.integers(0, 59).map(Slot)


def leaf_conditions() -> st.SearchStrategy[dict[str, Any]]:
    """Conditions without nesting."""
    return st.one_of(
        st.fixed_dictionaries({"item": names}, optional={"pay": st.booleans()}),
        st.fixed_dictionaries({"gold": st.integers(0, 9)}, optional={"pay": st.booleans()}),
        st.fixed_dictionaries({"flag": names}),
        st.fixed_dictionaries({"visited": target}),
        st.fixed_dictionaries(
            {"stat": names, "at_least": st.integers(0, 12)}, optional={"at_most": st.integers(12, 20)}
        ),
        st.fixed_dictionaries({"power": names}),
        st.fixed_dictionaries({"special": names}, optional={"value": values}),
    )


def conditions() -> st.SearchStrategy[dict[str, Any]]:
    """Conditions, nested with not / any / all."""
    return st.recursive(
        leaf_conditions(),
        lambda inner: st.one_of(
            st.fixed_dictionaries({"not": inner}),
            st.fixed_dictionaries({"any": st.lists(inner, min_size=1, max_size=3)}),
            st.fixed_dictionaries({"all": st.lists(inner, min_size=1, max_size=3)}),
        ),
        max_leaves=4,
    )


def effects() -> st.SearchStrategy[dict[str, Any]]:
    """Effects of every kind, sometimes once or conditional."""
    base = st.one_of(
        st.fixed_dictionaries({"stat": names, "add": amounts}),
        st.fixed_dictionaries({"stat": names, "set": st.integers(0, 20)}),
        st.fixed_dictionaries({"initial": names, "add": st.integers(-3, 3)}),
        st.fixed_dictionaries({"item": names}, optional={"count": st.integers(1, 3)}),
        st.fixed_dictionaries({"lose_item": names}),
        st.fixed_dictionaries({"gold": amounts}),
        st.fixed_dictionaries({"provisions": st.integers(-2, 2)}),
        st.fixed_dictionaries({"flag": names}),
        st.fixed_dictionaries({"clear_flag": names}),
        st.fixed_dictionaries({"special": names}, optional={"value": values}),
    )
    extra = st.fixed_dictionaries({}, optional={"once": st.booleans(), "when": leaf_conditions()})
    return st.tuples(base, extra).map(lambda p: {**p[0], **p[1]})


def branch() -> st.SearchStrategy[dict[str, Any]]:
    """A test branch."""
    return st.fixed_dictionaries({}, optional={"target": target, "effects": st.lists(effects(), max_size=2)})


def tests_() -> st.SearchStrategy[dict[str, Any]]:
    """A test with branches or ranges."""
    ranges = st.lists(
        st.tuples(branch(), st.integers(0, 12), st.integers(0, 6)).map(
            lambda t: {**t[0], "min": t[1], "max": t[1] + t[2]}
        ),
        min_size=1,
        max_size=3,
    )
    head = st.fixed_dictionaries(
        {"kind": st.sampled_from(["luck", "roll", "stat"])},
        optional={"stat": names, "dice": st.just("2d6"), "modifier": st.integers(-2, 2)},
    )
    body = st.one_of(
        st.fixed_dictionaries({"branches": st.dictionaries(names, branch(), min_size=1, max_size=3)}),
        st.fixed_dictionaries({"ranges": ranges}),
    )
    adjust = st.fixed_dictionaries(
        {},
        optional={
            "adjust": st.lists(
                st.fixed_dictionaries({"when": leaf_conditions(), "add": st.integers(-2, 2)}),
                max_size=2,
            )
        },
    )
    return st.tuples(head, body, adjust).map(lambda p: {**p[0], **p[1], **p[2]})


creatures = st.tuples(
    names, st.dictionaries(st.from_regex(r"[A-Z]{2,8}", fullmatch=True), st.integers(0, 30), max_size=3)
).map(lambda p: {"name": p[0], **{k: v for k, v in p[1].items() if k != "name"}})


def fights() -> st.SearchStrategy[dict[str, Any]]:
    """A fight with flat creature stats."""
    return st.fixed_dictionaries(
        {"creatures": st.lists(creatures, min_size=1, max_size=3)},
        optional={
            "mode": st.sampled_from(["together", "sequence"]),
            "win": target,
            "escape": target,
            "on": st.dictionaries(names, target, max_size=2),
            "modifiers": st.dictionaries(names, values, max_size=2),
        },
    )


def sections_() -> st.SearchStrategy[dict[str, Any]]:
    """A section, its targets as `Slot`s."""
    choice = st.fixed_dictionaries(
        {"text": words, "target": target},
        optional={"condition": conditions(), "effects": st.lists(effects(), max_size=2)},
    )
    return st.fixed_dictionaries(
        {},
        optional={
            "title": words,
            "text": texts,
            "effects": st.lists(effects(), max_size=3),
            "eat": st.booleans(),
            "fight": fights(),
            "test": tests_(),
            "choices": st.lists(choice, max_size=3),
            "ending": st.sampled_from(["victory", "death", "ended"]),
        },
    )


def infos() -> st.SearchStrategy[dict[str, Any]]:
    """The `[book]` table, its start as a `Slot`."""
    return st.fixed_dictionaries(
        {"title": words, "system": st.sampled_from(["toy-gb", "ff"]), "start": target},
        optional={
            "author": words,
            "version": st.sampled_from(["1", "2.0"]),
            "items": st.dictionaries(names, st.dictionaries(names, values, max_size=2), max_size=3),
            "start_effects": st.lists(effects(), max_size=2),
            "rules": st.dictionaries(names, values, max_size=2),
        },
    )


SECTION = sections_()
INFO = infos()


def aimed(data: Any, targets: list[str]) -> Any:
    """`data` with every `Slot` replaced by the section id it picks among `targets`."""
    if isinstance(data, Slot):
        return targets[data.index % len(targets)]
    if isinstance(data, dict):
        return {key: aimed(value, targets) for key, value in data.items()}
    if isinstance(data, list):
        return [aimed(item, targets) for item in data]
    return data


@st.composite
def books(draw: st.DrawFn) -> Book:
    """A generated book."""
    targets = draw(st.lists(ids, min_size=1, max_size=5, unique=True))
    sections = {sid: aimed(draw(SECTION), targets) for sid in targets}
    info = aimed(draw(INFO), targets)
    return Book.model_validate({"book": info, "sections": sections})
