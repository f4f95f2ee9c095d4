"""The text of the board and the Character Cards, what moves say, and real dice mapped to outcomes."""

from __future__ import annotations

from collections import Counter

from grognard.engine.dice import Rng
from grognard.engine.game import CHANCE, TERMINAL
from grognard.systems.talisman.bots import heuristic_policy
from grognard.systems.talisman.combat import classify
from grognard.systems.talisman.game import initial_state
from grognard.systems.talisman.render import action_line, board_lines, card_lines, chance_line, new_notes
from grognard.systems.talisman.state import TalismanState, Task
from grognard.systems.talisman.tasks import TASKS, throw
from tests.systems.talisman.helpers import hero, make, run, with_cards


def test_the_board_shows_every_character_and_the_cards_lying() -> None:
    """Every character's position and the cards and Gold on spaces are drawn, in every region."""
    state = make(
        hero("warrior", space="village"),
        hero("wizard", space="temple"),
        hero("troll", space="mines"),
        hero("elf", space="crown-of-command"),
    )
    state = with_cards(state, "runes", "bear", gold=2)
    text = "\n".join(board_lines(state))
    for region in ("Outer Region", "Middle Region", "Inner Region", "Crown of Command"):
        assert region in text
    lines = board_lines(state)
    for name, space in (("p0 Warrior", "Village"), ("p1 Wizard", "Temple"), ("p2 Troll", "Mines")):
        assert any(f"*{name}*" in line and space in line for line in lines), name
    assert any("*p3 Elf*" in line for line in lines)
    assert any("Runes" in line and "[Bear, 2 Gold]" in line for line in lines)


def test_a_long_space_keeps_the_board_in_two_columns() -> None:
    """A space with many cards on it takes its own line, and the space paired with it stays in the right
    column (not printed among the left column's spaces)."""
    cards = ("bear", "dragon", "wolf", "goblin", "sword", "axe", "helmet", "shield", "armour")
    state = with_cards(make(hero("warrior"), hero("wizard")), "fields-1", *cards)
    lines = board_lines(state, width=100)
    long = next(k for k, line in enumerate(lines) if "[" in line and "Bear" in line)
    following = lines[long + 1]
    assert following.startswith(" " * 50) and following.strip()[0].isdigit()


def test_a_character_card_hides_other_players_spells() -> None:
    """9:2: my Spells are named on my card; another player sees only how many."""
    state = make(hero("wizard", spells=("hex", "might")), hero("warrior"))
    mine = "\n".join(card_lines(state, 0, 0))
    theirs = "\n".join(card_lines(state, 0, 1))
    assert "Hex" in mine and "Might" in mine
    assert "Hex" not in theirs and "2 (secret)" in theirs
    assert "Strength 2" in mine and "Lives 4" in mine


def test_a_spell_drawn_by_another_is_secret_in_the_log() -> None:
    """The log names a Spell drawn only to the one who drew it (or to a referee)."""
    state = run(make(hero("wizard"), hero("warrior")), Task("draw_spell", 0))
    assert state.actor() is CHANCE
    assert chance_line(state, "hex", (), 0) == "p0 Wizard draws a Spell: Hex"
    assert chance_line(state, "hex", (), 1) == "p0 Wizard draws a Spell"
    assert chance_line(state, "hex", (), None).endswith("Hex")


def test_actions_are_described() -> None:
    """Decisions are logged in words; a Spell discarded is not named."""
    state = run(make(hero("warrior", trophies=("bear", "bear", "bear"))), Task("start", 0))
    assert state.tasks[-1].kind == "start"
    assert action_line(state, "move", 0) == "p0 Warrior moves"
    assert action_line(state, "discard:hex", 0) == "p0 Warrior: discards a Spell"


def test_new_notes() -> None:
    """The lines a move added to the engine's rolling log."""
    assert new_notes(("a", "b"), ("a", "b", "c")) == ["c"]
    assert new_notes(("a", "b", "c"), ("b", "c", "d")) == ["d"]
    assert new_notes(("a",), ("a",)) == []
    assert new_notes((), ("x",)) == ["x"]


def _games(n: int) -> list[TalismanState]:
    """The chance nodes met in `n` short heuristic games played with real dice."""
    found = []
    for g in range(n):
        state = initial_state(3, "random", 80)
        rng = Rng(f"throws:{g}")
        while state.actor() is not TERMINAL:
            if state.actor() is CHANCE:
                found.append(state)
                outcome, _ = throw(state, rng)
                nxt = state.apply(outcome)
            else:
                nxt = state.apply(heuristic_policy(state, rng))
            assert isinstance(nxt, TalismanState)
            state = nxt
    return found


def test_real_dice_give_the_nodes_outcomes() -> None:
    """Every die thrown maps to an outcome of its node, and a combat's outcome is its totals' (16:4)."""
    kinds: Counter[str] = Counter()
    for state in _games(4):
        kind = state.tasks[-1].kind
        thrower = TASKS.handlers[kind].throw
        if thrower is None or not TASKS.handlers[kind].dice:
            continue
        kinds[kind] += 1
        outcome, rolls = thrower(state, Rng(f"{kind}:{kinds[kind]}"))
        assert any(o == outcome for o, _ in state.chance_outcomes()), (kind, outcome)
        assert rolls and all(1 <= d.value <= 6 for r in rolls for d in r.dice)
        if kind == "fight_roll":
            from grognard.systems.talisman.combat import creature_score, hero_score

            assert state.fight is not None
            i = state.tasks[-1].player
            mine = hero_score(state, i, state.fight.psychic) + state.fight.bonus[0] + rolls[0].total
            assert outcome == classify(mine, creature_score(state, i) + rolls[1].total)
    assert kinds["move_roll"] > 0 and kinds["fight_roll"] > 0


def test_the_move_die_is_fair() -> None:
    """The move die thrown for real shows each face about equally often."""
    state = run(make(hero("warrior")), Task("move_roll", 0))
    faces = Counter(throw(state, Rng(k))[0] for k in range(600))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(60 <= n <= 140 for n in faces.values())
