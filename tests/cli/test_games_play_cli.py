"""`grognard games new/view/act/replay` for a game of every system, from a fresh home, as a user runs them;
wrong seat, illegal action and stale ply exit 2 with one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grognard.engine.view import view_from_data
from tests.cli.helpers import grognard

GAMES = [
    ("ff", "fight", ["--option", "enemies=Orc:7/6"]),
    ("ff", "gamebook", ["--option", "book=sample"]),
    ("gs", "combat", ["--option", "willpower=5"]),
    ("gs", "gamebook", ["--option", "book=sample"]),
    ("aif", "melee", []),
    ("aif", "campaign", []),
    ("talisman", "game", ["--option", "players=2", "--seat", "human", "--seat", "bot"]),
    ("hq", "quest", ["--option", "rounds=2"]),
]


@pytest.mark.parametrize(("system", "game", "extra"), GAMES, ids=[f"{s}/{g}" for s, g, _ in GAMES])
def test_new_view_act_replay(tmp_path: Path, system: str, game: str, extra: list[str]) -> None:
    made = grognard("games", "new", system, game, *extra, "--seed", "3", "--json", home=tmp_path)
    assert made.code == 0, made.err
    game_id = json.loads(made.out)["id"]
    shown = grognard("games", "view", game_id, "--json", home=tmp_path)
    assert shown.code == 0, shown.err
    view = view_from_data({k: v for k, v in json.loads(shown.out).items() if k != "id"})
    if view.actions:
        first = view.actions[0].id
        acted = grognard(
            "games",
            "act",
            game_id,
            first,
            "--ply",
            str(view.ply),
            "--seat",
            str(view.seat),
            "--json",
            home=tmp_path,
        )
        assert acted.code == 0, acted.err
        after = json.loads(acted.out)
        assert after["ply"] > view.ply
        assert after["made"][0]["values"]["action"] == first
    else:
        assert view.to_act.next == "end"
    replayed = grognard("games", "replay", game_id, "--to", "1", "--json", home=tmp_path)
    assert replayed.code == 0, replayed.err
    at_one = json.loads(replayed.out)
    assert at_one["ply"] == 1
    assert len([e for e in at_one["events"] if e["kind"] in ("action", "roll")]) == 1
    text = grognard("games", "view", game_id, home=tmp_path)
    assert text.code == 0 and f"Game {game_id}: " in text.out


def test_refusals_exit_2_with_one_line(tmp_path: Path) -> None:
    made = grognard(
        "games", "new", "talisman", "game", "--seat", "human", "--seat", "human", "--seed", "1", home=tmp_path
    )
    assert made.code == 0, made.err
    game_id = made.out.strip()
    view = json.loads(grognard("games", "view", game_id, "--json", home=tmp_path).out)
    seat, ply = view["seat"], view["ply"]
    action = view["actions"][0]["id"]
    cases = {
        "is not to act": ["--seat", str(1 - seat)],
        "illegal action 'fly'": ["--seat", str(seat)],
        "stale move": ["--seat", str(seat), "--ply", str(ply + 5)],
    }
    for words, args in cases.items():
        ran = grognard("games", "act", game_id, "fly" if "fly" in words else action, *args, home=tmp_path)
        assert ran.code == 2
        assert words in ran.err and len(ran.err.strip().splitlines()) == 1
    bad = grognard("games", "new", "talisman", "game", "--option", "players=nine", home=tmp_path)
    assert bad.code == 2 and "whole number" in bad.err
    bad = grognard("games", "new", "talisman", "game", "--seat", "robot", home=tmp_path)
    assert bad.code == 2 and "robot" in bad.err


def test_every_shipped_game_is_played() -> None:
    """A new system's games join `GAMES`, by its command's name (the recipe "Add a sixth system")."""
    import grognard.systems  # noqa: F401  (declares the systems)
    from grognard.engine import registry

    shipped = [f for f in registry.facts() if f.module.startswith("grognard.systems.")]
    played = {(c, g) for c, g, _ in GAMES}
    for facts in shipped:
        names = {facts.command, *facts.aliases}
        assert all(any((n, g) in played for n in names) for g in facts.games), facts.id
