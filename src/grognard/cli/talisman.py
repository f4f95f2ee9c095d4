"""`grognard talisman`: play Talisman at one keyboard with people and bots, simulate bot games, and the
exact odds of a combat (thin: the rules, bots and statistics live in `systems.talisman`).

`play` seats people and bots (`--players warrior:human,wizard:bot`), draws the board and each Character
Card, logs every die and card drawn, saves after every move (continue with `--game ID`) and undoes a
person's last decision with the bots' moves after it. Hot seat: each person sees only their own Spells;
when several people play, whose turn it is is said before their view is shown.
"""

from __future__ import annotations

import re
import secrets
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from grognard.cli.console import choose, err, out, print_json, read_line
from grognard.cli.frontends import Frontend, MenuEntry, register
from grognard.cli.options import ClusterOption, WorkersOption, bulk_runner
from grognard.engine.dice import Rng
from grognard.engine.errors import UsageError
from grognard.engine.game import CHANCE, TERMINAL, OptionValue
from grognard.engine.session import MoveRecord, Session
from grognard.engine.store import GameStore, open_store
from grognard.systems.talisman import SYSTEM, TalismanGame
from grognard.systems.talisman.bots import bot
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.combat import creature_score, hero_score
from grognard.systems.talisman.game import AUTO_TURNS, DEFAULT_ROUNDS
from grognard.systems.talisman.movement import portal_chance
from grognard.systems.talisman.odds import combat_odds
from grognard.systems.talisman.render import (
    action_line,
    board_lines,
    card_lines,
    chance_line,
    new_notes,
    who,
)
from grognard.systems.talisman.simulate import parse_bots, simulate
from grognard.systems.talisman.state import TalismanState
from grognard.systems.talisman.tasks import throw
from grognard.systems.talisman.views import describe_action

app = typer.Typer(
    help="Talisman (2nd edition): play with people and bots, simulate bot games, exact combat odds.",
    no_args_is_help=True,
)

KINDS = {"human": "human", "bot": "heuristic", "heuristic": "heuristic", "random": "random"}
"""Seat kinds as typed, and what each means."""
WORDS = ("s", "b", "u", "q")
BOT_BATCH = 50
"""With no person at the keyboard, the game is saved every this many moves and at the end (each save is
one transaction per move, made durable on disk)."""
TITLE = re.compile(r"p(\d+) (human|heuristic|random)")


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
        name, _, kind = part.rpartition(":")
        if kind not in KINDS:
            raise UsageError(f"seat {part!r}: the kind must be one of {', '.join(KINDS)}")
        if name:
            if name not in catalog().characters:
                raise UsageError(
                    f"seat {part!r}: unknown character; known: {', '.join(catalog().characters)}"
                )
            characters.append(name)
        kinds.append(KINDS[kind])
    if characters and len(characters) != len(kinds):
        raise UsageError(f"players {text!r}: name a character for every seat or for none")
    if len(set(characters)) != len(characters):
        raise UsageError(f"players {text!r}: each character may be played once")
    if not 2 <= len(kinds) <= 6:
        raise UsageError(f"players {text!r}: Talisman is for 2 to 6 players")
    return characters, kinds


def title_for(kinds: list[str]) -> str:
    """The saved game's title, which also records who plays each seat."""
    return "Talisman (" + ", ".join(f"p{i} {k}" for i, k in enumerate(kinds)) + ")"


class TalismanPlay:
    """One game at the keyboard: the session, where it is saved, and who sits at each seat."""

    def __init__(self, session: Session, store: GameStore | None, kinds: list[str]) -> None:
        self.session = session
        self.store = store
        self.kinds = kinds
        humans = [i for i, k in enumerate(kinds) if k == "human"]
        self.humans = humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else (None if not humans else -1)
        self.last_human = -1
        self.turn_shown = -1
        self.every = 1 if humans else BOT_BATCH
        self.saved = -1

    @property
    def state(self) -> TalismanState:
        """The current state."""
        state = self.session.current
        assert isinstance(state, TalismanState)
        return state

    def save(self, force: bool = True) -> None:
        """Make the store hold the session's moves (with no person playing, every `BOT_BATCH` moves)."""
        n = len(self.session.moves)
        if self.store is None or (not force and n - self.saved < self.every):
            return
        self.store.save(self.session, title_for(self.kinds))
        self.saved = n

    def say(self, text: str) -> None:
        """One line of the game log."""
        out.print(text, markup=False, soft_wrap=True)

    def record(self, before: TalismanState, record: MoveRecord, nxt: TalismanState) -> None:
        """Append a move, save, and log the engine's notes it added."""
        self.session.moves.append(record)
        self.session.state = nxt
        self.save(force=False)
        for note in new_notes(before.log, nxt.log):
            self.say(f"    {note}")

    def chance(self) -> None:
        """Throw the real dice (or draw the card) of the chance node."""
        before = self.state
        outcome, rolls = throw(before, Rng.for_move(self.session.seed, len(self.session.moves)))
        nxt = before.apply(outcome)
        assert isinstance(nxt, TalismanState)
        self.say("  " + chance_line(before, outcome, rolls, self.viewer))
        self.record(before, MoveRecord(outcome, None, rolls), nxt)

    def bot_move(self, seat: int) -> None:
        """A bot decides and its move is logged."""
        before = self.state
        rng = Rng(f"{self.session.seed}:bot:{len(self.session.moves)}")
        action = bot(self.kinds[seat])(before, rng)
        nxt = before.apply(action)
        assert isinstance(nxt, TalismanState)
        self.say("  " + action_line(before, action, seat) + " (bot)")
        self.record(before, MoveRecord(action, seat), nxt)

    def advice(self, seat: int) -> None:
        """The exact odds where a person decides a risk: a combat, the Portal."""
        state = self.state
        task = state.tasks[-1]
        if state.fight is not None and task.kind in ("fight_evade", "fight_spells"):
            mine = hero_score(state, seat, state.fight.psychic) + state.fight.bonus[0]
            theirs = creature_score(state, seat)
            win, stand, lose = combat_odds(mine, theirs)
            self.say(
                f"  Combat: your {mine} against {state.fight.name} {theirs}: "
                f"win {float(win):.1%}, stand-off {float(stand):.1%}, lose {float(lose):.1%}"
            )
        if "portal" in state.legal_actions():
            self.say(f"  The Portal opens with chance {float(portal_chance(state, seat)):.1%}")

    def decide(self, seat: int) -> bool:
        """Ask the person at `seat`; False when they quit."""
        state = self.state
        if len(self.humans) > 1 and seat != self.last_human:
            self.say("")
            self.say(f"=== {who(state, seat)}: your decision (the others look away) ===")
        if seat != self.last_human or self.turn_shown != state.turn:
            for line in card_lines(state, seat, seat):
                self.say(line)
        self.last_human = seat
        self.turn_shown = state.turn
        self.advice(seat)
        actions = list(state.legal_actions())
        labels: list[str] = []
        for a in actions:
            text = describe_action(a)
            labels.append(f"{text} ({a})" if text in labels else text)
        answer = choose(labels, f"p{seat}", WORDS)
        if answer == "s":
            for i in range(len(state.heroes)):
                for line in card_lines(state, i, seat):
                    self.say(line)
            return True
        if answer == "b":
            for line in board_lines(state, _board_width()):
                self.say(line)
            return True
        if answer == "q":
            gid = self.session.game_id
            self.say(f"Saved as game {gid}. Continue with: grognard talisman play --game {gid}")
            return False
        if answer == "u":
            self.undo(seat)
            return True
        action = actions[labels.index(answer)]
        nxt = state.apply(action)
        assert isinstance(nxt, TalismanState)
        self.record(state, MoveRecord(action, seat), nxt)
        return True

    def undo(self, seat: int) -> None:
        """Back to this person's previous decision; every move after it (bots' and dice) goes too."""
        moves = self.session.moves
        last = max((k for k, m in enumerate(moves) if m.player == seat), default=None)
        if last is None:
            self.say("Nothing to undo.")
            return
        del moves[last:]
        self.session.state = self.session.replay()
        self.save()
        self.turn_shown = -1
        self.say(f"Undone: back to your previous decision ({len(moves)} moves kept).")

    def run(self) -> str:
        """Play until the game ends or a person quits; returns the result ("" when quit)."""
        self.save()
        self.say(f"Game {self.session.game_id}: " + ", ".join(self._seat_names()))
        for line in board_lines(self.state, _board_width()):
            self.say(line)
        while True:
            state = self.state
            actor = state.actor()
            if actor is TERMINAL:
                return self.finish(state)
            if actor is CHANCE:
                self.chance()
            elif not isinstance(actor, int):
                raise AssertionError(f"unexpected actor {actor!r}")
            elif self.kinds[actor] != "human":
                self.bot_move(actor)
            elif not self.decide(actor):
                return ""

    def _seat_names(self) -> list[str]:
        state = self.state
        return [f"{who(state, i)} ({k})" for i, k in enumerate(self.kinds)]

    def finish(self, state: TalismanState) -> str:
        """Say how the game ended."""
        self.save()
        result = state.result()
        for line in board_lines(state, _board_width()):
            self.say(line)
        if result.winners:
            names = ", ".join(who(state, w) for w in result.winners)
            self.say(f"{names} wins the game: the last character left (21:1).")
        elif result.outcome == "unfinished":
            self.say(f"The game stopped unfinished at the turn cap ({state.max_turns} turns).")
        else:
            self.say("Nobody is left: the game ends without a winner.")
        return result.outcome


def start(
    players: str | None, seed: int | None, game: str | None, max_turns: int | None, store: GameStore
) -> tuple[Session, list[str]]:
    """A new game from the seats, or a saved game continued (its seats from its title or `players`)."""
    if game is not None:
        session = store.load(game)
        if session.system != SYSTEM.id:
            raise UsageError(f"game {game} is a {session.system} game, not a Talisman game")
        n = int(session.options.get("players", 2))
        if players is not None:
            kinds = parse_seats(players)[1]
        else:
            found = dict(TITLE.findall(store.summary(game).title))
            kinds = [found.get(str(i), "human") for i in range(n)]
        if len(kinds) != n:
            raise UsageError(f"game {game} has {n} players, not {len(kinds)}")
        return session, kinds
    characters, kinds = parse_seats(players or "human,bot")
    if max_turns is not None and max_turns < 0:
        raise UsageError(f"max-turns={max_turns}: give 0 (no cap) or more")
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
        typer.Option("--players", help="Seats, e.g. warrior:human,wizard:bot or human,bot,random."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for the dice and the bots.")] = None,
    game: Annotated[str | None, typer.Option("--game", help="Continue this saved game.")] = None,
    max_turns: Annotated[int | None, typer.Option("--max-turns", help=CAP_HELP)] = None,
) -> None:
    """Play Talisman: s your Character Card, b the board, u undo, q quit (saved after every move)."""
    with open_store() as store:
        session, kinds = start(players, seed, game, max_turns, store)
        TalismanPlay(session, store, kinds).run()


@app.command("simulate")
def simulate_command(
    players: Annotated[int, typer.Option("--players", help="How many players (2-6).")] = 2,
    bots: Annotated[
        str, typer.Option("--bots", help="heuristic, random or mixed (or one per seat: heuristic,random).")
    ] = "heuristic",
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 10,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole run.")] = 0,
    max_turns: Annotated[int | None, typer.Option("--max-turns", help=CAP_HELP)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable results.")] = False,
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
    table = Table(title=f"Talisman: {games} games, bots {', '.join(names)}", show_header=False)
    keys = ("games", "finished", "unfinished", "mean_turns", "mean_rounds", "mean_moves", "max_turns", "seed")
    for key in keys:
        table.add_row(key.replace("_", " "), str(data[key]))
    for name, n in data["wins"].items():
        table.add_row(f"wins: {name}", str(n))
    for name, n in data["wins_by_bot"].items():
        table.add_row(f"wins by the {name} bot", str(n))
    out.print(table)


@app.command("combat-odds")
def combat_odds_command(
    strength: Annotated[int, typer.Option("--strength", help="Your Strength (Craft with --psychic).")],
    enemy: Annotated[int, typer.Option("--enemy", help="The enemy's Strength (or Craft).")],
    psychic: Annotated[bool, typer.Option("--psychic", help="Psychic Combat: Craft against Craft.")] = False,
    bonus: Annotated[int, typer.Option("--bonus", help="Added to your score (a spell).")] = 0,
    enemy_bonus: Annotated[int, typer.Option("--enemy-bonus", help="Added to the enemy (the Runes).")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable results.")] = False,
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
    kind = "Psychic Combat (Craft)" if psychic else "Combat (Strength)"
    table = Table(title=f"{kind}: {strength + bonus} against {enemy + enemy_bonus}", show_header=False)
    for label, p in (("win", win), ("stand-off", stand), ("lose", lose)):
        table.add_row(label, f"{float(p):.4f}", str(p))
    out.print(table)


def resume(game_id: str) -> None:
    """Continue a saved Talisman game."""
    play(players=None, seed=None, game=game_id, max_turns=None)


def _new_game() -> None:
    text = read_line("Players (e.g. warrior:human,wizard:bot or human,bot) [human,bot]: ")
    play(players=text or "human,bot", seed=None, game=None, max_turns=None)


def _odds_tool() -> None:
    strength = read_line("Your Strength (or Craft): ")
    enemy = read_line("The enemy's Strength (or Craft): ")
    if not (strength.isdigit() and enemy.isdigit()):
        raise UsageError("give whole numbers")
    combat_odds_command(int(strength), int(enemy))


def _menu() -> list[MenuEntry]:
    return [
        MenuEntry(
            "New game: you against a bot",
            lambda: play(players="human,bot", seed=None, game=None, max_turns=None),
        ),
        MenuEntry("New game: choose the players", _new_game),
    ]


FRONTEND = register(
    Frontend(
        system="talisman",
        command="talisman",
        app=app,
        menu=_menu,
        resume=resume,
        tools=lambda: [MenuEntry("Combat odds (Talisman)", _odds_tool)],
    )
)
"""The registered front end."""
