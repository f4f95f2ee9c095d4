"""`grognard talisman`: play Talisman at one keyboard with people and bots, simulate bot games, and the
exact odds of a combat (thin: the rules, bots and statistics live in `systems.talisman`).

`play` seats people and bots (`--players warrior:human,wizard:bot`) and plays through the one play loop
of every game (`cli.play_loop`, the board drawn by `cli.board_talisman`): the board and each Character
Card, every die and card drawn (with its text), every Life, Gold, counter and alignment change, where
each bot ended; saved after every move (continue with `--game ID`); `u` undoes a person's last decision
with the bots' moves after it. The keys of every game: s sheet, m board, o odds, u undo, ? help, q
quit. Hot seat: each person sees only their own Spells; when several people play, whose turn it is is
said before their view is shown.
"""

from __future__ import annotations

import re
import secrets
from typing import TYPE_CHECKING, Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from grognard.cli.console import err, out, print_json, read_line
from grognard.cli.frontends import Frontend, MenuEntry, register
from grognard.cli.options import (
    ClusterOption,
    GameOption,
    JsonOption,
    RunSeedOption,
    SeedOption,
    WorkersOption,
    bulk_runner,
)
from grognard.cli.play_loop import ViewLoop
from grognard.cli.systems.board_talisman import TalismanPresenter
from grognard.engine import registry
from grognard.engine.errors import UsageError
from grognard.engine.game import OptionValue
from grognard.engine.match import Match, SeatKind
from grognard.engine.session import Session
from grognard.engine.store.factory import GameStore, open_store
from grognard.i18n import N_
from grognard.i18n import gettext as _
from grognard.systems.talisman.bot_levels import bot
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.game import AUTO_TURNS, DEFAULT_ROUNDS, TalismanGame
from grognard.systems.talisman.odds import combat_odds
from grognard.systems.talisman.simulate import parse_bots, simulate
from grognard.systems.talisman.state import TalismanState
from grognard.systems.talisman.system import SYSTEM

if TYPE_CHECKING:
    from collections.abc import Sequence

    from grognard.cli.play_loop import Presenter


app = typer.Typer(
    help="Talisman (2nd edition): play with people and bots, simulate bot games, exact combat odds.",
    no_args_is_help=True,
)

KINDS = {
    "human": "human",
    "bot": "heuristic",
    "heuristic": "heuristic",
    "random": "random",
    "search": "search",
}
"""Seat kinds as typed, and what each means: a person, or a bot's strength (`bot_levels.LEVELS`; "bot" is
the heuristic)."""
TITLE = re.compile(r"p(\d+) (human|heuristic|random)")
"""Who plays each seat, as the titles of games saved before the stores kept seats wrote it."""
STORED = {"human": "human", "heuristic": "bot", "random": "random", "search": "search"}
"""Each seat kind as the store keeps it (`engine.store.seats`; the heuristic as "bot", as before the
strengths, so games saved then and now read the same)."""


def _board_width() -> int:
    """The board's width: the terminal's (at least 80 columns), or 118 when output is not a terminal (so
    scripted transcripts do not depend on where they run)."""
    return max(80, out.width) if out.is_terminal else 118


@app.callback()
def talisman() -> None:
    """Talisman (003_1ead471cbf19a248.txt): the board game of the Crown of Command."""


def parse_seats(text: str) -> tuple[list[str], list[str]]:
    """Seats from "warrior:human,wizard:bot" or "human,bot": (characters or [], seat kinds)."""
    characters: list[str] = []
    kinds: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, _sep, kind = part.rpartition(":")
        if kind not in KINDS:
            raise UsageError(
                _("seat %(seat)s: the kind must be one of %(kinds)s")
                % {"seat": repr(part), "kinds": ", ".join(KINDS)}
            )
        if name:
            if name not in catalog().characters:
                raise UsageError(
                    _("seat %(seat)s: unknown character; known: %(known)s")
                    % {"seat": repr(part), "known": ", ".join(catalog().characters)}
                )
            characters.append(name)
        kinds.append(KINDS[kind])
    if characters and len(characters) != len(kinds):
        raise UsageError(
            _("players %(players)s: name a character for every seat or for none") % {"players": repr(text)}
        )
    if len(set(characters)) != len(characters):
        raise UsageError(
            _("players %(players)s: each character may be played once") % {"players": repr(text)}
        )
    if not 2 <= len(kinds) <= 6:
        raise UsageError(_("players %(players)s: Talisman is for 2 to 6 players") % {"players": repr(text)})
    return characters, kinds


def title_for(kinds: list[str]) -> str:
    """The saved game's title in words: how many people and bots play ("Talisman: 1 player, 2 bots")."""
    said = {"human": "player", "heuristic": "bot", "random": "random bot", "search": "searching bot"}
    counts = [(kinds.count(k), word) for k, word in said.items() if k in kinds]
    return "Talisman: " + ", ".join(f"{n} {word}{'' if n == 1 else 's'}" for n, word in counts)


def saved_kinds(store: GameStore, game: str, n: int) -> list[str]:
    """Who plays each seat of a saved game: the seats the store keeps, or (a game saved before it kept
    them) the seats its title names; a seat named by neither is a person's."""
    summary = store.summary(game)
    if summary.seats:
        back = {v: k for k, v in STORED.items()} | {"heuristic": "heuristic"}
        return [back.get(k, "heuristic") for k in summary.seats]
    found = dict(TITLE.findall(summary.title))
    return [found.get(str(i), "human") for i in range(n)]


def play_match(session: Session, store: GameStore, kinds: list[str]) -> str:
    """Play a Talisman game at the keyboard through the one play loop (`cli.play_loop`), the board drawn
    by `cli.board_talisman`; the bots play through the match driver, each seat its own kind. Returns
    the result ("" when a person quits)."""
    if session.game_id is None:
        store.create(session, title_for(kinds), [STORED[k] for k in kinds])
    seats: list[SeatKind] = ["human" if k == "human" else "bot" for k in kinds]
    views = registry.get_views(SYSTEM.id, "game")
    policies = {i: bot(k) for i, k in enumerate(kinds) if k != "human"}
    match = Match(session, views, seats, store, policies=policies)
    state = session.current
    cap = state.max_turns if isinstance(state, TalismanState) else None
    presenter = TalismanPresenter(kinds, _board_width(), session.game_id, cap)
    return ViewLoop(match, presenter, "grognard talisman play --game ").run()


def seats_text(players: str | None, seat: Sequence[str]) -> str | None:
    """The seats as `--players` gives them, or built from repeated `--seat` options (one kind each, or
    character:kind); both at once is refused."""
    if not seat:
        return players
    if players is not None:
        raise UsageError(_("give the seats by --players or by --seat, not both"))
    return ",".join(seat)


def start(
    players: str | None, seed: int | None, game: str | None, max_turns: int | None, store: GameStore
) -> tuple[Session, list[str]]:
    """A new game from the seats, or a saved game continued (its seats from its title or `players`)."""
    if game is not None:
        session = store.load(game)
        if session.system != SYSTEM.id:
            raise UsageError(
                _("game %(game)s is a %(system)s game, not a Talisman game")
                % {"game": game, "system": session.system}
            )
        n = int(session.options.get("players", 2))
        kinds = parse_seats(players)[1] if players is not None else saved_kinds(store, game, n)
        if len(kinds) != n:
            raise UsageError(
                _("game %(game)s has %(players)s players, not %(given)s")
                % {"game": game, "players": n, "given": len(kinds)}
            )
        return session, kinds
    characters, kinds = parse_seats(players or "human,bot")
    if max_turns is not None and max_turns < 0:
        raise UsageError(_("max-turns=%(turns)s: give 0 (no cap) or more") % {"turns": max_turns})
    options: dict[str, OptionValue] = {
        "players": len(kinds),
        "characters": ",".join(characters) or "random",
        "max_turns": AUTO_TURNS if max_turns is None else max_turns,
    }
    chosen = secrets.randbelow(2**31) if seed is None else seed
    return Session.new(SYSTEM.id, TalismanGame(), options, chosen), kinds


CAP_HELP = (
    "A game reaching this many turns stops unfinished; every player's turn counts one (a round of 4"
    f" players is 4 turns). Default: {DEFAULT_ROUNDS} rounds, i.e. {DEFAULT_ROUNDS} x the players. 0: never."
)


@app.command("play")
def play(
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            help="Seats, e.g. warrior:human,wizard:bot or human,search,random (a bot: random, heuristic"
            " or bot, search).",
        ),
    ] = None,
    seed: SeedOption = None,
    game: GameOption = None,
    max_turns: Annotated[int | None, typer.Option("--max-turns", help=CAP_HELP)] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            help="One seat, in order (repeat it): human, random, heuristic (bot) or search (a bot that"
            " looks ahead); character:kind names the character too.",
        ),
    ] = None,
) -> None:
    """Play Talisman: s the Character Cards, m the board, o the odds, u undo, ? help, q quit (saved after
    every move)."""
    with open_store() as store:
        session, kinds = start(seats_text(players, seat or []), seed, game, max_turns, store)
        play_match(session, store, kinds)


@app.command("simulate")
def simulate_command(
    players: Annotated[int, typer.Option("--players", help="How many players (2-6).")] = 2,
    bots: Annotated[
        str,
        typer.Option(
            "--bots", help="random, heuristic, search or mixed (or one per seat: search,heuristic)."
        ),
    ] = "heuristic",
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 10,
    seed: RunSeedOption = 0,
    max_turns: Annotated[int | None, typer.Option("--max-turns", help=CAP_HELP)] = None,
    as_json: JsonOption = False,
    workers: WorkersOption = None,
    cluster: ClusterOption = None,
) -> None:
    """Play many whole games with bots: how many finish, who wins, how long they last (mean turns: every
    player's turn counts one; mean rounds: turns / players)."""
    names = parse_bots(bots, players)
    columns = (TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with (
        bulk_runner(workers, cluster),
        Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar,
    ):
        task = bar.add_task("games", total=games)
        stats = simulate(
            names,
            games,
            seed=seed,
            max_turns=AUTO_TURNS if max_turns is None else max_turns,
            progress=lambda done, _: bar.update(task, completed=done),
            workers=workers,
        )
    data = stats.to_json()
    if as_json:
        print_json(data)
        return
    title = _("Talisman: {games} games, bots {bots}").format(games=games, bots=", ".join(names))
    table = Table(title=title, show_header=False)
    for key, said in SIMULATE_ROWS:
        table.add_row(_(said), str(data[key]))
    for name, share in stats.win_shares().items():
        table.add_row(_("wins: {character}").format(character=_(name)), str(share))
    for name, share in stats.bot_shares().items():
        table.add_row(_("wins by the {bot} bot").format(bot=name), str(share))
    out.print(table)


SIMULATE_ROWS = (
    ("games", N_("games")),
    ("finished", N_("finished")),
    ("unfinished", N_("unfinished")),
    ("mean_turns", N_("mean turns")),
    ("mean_rounds", N_("mean rounds")),
    ("mean_moves", N_("mean moves")),
    ("max_turns", N_("max turns")),
    ("seed", N_("seed")),
)
"""The rows of a simulation's table, in words."""


@app.command("combat-odds")
def combat_odds_command(
    strength: Annotated[int, typer.Option("--strength", help="Your Strength (Craft with --psychic).")],
    enemy: Annotated[int, typer.Option("--enemy", help="The enemy's Strength (or Craft).")],
    psychic: Annotated[bool, typer.Option("--psychic", help="Psychic Combat: Craft against Craft.")] = False,
    bonus: Annotated[int, typer.Option("--bonus", help="Added to your score (a spell).")] = 0,
    enemy_bonus: Annotated[int, typer.Option("--enemy-bonus", help="Added to the enemy (the Runes).")] = 0,
    as_json: JsonOption = False,
) -> None:
    """The exact chances of winning, a stand-off and losing one combat (16:4, 16:10, 17:2)."""
    win, stand, lose = combat_odds(strength, enemy, psychic, bonus, enemy_bonus)
    data = {
        "strength": strength,
        "enemy": enemy,
        "psychic": psychic,
        "p_win": float(win),
        "p_standoff": float(stand),
        "p_lose": float(lose),
        "exact": {"p_win": str(win), "p_standoff": str(stand), "p_lose": str(lose)},
    }
    if as_json:
        print_json(data)
        return
    kind = _("Psychic Combat (Craft)") if psychic else _("Combat (Strength)")
    title = _("{kind}: {mine} against {theirs}").format(
        kind=kind, mine=strength + bonus, theirs=enemy + enemy_bonus
    )
    table = Table(title=title, show_header=False)
    for label, p in ((N_("win"), win), (N_("stand-off"), stand), (N_("lose"), lose)):
        table.add_row(_(label), f"{float(p):.4f}", str(p))
    out.print(table)


def resume(game_id: str) -> None:
    """Continue a saved Talisman game."""
    play(players=None, seed=None, game=game_id, max_turns=None, seat=None)


def _new_game() -> None:
    text = read_line(_("Players (e.g. warrior:human,wizard:bot or human,search) [human,bot]: "))
    play(players=text or "human,bot", seed=None, game=None, max_turns=None, seat=None)


def _odds_tool() -> None:
    strength = read_line(_("Your Strength (or Craft): "))
    enemy = read_line(_("The enemy's Strength (or Craft): "))
    if not (strength.isdigit() and enemy.isdigit()):
        raise UsageError(_("give whole numbers"))
    combat_odds_command(int(strength), int(enemy))


def _menu() -> list[MenuEntry]:
    return [
        MenuEntry(
            _("New game: you against a bot"),
            lambda: play(players="human,bot", seed=None, game=None, max_turns=None, seat=None),
        ),
        MenuEntry(_("New game: choose the players"), _new_game),
    ]


def _board(match: Match, kinds: Sequence[str], width: int) -> Presenter:
    """The drawn board, its seats named by who sits there."""
    return TalismanPresenter(kinds or match.seats, width, match.session.game_id)


FRONTEND = register(
    Frontend(
        system="talisman",
        command="talisman",
        app=app,
        menu=_menu,
        resume=resume,
        tools=lambda: [MenuEntry(_("Combat odds (Talisman)"), _odds_tool)],
        presenters={"game": _board},
    )
)
"""The registered front end."""
