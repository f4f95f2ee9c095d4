"""`grognard games`: the saved games in the store: list, show, undo, export, import, delete, backup,
copy, recover; and any game of any system played through the match driver: new, view, act, replay (for
scripts, play by mail, tests)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from grognard.cli.console import out, print_json
from grognard.cli.options import JsonOption, RunSeedOption
from grognard.engine import registry
from grognard.engine.embedded import shown
from grognard.engine.errors import UsageError
from grognard.engine.game import OptionValue
from grognard.engine.session import MoveRecord, Session
from grognard.engine.store import salvage, savefile
from grognard.engine.store.factory import STORE_FILE, copy_store, grognard_home, open_store, open_url
from grognard.engine.store.people import People, carried_data, carried_from, keep_carried
from grognard.engine.store.sql import GameSummary, SqlStore
from grognard.i18n import N_, gettext

app = typer.Typer(
    help=N_(
        "Saved games: list, show, undo, export, import, delete, backup, recover; new, view, act, replay, "
        "play any game."
    ),
    no_args_is_help=True,
)

if TYPE_CHECKING:
    from grognard.engine.match import Match
    from grognard.engine.view import Event, SeatView

GameId = Annotated[str, typer.Argument(help=N_("The game's id, as `grognard games list` shows it."))]


def _exists(file: Path) -> str:
    return gettext("%(file)s already exists; use --force to overwrite it") % {"file": file}


def _store() -> SqlStore:
    return open_store()


def _who(record: MoveRecord) -> str:
    return "chance" if record.player is None else f"player {record.player}"


def _dice(record: MoveRecord) -> str:
    return "; ".join(r.render() for r in record.rolls)


def _when(stamp: str) -> str:
    return stamp.replace("T", " ").replace("+00:00", " UTC")


def _options(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={shown(v)}" for k, v in options.items()) or "(none)"


@app.command("list", help=N_("List the saved games, most recently played first."))
def list_games(json_out: JsonOption = False) -> None:
    with _store() as store:
        rows = store.summaries()
    if json_out:
        print_json([r.to_data() for r in rows])
        return
    if not rows:
        out.print("No saved games yet.")
        return
    table = Table(title="Saved games")
    for col in ("id", "title", "system", "game", "moves", "status", "updated"):
        table.add_column(col, justify="right" if col in ("id", "moves") else "left")
    for r in rows:
        table.add_row(r.id, Text(r.label), r.system, r.game, str(r.moves), r.status, _when(r.updated))
    out.print(table)


def _show_data(summary: GameSummary, session: Session) -> dict[str, Any]:
    data = summary.to_data()
    data["log"] = [
        {
            "ply": i + 1,
            "player": m.player,
            "move": m.move,
            "rolls": savefile.rolls_to_data(m.rolls),
            "dice": [r.render() for r in m.rolls],
        }
        for i, m in enumerate(session.moves)
    ]
    data["state"] = session.game.state_to_json(session.current)
    data["describe"] = session.current.describe()
    return data


@app.command(
    "show",
    help=N_("Show a game: system, options, seed, status, every move with its dice, and the current state."),
)
def show(
    game_id: GameId,
    json_out: JsonOption = False,
    verify: Annotated[
        bool, typer.Option("--verify", help=N_("Replay the moves and check the state."))
    ] = False,
) -> None:
    with _store() as store:
        summary = store.summary(game_id)
        session = store.load(game_id, verify=verify)
    if json_out:
        print_json(_show_data(summary, session))
        return
    head = Table.grid(padding=(0, 2))
    head.add_column(style="bold")
    head.add_column()
    info = session.game.info
    head.add_row("system", Text(summary.system))
    head.add_row("game", Text(f"{summary.game} ({info.name})"))
    head.add_row("options", Text(_options(summary.options)))
    head.add_row("seed", str(summary.seed))
    head.add_row("status", summary.status)
    head.add_row("moves", str(summary.moves))
    head.add_row("created", _when(summary.created))
    head.add_row("updated", _when(summary.updated))
    out.print(Text(f"Game {summary.id}: {summary.label}", style="bold"))
    out.print(head)
    if session.moves:
        log = Table(title="Moves")
        log.add_column("#", justify="right")
        log.add_column("who")
        log.add_column("move")
        log.add_column("dice")
        for i, m in enumerate(session.moves, 1):
            log.add_row(str(i), _who(m), Text(str(m.move)), Text(_dice(m)))
        out.print(log)
    else:
        out.print("No moves yet.")
    out.print(Text("Now: ", style="bold") + Text(session.current.describe()))
    if verify:
        out.print("Replaying the moves gives the saved state.")


@app.command(
    "undo", help=N_("Take back moves to the previous player decision (the dice that followed it go too).")
)
def undo(
    game_id: GameId,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            help=N_(
                "Go back to this seat's previous decision instead (the seat's number from 0: Seat 1 is 0)."
            ),
        ),
    ] = None,
) -> None:
    from grognard.engine.match import Match  # the match driver loads the seat views: not for `games list`

    with _store() as store:
        dropped = Match.load(store, game_id).undo(seat) if seat is not None else store.undo(game_id)
        if not dropped:
            raise UsageError(gettext("game %(game)s has no player move to undo") % {"game": game_id})
        summary = store.summary(game_id)
    plural = "s" if dropped != 1 else ""
    out.print(f"Game {summary.id}: took back {dropped} move{plural}; {summary.moves} remain.", markup=False)


@app.command("export", help=N_("Write a game to a portable JSON file (see docs/formats/saved-game.md)."))
def export(
    game_id: GameId,
    file: Annotated[Path, typer.Argument(help=N_("The JSON file to write."))],
    force: Annotated[bool, typer.Option("--force", help=N_("Overwrite the file if it exists."))] = False,
) -> None:
    if file.exists() and not force:
        raise UsageError(_exists(file))
    with _store() as store:
        carried = carried_data(People(store), game_id)
        saved = savefile.export_file(store, game_id, file, carried)
    said = len(carried.get("chat", []))
    chat = f" and {said} chat message{'s' if said != 1 else ''}" if said else ""
    out.print(f"Exported game {game_id} ({len(saved.moves)} moves{chat}) to {file}.", markup=False)


@app.command(
    "import",
    help=N_(
        "Check a saved-game file by replaying it (each die the one its seed throws); add it as a new game."
    ),
)
def import_(
    file: Annotated[Path, typer.Argument(help=N_("A saved-game JSON file."))],
    trust_dice: Annotated[
        bool,
        typer.Option(
            "--trust-dice",
            help=N_("Accept rolls the seed does not throw (a face outside its die is still refused)."),
        ),
    ] = False,
    allow_files: Annotated[
        bool,
        typer.Option(
            "--allow-files",
            help=N_(
                "Let the game name book or quest files of this machine (regular files only); by default "
                "it may name only content shipped with grognard."
            ),
        ),
    ] = False,
    check_dice: Annotated[bool, typer.Option("--check-dice", hidden=True)] = False,
) -> None:
    if trust_dice and check_dice:
        raise UsageError(gettext("--trust-dice and --check-dice contradict each other"))
    data = savefile.read_data(file)
    carried = carried_from(data, str(file))  # checked before anything is stored
    with _store() as store:
        game_id = savefile.import_data(store, data, str(file), dice=not trust_dice, allow_files=allow_files)
        summary = store.summary(game_id)
        keep_carried(People(store), game_id, carried, summary.seats)
    out.print(
        f"Imported {file} as game {game_id} ({summary.system}/{summary.game}, {summary.moves} moves).",
        markup=False,
    )


@app.command("delete", help=N_("Delete a saved game and all its moves."))
def delete(
    game_id: GameId,
    yes: Annotated[bool, typer.Option("--yes", "-y", help=N_("Do not ask for confirmation."))] = False,
) -> None:
    with _store() as store:
        summary = store.summary(game_id)
        if not yes:
            typer.confirm(f"Delete game {summary.id} ({summary.label}, {summary.moves} moves)?", abort=True)
        store.delete(game_id)
    out.print(f"Deleted game {summary.id}.", markup=False)


SeatOpt = Annotated[
    int | None,
    typer.Option(
        "--seat",
        help=N_("The seat to look from or act for, numbered from 0 (Seat 1 is 0; default: the seat to act)."),
    ),
]


def parse_options(system: str, game: str, given: list[str]) -> dict[str, OptionValue]:
    """`NAME=VALUE` options of a game, typed by the game's declared options."""
    known = {o.name: o for o in registry.get_game(system, game).info.options}
    options: dict[str, OptionValue] = {}
    for item in given:
        name, sep, text = item.partition("=")
        if not sep or not name:
            raise UsageError(gettext("option %(option)s: write NAME=VALUE") % {"option": repr(item)})
        if name not in known:
            raise UsageError(
                gettext("unknown option %(option)s for %(game)s; known: %(known)s")
                % {
                    "option": repr(name),
                    "game": f"{system}/{game}",
                    "known": sorted(known) or gettext("none"),
                }
            )
        options[name] = known[name].parse(text)
    return options


def _seat(match: Match, seat: int | None) -> int:
    """The seat given, else the human seat to act, else the seat to act, else 0."""
    if seat is not None:
        return seat
    humans = match.humans_to_act()
    if humans:
        return humans[0]
    who = match.view(None).to_act.seats
    return who[0] if who else 0


def _show(view: SeatView, events: list[Event] | None, json_out: bool, game_id: str) -> None:
    from grognard.cli.view_text import event_line, sentence_of, view_lines
    from grognard.engine.view import view_data

    if json_out:
        data = view_data(view)
        data["id"] = game_id
        if events is not None:
            data["made"] = [e.model_dump(mode="json") for e in events]
        print_json(data)
        return
    if events:
        out.print("Moves made:", markup=False)
        for e in events:
            out.print(event_line(e, sentence_of(view)), markup=False, highlight=False)
    out.print(Text(f"Game {game_id}: ", style="bold"), end="")
    for line in view_lines(view, events=events is None):
        out.print(line, markup=False, highlight=False)


@app.command(
    "new",
    help=N_("Start a game of any system, play chance and bots to the first human decision, print its id."),
)
def new(
    system: Annotated[str, typer.Argument(help=N_("The system (id, command or alias)."))],
    game: Annotated[str, typer.Argument(help=N_("The system's game (see `grognard systems`)."))],
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=N_("A game option, NAME=VALUE (repeatable)."))
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            help=N_(
                "human, bot, or a bot's strength: random, heuristic or search (looks ahead), one per seat"
                " in order (repeatable)."
            ),
        ),
    ] = None,
    seed: RunSeedOption = 0,
    json_out: JsonOption = False,
) -> None:
    from grognard.engine.match import Match  # the match driver loads the seat views: not for `games list`

    options = parse_options(system, game, option or [])
    with _store() as store:
        match = Match.new(system, game, options, seat or [], seed, store)
        match.advance()
        game_id = match.session.game_id
    assert game_id is not None
    if json_out:
        print_json({"id": game_id})
    else:
        out.print(game_id, markup=False)


@app.command(
    "view",
    help=N_("Show a game as one seat sees it: the table, that seat's secrets, its actions, odds and events."),
)
def view(game_id: GameId, seat: SeatOpt = None, json_out: JsonOption = False) -> None:
    from grognard.engine.match import Match  # the match driver loads the seat views: not for `games list`

    with _store() as store:
        match = Match.load(store, game_id)
        shown = match.view(_seat(match, seat))
    _show(shown, None, json_out, game_id)


@app.command(
    "act",
    help=N_("Make one action, then play chance and bots to the next human decision; show what happened."),
)
def act(
    game_id: GameId,
    action: Annotated[str, typer.Argument(help=N_("The action's id, as `games view` lists it."))],
    seat: SeatOpt = None,
    ply: Annotated[
        int | None, typer.Option("--ply", help=N_("The ply you saw; refused if the game has moved on."))
    ] = None,
    json_out: JsonOption = False,
) -> None:
    from grognard.engine.match import Match  # the match driver loads the seat views: not for `games list`

    with _store() as store:
        match = Match.load(store, game_id)
        who = _seat(match, seat)
        made = match.act(who, action, ply)
        shown = match.view(who)
    _show(shown, made, json_out, game_id)


@app.command("replay", help=N_("Replay a game from its seed to any ply, every move and every die shown."))
def replay(
    game_id: GameId,
    to: Annotated[int | None, typer.Option("--to", help=N_("Show the game after this many moves."))] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", help=N_("Replay as this seat, numbered from 0 (Seat 1 is 0; default: an onlooker).")
        ),
    ] = None,
    json_out: JsonOption = False,
) -> None:
    from grognard.engine.match import Match  # the match driver loads the seat views: not for `games list`

    with _store() as store:
        match = Match.load(store, game_id)
        shown = match.replay_view(to, seat)
    _show(shown, None, json_out, game_id)


@app.command(
    "play",
    help=N_(
        "Play a stored game at the keyboard: its human seats decide here, chance and bots move "
        "between.\nKeys: s sheet, m map or board, o odds, u undo, ? help, q quit."
    ),
)
def play(game_id: GameId) -> None:
    from grognard.cli.play_loop import ViewLoop
    from grognard.engine.match import Match  # the match driver loads the seat views: not for `games list`

    with _store() as store:
        from grognard.cli.presenters import presenter_for  # a system's board: imported only to play

        match = Match.load(store, game_id)
        ViewLoop(match, presenter_for(match)).run()


@app.command(
    "backup",
    help=N_(
        "Copy the whole store to FILE with SQLite's online backup: a complete database even while "
        "games are\nbeing played (copying games.sqlite3 by hand can miss what its -wal file holds)."
    ),
)
def backup(
    file: Annotated[Path, typer.Argument(help=N_("The file to write the copy to."))],
    force: Annotated[bool, typer.Option("--force", help=N_("Overwrite the file if it exists."))] = False,
) -> None:
    if file.exists() and not force:
        raise UsageError(_exists(file))
    with _store() as store:
        store.backup(file)
        count = len(store.summaries())
    out.print(f"Backed up {count} saved game{'s' if count != 1 else ''} to {file}.", markup=False)


@app.command(
    "copy",
    help=N_(
        "Copy every saved game of this store (GROGNARD_DATABASE_URL's database, else games.sqlite3 "
        "in the\ngrognard home) into another store under the same ids, each checked by replaying "
        "it; the target must\nnot hold any of those ids yet."
    ),
)
def copy(
    to: Annotated[
        str,
        typer.Option(
            "--to",
            help=N_("Where to copy: a PostgreSQL URL (postgresql://user@host/db) or an SQLite file."),
        ),
    ],
) -> None:
    with _store() as source, open_url(to) as target:
        ids = copy_store(source, target)
        where = target.path
    out.print(f"Copied {len(ids)} saved game{'s' if len(ids) != 1 else ''} to {where}.", markup=False)


@app.command(
    "recover",
    help=N_(
        "Copy every game of a damaged store that still replays into a new store FILE (the damaged "
        "file is\nonly read). Put FILE in place of games.sqlite3 once you have checked it."
    ),
)
def recover(
    file: Annotated[
        Path, typer.Argument(help=N_("The new store to write (a file that does not exist yet)."))
    ],
    source: Annotated[
        Path | None,
        typer.Option("--from", help=N_("The damaged store (default: games.sqlite3 in the grognard home).")),
    ] = None,
) -> None:
    damaged = source if source is not None else grognard_home() / STORE_FILE
    report = salvage.recover(damaged, file)
    for item in report:
        out.print(item.line(), markup=False, soft_wrap=True)
    whole = sum(1 for r in report if r.kept is not None and r.kept == r.stored)
    part = sum(1 for r in report if r.kept is not None and r.kept != r.stored)
    lost = sum(1 for r in report if r.kept is None)
    out.print(
        f"Recovered {whole} game(s) whole and {part} in part into {file}; {lost} lost. The damaged file "
        f"{damaged} was not changed.",
        markup=False,
        soft_wrap=True,
    )


SPARKS = "▁▂▃▄▅▆▇█"
SPARK_WIDTH = 64
"""The most marks a line over a game is drawn with in the terminal (longer games are sampled)."""


def sparkline(values: list[float], low: float = 0.0, high: float = 1.0) -> str:
    """A line of values between `low` and `high` as block marks, at most `SPARK_WIDTH` of them."""
    if not values:
        return ""
    if len(values) > SPARK_WIDTH:
        step = (len(values) - 1) / (SPARK_WIDTH - 1)
        values = [values[round(i * step)] for i in range(SPARK_WIDTH)]
    span = high - low or 1.0
    top = len(SPARKS) - 1
    return "".join(SPARKS[max(0, min(top, round((v - low) / span * top)))] for v in values)


@app.command(
    "luck",
    help=N_(
        "How lucky the dice were: every roll that mattered placed in its exact distribution, the "
        "game's\ndice against the same rolls thrown again, the chance to finish over the game (a "
        'gamebook) and the\nchoices that cost most. See docs/solving.md, "How lucky were the dice".'
    ),
)
def luck(
    game_id: GameId,
    at: Annotated[
        int | None,
        typer.Option("--at", help=N_("Judge the dice of the first PLY moves only (default: all).")),
    ] = None,
    seat: Annotated[
        int, typer.Option("--seat", help=N_("Whose dice, numbered from 0 (Seat 1 is 0; default: 0)."))
    ] = 0,
    seconds: Annotated[
        float,
        typer.Option("--seconds", help=N_("The most seconds spent working out the worths (a book's solve).")),
    ] = 60.0,
    json_out: JsonOption = False,
) -> None:
    from grognard.engine.luck import amount, appraise, appraiser_for, ordinal, summary, worth_words

    with _store() as store:
        session = store.load(game_id)
    if at is not None and not 0 <= at <= len(session.moves):
        raise UsageError(
            gettext("--at %(at)s is outside 0 to %(most)s") % {"at": at, "most": len(session.moves)}
        )
    players = session.game.info.max_players
    if not 0 <= seat < max(players, 1):
        raise UsageError(
            gettext("--seat %(seat)s is outside 0 to %(most)s") % {"seat": seat, "most": max(players, 1) - 1}
        )
    start = session.game.new_initial_state(session.options)
    appraiser, note = appraiser_for(start, session.moves, seat, seconds)
    if appraiser is None:
        if json_out:
            upto = len(session.moves) if at is None else at
            print_json({"seat": seat, "upto": upto, "moves": len(session.moves), "note": note})
        else:
            out.print(note, markup=False)
        return
    report = appraise(start, session.moves, seat, appraiser, at, note=note)
    if json_out:
        print_json(report.to_json())
        return
    out.print(Text(f"Game {game_id}: the dice over {report.upto} of {report.moves} moves", style="bold"))
    if report.note:
        out.print(report.note, markup=False, soft_wrap=True)
    out.print(summary(report), markup=False, soft_wrap=True)
    if report.rolls:
        table = Table(title="The rolls that mattered")
        for col in ("move", "roll", "dice", "chance", "percentile", "luck"):
            table.add_column(
                col, justify="right" if col in ("move", "chance", "percentile", "luck") else "left"
            )
        for r in report.rolls:
            table.add_row(
                str(r.ply),
                Text(r.what),
                Text(r.dice),
                f"{r.chance:.1%}",
                ordinal(round(r.percentile)),
                amount(report, r.luck),
            )
        out.print(table)
    if report.line:
        values = [w for _, w in report.line]
        low, high = (0.0, 1.0) if report.shares else (min(values), max(values))
        first, last = report.line[0], report.line[-1]
        out.print(
            Text(f"{report.unit[:1].upper()}{report.unit[1:]} over the game (move {first[0]} to {last[0]}): ")
            + Text(sparkline(values, low, high), style="cyan")
            + Text(f"  {worth_words(report, first[1])} → {worth_words(report, last[1])}")
        )
    if report.better:
        table = Table(title="Where a better choice existed")
        for col in ("move", "chosen", "best", "cost"):
            table.add_column(col, justify="right" if col in ("move", "cost") else "left")
        for b in sorted(report.better, key=lambda b: -b.cost):
            table.add_row(
                str(b.ply),
                Text(f"{b.chosen} ({worth_words(report, b.chosen_worth)})"),
                Text(f"{b.best} ({worth_words(report, b.best_worth)})"),
                amount(report, -b.cost),
            )
        out.print(table)
