"""A page template says its words in the language of each reader, not of the first reader it was compiled
for: Jinja2's constant folding would work out a filter on a literal once, at compile time."""

from __future__ import annotations

from jinja2 import Environment

from grognard import i18n
from grognard.web.pages import TEMPLATES


def test_a_filter_on_a_literal_is_said_in_each_readers_language() -> None:
    with i18n.speaking("en"):
        template = TEMPLATES.env.from_string("{{ 12345.5 | number }}")
        english = template.render()
    with i18n.speaking("es"):
        spanish = template.render()
    assert (english, spanish) == ("12,345.5", "12.345,5")


def test_a_plain_filter_would_have_kept_the_first_readers_language() -> None:
    """The same filter not made `live` is worked out when the template is compiled and bakes the English
    in: the test above can fail."""
    env = Environment()
    env.filters["plain_number"] = i18n.number
    with i18n.speaking("en"):
        template = env.from_string("{{ 12345.5 | plain_number }}")
    with i18n.speaking("es"):
        assert template.render() == "12,345.5"


def test_every_filter_grognard_adds_is_live() -> None:
    """Every filter of grognard's own (and of each system's `TEMPLATE_FILTERS`) is worked out at render."""
    from jinja2.defaults import DEFAULT_FILTERS  # inner import: only this test reads Jinja2's defaults
    from jinja2.utils import _PassArg  # inner import: only this test reads how a filter is called

    ours = {k: f for k, f in TEMPLATES.env.filters.items() if k not in DEFAULT_FILTERS}
    assert {"number", "percent", "date"} <= set(ours)
    plain = [k for k, f in ours.items() if _PassArg.from_obj(f) is not _PassArg.context]
    assert plain == []
