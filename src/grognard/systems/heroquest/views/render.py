"""The heroes' map and the status of a quest in play, as lines of text (nothing is printed here).

Only the areas the heroes have seen are drawn (line 80 and the quest's lighting): `.` floor, `_` low
furniture, `=` tall furniture, `>` stairs, `^` a trap the heroes know of, `*` fallen rock, `1`-`9` the
heroes, `a`-`z` the monsters in sight (a capital for a prisoner), `,` slippery ice, `%` an ice vault, `~`
an icy river, `/` a thrown dagger lying on the floor; unseen squares are blank and rock is `#`. Doors sit
on edges, so they are listed beside the map with their squares and state.
"""

from __future__ import annotations

from grognard.i18n import gettext as _
from grognard.i18n import percent
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.combat_dice import all_skulls_chance, kill_chance
from grognard.systems.heroquest.content.words import said
from grognard.systems.heroquest.features.dungeon.challenge_play import challenge_label
from grognard.systems.heroquest.features.items.artifacts_env import ice_marks
from grognard.systems.heroquest.features.items.weapons import dagger_marks, hero_axe, lying
from grognard.systems.heroquest.features.skills.turn_attacks import attacks_left, turn_kill_chance
from grognard.systems.heroquest.features.spells.spell_choice import choice_label
from grognard.systems.heroquest.model.action_text import Order, hero_ref, parse
from grognard.systems.heroquest.model.edits import known_traps
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.effects import hero_attack_dice, monster_defend_dice
from grognard.systems.heroquest.rules.goals import goal_words
from grognard.systems.heroquest.rules.targets import exit_here, place_label, trap_at_place


def monster_letters(state: QuestState) -> dict[int, str]:
    """The letter each monster on the board is drawn with (by its place in the quest)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return {j: letters[j % 26] for j, m in enumerate(state.monsters) if m.at is not None}


def map_lines(state: QuestState) -> list[str]:
    """The board as the heroes know it, one character a square, with column and row numbers."""
    layout = state.layout
    board = layout.board
    seen = set(state.seen)
    marks: dict[Square, str] = {}

    marks.update(ice_marks(state))

    marks.update(dagger_marks(state))  # thrown daggers lying on the floor (line 359)
    for s in layout.stairs:
        marks[s] = ">"
    for s in known_traps(state):
        marks[s] = "^"
    for s in state.rubble:
        marks[s] = "*"
    visible = set(state.visible_monsters)
    for j, letter in monster_letters(state).items():
        m = state.monsters[j]
        if m.at is not None and (j in visible or (m.status == "prisoner" and board.area_at[m.at] in seen)):
            marks[m.at] = letter.upper() if m.status == "prisoner" else letter
    for i, h in enumerate(state.heroes):
        if h.at is not None:
            marks[h.at] = str(i + 1)
    lines = [
        "    " + "".join(str(x // 10) if x >= 10 else " " for x in range(board.width)),
        "    " + "".join(str(x % 10) for x in range(board.width)),
    ]
    for y in range(board.height):
        row = []
        for x in range(board.width):
            s = (x, y)
            area = board.area(s)
            if area is None or area.kind == "rock":
                row.append("#")
            elif area.id not in seen:
                row.append(" ")
            elif s in marks:
                row.append(marks[s])
            elif s in layout.tall:
                row.append("=")
            elif s in layout.low:
                row.append("_")
            else:
                row.append(".")
        lines.append(f"{y:3} " + "".join(row))
    return lines


def status_lines(state: QuestState) -> list[str]:
    """The heroes, the monsters in sight, the traps found and not yet sprung or disarmed (by their place)
    and the doors seen, one line each."""
    out = []
    for i, h in enumerate(state.heroes):
        hero = state.hero_of(i)
        where = f"at {h.at[0]},{h.at[1]}" if h.at is not None else h.status
        extra = f" leading {h.escort}" if h.escort else ""
        effects = f" [{', '.join(h.effects)}]" if h.effects else ""
        out.append(
            f"{i + 1} {hero.name}: Body {h.body}/{hero.maximum('body')} Mind {h.mind} Magic {h.magic} "
            f"gold {h.gold} xp {h.xp} {where}{extra}{effects}"
        )
    letters = monster_letters(state)
    for j in state.visible_monsters:
        m = state.monsters[j]
        s = state.stats_of(j)
        assert m.at is not None
        out.append(f"{letters[j]} {s.name} ({m.id}): Body {m.body}/{s.body} at {m.at[0]},{m.at[1]}")

    for (x, y), who in lying(state):
        owner = state.hero_of(int(who[1:])).name if who[0] == "h" else state.stats_of(int(who[1:])).name
        out.append(f"dagger at {x},{y} ({owner}'s)")

    for k, status in enumerate(state.traps):
        if status == "found":  # where it is, not what it is (line 96)
            out.append(f"trap found {place_label(state, k)}")
    seen = set(state.seen)
    board = state.layout.board
    for door in state.layout.door_by_id.values():
        if door.state == "secret":
            continue
        if any(board.area_at.get(s) in seen for s in door.at):
            (ax, ay), (bx, by) = door.at
            out.append(f"door {door.id}: {door.state} between {ax},{ay} and {bx},{by}")
    out.append(f"Goal: {goal_words(state)}. Round {state.round}.")
    return out


def action_label(state: QuestState, action: str) -> str:
    """How an action is offered to a player; an attack shows its dice and the chance it kills this turn."""
    typed = parse(action)
    verb, arg = typed.verb, typed.rest
    if verb in ("attack", "throw") and hero_ref(arg) is None and state.current_hero() is not None:
        i = state.current_hero()
        j = next(k for k, m in enumerate(state.monsters) if m.id == arg)
        if i is not None:
            a = hero_attack_dice(state, i, j)
            d = monster_defend_dice(state, j, ranged=verb == "throw")

            p = kill_chance(a, d, "monster", state.monsters[j].body)
            n = attacks_left(state, i) if verb == "attack" else 1  # every blow this turn (rulings: "Damage")
            if n > 1:
                p = turn_kill_chance(state, i, j)[0]
            how = _("attack {monster}") if verb == "attack" else _("throw a dagger at {monster}")
            mark = monster_letters(state).get(j, "?")  # as the board draws it
            whom = how.format(monster=f"{said(state.stats_of(j).name)} ({mark})")
            text = _("{action}: {attack} dice against {defend}, kills {chance}").format(
                action=whom, attack=a, defend=d, chance=percent(float(p))
            )
            text += _(" in {n} attacks this turn").format(n=n) if n > 1 else ""
            if verb == "attack" and hero_axe(state, i) and state.stats_of(j).mind > 0:  # line 369
                text += _(", concussion {chance}").format(chance=percent(float(all_skulls_chance(a))))
            return text
    if isinstance(typed, Order):  # the agreed order (line 74), by the heroes' names
        return _("order: {heroes}").format(heroes=", ".join(said(state.hero_of(p).name) for p in typed.order))
    if verb == "recover":
        return _("pick up the dagger at {square}: a white die, anything but a black shield (5/6)").format(
            square=arg
        )
    if verb == "attack":
        k = hero_ref(arg)
        return _("attack {monster}").format(monster=said(state.hero_of(k).name) if k is not None else arg)
    if verb == "move":
        return _("move to {square}").format(square=arg)
    if verb == "roll":
        return _("roll two red dice to move") if state.current_hero() is not None else _("roll to move")
    who = state.current_hero()
    if verb == "challenge" and who is not None:
        return challenge_label(state, who, arg)
    if verb == "disarm":  # by its place, its kind unknown until it springs or is disarmed (line 96)
        idx = trap_at_place(state, arg)
        if idx is not None:
            return _("disarm the trap {place}").format(place=place_label(state, idx))
    if verb == "climb":
        return _("climb out of the pit: one red die")
    if verb in ("memorise", "forget") and who is not None:
        return choice_label(state, who, action)
    caster_at = hero_ref(arg)
    if verb == "flashback" and who is not None and caster_at is not None:
        caster = said(state.hero_of(caster_at).name)
        return _("{caster} casts Flashback: {hero} plays the turn again").format(
            caster=caster, hero=said(state.hero_of(who).name)
        )
    if verb == "end" and state.turn.done and who is not None:
        return _("end: let the turn stand")
    if verb == "end" and who is not None:
        return _("end the turn")
    if verb == "leave" and who is not None:
        stairs = exit_here(state, who) == "stairs"
        return _("leave the quest up the stairs") if stairs else _("leave the quest through the exit door")
    return action.replace(":", " ", 1)
