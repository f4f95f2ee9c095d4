"""A bar chart of win shares per character, as SVG, from the JSON of `grognard talisman simulate --json`.

    grognard talisman simulate --players 4 --games 100000 --cluster tcp://HOST:8786 --json > wins.json
    python -m benchmarks.win_chart wins.json wins.svg

A character's share is its wins over all the games' wins (a game has one winner, or none when it stops
unfinished). The chart is plain SVG written here (no plotting library): one bar per character of the game
(a character who never won has an empty bar), longest first, with its share and its count; a dashed line
at the fair share (one win in as many as there are characters); the run's games, players, bots and seed
in the title.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from grognard.systems.talisman.catalog import catalog

BAR = 18
"""Height of a bar, in pixels."""
GAP = 6
"""Space between bars."""
LABEL = 110
"""Width of the characters' names column."""
WIDTH = 640
"""Width of the whole chart."""
TOP = 54
"""Height of the title area."""


def shares(wins: Mapping[str, int]) -> list[tuple[str, int, float]]:
    """(character, wins, share of all wins) for every character, most wins first (ties by name)."""
    total = sum(wins.values())
    if total <= 0:
        raise ValueError("no game was won: nothing to chart")
    return [(name, n, n / total) for name, n in sorted(wins.items(), key=lambda kv: (-kv[1], kv[0]))]


def chart_svg(data: Mapping[str, Any], characters: Sequence[str] | None = None) -> str:
    """The SVG chart of `data`, the JSON object `talisman simulate --json` prints; `characters` (default:
    the game's) get a bar each, a character `data` does not name having won nothing."""
    names = list(catalog().characters) if characters is None else list(characters)
    wins = {name: 0 for name in names} | {str(k): int(v) for k, v in data["wins"].items()}
    rows = shares(wins)
    top_share = max(rows[0][2], 1 / len(rows))
    room = WIDTH - LABEL - 125
    height = TOP + len(rows) * (BAR + GAP) + 24
    bots = ", ".join(sorted(set(data.get("bots", []))))
    title = f"Talisman: share of wins per character, {data['games']:,} games"
    subtitle = (
        f"{data.get('players', '?')} players, {bots or '?'} bots, seed {data.get('seed', '?')}; "
        f"{data.get('unfinished', 0):,} unfinished, {sum(n for _, n, _ in rows):,} wins"
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
        f'<text x="10" y="22" font-size="16" font-weight="bold">{escape(title)}</text>',
        f'<text x="10" y="42" fill="#444">{escape(subtitle)}</text>',
    ]
    fair_x = LABEL + room / len(rows) / top_share
    bottom = TOP + len(rows) * (BAR + GAP)
    parts += [
        f'<line x1="{fair_x:.1f}" y1="{TOP - 6}" x2="{fair_x:.1f}" y2="{bottom}" stroke="#b03030" '
        'stroke-width="1.5" stroke-dasharray="5,4"/>',
        f'<text x="{fair_x:.1f}" y="{bottom + 16}" text-anchor="middle" fill="#b03030">'
        f"fair share {1 / len(rows):.1%}</text>",
    ]
    for i, (name, n, share) in enumerate(rows):
        y = TOP + i * (BAR + GAP)
        width = room * share / top_share
        parts += [
            f'<text x="{LABEL - 8}" y="{y + BAR - 4}" text-anchor="end">{escape(name)}</text>',
            f'<rect x="{LABEL}" y="{y}" width="{width:.1f}" height="{BAR}" fill="#4a6fa5"/>',
            f'<text x="{LABEL + width + 6:.1f}" y="{y + BAR - 4}" stroke="white" stroke-width="4" '
            f'paint-order="stroke">{share:.1%} ({n:,})</text>',
        ]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: Sequence[str]) -> int:
    """`win_chart RESULTS.json OUT.svg`: write the chart; 2 with one line on bad input."""
    if len(argv) != 2:
        print("usage: python -m benchmarks.win_chart RESULTS.json OUT.svg", file=sys.stderr)
        return 2
    try:
        data = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
        svg = chart_svg(data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        print(f"win_chart: {argv[0]}: not the JSON of talisman simulate --json ({e})", file=sys.stderr)
        return 2
    Path(argv[1]).write_text(svg, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
