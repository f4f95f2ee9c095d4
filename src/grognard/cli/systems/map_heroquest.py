"""How a HeroQuest quest is drawn at the terminal, from a seat's view (`systems.heroquest.views.seat_view`).

The map shows what the heroes know, cropped to the part they have seen: each square is one character
(`.` floor, `_` low and `=` tall furniture, `>` stairs, `^` a trap found, `*` fallen rock, `#` blocked,
`1`-`9` the heroes, `a`-`z` the monsters in sight, a capital for a prisoner) and each edge between two
squares one more: `|` and `-` walls, `D` a closed door, `d` an open one. It is redrawn whenever it
changed since it was last shown: after each move and after the game master's turn. The heroes are
numbered 1, 2, ... here as on the map and in the status lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from grognard.cli.play_loop import Presenter
from grognard.cli.view_text import event_line
from grognard.engine.view import DiceView, Event, SeatView
from grognard.i18n import N_, SOURCE, current, pgettext
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.words import thing
from grognard.systems.heroquest.views.event_text import view_sentence
from grognard.systems.heroquest.views.seat_view import quest_roll

Square = tuple[int, int]

LEGEND = (
    N_("  . floor  _ low / = tall furniture  > stairs  ^ trap found  * rock fall  # blocked"),
    N_("  | - walls  D closed / d open door  1-9 heroes  a-z monsters (A-Z a prisoner)"),
)
"""The map's legend, a line each (said in the reader's language where it is shown)."""
_HERO_WORD = re.compile(r"\bhero (\d+)\b")


def _sq(value: Any) -> Square:
    return (int(value[0]), int(value[1]))


def _cells(public: Any) -> tuple[dict[Square, str], dict[Square, str]]:
    """Each seen square's area, and the character it is drawn with."""
    area_of: dict[Square, str] = {}
    for area_id, area in public.get("areas", {}).items():
        for s in area["squares"]:
            area_of[_sq(s)] = area_id
    mark: dict[Square, str] = {s: "." for s in area_of}
    for f in public.get("furniture", []):
        for s in f["squares"]:
            mark[_sq(s)] = "=" if f.get("height") == "tall" else "_"
    for s in public.get("stairs", []):
        mark[_sq(s)] = ">"
    for s in public.get("blocked", []):
        mark[_sq(s)] = "#"
    for s in public.get("traps", []):
        mark[_sq(s)] = "^"
    for s in public.get("rubble", []):
        mark[_sq(s)] = "*"
    for m in public.get("monsters", []):
        if m.get("at") is not None:
            letter = str(m.get("letter", "?"))
            mark[_sq(m["at"])] = letter.upper() if m.get("status") == "prisoner" else letter
    for h in public.get("heroes", []):
        if h.get("at") is not None:
            mark[_sq(h["at"])] = str(h["number"])
    return area_of, mark


def map_lines(view: SeatView) -> list[str]:
    """The quest's map as the heroes know it, with walls, doors, furniture, found traps and figures."""
    public: Any = view.public
    area_of, mark = _cells(public)
    if not area_of:
        return [_("(nothing seen yet)")]
    kinds = {a: v.get("kind", "") for a, v in public.get("areas", {}).items()}
    doors: dict[frozenset[Square], str] = {}
    for d in public.get("doors", []):
        a, b = (_sq(s) for s in d["between"])
        doors[frozenset((a, b))] = "D" if d["state"] in ("closed", "locked") else "d"
    x0 = min(x for x, _ in area_of)
    x1 = max(x for x, _ in area_of)
    y0 = min(y for _, y in area_of)
    y1 = max(y for _, y in area_of)

    def edge(a: Square, b: Square, wall: str) -> str:
        door = doors.get(frozenset((a, b)))
        if door is not None:
            return door
        one, two = area_of.get(a), area_of.get(b)
        if one is None and two is None:
            return " "
        if one == two or (
            one is not None and two is not None and kinds.get(one) == kinds.get(two) == "corridor"
        ):
            return " "
        return wall

    def corner(x: int, y: int) -> str:
        """The corner above-left of square (x, y)."""
        around = [
            edge((x - 1, y - 1), (x - 1, y), "-"),
            edge((x, y - 1), (x, y), "-"),
            edge((x - 1, y - 1), (x, y - 1), "|"),
            edge((x - 1, y), (x, y), "|"),
        ]
        return "+" if any(c != " " for c in around) else " "

    xs = range(x0, x1 + 1)
    tens = "".join(f" {x // 10 if x >= 10 else ' '}" for x in xs)
    units = "".join(f" {x % 10}" for x in xs)
    lines = [f"    {tens}".rstrip(), f"    {units}"]
    for y in range(y0, y1 + 1):
        top = "".join(corner(x, y) + edge((x, y - 1), (x, y), "-") for x in xs) + corner(x1 + 1, y)
        row = "".join(edge((x - 1, y), (x, y), "|") + mark.get((x, y), " ") for x in xs)
        row += edge((x1, y), (x1 + 1, y), "|")
        lines.append(f"    {top}".rstrip())
        lines.append(f"{y:3} {row}".rstrip())
    bottom = "".join(corner(x, y1 + 1) + edge((x, y1), (x, y1 + 1), "-") for x in xs) + corner(x1 + 1, y1 + 1)
    lines.append(f"    {bottom}".rstrip())
    return lines


def status_lines(view: SeatView) -> list[str]:
    """The heroes by their number, the monsters in sight, the traps found, the doors seen, the goal."""
    public: Any = view.public
    lines = []
    for h in public.get("heroes", []):
        at = h.get("at")
        where = _("at {square}").format(square=f"{at[0]},{at[1]}") if at is not None else _(h["status"])
        effects = f" [{', '.join(h['effects'])}]" if h.get("effects") else ""
        said = _(
            "{number} {name}: Body {body}/{max_body} Mind {mind} Magic {magic} attack {attack}"
            " defend {defend} gold {gold} {where}{effects}"
        )
        lines.append(said.format_map(h | {"where": where, "effects": effects}))
    for m in public.get("monsters", []):
        at = (
            " " + _("at {square}").format(square=f"{m['at'][0]},{m['at'][1]}")
            if m.get("at") is not None
            else ""
        )
        prisoner = " " + _("(prisoner)") if m.get("status") == "prisoner" else ""
        body = _("Body {body}/{max_body}").format(body=m["body"], max_body=m["max_body"])
        lines.append(f"{m['letter']} {m['name']}: {body}{at}{prisoner}")
    for s in public.get("traps", []):
        lines.append(_("trap found at {square}").format(square=f"{s[0]},{s[1]}"))
    for d in public.get("doors", []):
        (ax, ay), (bx, by) = d["between"]
        door = _("door {id}: {state} between {a} and {b}")
        lines.append(
            door.format(id=d["id"], state=pgettext("door", d["state"]), a=f"{ax},{ay}", b=f"{bx},{by}")
        )
    lines.append(goal_line(public))
    return lines


def goal_line(public: Any) -> str:
    """The quest's goal and round: "Goal: Kill Grak. Round 3."."""
    return _("Goal: {goal}. Round {round}.").format(goal=public.get("goal"), round=public.get("round"))


SHEET_LISTS = (
    ("equipped", N_("Equipped")),
    ("equipment", N_("Gear")),
    ("items", N_("Items")),
    ("spells", N_("Spells")),
    ("effects", N_("Effects")),
)
"""The lists of a hero's sheet at the terminal, by the view's key, each with its title."""


def hero_numbers(text: str, view: SeatView) -> str:
    """A line of the rules' log with each "hero N" (counted from 0) said as the map numbers it, by name."""
    heroes: Any = view.public.get("heroes", [])

    def named(found: re.Match[str]) -> str:
        i = int(found.group(1))
        return f"{heroes[i]['number']} {heroes[i]['name']}" if 0 <= i < len(heroes) else found.group(0)

    return _HERO_WORD.sub(named, text)


class QuestPresenter(Presenter):
    """A quest at the keyboard: the heroes (seat 0) and the game master (seat 1)."""

    def __init__(self) -> None:
        self.drawn: list[str] = []

    def drawing(self, view: SeatView) -> list[str]:
        """The map, the legend and the status lines."""
        return [*map_lines(view), *status_lines(view)]

    def start(self, view: SeatView) -> list[str]:
        """The quest's title and its map."""
        self.drawn = self.drawing(view)
        return [f"{view.public.get('quest')}", *map_lines(view), *map(_, LEGEND), *status_lines(view)]

    def before(self, view: SeatView, last: SeatView | None) -> list[str]:
        """The map again whenever it changed since it was drawn (after a move, after the game master)."""
        drawing = self.drawing(view)
        if drawing == self.drawn:
            return []
        self.drawn = drawing
        return drawing

    def heading(self, view: SeatView, seat: int, humans: int) -> list[str]:
        """Who decides: the game master, a hero by the number the map shows, or the heroes' order."""
        public: Any = view.public
        if seat == 1:
            return [_("Game master")]
        if public.get("gm_turn"):
            return [_("Heroes (in the game master's turn)")]
        number = public.get("current")
        heroes = public.get("heroes", [])
        if isinstance(number, int) and 0 < number <= len(heroes):
            return [f"{number} {heroes[number - 1]['name']}"]
        return [_("Heroes")]

    def prompt(self, view: SeatView, seat: int) -> str:
        """The prompt."""
        return _("Game master") if seat == 1 else _("Your choice")

    def board(self, view: SeatView) -> list[str]:
        """`m`: the map with its legend, always."""
        self.drawn = self.drawing(view)
        return [*map_lines(view), *map(_, LEGEND), *status_lines(view)]

    def sheet(self, view: SeatView) -> list[str]:
        """`s`: each hero's sheet: Body, Mind, dice, gear, spells, effects."""
        public: Any = view.public
        lines = []
        for h in public.get("heroes", []):
            said = _(
                "{number} {name} ({status}): Body {body}/{max_body}, Mind {mind}/{max_mind}, Magic {magic},"
                " attack {attack} dice, defend {defend} dice, gold {gold}"
            )
            lines.append(said.format_map(h | {"status": _(h["status"])}))
            for key, title in SHEET_LISTS:
                if h.get(key):
                    names = key == "spells" and h.get("spell_names") and current() != SOURCE
                    shown = h["spell_names"] if names else h[key]  # English keeps the keys it showed
                    words = ", ".join(thing(str(w)) for w in shown)
                    lines.append(f"    {_(title)}: {words}")
        lines += [
            f"{m['letter']} {m['name']}: "
            + _("Body {body}/{max_body}").format(body=m["body"], max_body=m["max_body"])
            for m in public.get("monsters", [])
        ]
        lines.append(goal_line(public))
        if view.private:
            lines.append(_("Game master only:"))
            every: Any = view.private.get("monsters", [])
            lines += [
                f"  {m['letter']} {m['name']} ({m['id']}): "
                + _("Body {body}/{max_body} at {at}").format(
                    body=m["body"], max_body=m["max_body"], at=m["at"]
                )
                for m in every
            ]
        return lines

    def events(self, events: Sequence[Event], view: SeatView) -> list[str]:
        """Every die (an attack's skulls, a defence's blocking shields) and what the rules say came of it."""
        lines = []
        for k, e in enumerate(events):
            after = events[k + 1] if k + 1 < len(events) else None
            if view_sentence(e.values):
                lines.append("  " + hero_numbers(view_sentence(e.values), view))
            elif e.kind == "roll" and not e.values.get("hidden"):
                if after is not None and after.kind == "combat" and e.dice:
                    lines += combat_lines(e, after)
                else:
                    lines += ["  " + hero_numbers(_roll_text(d, view), view) + _counted(d) for d in e.dice]
            elif e.kind == "action" and e.who != view.seat and not e.values.get("hidden"):
                who = _("Game master") if e.who == 1 else _("Heroes")
                lines.append(f"  {who}: {e.values.get('label') or e.values.get('action')}")
            elif e.kind not in ("action", "roll", "combat"):
                lines.append(event_line(e))
        return lines

    def ending(self, view: SeatView, last: SeatView | None = None) -> list[str]:
        """The map as the quest ended (how it ended and the heroes' ends follow: `FrontEnd.ending`)."""
        return self.drawing(view)


def _roll_text(d: DiceView, view: SeatView) -> str:
    """A roll's words with its expression in the reader's language ("Bárbaro humano: 2 dados rojos")."""
    if not d.text.startswith(d.expression):
        return d.text
    return quest_roll(d.expression, view.public) + d.text[len(d.expression) :]


def _faces(d: DiceView) -> str:
    return ", ".join(_(f.face) if f.face else str(f.value) for f in d.dice if f.kept)


def _counted(d: DiceView) -> str:
    """The faces of a throw of combat dice, counted (other dice: nothing)."""
    faces = [f.face for f in d.dice if f.face and f.kept]
    if not faces:
        return ""
    counts = {name: faces.count(name) for name in dict.fromkeys(faces)}
    return "  (" + ", ".join(_many(n, name) for name, n in counts.items()) + ")"


def combat_lines(roll: Event, combat: Event) -> list[str]:
    """An attack and its defence: the attacker's skulls, then the defender's blocking shields (white for
    a hero, black for a monster), each die shown."""
    v = combat.values
    attack = roll.dice[0]
    skulls = sum(1 for f in attack.dice if f.kept and f.face == "skull")
    said = _("{attacker} attacks {defender}: [{faces}] = {count}")
    lines = [
        "  "
        + said.format(
            attacker=v.get("attacker"),
            defender=v.get("defender"),
            faces=_faces(attack),
            count=_many(skulls, "skull"),
        )
    ]
    if len(roll.dice) > 1:
        defend = roll.dice[1]
        blocks = sum(1 for f in defend.dice if f.kept and f.face == v.get("blocks"))
        said = _("{defender} defends: [{faces}] = {count}")
        count = _many(blocks, str(v.get("blocks")))
        lines.append("  " + said.format(defender=v.get("defender"), faces=_faces(defend), count=count))
    return lines


def _many(n: int, face: str) -> str:
    """A count of a die's faces ("2 skulls", "1 white shield"), in the reader's language."""
    return f"{n} {_(face if n == 1 else face + 's')}"
