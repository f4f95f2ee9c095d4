"""The registries the features fill and the driver reads (`feature_hooks`): every chance node a rule
queues has its kind registered once, modifiers and turn-start hooks run by rank whatever the order they
were registered in, and a kind nobody registered is a clear rules error."""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

import grognard.systems.heroquest as package
from grognard.engine.dice.core import Rng
from grognard.engine.errors import RulesError
from grognard.engine.features import Registry
from grognard.systems.heroquest.model import feature_hooks
from grognard.systems.heroquest.model.feature_hooks import (
    AFTER_LOOK,
    CHANCES,
    ENCOUNTER_ENDS,
    EXTRA_TURNS,
    HERO_ACTIONS,
    HERO_TURN_HOLDS,
    HERO_TURN_STARTS,
    MODIFIERS,
    MONSTER_TURN_ENDS,
    MONSTER_TURN_LOSSES,
    MONSTER_TURN_STARTS,
    OPENING_ROLLS,
    SETTLE_STEPS,
    Chance,
    HeroAction,
    Modifier,
    StateHook,
    TurnGate,
    TurnStart,
    chance_outcomes,
    chance_result,
    chance_throw,
    hero_action_kinds,
    hero_turn_starts,
    ranked,
    required,
    run_gates,
    run_state_hooks,
)
from grognard.systems.heroquest.model.state import Pending, QuestState

from .play_helpers import begin

SOURCE = Path(package.__file__).parent


def _queued_kinds() -> set[str]:
    """Every literal kind a HeroQuest module gives a `Pending` (first argument or `kind=`)."""
    kinds: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            called = getattr(node.func, "id", "")
            if called == "Pending" and node.args and isinstance(node.args[0], ast.Constant):
                kinds.add(str(node.args[0].value))
            if called == "replace":
                for kw in node.keywords:
                    if kw.arg == "kind" and isinstance(kw.value, ast.Constant):
                        kinds.add(str(kw.value.value))
    return kinds


def test_every_chance_node_a_rule_queues_has_its_kind_registered() -> None:
    queued = _queued_kinds()
    assert {"attack", "rest", "m-stomp", "chit", "vindicate", "challenge"} <= queued
    assert queued - set(CHANCES.handlers) == set()


def test_the_turn_start_hooks_and_modifiers_of_the_features_are_in_and_ranked() -> None:
    assert [h.rank for h in hero_turn_starts()] == sorted(h.rank for h in hero_turn_starts())
    hooks = {"chaos", "hypnotic-blaze", "monster-skills", "environment", "wards", "stealth", "flashback"}
    assert hooks <= set(HERO_TURN_STARTS.handlers)
    assert hero_turn_starts()[-1] is HERO_TURN_STARTS.handlers["flashback"]
    assert set(MODIFIERS.handlers) == {"concussion", "double-image", "destiny"}


def test_the_turn_point_registries_hold_the_features_hooks_in_rank_order() -> None:
    expected = {
        "after look": (AFTER_LOOK, ["double-image"]),
        "encounter ends": (ENCOUNTER_ENDS, ["wake-monsters"]),
        "monster turn starts": (MONSTER_TURN_STARTS, ["staff-spells"]),
        "monster turn ends": (MONSTER_TURN_ENDS, ["steal"]),
        "hero turn holds": (HERO_TURN_HOLDS, ["flashback"]),
        "extra turns": (EXTRA_TURNS, ["timestop"]),
        "monster turn losses": (MONSTER_TURN_LOSSES, ["hypnotic-blaze"]),
        "settle steps": (SETTLE_STEPS, ["chaos"]),
        "opening rolls": (OPENING_ROLLS, ["human-destiny"]),
    }
    for point, (registry, keys) in expected.items():
        order = [k for k, _ in sorted(registry.handlers.items(), key=lambda kv: (kv[1].rank, kv[0]))]
        assert order == keys, point
        assert ranked(registry) == [registry.handlers[k] for k in keys], point


def test_state_hooks_run_by_rank_then_key_not_by_registration() -> None:
    registry: Registry[StateHook] = Registry("test hook", {}, {}, {})
    state = begin()
    ran: list[str] = []

    def mark(name: str) -> StateHook:
        def run(s: QuestState) -> QuestState:
            ran.append(name)
            return s

        return StateHook(5 if name != "first" else 1, run)

    for name in ("late-b", "late-a", "first"):
        registry.add(name, mark(name))
    assert run_state_hooks(registry, state) is state
    assert ran == ["first", "late-a", "late-b"]


def test_the_first_gate_that_takes_over_stops_the_rest() -> None:
    registry: Registry[TurnGate] = Registry("test gate", {}, {}, {})
    state = begin()
    ran: list[str] = []

    def gate(name: str, rank: int, taken: bool) -> TurnGate:
        def run(s: QuestState) -> tuple[QuestState, bool]:
            ran.append(name)
            return s, taken

        return TurnGate(rank, run)

    registry.add("never", gate("never", 9, True))
    registry.add("takes", gate("takes", 5, True))
    registry.add("passes", gate("passes", 1, False))
    assert run_gates(registry, state) == (state, True)
    assert ran == ["passes", "takes"]


def test_a_kind_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        CHANCES.add("attack", CHANCES.handlers["attack"])


def test_a_kind_nobody_registered_is_a_rules_error() -> None:
    state = begin()
    odd = Pending("no-such-kind")
    with pytest.raises(RulesError, match="unknown chance node"):
        chance_outcomes(state, odd)
    with pytest.raises(RulesError, match="unknown chance node"):
        chance_throw(state, odd, Rng(1))
    with pytest.raises(RulesError, match="unknown chance node"):
        chance_result(state, odd, "x")


def test_a_required_function_refuses_a_node_it_does_not_play() -> None:
    def only_mine(state: QuestState, p: Pending) -> list[tuple[str | int, Fraction]] | None:
        return [("yes", Fraction(1))] if p.kind == "mine" else None

    wrapped = required(only_mine)
    state = begin()
    assert wrapped(state, Pending("mine")) == [("yes", Fraction(1))]
    with pytest.raises(RuntimeError, match="does not play"):
        wrapped(state, Pending("other"))


def test_modifiers_and_hooks_run_by_rank_not_by_registration(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registered late-rank first, they still run early-rank first; a kind without dice is drawn by its
    chances, and a modifier whose result is the whole result stops there."""
    seen: list[str] = []
    monkeypatch.setattr(feature_hooks, "CHANCES", Registry("chance node", {}, {}, {}))
    monkeypatch.setattr(feature_hooks, "MODIFIERS", Registry("chance modifier", {}, {}, {}))
    monkeypatch.setattr(feature_hooks, "HERO_TURN_STARTS", Registry("turn-start hook", {}, {}, {}))

    def mark(name: str, done: bool) -> Modifier:
        def before(state: QuestState, p: Pending, move: object) -> tuple[QuestState, object, bool]:
            seen.append(name)
            return state, move, done

        return Modifier(int(name[1:]), before=before)  # type: ignore[arg-type]

    feature_hooks.MODIFIERS.add("m30", mark("m30", True))
    feature_hooks.MODIFIERS.add("m10", mark("m10", False))
    feature_hooks.CHANCES.add(
        "coin",
        Chance(
            lambda state, p: [("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))],
            lambda state, p, move: state.evolve(round=99),
        ),
    )
    state = begin()
    assert feature_hooks.chance_result(state, Pending("coin"), "heads").round != 99  # m30 took it
    assert seen == ["m10", "m30"]
    drawn = {feature_hooks.chance_throw(state, Pending("coin"), Rng(seed)) for seed in range(30)}
    assert drawn == {("heads", ()), ("tails", ())}

    feature_hooks.HERO_TURN_STARTS.add("late", TurnStart(9, lambda s, who: (s, "go")))
    feature_hooks.HERO_TURN_STARTS.add("early", TurnStart(1, lambda s, who: (s, "stop")))
    assert [h.rank for h in feature_hooks.hero_turn_starts()] == [1, 9]


def test_the_smaller_rules_offer_their_hero_actions_through_the_registry_in_rank_order() -> None:
    assert [HERO_ACTIONS.handlers[v].rank for v in ("climb", "challenge", "collect")] == [0, 1, 2]
    assert hero_action_kinds()[:3] == [HERO_ACTIONS.handlers[v] for v in ("climb", "challenge", "collect")]
    assert not HERO_ACTIONS.handlers["climb"].takes_action
    assert HERO_ACTIONS.handlers["collect"].takes_action
    with pytest.raises(ValueError, match="hero action climb is registered twice"):
        HERO_ACTIONS.add("climb", HeroAction(9, lambda state, i, free: [], lambda state, i, arg: state))
