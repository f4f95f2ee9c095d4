"""How Talisman is drawn at the terminal, from a seat's view (`systems.talisman.seat_view`): the board
round its four Regions with who stands where and what lies there, the Character Cards, the cards just
drawn with their text, every die, every Life, Gold, counter and alignment change, and where each bot
ended its turn. The board's layout is the catalogue's; everything else is the view's."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from grognard.cli.play_loop import Presenter
from grognard.cli.view_text import event_line
from grognard.engine.view import Event, SeatView
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.seat_view import card_data

REGIONS = (
    ("outer", "Outer Region"),
    ("middle", "Middle Region"),
    ("inner", "Inner Region"),
    ("crown", "Crown of Command"),
)


def _counted(names: Sequence[str]) -> str:
    return ", ".join(n + (f" x{k}" if k > 1 else "") for n, k in sorted(Counter(names).items()))


def _card_names(cards: Any) -> list[str]:
    return [str(c.get("name", c.get("id"))) if isinstance(c, dict) else str(c) for c in cards or []]


def _item_name(card: str) -> str:
    cat = catalog()
    if card in cat.characters:
        return cat.characters[card].name
    if card in cat.spells:
        return cat.spells[card].name
    try:
        return cat.item(card).name
    except KeyError:
        return card


def who(view: SeatView, seat: int | None, names: Mapping[int, str] | None = None) -> str:
    """ "Wizard (Seat 2)" (or "Seat 2" before a character is dealt); `names`: the character each seat
    had when the line happened, where it differs from the view's (a character killed and replaced)."""
    if seat is None:
        return "chance"
    heroes: Any = view.public.get("heroes", [])
    if names is not None and seat in names:
        name = names[seat]
    else:
        name = heroes[seat].get("character_name") if 0 <= seat < len(heroes) else ""
    return f"{name} (Seat {seat + 1})" if name else f"Seat {seat + 1}"


def seat_names(view: SeatView) -> dict[int, str]:
    """The character each seat plays in this view (none before one is dealt)."""
    heroes: Any = view.public.get("heroes", [])
    return {h["seat"]: str(h["character_name"]) for h in heroes if h.get("character_name")}


def board_lines(view: SeatView, width: int = 118) -> list[str]:
    """The board: each Region round its ring in two columns, every space with who stands there
    (*p0 Warrior*) and what lies there ([Bear, 2 Gold])."""
    public: Any = view.public
    cat = catalog()
    here: dict[str, list[str]] = {}
    for hero in public.get("heroes", []):
        if hero["character"] and not hero["out"]:
            toad = " (Toad)" if hero["toad"] else ""
            here.setdefault(hero["space"], []).append(
                f"*{hero['character_name']} ({hero['seat'] + 1}){toad}*"
            )
    lying: dict[str, Any] = public.get("spaces", {})
    lines = [f"Turn {public.get('turn')}: {who(view, public.get('current'))} to play"]
    column = width // 2
    for region, title in REGIONS:
        cells = []
        for k, space in enumerate(cat.rings[region]):
            parts = [f"{k:2} {cat.spaces[space].name:<15}", *here.get(space, [])]
            if space in lying:
                things = _counted(_card_names(lying[space]["cards"]))
                gold = f"{lying[space]['gold']} Gold" if lying[space]["gold"] else ""
                parts.append("[" + ", ".join(t for t in (things, gold) if t) + "]")
            cells.append(" ".join(parts).rstrip())
        lines.append(f"{title}:")
        half = (len(cells) + 1) // 2
        for k in range(half):
            left = cells[k]
            right = cells[k + half] if k + half < len(cells) else ""
            if right and len(left) < column - 2:
                lines.append(f"  {left:<{column - 2}}{right}".rstrip())
            else:
                lines += [f"  {left}"] + ([f"  {'':<{column - 2}}{right}"] if right else [])
    return lines


def card_lines(view: SeatView, seat: int) -> list[str]:
    """Seat `seat`'s Character Card as this view shows it (its Spells only to their holder)."""
    heroes: Any = view.public["heroes"]
    data: Any = heroes[seat]
    if data["out"]:
        return [f"{who(view, seat)}: out of the game"]
    if not data["character"]:
        return [f"{who(view, seat)}: no character (a new one is dealt next turn)"]
    lines = [
        f"{who(view, seat)} — {data['alignment']}, on the {data['space_name']}",
        f"  Strength {data['strength']} ({data['strength_counters']} counters)   "
        f"Craft {data['craft']} ({data['craft_counters']} counters)   "
        f"Lives {data['lives']}   Gold {data['gold']}",
    ]
    for key, title in (("objects", "Objects"), ("followers", "Followers"), ("trophies", "Enemies kept")):
        if data[key]:
            lines.append(f"  {title}: {_counted([_item_name(c) for c in data[key]])}")
    if seat == view.seat:
        spells = _card_names(view.private.get("spells"))
        lines.append(f"  Spells: {_counted(spells) or 'none'}")
        held: Any = view.private.get("spells", [])
        lines += [f"    {c['name']}: {c['text']}" for c in held if isinstance(c, dict)]
    else:
        lines.append(f"  Spells: {data['spell_count']} (secret)")
    if data["toad"]:
        lines.append(f"  A Toad for {data['toad']} more turn(s)")
    if data["lost_turns"]:
        lines.append(f"  Misses {data['lost_turns']} turn(s)")
    return lines


def drawn_lines(view: SeatView) -> list[str]:
    """The cards just drawn for an encounter, each with its text."""
    drawn: Any = view.public.get("drawn") or []
    return [f"  Drawn: {c['name']}" + (f" — {c['text']}" if c.get("text") else "") for c in drawn]


class TalismanPresenter(Presenter):
    """Talisman at one keyboard: `kinds` says who sits at each seat (human, heuristic, random)."""

    def __init__(
        self, kinds: Sequence[str], width: int = 118, game_id: str | None = None, cap: int | None = None
    ) -> None:
        self.kinds = list(kinds)
        self.width = width
        self.game_id = game_id
        self.cap = cap
        self.last_seat = -1
        self.spaces: dict[int, str] = {}
        self.names: dict[int, str] = {}
        """The character each seat had at the last line shown (a line keeps the name it had then)."""

    def start(self, view: SeatView) -> list[str]:
        """The seats and the board."""
        said = {
            "human": "a player here",
            "heuristic": "a bot",
            "random": "a bot playing at random",
            "search": "a bot that looks ahead",
        }
        names = [f"{who(view, i)} ({said.get(k, k)})" for i, k in enumerate(self.kinds)]
        heroes: Any = view.public.get("heroes", [])
        self.spaces = {h["seat"]: h["space_name"] for h in heroes if h["space_name"]}
        self.names = seat_names(view)
        return [f"Game {self.game_id}: " + ", ".join(names), *board_lines(view, self.width)]

    def before(self, view: SeatView, last: SeatView | None) -> list[str]:
        """This seat's card when its turn comes round, and the cards just drawn with their text."""
        public: Any = view.public
        seat = view.seat if view.seat is not None else 0
        lines: list[str] = []
        if last is None or last.public.get("turn") != public.get("turn") or seat != self.last_seat:
            lines += card_lines(view, seat)
        if public.get("drawn") and (last is None or last.public.get("drawn") != public.get("drawn")):
            lines += drawn_lines(view)
        if view.odds is not None and view.odds.note:
            lines.append(f"  Combat: {view.odds.note}")
        return lines

    def heading(self, view: SeatView, seat: int, humans: int) -> list[str]:
        """In a hot-seat game, whose turn it is before their secrets are shown."""
        changed = seat != self.last_seat
        self.last_seat = seat
        if humans > 1 and changed:
            return ["", f"=== {who(view, seat)}: your decision (the others look away) ==="]
        return []

    def prompt(self, view: SeatView, seat: int) -> str:
        """The seat's prompt: its character's name."""
        return who(view, seat)

    def board(self, view: SeatView) -> list[str]:
        """`m`: the board."""
        return board_lines(view, self.width)

    def sheet(self, view: SeatView) -> list[str]:
        """`s`: every Character Card, this seat's Spells with their text."""
        heroes: Any = view.public.get("heroes", [])
        count = len(heroes)
        return [line for i in range(count) for line in card_lines(view, i)] + drawn_lines(view)

    def roll_line(self, roll: Event, why: Event | None, view: SeatView) -> str:
        """A chance move: whose throw or draw, what for, every die, what came of it (a Spell drawn by
        another seat stays secret, 9:2)."""
        v = why.values if why is not None else {}
        subject = who(view, why.who, self.names) if why is not None else "chance"
        words = str(v.get("words", "throws"))
        if v.get("task") == "first":
            first = str(roll.values.get("outcome"))
            return f"  {who(view, int(first), self.names) if first.isdigit() else first} has the first turn"
        if roll.values.get("hidden"):
            return f"  {subject} {words}"
        outcome = str(roll.values.get("outcome"))
        dice = self.named("; ".join(d.text for d in roll.dice), view, short=True)
        if v.get("task") == "fight_roll" and len(roll.dice) == 2:
            mine, theirs = v.get("mine"), v.get("theirs")
            a, b = roll.dice[0].total, roll.dice[1].total
            if isinstance(mine, int) and isinstance(theirs, int):
                return (
                    f"  {subject} {mine} + die {a} = {mine + a} against {v.get('foe')} {theirs} + die {b} = "
                    f"{theirs + b}: {outcome}"
                )
        if v.get("task") in ("draw", "deal", "draw_spell"):
            if outcome == "none":
                return f"  {subject} {words}: nothing (none left)"
            text = card_data(outcome).get("text")
            return f"  {subject} {words}: {_item_name(outcome)}" + (f" — {text}" if text else "")
        if v.get("task") == "fx_roll":  # what the roll did is the rules' note that follows it
            if outcome == "none":
                return f"  {subject} {words}: {dice}: nothing happens" if dice else f"  {subject} {words}"
            return f"  {subject} {words}: {dice}" if dice else f"  {subject} {words}"
        return f"  {subject} {words}: {dice} -> {outcome}" if dice else f"  {subject} {words}: {outcome}"

    def ended(self, view: SeatView, seat: int) -> str:
        """Where a bot ended its turn."""
        return f"  {who(view, seat, self.names)} (bot) ends on the {self.spaces.get(seat, '?')}"

    def events(self, events: Sequence[Event], view: SeatView) -> list[str]:
        """Every move with its dice, every change, the rules' notes, and where each bot ended its turn."""
        lines: list[str] = []
        acting = -1
        for k, e in enumerate(events):
            after = events[k + 1] if k + 1 < len(events) else None
            why = after if e.kind == "roll" and after is not None and after.kind == "chance" else None
            starts = why is not None and why.values.get("task") == "move_roll"
            mover = e.who if e.kind == "action" else (why.who if why is not None and starts else None)
            if mover is not None and mover != acting:
                if self.is_bot(acting):
                    lines.append(self.ended(view, acting))
                acting = mover
            if e.kind == "action":
                seat = e.who if e.who is not None else -1
                if e.values.get("hidden"):
                    lines.append(f"  {who(view, seat, self.names)}: discards a Spell")
                    continue
                said = e.values.get("label") or e.values.get("action")
                lines.append(
                    f"  {who(view, seat, self.names)}: {said}" + (" (bot)" if self.is_bot(seat) else "")
                )
            elif e.kind == "roll":
                dealt = why is not None and why.values.get("task") == "deal" and why.who is not None
                if dealt and why is not None and why.who is not None:
                    self.names[why.who] = ""  # "Seat 4 is dealt: Thief", then the Thief's lines
                lines.append(self.roll_line(e, why, view))
                if dealt and why is not None and why.who is not None:
                    self.names[why.who] = _item_name(str(e.values.get("outcome")))
            elif e.kind == "change":
                v = e.values
                lines.append(
                    f"    {who(view, e.who, self.names)}: {v.get('what')} {v.get('from')} -> {v.get('to')}"
                )
            elif e.kind == "place" and e.who is not None:
                self.spaces[e.who] = str(e.values.get("name"))
            elif e.kind == "log":
                lines.append("    " + self.named(str(e.values.get("text", "")), view))
            elif e.kind != "chance":
                lines.append(event_line(e))
        if self.is_bot(acting):
            lines.append(self.ended(view, acting))
        self.names = seat_names(view)
        return lines

    def named(self, text: str, view: SeatView, short: bool = False) -> str:
        """The rules' "pN" in a note said as the seat ("p3 dies" -> "Minstrel (Seat 4) dies"), or with
        `short`, in a die's name, as the character alone ("1d6 (p0)" -> "1d6 (Warrior)")."""

        def said(m: re.Match[str]) -> str:
            full = who(view, int(m[1]), self.names)
            return full.split(" (Seat ")[0] if short and " (Seat " in full else full

        return re.sub(r"\bp(\d)\b", said, text)

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays `seat`."""
        return 0 <= seat < len(self.kinds) and self.kinds[seat] != "human"

    def ending(self, view: SeatView, last: SeatView | None = None) -> list[str]:
        """The board as the game ended (who won and each character's end follow: `FrontEnd.ending`)."""
        return board_lines(view, self.width)
