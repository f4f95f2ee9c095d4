"""Which language a reader gets: their setting, then their browser's `Accept-Language` (by quality), then
English; `GROGNARD_LANG` and `--lang` for the terminal; numbers as the locale writes them."""

from __future__ import annotations

import pytest

from grognard import i18n


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("es", "es"),
        ("es-MX,es;q=0.9,en;q=0.8", "es"),
        ("fr-FR, es;q=0.5, en;q=0.4", "es"),
        ("en-GB,en;q=0.9,es;q=0.8", "en"),
        ("de, fr", None),
        ("en;q=0.2, es;q=0.9", "es"),
        ("es;q=0, en", "en"),
        ("*", None),
        ("es;q=nonsense, en;q=0.1", "en"),
        ("", None),
        (None, None),
    ],
)
def test_accept_language_picks_the_best_language_spoken(header: str | None, expected: str | None) -> None:
    assert i18n.accepted(header) == expected


def test_the_setting_comes_before_the_browser_and_english_last() -> None:
    assert i18n.choose("es", "en") == "es"
    assert i18n.choose("en", "es") == "en"
    assert i18n.choose("xx", "es") == "es"
    assert i18n.choose(None, "de") == "en"
    assert i18n.choose("ES_es", None) == "es"


def test_the_terminal_reads_grognard_lang_and_refuses_an_unknown_language() -> None:
    assert i18n.from_environment({}) == "en"
    assert i18n.from_environment({"GROGNARD_LANG": "es_ES.UTF-8"}) == "es"
    with pytest.raises(i18n.UnknownLanguageError, match="'klingon'"):
        i18n.from_environment({"GROGNARD_LANG": "klingon"})


def test_numbers_are_written_as_the_locale_writes_them() -> None:
    assert i18n.number(12345.5, "en") == "12,345.5"
    assert i18n.number(12345.5, "es") == "12.345,5"
    with i18n.speaking("es"):
        assert i18n.number(0.25) == "0,25"


def test_chances_are_percentages_in_the_locale_with_the_digits_asked() -> None:
    assert i18n.percent(0.4532, 1, "en") == "45.3%"
    assert i18n.percent(0.4532, 2, "es") == "45,32%"
    assert i18n.percent(1.0, 1, "en") == "100.0%"
    assert i18n.percent(0.000123, 2, "en") == "0.01%"
    assert i18n.percent(0.5, 0, "es") == "50%"
