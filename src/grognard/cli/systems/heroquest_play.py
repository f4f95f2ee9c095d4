"""`grognard heroquest play QUEST` and `grognard heroquest simulate QUEST`: quests on the command line.

`play` plays through the one play loop of every game (`cli.play_loop`), the map drawn by `cli.map_heroquest`
(walls, doors, furniture, found traps, the heroes numbered as everywhere) and redrawn whenever it changed,
after a move and after the game master's turn; it shows every roll (combat dice with their skulls and
shields counted) and what it did, offers the legal actions by number (an attack with its chance to kill this
turn), and saves after every move. The keys of every game: `s` the heroes' sheets, `m` the map, `o` odds,
`u` undo back to the last decision, `?` help, `q` stop (continue with `--game ID`). The monsters are moved
by the automatic game master (`--gm auto`) or by a person at the same keyboard (`--gm human`); `--bots` lets
the bot play the heroes, or `--seat` names who plays each seat in order (the heroes, then the game master:
human, random, heuristic or search). Heroes taken from the roster go back to it when the quest ends
(`homecoming`; `--thresholds` sets the levels announced). With no `--heroes` (`--party` for `simulate`) the
party is the one the quest file names, at its level (`simulate.party_for`). A HeroScribe file (`.xml`) is
imported first, its report shown (`heroquest_import`); `--return GAME` goes back to a quest the party
retreated from (`heroquest_return`, line 114). `simulate` plays many quests with the bot party against the
automatic game master, with a progress bar, the heroes played by the bot of `--bot` (random, heuristic or
search), and says the win rate with its 95% Wilson interval; `--json` prints `games`, `wins`, `win_rate`,
`mean_turns` and `hero_deaths`.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress

from grognard.cli.console import err, out, print_json
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
from grognard.cli.systems.heroquest_import import imported_quest, is_heroscribe
from grognard.cli.systems.heroquest_return import return_completion, return_setup
from grognard.cli.systems.map_heroquest import QuestPresenter
from grognard.engine import registry
from grognard.engine.embedded import is_embedded
from grognard.engine.errors import UsageError
from grognard.engine.match import Match, SeatKind, parse_seats
from grognard.engine.session import Session
from grognard.engine.store.factory import GameStore, open_store
from grognard.i18n import N_, decimal, number
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.hero import Thresholds
from grognard.systems.heroquest.content.quest_setup import SHIPPED_QUESTS
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.levels import hero_level
from grognard.systems.heroquest.simulate import DEFAULT_ROUNDS, party_for, simulate


def mount(app: typer.Typer) -> None:
    """Add `play` and `simulate` to the heroquest command."""
    app.command(
        "play",
        help=N_(
            "Play a quest: s the heroes' sheets, m the map, o odds, u undo, ? help, q stop; saved "
            "after every\nmove. Roster heroes go back to the roster when the quest ends, with what they "
            "gained and the levels\nthey may take."
        ),
    )(play_command)
    app.command(
        "simulate",
        help=N_(
            "Bot heroes against the automatic game master, many times: wins (with their 95% interval),\n"
            "rounds and deaths."
        ),
    )(simulate_command)


def quest_ref(quest: str, show: Console | None = out) -> str:
    """A shipped quest's id, or the absolute path of a quest file; a HeroScribe file (`.xml`) is imported
    first, its report shown on `show` (`heroquest_import.imported_quest`)."""
    if quest in SHIPPED_QUESTS or is_embedded(quest):
        return quest
    path = Path(quest)
    if is_heroscribe(quest) and path.is_file():
        return imported_quest(path, show)
    if not path.is_file():
        raise UsageError(
            _("no quest %(quest)r: give a quest file or one of %(quests)s")
            % {"quest": quest, "quests": ", ".join(SHIPPED_QUESTS)}
        )
    return str(path.resolve())


def party_option(heroes: str) -> str:
    """The heroes option: roster heroes by name become their JSON; anything else is a party spec."""
    from grognard.cli.systems.heroquest_heroes import roster

    names = [h.strip() for h in heroes.split(",") if h.strip()]
    kept = roster()
    if names and all(kept.has(n) for n in names):
        return json.dumps([kept.load(n).model_dump(mode="json") for n in names])
    return heroes


def quest_seats(bots: bool, seat: list[str], gm: str) -> list[SeatKind]:
    """The seats of a quest played here: `--seat` given in order (the heroes, then the game master:
    human, or a bot's strength, `engine.match.BOT_LEVELS`), else the heroes a person's (the bot's with
    `--bots`) and the game master a person's with `--gm human`, else the automatic one's."""
    if seat and bots:
        raise UsageError(_("give the heroes' seat by --bots or by --seat, not both"))
    kinds: list[SeatKind] = parse_seats(seat, 2) if seat else ["bot" if bots else "human", "bot"]
    if gm == "human":
        if len(seat) > 1 and kinds[1] != "human":
            raise UsageError(
                _("--gm human, but the game master's seat is given as %(seat)r") % {"seat": kinds[1]}
            )
        kinds[1] = "human"
    return kinds


def play_quest(session: Session, store: GameStore, seats: list[SeatKind], quest: str) -> str:
    """Play a quest at the keyboard through the one play loop (`cli.play_loop`), the map drawn by
    `cli.map_heroquest`: seat 0 the heroes, seat 1 the game master, each a person or a bot of a strength
    (`quest_seats`). Returns the outcome ("" when the player quits)."""
    if session.game_id is None:
        state = session.current
        assert isinstance(state, QuestState)
        store.create(session, state.ctx.quest.file.title, seats)
    match = Match(session, registry.get_views("heroquest", "quest"), seats, store)
    return ViewLoop(match, QuestPresenter(), f"grognard heroquest play {quest} --game ").run()


def play_command(
    quest: Annotated[
        str, typer.Argument(help=N_("A shipped quest id or a quest file."))
    ] = "1-the-smugglers-stair",
    heroes: Annotated[
        str,
        typer.Option(
            "--heroes",
            help=N_("Roster heroes by name, or a party spec (default: the quest's party and level)."),
        ),
    ] = "",
    seed: SeedOption = None,
    game: GameOption = None,
    gm: Annotated[str, typer.Option("--gm", help=N_("auto (the automatic game master) or human."))] = "auto",
    order: Annotated[str, typer.Option("--order", help=N_("roll or agree the heroes' order."))] = "roll",
    interleave: Annotated[
        bool, typer.Option("--interleave", help=N_("The game master rolls for a place in the order."))
    ] = False,
    rounds: Annotated[
        int, typer.Option("--rounds", help=N_("Lose the quest after this many rounds (0: never)."))
    ] = 0,
    bots: Annotated[bool, typer.Option("--bots", help=N_("The bot plays the heroes."))] = False,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            help=N_(
                "Who plays each seat, in order (repeat it): the heroes, then the game master; human,"
                " or a bot: random, heuristic (bot) or search (a bot that looks ahead in fights)."
            ),
        ),
    ] = None,
    thresholds: Annotated[
        str, typer.Option("--thresholds", help=N_("Experience for each level, e.g. 80,100,120 (line 349)."))
    ] = "",
    mercenaries: Annotated[
        str,
        typer.Option(
            "--mercenaries",
            help=N_("Hire for the quest from a hero's gold: swordsman,scout:Mira (default: the first pays)."),
        ),
    ] = "",
    back: Annotated[
        str | None,
        typer.Option(
            "--return", help=N_("Go back to the quest of this saved game, retreated from (line 114).")
        ),
    ] = None,
) -> None:
    seats = quest_seats(bots, seat or [], gm)
    if seats[1] == "human":
        gm = "human"
    with open_store() as store:
        if game is not None:
            session = store.load(game)
            if session.system != "heroquest" or session.game.info.id != "quest":
                raise UsageError(
                    _("game %(game)s is a %(kind)s game, not a HeroQuest quest")
                    % {"game": game, "kind": f"{session.system}/{session.game.info.id}"}
                )
            session.game_id = game
            quest = str(session.options.get("quest", quest))
        else:
            party, returning = "", ""
            if back is not None:  # the quest and the party of the retreat (`heroquest_return`)
                quest, party, returning = return_setup(store, back)
            ref = quest_ref(quest)
            if heroes.strip() or not party:
                party = party_option(heroes) if heroes.strip() else party_for(ref)
            options: dict[str, str | int | bool] = {
                "quest": ref,
                "heroes": party,
                "gm": gm,
                "order": order,
                "interleave": interleave,
                "rounds": rounds,
                "thresholds": ",".join(map(str, Thresholds.parse(thresholds).points)),
                "mercenaries": mercenaries,
            }
            if returning:
                options["returning"] = returning
            session = Session.new(
                "heroquest", GAME, options, secrets.randbelow(2**31) if seed is None else seed
            )
        if game is not None and seats[1] == "bot" and session.options.get("gm") == "human":
            seats[1] = "human"
        outcome = play_quest(session, store, seats, quest)
    if outcome:
        keep_on_roster(session)


def keep_on_roster(session: Session) -> None:
    """The heroes of a finished quest played from the roster go back to it (`homecoming`)."""
    from grognard.cli.systems.heroquest_heroes import roster
    from grognard.systems.heroquest.campaign.homecoming import keep_awards

    if not str(session.options.get("heroes", "")).lstrip().startswith("["):
        return  # a party made for the quest from class names: nothing to keep
    state = session.current
    assert isinstance(state, QuestState)
    thresholds = Thresholds.parse(str(session.options.get("thresholds", "")))
    completion = return_completion(dict(session.options))
    for line in keep_awards(roster(), state, thresholds, completion):
        out.print(line, markup=False)


def simulate_command(
    quest: Annotated[str, typer.Argument(help=N_("A shipped quest id or a quest file."))],
    party: Annotated[
        str, typer.Option("--party", help=N_("The party spec (default: the quest's party and level)."))
    ] = "",
    games: Annotated[int, typer.Option("--games", help=N_("How many quests to play."))] = 20,
    seed: RunSeedOption = 0,
    rounds: Annotated[
        int, typer.Option("--rounds", help=N_("Rounds before a quest is lost to time."))
    ] = DEFAULT_ROUNDS,
    as_json: JsonOption = False,
    workers: WorkersOption = None,
    cluster: ClusterOption = None,
    bot: Annotated[
        str,
        typer.Option(
            "--bot",
            "--seat",
            help=N_("The heroes' bot: random, heuristic or search (looks ahead in fights)."),
        ),
    ] = "heuristic",
) -> None:
    if games < 1:
        raise UsageError(_("--games must be at least 1"))
    hero_level(bot)
    ref = quest_ref(quest, err if as_json else out)
    with bulk_runner(workers, cluster), Progress(transient=True, disable=as_json) as progress:
        task = progress.add_task(_("quests"), total=games)
        summary = simulate(
            ref,
            party,
            games,
            seed,
            rounds=rounds,
            on_game=lambda _r: progress.advance(task),
            workers=workers,
            level=bot,
        )
    data = summary.to_data()
    if as_json:
        print_json(data)
        return
    said = _(
        "%(quest)s: %(wins)s of %(games)s won (%(share)s; %(bot)s heroes); mean %(rounds)s rounds; "
        "%(deaths)s heroes died; outcomes %(outcomes)s"
    )
    values = {
        "quest": quest,
        "wins": number(summary.wins),
        "games": number(summary.games),
        "share": summary.win_share,
        "bot": bot,
        "rounds": decimal(summary.mean_turns),
        "deaths": number(summary.hero_deaths),
        "outcomes": data["outcomes"],
    }
    out.print(said % values, markup=False)
