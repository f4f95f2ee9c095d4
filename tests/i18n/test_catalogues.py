"""The catalogues against the sources: the extraction `make messages` runs is run here and must give the
Spanish catalogue's messages exactly (a message marked in a template or a module and not in the catalogue,
or one the catalogue keeps that no source says, fails); every message has a Spanish translation that is
neither empty nor fuzzy, with the same placeholders; and the compiled catalogue translates."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from grognard import i18n
from grognard.i18n.extract import extracted, read

TRANSLATED = [language for language in i18n.LANGUAGES if language != i18n.SOURCE]
PLACEHOLDER = re.compile(r"%\((\w+)\)s|\{(\w*)\}")
"""A message's placeholders: `%(name)s` (the templates') and `{name}` (the game words', `str.format`)."""


def placeholders(text: str) -> set[str]:
    """The names of the placeholders in `text`."""
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def ids(catalogue: Catalog) -> set[str | tuple[str, ...]]:
    """The message ids of a catalogue (a plural message by its forms), the header left out."""
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalogue if m.id}


def test_spanish_is_spoken_and_english_is_the_source() -> None:
    assert i18n.SOURCE == "en"
    assert set(i18n.LANGUAGES) >= {"en", "es"}


def test_the_sources_mark_the_page_chrome() -> None:
    found = ids(extracted())
    for message in (
        "New game",
        "Saved games",
        "Lobby",
        "Your choices",
        "Who plays",
        "Say something to the table",
    ):
        assert message in found


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogue_is_up_to_date_with_the_sources(language: str) -> None:
    source, kept = ids(extracted()), ids(read(language))
    assert not source - kept, (
        f"not in the {language} catalogue (run `make messages`): {sorted(map(str, source - kept))}"
    )
    assert not kept - source, (
        f"kept in the {language} catalogue but said by no source: {sorted(map(str, kept - source))}"
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(language: str) -> None:
    catalogue = read(language)
    untranslated, wrong = [], []
    for message in catalogue:
        if not message.id:
            continue
        strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
        if message.fuzzy or not strings or not all(s.strip() for s in strings):
            untranslated.append(message.id)
            continue
        wanted = placeholders(message.id if isinstance(message.id, str) else message.id[-1])
        if any(placeholders(s) != wanted for s in strings):
            wrong.append(message.id)
    assert not untranslated, f"messages with no {language} translation: {untranslated}"
    assert not wrong, f"{language} translations whose placeholders differ from the message's: {wrong}"
    assert not list(catalogue.check()), "the catalogue's own check found errors"


def test_the_game_words_of_the_gamebooks_are_marked() -> None:
    """The gamebook layer and the two systems that play books are read for messages too: their sheets,
    actions, log sentences (with a context where one English word is said two ways) and options."""
    found = ids(extracted())
    for message in (
        "Adventure Sheet",
        "Action Chart",
        "Test your Luck",
        "You wound {target}",
        "turn to {section}",
        "Spend {amount} WILLPOWER this round",
        "the book to read (on the command line, a book file's path will do too)",
    ):
        assert message in found, message
    contexts = {(m.context, m.id) for m in extracted() if m.context}
    assert ("weapon", "none") in contexts and ("option", "Table") in contexts


def test_a_placeholder_of_either_kind_must_be_kept() -> None:
    assert placeholders("Fight the {creature} (SKILL {skill})") == {"creature", "skill"}
    assert placeholders("Potion of %(potion)s") == {"potion"}
    assert placeholders("Lucha contra {criatura}") != placeholders("Fight the {creature}")


def test_the_compiled_catalogue_translates_and_english_says_the_ids() -> None:
    with i18n.speaking("es"):
        assert i18n.gettext("Saved games") == "Partidas guardadas"
        assert i18n.ngettext("%(moves)s move", "%(moves)s moves", 3) % {"moves": 3} == "3 jugadas"
        assert i18n.gettext("a message no catalogue has") == "a message no catalogue has"
        assert i18n.pgettext("weapon", "none") == "ninguna" and i18n.gettext("") == ""
        assert i18n.gettext("Test your Luck") == "Prueba tu Suerte"
    with i18n.speaking("en"):
        assert i18n.gettext("Saved games") == "Saved games"
        assert i18n.pgettext("weapon", "none") == "none"
    assert i18n.current() == "en"


def test_extraction_reads_templates_and_python_so_a_new_message_is_caught(tmp_path: Path) -> None:
    """The up-to-date test fails on a newly marked message because the extraction finds it: here, in a
    package of our own, a template's `_()`, `{% trans %}` with a value and a plural, and Python's `_()`."""
    templates = tmp_path / "web" / "templates"
    templates.mkdir(parents=True)
    (templates / "page.html").write_text(
        '<p>{{ _("A new label") }}</p>\n{% trans name=x %}Hello\n   {{ name }}{% endtrans %}\n'
        "{% trans count=n %}{{ count }} die{% pluralize %}{{ count }} dice{% endtrans %}\n"
    )
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "words.py").write_text(
        'from grognard.i18n import gettext as _\nWORD = _("A new word")\n'
    )
    found = ids(extracted(tmp_path))
    assert found == {"A new label", "Hello %(name)s", ("%(count)s die", "%(count)s dice"), "A new word"}
    assert not found <= ids(read("es"))
