"""Every choice a hero is offered reads as words (issue 30): no action left as its verb and argument
("Collect h2", "Free ilsa"), and the rolls of the game master and of a defence say what they were."""

from __future__ import annotations

import re

import pytest

import grognard.systems  # noqa: F401  (declares the systems)
from grognard.engine import registry
from grognard.engine.match import Match
from grognard.systems.heroquest.model.state import QuestState

QUESTS = ("the-goblin-cellar", "1-the-smugglers-stair")


def played(quest: str, seed: int) -> list[QuestState]:
    """Every state of a seeded game of bots, in order."""
    match = Match.new("heroquest", "quest", {"quest": quest}, ["bot", "bot"], seed=seed)
    match.advance()
    game = match.session.game
    state = game.new_initial_state(game.info.resolve_options(match.session.options))
    states = [state]
    for record in match.session.moves:
        state = state.apply(record.move)
        states.append(state)
    return states


@pytest.mark.parametrize("quest", QUESTS)
def test_no_hero_choice_is_left_as_its_verb_and_argument(quest: str) -> None:
    views = registry.get_views("heroquest", "quest")
    raw: dict[str, str] = {}
    for seed in range(3):
        for state in played(quest, seed):
            if state.actor() != 0:
                continue
            for action in views.view(state, 0).actions:
                plain = action.id.replace(":", " ", 1).lower()
                left_raw = ":" in action.id and action.label.lower() == plain
                if left_raw or action.label.lower() in ("rest", "defend"):
                    raw[action.id] = action.label
    assert raw == {}


def test_the_game_masters_rolls_are_told() -> None:
    """A monster's movement roll says whose and how far; a roll the heroes may not see the end of still
    says it is the game master's; a defence counts the shields that block."""
    views = registry.get_views("heroquest", "quest")
    assert views.told is not None
    said = []
    for seed in range(2):
        match = Match.new("heroquest", "quest", {"quest": QUESTS[1]}, ["bot", "bot"], seed=seed)
        match.advance()
        view = match.replay_view(match.ply, 0)
        said += [e for e in view.events if e.kind == "roll"]
    texts = [str(e.values.get("label") or e.values.get("came") or e.values.get("text") or "") for e in said]
    assert not [e.values for e, t in zip(said, texts, strict=True) if not t], "a roll said nothing"
    assert any("may move up to" in t for t in texts)
    defences = [d for e in said for d in e.dice if d.expression.startswith("Defend")]
    assert defences and {d.counted for d in defences} <= {"white shield", "black shield"}
    for d in defences:
        assert d.total == sum(1 for f in d.dice if f.face == d.counted)


def test_the_game_masters_turn_is_told_as_the_heroes_see_it() -> None:
    """Each turn of the game master begins with a line, and a monster in the heroes' sight that moves is
    said with where it went, by its letter on the board; a monster out of sight moves unsaid."""
    match = Match.new("heroquest", "quest", {"quest": QUESTS[1]}, ["bot", "bot"], seed=4)
    match.advance()
    view = match.replay_view(match.ply, 0)
    texts = [str(e.values.get("text") or e.values.get("label") or "") for e in view.events]
    assert sum("The game master's turn" in t for t in texts) >= 2
    moved = [t for t in texts if " moves to " in t]
    assert moved and all("A monster out of sight moves" not in t for t in moved)
    assert any(re.search(r"\([a-z]\) moves to \d+,\d+\.", t) for t in moved)


def test_regrettable_choices_come_last() -> None:
    """Issue 30: forgetting a spell, ending the turn and leaving the quest are listed after every other
    choice, leaving last, so the first number keys are never the ones a player regrets."""
    views = registry.get_views("heroquest", "quest")
    rank = {"forget": 1, "end": 2, "leave": 3}
    checked = 0
    for state in played(QUESTS[0], 1):
        if state.actor() != 0:
            continue
        verbs = [a.id.split(":", 1)[0] for a in views.view(state, 0).actions]
        ranks = [rank.get(v, 0) for v in verbs]
        assert ranks == sorted(ranks), verbs
        checked += "leave" in verbs
    assert checked
