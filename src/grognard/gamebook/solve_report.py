"""An author's report on a solved book (`grognard ff check --odds`): is the book fair, where do readers die?

Read off a `solve.BookSolution`:

- the chance of each ending, under the best play and with every choice taken at random (`Ending`);
- the deadliest fights: of the readers who begin a section's fight (choosing at random elsewhere, fights
  played best), the share killed in it, and the share of all readers it kills (`Danger`);
- the deadliest sections: the share of all readers whose adventure ends in death at each section, choosing
  at random and with the best play (`Danger`);
- the sections reachable only through rolls below `RARE` (1%): a reader choosing everything (fights
  included) to get there still comes there less often (`Rare`);
- the choices that can never matter: sections where, whatever the reader holds and has done, every
  choice leaves the same chance to finish (`Pointless`);
- a flag when the best play wins less than `RARE` or more than 1 - `RARE` of the time.

Chances are floats here (exact figures become floats); "the same chance" allows twice the solution's
error bound.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grognard.engine.errors import OddsError
from grognard.engine.odds.graph import CHANCE_NODE
from grognard.gamebook.runner import GamebookState
from grognard.gamebook.solve import BookSolution, Ending, TimeUp, solve_from
from grognard.gamebook.solve_fights import FightValues
from grognard.gamebook.solve_graph import FIGHT, TooManyStates
from grognard.i18n import NP_, number, percent, pgettext
from grognard.i18n import gettext as _

RARE = 0.01
"""Below this a roll (or a book's chance) is rare: 1%."""

SHOWN = 10
"""How many of the deadliest fights and sections the report lists."""

SAME = 1e-12
"""Two chances closer than this (plus twice the error bound) are the same."""


@dataclass(frozen=True)
class Danger:
    """A deadly fight or section: `entered` the expected number of times readers choosing at random come to
    it, `killed` the share of all readers killed there (choosing at random), `share` the share of those who
    come that are killed (for a fight; for a section `killed` again), `killed_best` the share of all readers
    killed there under the best play."""

    section: str
    entered: float
    killed: float
    share: float
    killed_best: float


@dataclass(frozen=True)
class Rare:
    """A section a reader comes to with chance `p` (below `RARE`) even choosing everything to get there."""

    section: str
    p: float


@dataclass(frozen=True)
class Pointless:
    """A section whose choices (`choices`, two or more) always leave the same chance to finish."""

    section: str
    choices: tuple[str, ...]


@dataclass(frozen=True)
class OddsReport:
    """The author's report (see the module docstring)."""

    book: str
    p_win: float
    p_win_random: float
    exact: bool
    error_bound: float
    states: int
    endings: tuple[Ending, ...]
    fights: tuple[Danger, ...]
    sections: tuple[Danger, ...]
    rare: tuple[Rare, ...]
    unchecked: int
    pointless: tuple[Pointless, ...]
    flag: str

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-safe data."""
        return {
            "book": self.book,
            "p_win": self.p_win,
            "p_win_random": self.p_win_random,
            "exact": self.exact,
            "error_bound": self.error_bound,
            "states": self.states,
            "flag": self.flag or None,
            "endings": [
                {
                    "section": e.section,
                    "outcome": e.outcome,
                    "p_best": _f(e.p_best),
                    "p_random": _f(e.p_random),
                }
                for e in self.endings
            ],
            "deadliest_fights": [_danger(d) for d in self.fights],
            "deadliest_sections": [_danger(d) for d in self.sections],
            "rare_sections": [{"section": r.section, "p": r.p} for r in self.rare],
            "rare_unchecked": self.unchecked,
            "choices_never_matter": [
                {"section": p.section, "choices": list(p.choices)} for p in self.pointless
            ],
        }


def _f(x: Any) -> float:
    return round(min(1.0, max(0.0, float(x))), 12) + 0.0


def _danger(d: Danger) -> dict[str, Any]:
    return {
        "section": d.section,
        "entered": round(d.entered, 12),
        "killed": _f(d.killed),
        "share": _f(d.share),
        "killed_best": _f(d.killed_best),
    }


ENDING_WORDS = {
    "victory": NP_("ending", "victory"),
    "death": NP_("ending", "death"),
    "ended": NP_("ending", "ended"),
}
"""A book's endings as the report names them (said with `pgettext("ending", ...)`; the data keeps the
ids)."""


def ending_said(outcome: str) -> str:
    """A book's ending in the reader's language ("victory", "death"; an ending no catalogue has as it is)."""
    return pgettext("ending", ENDING_WORDS[outcome]) if outcome in ENDING_WORDS else outcome


def flag_of(p_win: float) -> str:
    """The warning a book's chance under the best play earns ("" for none)."""
    if p_win < RARE:
        return _("the best play wins less than {share} of the time: is the book fair?").format(
            share=percent(RARE, 0)
        )
    if p_win > 1 - RARE:
        return _("the best play wins more than {share} of the time: there is little risk in it").format(
            share=percent(1 - RARE, 0)
        )
    return ""


def odds_report(solution: BookSolution, shown: int = SHOWN) -> OddsReport:
    """The author's report on a solved book (the `shown` deadliest fights and sections)."""
    p_win = float(solution.p_win)
    rare, unchecked = rare_sections(solution)
    return OddsReport(
        book=solution.book.book.title,
        p_win=p_win,
        p_win_random=float(solution.p_win_random),
        exact=solution.exact,
        error_bound=solution.error_bound,
        states=solution.states,
        endings=tuple(solution.endings()),
        fights=tuple(deadliest_fights(solution)[:shown]),
        sections=tuple(deadliest_sections(solution)[:shown]),
        rare=tuple(rare),
        unchecked=unchecked,
        pointless=tuple(pointless_choices(solution)),
        flag=flag_of(p_win),
    )


UPLOAD_BUDGET = 100_000
"""The most states solved for the report shown on the upload page."""

UPLOAD_SECONDS = 8.0
"""The most seconds spent on it."""


def report_here(
    state: GamebookState, *, budget: int | None = None, seconds: float | None = -1.0
) -> OddsReport | str:
    """The author's report on the rest of the book from a reader's state (a table just started: its
    character rolled), in floats within `budget` states and `seconds` (by default `UPLOAD_BUDGET` and
    `UPLOAD_SECONDS`; None seconds: no limit); or one sentence saying why not (too large, or a book from
    which no ending can be reached)."""
    budget = UPLOAD_BUDGET if budget is None else budget
    seconds = UPLOAD_SECONDS if seconds is not None and seconds < 0 else seconds
    try:
        solution = solve_from(state, None, budget, seconds)
    except (TooManyStates, TimeUp):
        if seconds is None:
            return _(
                "This book is too large to work out its odds here (more than {states} states); the command "
                "line's check with odds takes a larger budget."
            ).format(states=number(budget))
        return _(
            "This book is too large to work out its odds here (more than {states} states or {seconds} "
            "seconds); the command line's check with odds takes a larger budget."
        ).format(states=number(budget), seconds=number(seconds))
    except OddsError as e:
        return _("The odds of this book cannot be worked out: {reason}").format(reason=e)
    return odds_report(solution)


def _flows(solution: BookSolution, random: bool) -> list[tuple[int, int, float]]:
    """Every edge the play takes, with the expected number of times it is taken (from each node's visits)."""
    g = solution.book_graph.graph
    places = solution.book_graph.places
    x = solution.visits(random)
    policy = solution.policy
    out = []
    for v, succ in enumerate(g.succ):
        mass = float(x[v])
        if not mass or not succ:
            continue
        if g.kind[v] == CHANCE_NODE:
            out += [(v, c, mass * float(p)) for c, p in zip(succ, g.prob[v], strict=True)]
        elif random and places[v].phase != FIGHT:
            moves = [c for c in succ if c != v]
            out += [(v, c, mass / len(moves)) for c in moves]
        else:
            out.append((v, succ[policy[v]], mass))
    return out


def _deaths(solution: BookSolution) -> set[int]:
    return {v for v, r in solution.book_graph.graph.results.items() if r.outcome == "death"}


def deadliest_fights(solution: BookSolution) -> list[Danger]:
    """Every section's fight, the deadliest first (see `Danger`): the readers leaving it, and those it
    kills, choosing at random outside fights and with the best play."""
    bg = solution.book_graph
    dead = _deaths(solution)
    found: dict[str, list[float]] = {}
    for random in (True, False):
        for v, c, mass in _flows(solution, random):
            if bg.places[v].phase != FIGHT or (v, c) not in bg.fight_ends:
                continue
            at = found.setdefault(bg.places[v].section, [0.0, 0.0, 0.0])
            if random:
                at[0] += mass
                at[1] += mass if c in dead else 0.0
            elif c in dead:
                at[2] += mass
    out = [
        Danger(section, entered, killed, killed / entered if entered else 0.0, best)
        for section, (entered, killed, best) in found.items()
    ]
    out.sort(key=lambda d: (-d.share, -d.killed, d.section))
    return out


def deadliest_sections(solution: BookSolution) -> list[Danger]:
    """Every section where readers die, the deadliest first: the share of all readers whose adventure ends
    in death there, choosing at random (and with the best play)."""
    places = solution.book_graph.places
    dead = _deaths(solution)
    rand, best = solution.visits(True), solution.visits(False)
    found: dict[str, list[float]] = {}
    for v in dead:
        at = found.setdefault(places[v].section, [0.0, 0.0])
        at[0] += float(rand[v])
        at[1] += float(best[v])
    out = [Danger(section, r, r, r, b) for section, (r, b) in found.items() if r or b]
    out.sort(key=lambda d: (-d.killed, -d.killed_best, d.section))
    return out


REACH_CHECKED = 60
"""The most sections whose best chance of being reached is worked out exactly (one pass over the graph
each); the rest of the candidates are counted as not checked."""


def reach_chance(solution: BookSolution, targets: set[int]) -> float:
    """The chance of ever coming to one of the nodes `targets` from the start, for a reader who chooses
    everything (fights included) to get there (floats; a loop by value iteration)."""
    bg = solution.book_graph
    g = bg.graph
    value = [0.0] * len(g.kind)
    # A fight walked once for its readers (`solve_fights`) is valued again here, every decision in it
    # taken to get there (its ways out, chosen or not by the best play, were valued before it).
    fights = FightValues(bg.tables, bg.exit_nodes, value, exact=False)
    for comp in g.comps:  # each component after every one it leads to
        members = comp if isinstance(comp, list) else [comp]
        for _round in range(10_000 if isinstance(comp, list) else 1):
            moved = 0.0
            for v in members:
                entry = bg.entries.get(v)
                if v in targets:
                    new = 1.0
                elif entry is not None:
                    new = float(fights.value(entry, {})[entry.position])
                elif not g.succ[v]:
                    new = 0.0
                elif g.kind[v] == CHANCE_NODE:
                    new = sum(float(p) * value[c] for c, p in zip(g.succ[v], g.prob[v], strict=True))
                else:
                    new = max(value[c] for c in g.succ[v])
                moved = max(moved, abs(new - value[v]))
                value[v] = new
            if moved < 1e-15:
                break
    return value[0]


def rare_sections(solution: BookSolution, below: float = RARE) -> tuple[list[Rare], int]:
    """The sections a reader comes to with a chance below `below` even choosing everything to get there
    (over the starting rolls, fights played to get there), the rarest first; and how many candidates
    were left unchecked (past `REACH_CHECKED`). A section readers come to `below` or more often, choosing
    at random or with the best play, is not a candidate."""
    bg = solution.book_graph
    rand, best = solution.visits(True), solution.visits(False)
    arrivals: dict[str, set[int]] = {}
    for v in bg.arrivals:
        if bg.places[v].section:
            arrivals.setdefault(bg.places[v].section, set()).add(v)
    candidates = []
    for section, nodes in arrivals.items():
        seen = max(sum(float(rand[v]) for v in nodes), sum(float(best[v]) for v in nodes))
        if seen < below:
            candidates.append((seen, section))
    candidates.sort()
    out = []
    for _order, section in candidates[:REACH_CHECKED]:
        p = reach_chance(solution, arrivals[section])
        if p < below:
            out.append(Rare(section, p))
    out.sort(key=lambda r: (r.p, r.section))
    return out, max(0, len(candidates) - REACH_CHECKED)


def pointless_choices(solution: BookSolution) -> list[Pointless]:
    """The sections with two choices or more where every reader who comes (whatever they hold and have
    done) has the same chance to finish whichever they take, in the book's order."""
    g = solution.book_graph.graph
    places = solution.book_graph.places
    values = solution.values
    tolerance = SAME + 2 * solution.error_bound
    matters: dict[str, bool] = {}
    labels: dict[str, set[str]] = {}
    for v, place in enumerate(places):
        if place.phase != "choose" or g.kind[v] < 0:
            continue
        moves = [(i, c) for i, c in enumerate(g.succ[v]) if c != v]
        chances = [float(values[c]) for _, c in moves]
        named = labels.setdefault(place.section, set())
        named.update(solution.label(v, i) for i, _ in moves)
        if len(moves) < 2:
            continue
        if max(chances) - min(chances) > tolerance:
            matters[place.section] = True
        else:
            matters.setdefault(place.section, False)
    out = []
    for section in solution.book.sections:
        if matters.get(section) is False:
            out.append(Pointless(section, tuple(sorted(labels[section]))))
    return out


__all__ = [
    "RARE",
    "Danger",
    "OddsReport",
    "Pointless",
    "Rare",
    "deadliest_fights",
    "deadliest_sections",
    "ending_said",
    "flag_of",
    "odds_report",
    "pointless_choices",
    "rare_sections",
]
