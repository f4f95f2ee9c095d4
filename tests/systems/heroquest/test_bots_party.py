"""The bot heroes' party play: no wait across a pit lasts for ever, they try the quest's challenges and
take a fallen companion's things (004_24cd6f974fe6a1ee.txt:90, 110, 132)."""

from __future__ import annotations

from dataclasses import replace

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.simulate import simulate

from .play_helpers import begin, put_hero, step

PARTY = "barbarian,dwarf-warrior,elf-wizard,human-rogue"


def _play(state: QuestState, moves: int) -> QuestState:
    """The bots play on for up to `moves` moves, the dice thrown from a fixed seed."""
    rng, dice = Rng("party"), Rng("dice")
    for _ in range(moves):
        if state.actor() is TERMINAL:
            break
        if state.actor() is CHANCE:
            nxt = state.apply(state.roll(dice)[0])
        else:
            nxt = state.apply(hero_bot(state, rng))
        assert isinstance(nxt, QuestState)
        state = nxt
    return state


def _across_the_pit() -> QuestState:
    """Quest 1 with Ilsa freed: the barbarian leads her at (5, 9), east of the passage's pit (4, 9), found;
    the dwarf stands at (3, 9), west of it, on the square a jump over the pit lands on; the others wait
    on the stairs' room; no monster is left."""
    state = begin("1-the-smugglers-stair", PARTY)
    ilsa = next(k for k, m in enumerate(state.monsters) if m.id == "ilsa")
    monsters = tuple(
        replace(m, status="escorted", at=None) if k == ilsa else replace(m, status="dead", at=None)
        for k, m in enumerate(state.monsters)
    )
    traps = tuple(
        "found" if t.id == "passage-pit" else s for t, s in zip(state.ctx.traps, state.traps, strict=True)
    )
    state = replace(state, monsters=monsters, traps=traps)
    state = put_hero(state, 0, at=(5, 9), escort="ilsa")
    state = put_hero(state, 1, at=(3, 9))
    return put_hero(put_hero(state, 2, at=(1, 11)), 3, at=(2, 11))


def test_the_escort_and_a_companion_do_not_wait_across_a_pit_for_ever_line_132() -> None:
    """004_24cd6f974fe6a1ee.txt:132 (a known pit is jumped, landing beyond it): the dwarf, who cannot reach
    the escort's side, goes on to the stairs and frees the landing square; the barbarian jumps the pit
    and brings Ilsa to the stairs: the quest is won."""
    state = _across_the_pit()
    assert (4, 9) in {s for t in state.ctx.traps if t.id == "passage-pit" for s in t.squares}
    done = _play(state, 400)
    assert done.outcome == "won", done.describe()


def test_a_monster_standing_off_beyond_a_pit_does_not_hold_the_party_for_ever_line_132() -> None:
    """004_24cd6f974fe6a1ee.txt:132: a goblin stands west of the sprung pit on the square a jump would land
    on; no hero can come at it and it will not step into the pit. The heroes go on with the quest (to
    Ilsa) rather than wait for ever: one of them frees her."""
    state = begin("1-the-smugglers-stair", PARTY)
    pit = next(k for k, t in enumerate(state.ctx.traps) if t.id == "passage-pit")
    monsters = tuple(
        replace(m, at=(3, 9), aware=True)
        if m.id == "goblin-1"
        else m
        if m.id == "ilsa"
        else replace(m, status="dead", at=None)
        for m in state.monsters
    )
    traps = tuple("sprung" if k == pit else s for k, s in enumerate(state.traps))
    state = replace(state, monsters=monsters, traps=traps)
    for k, at in enumerate([(7, 9), (6, 9), (6, 10), (5, 9)]):
        state = put_hero(state, k, at=at)
    assert state.visible_monsters
    done = _play(state, 600)
    assert any(h.escort == "ilsa" for h in done.heroes) or done.outcome == "won", done.describe()


def test_the_party_goes_round_to_a_monster_blocking_the_escorts_way_line_132() -> None:
    """004_24cd6f974fe6a1ee.txt:132: the barbarian leads Ilsa at (5, 9); a goblin stands on (3, 9), where a
    jump over the sprung pit would land, and the only way to the stairs is past it. The others find the
    way round to it by the west passage; the goblin slain, Ilsa is brought to the stairs."""
    state = begin("1-the-smugglers-stair", PARTY)
    pit = next(k for k, t in enumerate(state.ctx.traps) if t.id == "passage-pit")
    monsters = tuple(
        replace(m, status="escorted", at=None)
        if m.id == "ilsa"
        else replace(m, at=(3, 9), aware=True)
        if m.id == "goblin-1"
        else replace(m, status="dead", at=None)
        for m in state.monsters
    )
    traps = tuple("sprung" if k == pit else s for k, s in enumerate(state.traps))
    state = replace(state, monsters=monsters, traps=traps)
    for k, at in enumerate([(5, 9), (7, 9), (6, 10), (6, 9)]):
        state = put_hero(state, k, at=at)
    state = put_hero(state, 0, escort="ilsa")
    done = _play(state, 1500)
    assert done.outcome == "won", done.describe()


def test_the_seeded_quest_1_games_all_end() -> None:
    """004_24cd6f974fe6a1ee.txt:116: the nine seeded games of quest 1 (seed 0) each end, won or lost,
    before the round limit: no party waits for ever."""
    summary = simulate("1-the-smugglers-stair", PARTY, 9, seed=0)
    assert summary.games == 9 and summary.outcomes.get("unfinished", 0) == 0
    assert summary.turns < 9 * 40, summary.to_data()


def test_the_bots_try_the_ledger_challenge_line_110() -> None:
    """004_24cd6f974fe6a1ee.txt:110-112: the elf wizard at the smugglers' ledger (Mind, 12 or more on
    his red dice), no monster in sight, tries it with his action."""
    state = begin("1-the-smugglers-stair", PARTY)
    state = replace(state, monsters=tuple(replace(m, status="dead", at=None) for m in state.monsters))
    while state.current_hero() != 2:
        state = step(state, "end")
    state = put_hero(state, 2, at=(1, 3))
    assert "challenge:smugglers-ledger" in state.legal_actions()
    assert hero_bot(state, Rng(0)) == "challenge:smugglers-ledger"


def test_the_bots_collect_a_fallen_companions_things_line_90() -> None:
    """004_24cd6f974fe6a1ee.txt:90: "old equipment, items and money can be collected by nearby players":
    the dwarf beside the barbarian's body, no monster in reach, takes his things with his action."""
    state = begin("1-the-smugglers-stair", PARTY)
    state = replace(state, monsters=tuple(replace(m, status="dead", at=None) for m in state.monsters))
    state = put_hero(state, 0, status="dead", at=None, body=0, effects=("fell@2,10|quest",), gold=25)
    while state.current_hero() != 1:
        state = step(state, "end")
    state = put_hero(state, 1, at=(2, 11))
    assert "collect:h0" in state.legal_actions()
    pick = hero_bot(state, Rng(0))
    assert pick == "collect:h0"
    assert step(state, pick).heroes[1].gold >= 25
