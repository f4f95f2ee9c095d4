"""The fixed set of seeded HeroQuest games that the re-layering (issue 11) must leave unchanged: for every
shipped quest, bot games (the automatic game master; a person's seat for the game master played by the
bot, in the interleaved order; a party of the classes and races the default party leaves out, at level
3) and random-action games (the random legal policy for every seat, with either game master and either
order, and one that never leaves by the stairs while it can do anything else).

`play(spec)` plays one and `summary(session)` is what is recorded: every move, a digest of the move
records with their dice, the outcome, the round and a digest of the final state's JSON.
`python -m tests.systems.heroquest.same_games` writes `data/relayer_same_games.json` (only before a
refactor, from the code it must not change). `speed_same_games.json` already pins the plain bot games of
`simulate` with the quests' own parties (seeds 1-5): these games use other seeds, options and policies.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from grognard.engine.conformance import game_seed
from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL, Action, GameState
from grognard.engine.serial import canonical, to_data
from grognard.engine.session import Policy, Session, random_policy
from grognard.systems.heroquest.content.quest_setup import SHIPPED_QUESTS
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.views.event_text import log_lines

PATH = Path(__file__).parent / "data" / "relayer_same_games.json"
MAX_MOVES = 4000
ALL_CLASSES = "dwarf-barbarian@3,human-warrior@3,elf-rogue-mage@3,human-wizard@3"

VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "bot-auto": ("bot", {"gm": "auto", "order": "roll", "rounds": 40}),
    "bot-human-gm": ("bot", {"gm": "human", "interleave": True, "rounds": 30}),
    "bot-every-class": ("bot", {"heroes": ALL_CLASSES, "rounds": 30}),
    "random-auto": ("random", {"gm": "auto", "order": "roll", "rounds": 6}),
    "random-human-gm": ("random", {"gm": "human", "interleave": True, "rounds": 5}),
    "random-agree": ("random", {"order": "agree", "heroes": ALL_CLASSES, "rounds": 4}),
    "stay-human-gm": ("stay", {"gm": "human", "rounds": 12}),
    "stay-every-class": ("stay", {"heroes": ALL_CLASSES, "rounds": 12}),
}
SEEDS = (31, 32)
RANDOM_SEEDS = (31, 32, 33, 34)
"""Random games are short: each is played from more seeds."""


def stay_policy(state: GameState, rng: Rng) -> Action:
    """The random legal policy, except that a hero never leaves by the stairs while it has anything else
    to do (random games otherwise often end in a few moves by a retreat)."""
    actions = list(state.legal_actions())
    kept = [a for a in actions if a != "leave"] or actions
    return rng.choice(kept)


POLICIES: dict[str, Policy] = {"bot": hero_bot, "random": random_policy, "stay": stay_policy}


def specs() -> list[dict[str, Any]]:
    """Every recorded game: quest, variant and seed."""
    return [
        {"quest": q, "variant": v, "seed": s}
        for q in SHIPPED_QUESTS
        for v, (policy, _) in VARIANTS.items()
        for s in (SEEDS if policy == "bot" else RANDOM_SEEDS)
    ]


def options_of(spec: dict[str, Any]) -> dict[str, Any]:
    """The game options of a recorded game."""
    _, extra = VARIANTS[spec["variant"]]
    return {"quest": spec["quest"], **extra}


def play(spec: dict[str, Any]) -> Session:
    """Play a recorded game from its seed to its end (or `MAX_MOVES`)."""
    policy_name, _ = VARIANTS[spec["variant"]]
    policy = POLICIES[policy_name]
    seed = spec["seed"]
    session = Session.new("heroquest", GAME, options_of(spec), game_seed(seed, 0))
    bot = Rng(f"{seed}:bot:0")
    while session.current.actor() is not TERMINAL and len(session.moves) < MAX_MOVES:
        if session.current.actor() is CHANCE:
            session.roll()
        else:
            session.play(policy(session.current, bot))
    return session


def said_as_text(state: GameState) -> Any:
    """The state's JSON with its log (event records since the log kept `events`) said as the English lines
    the log held when the games were recorded: the digest then pins the sentences too."""
    assert isinstance(state, QuestState)
    return {**GAME.state_to_json(state), "log": log_lines(state.log)}


def digest(data: object) -> str:
    """The SHA-256 of data's canonical JSON."""
    return hashlib.sha256(canonical(data).encode()).hexdigest()


def summary(session: Session) -> dict[str, Any]:
    """What is recorded of a played game."""
    final = session.current
    return {
        "moves": [m.move for m in session.moves],
        "records_sha256": digest([to_data(m) for m in session.moves]),
        "outcome": getattr(final, "outcome", None),
        "round": getattr(final, "round", None),
        "final_sha256": digest(said_as_text(final)),
    }


def record() -> dict[str, Any]:
    """Every recorded game played now."""
    return {"games": [{**spec, **summary(play(spec))} for spec in specs()]}


if __name__ == "__main__":
    PATH.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
