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
from grognard.i18n import N_, gettext, ngettext
from grognard.i18n import gettext as _
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.seat_view import card_data
from grognard.systems.talisman.words import chance_said, name_of, outcome_said, said, said_name

REGIONS = (
    ("outer", N_("Outer Region")),
    ("middle", N_("Middle Region")),
    ("inner", N_("Inner Region")),
    ("crown", N_("Crown of Command")),
)


def _counted(names: Sequence[str]) -> str:
    return ", ".join(n + (f" x{k}" if k > 1 else "") for n, k in sorted(Counter(names).items()))


def _card_names(cards: Any) -> list[str]:
    return [str(c.get("name", c.get("id"))) if isinstance(c, dict) else str(c) for c in cards or []]


def _item_name(card: str) -> str:
    return said(card)


def who(view: SeatView, seat: int | None, names: Mapping[int, str] | None = None) -> str:
    """ "Wizard (Seat 2)" (or "Seat 2" before a character is dealt); `names`: the character each seat
    had when the line happened, where it differs from the view's (a character killed and replaced)."""
    if seat is None:
        return _("chance")
    heroes: Any = view.public.get("heroes", [])
    if names is not None and seat in names:
        name = names[seat]
    else:
        name = heroes[seat].get("character_name") if 0 <= seat < len(heroes) else ""
    if name:
        return _("{character} (Seat {number})").format(character=gettext(name), number=seat + 1)
    return _("Seat {number}").format(number=seat + 1)


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
            toad = " " + _("(Toad)") if hero["toad"] else ""
            here.setdefault(hero["space"], []).append(
                f"*{gettext(hero['character_name'])} ({hero['seat'] + 1}){toad}*"
            )
    lying: dict[str, Any] = public.get("spaces", {})
    lines = [
        _("Turn {number}: {player} to play").format(
            number=public.get("turn"), player=who(view, public.get("current"))
        )
    ]
    column = width // 2
    for region, title in REGIONS:
        cells = []
        for k, space in enumerate(cat.rings[region]):
            parts = [f"{k:2} {said(space):<15}", *here.get(space, [])]
            if space in lying:
                things = _counted(_card_names(lying[space]["cards"]))
                gold = _("{number} Gold").format(number=lying[space]["gold"]) if lying[space]["gold"] else ""
                parts.append("[" + ", ".join(t for t in (things, gold) if t) + "]")
            cells.append(" ".join(parts).rstrip())
        lines.append(f"{gettext(title)}:")
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
        return [_("{player}: out of the game").format(player=who(view, seat))]
    if not data["character"]:
        return [_("{player}: no character (a new one is dealt next turn)").format(player=who(view, seat))]
    lines = [
        _("{player} — {alignment}, on the {space}").format(
            player=who(view, seat),
            alignment=gettext(str(data["alignment"]).capitalize()).lower(),
            space=data["space_name"],
        ),
        "  "
        + _(
            "Strength {strength} ({strength_counters} counters)   Craft {craft} ({craft_counters} counters)"
            "   Lives {lives}   Gold {gold}"
        ).format(
            **{
                k: data[k]
                for k in ("strength", "strength_counters", "craft", "craft_counters", "lives", "gold")
            }
        ),
    ]
    for key, title in (
        ("objects", N_("Objects")),
        ("followers", N_("Followers")),
        ("trophies", N_("Enemies kept")),
    ):
        if data[key]:
            lines.append(f"  {gettext(title)}: {_counted([_item_name(c) for c in data[key]])}")
    if seat == view.seat:
        spells = _card_names(view.private.get("spells"))
        lines.append("  " + _("Spells: {spells}").format(spells=_counted(spells) or _("none")))
        held: Any = view.private.get("spells", [])
        lines += [f"    {c['name']}: {c['text']}" for c in held if isinstance(c, dict)]
    else:
        lines.append("  " + _("Spells: {number} (secret)").format(number=data["spell_count"]))
    if data["toad"]:
        toad = ngettext("A Toad for {count} more turn", "A Toad for {count} more turns", data["toad"])
        lines.append("  " + toad.format(count=data["toad"]))
    if data["lost_turns"]:
        lost = ngettext("Misses {count} turn", "Misses {count} turns", data["lost_turns"])
        lines.append("  " + lost.format(count=data["lost_turns"]))
    return lines


def drawn_lines(view: SeatView) -> list[str]:
    """The cards just drawn for an encounter, each with its text."""
    drawn: Any = view.public.get("drawn") or []
    return [
        "  " + _("Drawn: {card}").format(card=c["name"]) + (f" — {c['text']}" if c.get("text") else "")
        for c in drawn
    ]


KIND_WORDS = {
    "human": N_("a player here"),
    "heuristic": N_("a bot"),
    "random": N_("a bot playing at random"),
    "search": N_("a bot that looks ahead"),
}
"""Who plays a seat, as the game's first line says it."""


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
        names = [f"{who(view, i)} ({gettext(KIND_WORDS.get(k, k))})" for i, k in enumerate(self.kinds)]
        heroes: Any = view.public.get("heroes", [])
        self.spaces = {h["seat"]: h["space_name"] for h in heroes if h["space_name"]}
        self.names = seat_names(view)
        game = _("Game {id}: {seats}").format(id=self.game_id, seats=", ".join(names))
        return [game, *board_lines(view, self.width)]

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
            lines.append("  " + _("Combat: {odds}").format(odds=view.odds.note))
        return lines

    def heading(self, view: SeatView, seat: int, humans: int) -> list[str]:
        """In a hot-seat game, whose turn it is before their secrets are shown."""
        changed = seat != self.last_seat
        self.last_seat = seat
        if humans > 1 and changed:
            said_ = _("{player}: your decision (the others look away)").format(player=who(view, seat))
            return ["", f"=== {said_} ==="]
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
        subject = who(view, why.who, self.names) if why is not None else _("chance")
        task = str(v.get("task", ""))
        words = chance_said(task, subject)
        if task == "first":
            first = str(roll.values.get("outcome"))
            player = who(view, int(first), self.names) if first.isdigit() else first
            return "  " + _("{who} has the first turn").format(who=player)
        if roll.values.get("hidden"):
            return f"  {words}"
        outcome = str(roll.values.get("outcome"))
        dice = self.named("; ".join(d.text for d in roll.dice), view, short=True)
        if task == "fight_roll" and len(roll.dice) == 2:
            mine, theirs = v.get("mine"), v.get("theirs")
            a, b = roll.dice[0].total, roll.dice[1].total
            if isinstance(mine, int) and isinstance(theirs, int):
                said_ = _(
                    "{who} {mine} + die {a} = {mine_total} against {foe} {theirs} + die {b} = {theirs_total}"
                )
                line = said_.format(
                    who=subject,
                    mine=mine,
                    a=a,
                    mine_total=mine + a,
                    foe=v.get("foe"),
                    theirs=theirs,
                    b=b,
                    theirs_total=theirs + b,
                )
                return f"  {line}: {outcome_said(outcome)}"
        if task in ("draw", "deal", "draw_spell"):
            if outcome == "none":
                return "  " + _("{what}: nothing (none left)").format(what=words)
            text = card_data(outcome).get("text")
            return f"  {words}: {_item_name(outcome)}" + (f" — {text}" if text else "")
        if task == "fx_roll":  # what the roll did is the rules' note that follows it
            if outcome == "none":
                return (
                    "  " + _("{what}: {dice}: nothing happens").format(what=words, dice=dice)
                    if dice
                    else f"  {words}"
                )
            return f"  {words}: {dice}" if dice else f"  {words}"
        if dice:
            return f"  {words}: {dice} -> {outcome_said(outcome)}"
        return f"  {words}: {outcome_said(outcome)}"

    def ended(self, view: SeatView, seat: int) -> str:
        """Where a bot ended its turn."""
        return "  " + _("{player} (bot) ends on the {space}").format(
            player=who(view, seat, self.names), space=self.spaces.get(seat, "?")
        )

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
                    lines.append(
                        "  " + _("{player}: discards a Spell").format(player=who(view, seat, self.names))
                    )
                    continue
                said = e.values.get("label") or e.values.get("action")
                lines.append(
                    f"  {who(view, seat, self.names)}: {said}"
                    + (" " + _("(bot)") if self.is_bot(seat) else "")
                )
            elif e.kind == "roll":
                dealt = why is not None and why.values.get("task") == "deal" and why.who is not None
                if dealt and why is not None and why.who is not None:
                    self.names[why.who] = ""  # "Seat 4 is dealt: Thief", then the Thief's lines
                lines.append(self.roll_line(e, why, view))
                if dealt and why is not None and why.who is not None:
                    self.names[why.who] = name_of(str(e.values.get("outcome")))
            elif e.kind == "change":
                v = e.values
                what, old, new = str(v.get("what")), v.get("from"), v.get("to")
                if what == "alignment":
                    what, old, new = (
                        "Alignment",
                        gettext(str(old).capitalize()),
                        gettext(str(new).capitalize()),
                    )
                lines.append(f"    {who(view, e.who, self.names)}: {gettext(what)} {old} -> {new}")
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
        `short`, in a die's name, as the character alone ("1d6 (p0)" -> "1d6 (Warrior)", a creature's
        name in the reader's language)."""

        def seat(m: re.Match[str]) -> str:
            full = who(view, int(m[1]), self.names)
            return full.split(" (")[0] if short and " (" in full else full

        if short:
            text = re.sub(r"\(([^()]*)\)", lambda m: f"({said_name(m[1])})", text)
        return re.sub(r"\bp(\d)\b", seat, text)

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays `seat`."""
        return 0 <= seat < len(self.kinds) and self.kinds[seat] != "human"

    def ending(self, view: SeatView, last: SeatView | None = None) -> list[str]:
        """The board as the game ended (who won and each character's end follow: `FrontEnd.ending`)."""
        return board_lines(view, self.width)
