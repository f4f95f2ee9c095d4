"""The geometry of HeroQuest's drawn board, computed from a seat's public view only.

`quest_board(public, actions)` turns the heroes' knowledge (`systems/heroquest/views/seat_view.heroes_public`)
into what `templates/boards/heroquest-quest.html` draws: every square (its kind when the heroes have seen
its area, fog otherwise), the walls round the seen squares (the printed board's, which every player sees
on the table), the doors they know, furniture, stairs, found traps, fallen rock and the figures. Nothing
here reads a game state, so nothing the heroes have not seen can reach the page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from grognard.i18n import gettext as _
from grognard.i18n import pgettext
from grognard.systems.heroquest.content.board import Board, standard_board
from grognard.systems.heroquest.content.words import thing

CELL = 32
"""The side of one square in SVG units."""


def _xy(value: Any) -> tuple[int, int]:
    return int(value[0]), int(value[1])


def _printed(width: int, height: int) -> Board | None:
    board = standard_board()
    return board if (board.width, board.height) == (width, height) else None


def _wall_segment(a: tuple[int, int], b: tuple[int, int]) -> dict[str, int]:
    """The line on the side squares `a` and `b` share (b may lie off the board)."""
    (ax, ay), (bx, by) = a, b
    if ax == bx:
        y = max(ay, by) * CELL
        return {"x1": ax * CELL, "y1": y, "x2": (ax + 1) * CELL, "y2": y}
    x = max(ax, bx) * CELL
    return {"x1": x, "y1": ay * CELL, "x2": x, "y2": (ay + 1) * CELL}


def _walls(board: Board | None, kinds: Mapping[tuple[int, int], str], width: int, height: int) -> list[Any]:
    out = []
    for a in sorted(kinds):
        x, y = a
        for b in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            if b in kinds and b < a:
                continue
            on = 0 <= b[0] < width and 0 <= b[1] < height
            if not on:
                wall = True
            elif board is not None:
                wall = board.is_wall(a, b)
            else:
                wall = b not in kinds or not (kinds[a] == kinds[b] == "corridor")
            if wall:
                out.append(_wall_segment(a, b))
    return out


def place(x: int, y: int) -> str:
    """A square in words, for a screen reader and the board in words, numbered as the choices number it:
    "square 3,7" (across from 0 at the left, then down from 0 at the top)."""
    return _("square {square}").format(square=f"{x},{y}")


def _box(squares: Iterable[tuple[int, int]]) -> dict[str, int]:
    cells = list(squares)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return {
        "x": min(xs) * CELL + 3,
        "y": min(ys) * CELL + 3,
        "w": (max(xs) - min(xs) + 1) * CELL - 6,
        "h": (max(ys) - min(ys) + 1) * CELL - 6,
    }


def _door_targets(actions: Sequence[Any]) -> dict[str, str]:
    """Each openable door's id and the square whose click opens it (`x,y`)."""
    out = {}
    for a in actions:
        target = a.target
        if a.id.startswith("door:") and target is not None and target.square is not None:
            out[str(target.id)] = f"{target.square[0]},{target.square[1]}"
    return out


def _spell_picks(actions: Sequence[Any]) -> list[dict[str, Any]]:
    """The spells the seat may cast at a figure on the board: each spell's key, name and target count."""
    picks: dict[str, dict[str, Any]] = {}
    for a in actions:
        if a.target is None or not a.target.pick or a.target.square is None:
            continue
        key, name = a.target.pick, a.target.pick_name
        picks.setdefault(key, {"key": key, "name": name, "targets": 0})["targets"] += 1
    return list(picks.values())


def quest_board(
    public: Mapping[str, Any], actions: Sequence[Any] = (), private: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Everything the board template draws, in SVG units, from the public view and the seat's actions;
    with the game master's `private` knowledge, also every monster on the board and every trap, those
    the heroes have not seen marked `unseen`."""
    width = int(public["board"]["width"])
    height = int(public["board"]["height"])
    board = _printed(width, height)
    kinds: dict[tuple[int, int], str] = {}
    area_of: dict[tuple[int, int], str] = {}
    for area_id, area in public["areas"].items():
        for s in area["squares"]:
            kinds[_xy(s)] = str(area["kind"])
            area_of[_xy(s)] = str(area_id)
    blocked = {_xy(s) for s in [*public["rubble"], *public.get("blocked", [])]}
    squares = []
    for y in range(height):
        for x in range(width):
            kind = kinds.get((x, y), "fog")
            squares.append(
                {
                    "x": x,
                    "y": y,
                    "px": x * CELL,
                    "py": y * CELL,
                    "kind": "rubble" if (x, y) in blocked else kind,
                    "area": area_of.get((x, y), ""),
                }
            )
    targets = _door_targets(actions)
    doors = []
    for d in public["doors"]:
        a, b = _xy(d["between"][0]), _xy(d["between"][1])
        seg = _wall_segment(a, b)
        doors.append(
            {
                "id": d["id"],
                "state": d["state"],
                "said": door_said(str(d["state"])),
                "exit": d["exit"],
                "horizontal": seg["y1"] == seg["y2"],
                "cx": (seg["x1"] + seg["x2"]) // 2,
                "cy": (seg["y1"] + seg["y2"]) // 2,
                "target": targets.get(str(d["id"]), ""),
                "where": _("between {a} and {b}").format(a=place(*a), b=place(*b)),
            }
        )
    furniture = [
        {"id": f["id"], "kind": str(f["kind"]).replace("-", " "), "height": f["height"]}
        | _box(_xy(s) for s in f["squares"])
        | {"where": place(*min(_xy(s) for s in f["squares"]))}
        for f in public["furniture"]
        if f["squares"]
    ]

    def figure(f: Mapping[str, Any], mark: str) -> dict[str, Any]:
        x, y = _xy(f["at"])
        return {
            "mark": mark,
            "name": f["name"],
            "body": f["body"],
            "max_body": f["max_body"],
            "status": f.get("status", ""),
            "x": x,
            "y": y,
            "cx": x * CELL + CELL // 2,
            "cy": y * CELL + CELL // 2,
            "where": place(x, y),
        }

    heroes = [figure(h, str(h["number"])) for h in public["heroes"] if h["at"] is not None]
    seen = {str(m["id"]) for m in public["monsters"]}
    every = (private or {}).get("monsters") or public["monsters"]
    monsters = [
        figure(m, str(m["letter"])) | {"unseen": str(m["id"]) not in seen}
        for m in every
        if m["at"] is not None
    ]
    found = {_xy(s) for s in public["traps"]}
    traps = [
        {"px": x * CELL, "py": y * CELL, "unseen": False, "where": place(x, y)} for x, y in sorted(found)
    ]
    for t in (private or {}).get("traps") or []:
        if t["status"] == "hidden":
            traps += [
                {"px": x * CELL, "py": y * CELL, "unseen": True, "where": place(x, y)}
                for x, y in map(_xy, t["squares"])
            ]
    return {
        "cell": CELL,
        "width": width * CELL,
        "height": height * CELL,
        "squares": squares,
        "walls": _walls(board, kinds, width, height),
        "doors": doors,
        "furniture": furniture,
        "stairs": [
            {"px": x * CELL, "py": y * CELL, "where": place(x, y)} for x, y in map(_xy, public["stairs"])
        ],
        "traps": traps,
        "heroes": heroes,
        "monsters": monsters,
        "spells": _spell_picks(actions),
    }


def door_said(state: str) -> str:
    """A door's state in the reader's language ("closed", "open", "secret")."""
    return pgettext("door", state)


TEMPLATE_GLOBALS = {"heroquest_board": quest_board, "heroquest_thing": thing, "heroquest_door": door_said}
"""What HeroQuest's templates call: the drawn board, a thing's name and a door's state in the reader's
language."""
