"""Gamebooks on the command line: `check BOOK`, `play BOOK`, and Twee import and export, mounted on a
system's Typer app by `add_gamebook_commands`, and what the systems' own `play` commands share: the
start of an adventure, the advice worths as options, the main-menu entries and continuing a saved game.

An adventure is played through the one play loop of every game (`cli.play_loop.ViewLoop` on the match
driver), drawn by `cli.board_gamebook`: each section's text, every roll, what changed on the sheet, a
fight's both sides every round, and numbered choices labelled by the system's registered view. The keys
every game shares: `s` the sheet (in a fight, the scores in the fight), `m` the section again (and a
fight's both sides), `o` the odds of this decision, `u` undo back to the previous decision, `?` help, `q`
stop (the game is saved after every move). Answers come from the terminal, or from standard input when
it is not one, so a playthrough can be scripted.
"""

from __future__ import annotations

import math
import os
import secrets
import sys
from collections.abc import Callable, Mapping
from contextlib import nullcontext
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from grognard import i18n
from grognard.cli.book_files import BOOK_HELP, book_problems, book_report
from grognard.cli.console import err, out, print_json, read_line
from grognard.cli.frontends import MenuEntry
from grognard.cli.options import GameOption, JsonOption, SeedOption
from grognard.cli.play_loop import ViewLoop
from grognard.cli.presenters import presenter_for
from grognard.engine import registry
from grognard.engine.embedded import carried_name, embed, is_embedded
from grognard.engine.errors import UsageError
from grognard.engine.game import OptionValue
from grognard.engine.match import Match
from grognard.engine.odds.solver import DEFAULT_BUDGET
from grognard.engine.session import Session
from grognard.engine.store.factory import GameStore, grognard_home, open_store
from grognard.gamebook.books import ShippedBooks
from grognard.gamebook.check import UnplayableBookError, check_warnings
from grognard.gamebook.load import dump_book, load_book
from grognard.gamebook.ruleset import Problem, Ruleset
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.gamebook.seat_view import BookViews
from grognard.gamebook.twee import export_twee
from grognard.gamebook.twine_files import gathers_files
from grognard.gamebook.twine_import import import_story_file
from grognard.i18n import N_
from grognard.i18n import gettext as _


def _report(path: Path, problems: list[Problem], as_json: bool, warnings: list[Problem]) -> None:
    if as_json:
        print_json(
            {
                "book": str(path),
                "ok": not problems,
                "problems": [p.__dict__ for p in problems],
                "warnings": [w.__dict__ for w in warnings],
            }
        )
    else:
        for p in problems:
            out.print(f"{path}: {p.render()}", markup=False, soft_wrap=True)
        for w in warnings:
            said = w.render() if w.section or w.field else w.message
            out.print(
                _("%(path)s: warning: %(warning)s") % {"path": path, "warning": said},
                markup=False,
                soft_wrap=True,
            )
        if not problems and warnings:
            out.print(
                _("%(path)s: no problems found (%(count)s warning(s))")
                % {"path": path, "count": len(warnings)},
                markup=False,
            )
        elif not problems:
            out.print(_("%(path)s: no problems found") % {"path": path}, markup=False)
        else:
            out.print(_("%(count)s problem(s)") % {"count": len(problems)}, markup=False)
    if problems:
        raise typer.Exit(1)


def start_session(
    ruleset: Ruleset,
    system: str,
    path: Path,
    seed: int | None,
    store: GameStore,
    game_id: str | None,
    options: Mapping[str, OptionValue] | None = None,
) -> Session:
    """A new adventure in the book at `path` with the ruleset's `options` (table, worths...), or the
    saved game `game_id` continued (which keeps the options it was started with: giving any is refused)."""
    books = ruleset.books
    ref = books.ref_of(path) if books else str(path.resolve())
    given = dict(options or {})
    if game_id is not None:
        if given:
            raise UsageError(
                _("%(options)s: a saved game keeps the options it was started with")
                % {"options": ", ".join(given)}
            )
        session = store.load(game_id)
        saved = str(session.options.get("book", ""))
        if session.system != system or not isinstance(session.game, GamebookGame):
            raise UsageError(
                _("game %(game)s is a %(kind)s game, not a %(system)s book")
                % {"game": game_id, "kind": f"{session.system}/{session.game.info.id}", "system": system}
            )
        if is_embedded(saved):  # the game carries its book: the file named must be one of that name
            if carried_name(saved) not in (path.name, ref, gathered_name(path)):
                raise UsageError(
                    _("game %(game)s plays the book %(book)s, not %(named)s")
                    % {"game": game_id, "book": carried_name(saved), "named": path.name}
                )
            return session
        if saved != ref and (books is None or books.locate(saved).resolve() != path.resolve()):
            raise UsageError(
                _("game %(game)s plays the book %(book)s, not %(named)s")
                % {"game": game_id, "book": saved, "named": ref}
            )
        return session
    book, problems = book_problems(path, ruleset)  # checked, as a game started elsewhere is
    if book is None and len(problems) == 1 and not problems[0].section and not problems[0].field:
        raise UsageError(
            _("%(path)s: %(reason)s") % {"path": path, "reason": problems[0].message}
        )  # no book at all: said as it is
    if book is None or problems:
        raise UnplayableBookError(str(path), problems)
    if gathers_files(path):  # a story of several files: the game carries the book they make
        ref = embed(gathered_name(path), dump_book(book).encode("utf-8"))
    game = GamebookGame(ruleset, book, ref)
    game.info.resolve_options({"book": ref, **given})
    chosen = secrets.randbelow(2**31) if seed is None else seed
    return Session.new(system, game, {"book": ref, **given}, chosen)


def gathered_name(path: Path) -> str:
    """The name a game carries the book of a story of several files under: its folder's or its main
    file's name, as a book file (`story.twee` -> `story.toml`)."""
    name = path.resolve().name or "story"
    return f"{name if path.is_dir() else Path(name).stem}.toml"


def session_title(session: Session) -> str:
    """A saved adventure's title: its book's."""
    state = session.current
    assert isinstance(state, GamebookState)
    return state.play.book.book.title


def play_book(
    ruleset: Ruleset,
    system: str,
    command: str,
    book: str,
    path: Path,
    seed: int | None,
    game_id: str | None,
    options: Mapping[str, OptionValue] | None = None,
) -> None:
    """Start (or continue, `game_id`) the adventure in the book at `path` and play it interactively,
    saved after every move. `book` is the argument as the reader gave it (for the "continue with" hint)."""
    with open_store() as store:
        session = start_session(ruleset, system, path, seed, store, game_id, options)
        if session.game_id is None:
            store.create(session, session_title(session))
        _play_session(session, store, f"grognard {command} play {book} --game " if command else "")


BLIND_VAR = "GROGNARD_PLAY_BLIND"
"""Set to 1 to play blind: no chance to finish beside the sections and choices."""


def _chances_to_finish() -> None:
    """At a terminal (not a scripted game), unless the reader plays blind (`BLIND_VAR`), the chance to finish
    from each section and after each choice, read from the books solved in the user's data folder and
    worked out in the background for a book not solved yet."""
    from grognard.cli.solve import SOLVED_FOLDER
    from grognard.gamebook import solve_reader

    if os.environ.get(BLIND_VAR, "").strip() == "1" or not sys.stdin.isatty():
        solve_reader.use(None)
        return
    solve_reader.use(solve_reader.BookChances(lambda: grognard_home() / SOLVED_FOLDER, background=True))


def _play_session(session: Session, store: GameStore, hint: str) -> None:
    views = registry.get_views(session.system, session.game.info.id)
    if views.label is None:  # a system that registered no views: the book's own words
        views = BookViews().game_views(session.system, "")
    match = Match(session, views, ["human"], store)
    _chances_to_finish()
    ViewLoop(match, presenter_for(match), hint).run()


def worth_options(**worths: float | None) -> dict[str, OptionValue]:
    """The advice worths given (`None`: not given) as game options; one below 0, or not a finite number
    (nan, inf), is a `UsageError`."""
    options: dict[str, OptionValue] = {}
    for name, value in worths.items():
        if value is not None:
            if not math.isfinite(value):
                said = {"option": f"--{name.replace('_', '-')}", "value": value}
                raise UsageError(_("%(option)s %(value)s is not a finite number") % said)
            if value < 0:
                raise UsageError(
                    _("%(option)s %(value)s is below 0")
                    % {"option": f"--{name.replace('_', '-')}", "value": value}
                )
            options[name] = value
    return options


def book_entries(books: ShippedBooks, play: Callable[[str], None]) -> list[MenuEntry]:
    """Main-menu entries: play each shipped book (by name), or a book file typed in."""
    entries = []
    for name in books.all():
        label = (
            _("Play the sample adventure")
            if name == "sample"
            else _("Play the book %(name)r") % {"name": name}
        )
        entries.append(MenuEntry(label, partial(play, name)))
    entries.append(MenuEntry(_("Play a book file"), partial(_play_typed_file, play)))
    return entries


def _play_typed_file(play: Callable[[str], None]) -> None:
    path = read_line(_("Book file (TOML or Twee): "))
    if path:
        play(path)


def resume_book(game_id: str, books: ShippedBooks, play: Callable[[str, str], None], other: str) -> None:
    """Continue the saved gamebook adventure `game_id` with `play(book, game_id)`, the book named as
    shipped when it is; a saved game of the system's `other` kind (e.g. "a single fight") is refused."""
    with open_store() as store:
        session = store.load(game_id)
        if not isinstance(session.game, GamebookGame):
            raise UsageError(
                _("game %(game)s is %(other)s; only gamebook adventures can be continued")
                % {"game": game_id, "other": other}
            )
        book = str(session.options["book"])
        if is_embedded(book):  # the game carries its book: played from it, wherever its file went
            command = registry.get_system(session.system).command
            _play_session(session, store, f"grognard {command} play {carried_name(book)} --game ")
            return
    play(books.name_of(book), game_id)


def _as_path(name: str) -> Path:
    return Path(name)


def add_gamebook_commands(
    app: typer.Typer,
    ruleset: Ruleset,
    system: str,
    command: str,
    resolve: Callable[[str], Path] = _as_path,
    *,
    play: bool = True,
) -> None:
    """Add `check`, `play`, `twee-export` and `twee-import` to a system's Typer app.

    `system` is the registered system id (whose `games` must include `GamebookGame(ruleset)` so saved
    games can be reloaded), `command` its command-line name (for the "continue with" hint). `resolve`
    turns a book argument into a file (a system passes its `BOOKS.path`, so the name of a shipped book
    works as well as a path). With `play=False` the system adds its own `play` (with its rule options),
    built on `play_book`.
    """

    @app.command(
        "check",
        help=N_(
            "Check a gamebook: every problem is listed with its section and field (exit status 1);\n"
            "warnings (sections no way leads to; a Twine story's broken links, ...) are listed too, "
            "but pass.\nWith --odds, a book without problems is solved and its odds reported (too "
            "large: exit status 2)."
        ),
    )
    def check(
        book: Annotated[str, typer.Argument(help=BOOK_HELP)],
        odds: Annotated[
            bool,
            typer.Option(
                "--odds",
                help=N_(
                    "Solve the book and report its odds: each ending's chance, the deadliest fights and "
                    "sections, sections only rare rolls reach, choices that never matter."
                ),
            ),
        ] = False,
        hero: Annotated[
            str | None, typer.Option("--hero", help=N_("With --odds: solve for one character (as `solve`)."))
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", help=N_("With --odds: a rule option NAME=VALUE; repeatable.")),
        ] = None,
        budget: Annotated[
            int, typer.Option("--budget", help=N_("With --odds: the most states solved before giving up."))
        ] = DEFAULT_BUDGET,
        exact: Annotated[
            bool | None,
            typer.Option("--exact/--float", help=N_("With --odds: exact fractions or floats.")),
        ] = None,
        as_json: JsonOption = False,
    ) -> None:
        path = resolve(book)
        if odds:
            from grognard.cli.solve import odds_check  # the solver, only when asked

            with i18n.speaking("en") if as_json else nullcontext():
                loaded, problems, noticed = book_report(path, ruleset)
            if loaded is None or problems:
                _report(path, problems, as_json, noticed)
            odds_check(ruleset, path, hero, option or [], budget, exact, as_json)
            return
        with i18n.speaking("en") if as_json else nullcontext():  # the JSON is data: its words in English
            loaded, problems, noticed = book_report(path, ruleset)
            warnings = noticed + (check_warnings(loaded) if loaded is not None else [])
        _report(path, problems, as_json, warnings)

    if play:

        @app.command(
            "play", help=N_("Play a gamebook: s shows the sheet, u undoes, q stops; saved after every move.")
        )
        def play_command(
            book: Annotated[str, typer.Argument(help=BOOK_HELP)],
            seed: SeedOption = None,
            game: GameOption = None,
        ) -> None:
            play_book(ruleset, system, command, book, resolve(book), seed, game)

    @app.command("twee-export", help=N_("Write a book as Twee 3, to map and edit it in Twine."))
    def twee_export(
        book: Annotated[str, typer.Argument(help=BOOK_HELP)],
        output: Annotated[
            Path | None, typer.Option("-o", "--output", help=N_("Write here, not to stdout."))
        ] = None,
    ) -> None:
        text = export_twee(load_book(resolve(book), ruleset.id))
        if output is None:
            out.print(text, markup=False, end="", soft_wrap=True)
        else:
            output.write_text(text, encoding="utf-8")

    @app.command(
        "twee-import",
        help=N_(
            "Turn a Twine story (Twee 3 or 1, a folder of Twee files, or a Twine 2 or 1 HTML file) "
            "into a\nbook file (TOML)."
        ),
    )
    def twee_import(
        story: Annotated[
            str,
            typer.Argument(
                help=N_(
                    "The story: Twee (a file, or a folder of them), or Twine HTML (published or archive); "
                    "or a book."
                )
            ),
        ],
        output: Annotated[
            Path | None, typer.Option("-o", "--output", help=N_("Write here, not to stdout."))
        ] = None,
    ) -> None:
        path = resolve(story)
        if path.suffix.lower() == ".toml":
            book = load_book(path, ruleset.id)
        else:
            report = import_story_file(path, ruleset.id)
            for warning in report.warnings:
                err.print(f"{path}: warning: {warning}", markup=False, soft_wrap=True)
            book = report.book
        toml = dump_book(book)
        if output is None:
            out.print(toml, markup=False, end="", soft_wrap=True)
        else:
            output.write_text(toml, encoding="utf-8")
