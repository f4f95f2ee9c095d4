"""`grognard aif experience reputation` and `grognard aif experience rank`: standing calculators.

The same rules code the kept campaign uses (`experience.Reputation`, `status_after_levels`, `next_rank`,
`promote`), for a referee who keeps his characters on paper. `add_standing_commands` mounts them on the
`experience` group (cli/systems/aif_campaign.py).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.markup import escape

from grognard.cli.console import out, print_json
from grognard.cli.options import JsonOption
from grognard.engine.errors import UsageError
from grognard.i18n import N_
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy import experience as xp
from grognard.systems.adventures_in_fantasy.character import Character, Characteristics
from grognard.systems.adventures_in_fantasy.chargen import Position, ladder
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK
from grognard.systems.adventures_in_fantasy.words import told


def _fraction(text: str, what: str) -> Fraction:
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise UsageError(
            _("%(what)s %(text)r is not a number (1/2 and 0.5 both work)") % {"what": _(what), "text": text}
        ) from None


def reputation_command(
    value: Annotated[str, typer.Option("--value", help=N_("His reputation now."))] = "0",
    gain: Annotated[str, typer.Option("--gain", help=N_("A deed or a boast that adds to it."))] = "0",
    verified: Annotated[
        bool, typer.Option("--verified", help=N_("The gain is verified by neutral observers."))
    ] = False,
    verified_only: Annotated[
        bool, typer.Option("--verified-only", help=N_("He was found out before: only verified gains count."))
    ] = False,
    found_out: Annotated[
        bool, typer.Option("--found-out", help=N_("His lies are found out now (after the gain)."))
    ] = False,
    experience: Annotated[
        str, typer.Option("--experience", help=N_("His actual experience level (for --found-out)."))
    ] = "0",
    json_out: JsonOption = False,
) -> None:
    rep = xp.Reputation(value=_fraction(value, N_("reputation")), verified_only=verified_only)
    steps: list[str] = []
    amount = _fraction(gain, N_("gain"))
    said: list[str] = []
    if amount:
        after = rep.gain(amount, verified=verified)
        kind = N_("verified deed") if verified else N_("boast")
        note = "" if after != rep else N_(" (counts for nothing: he was found out)")
        shown = {"gain": xp.show(amount), "before": xp.show(rep.value), "after": xp.show(after.value)}
        steps.append(f"{kind} +{shown['gain']}: {shown['before']} -> {shown['after']}{note}")
        said.append(
            _("%(kind)s +%(gain)s: %(before)s -> %(after)s%(note)s")
            % (shown | {"kind": _(kind), "note": _(note) if note else ""})
        )
        rep = after
    if found_out:
        level = _fraction(experience, N_("experience"))
        after = rep.found_out(level)
        shown = {
            "level": xp.show(level),
            "half": xp.show(level / 2),
            "before": xp.show(rep.value),
            "after": xp.show(after.value),
        }
        steps.append(
            f"found out: half his experience {shown['level']} is {shown['half']}; "
            f"{shown['before']} -> {shown['after']}; only verified gains count from now on"
        )
        said.append(
            _(
                "found out: half his experience %(level)s is %(half)s; %(before)s -> %(after)s; only verified"
                " gains count from now on"
            )
            % shown
        )
        rep = after
    source = f"{RULEBOOK}:1817"
    if json_out:
        print_json(
            {
                "reputation": str(rep.value),
                "float": float(rep.value),
                "verified_only": rep.verified_only,
                "steps": steps,
                "source": source,
            }
        )
        return
    for step in said:
        out.print(escape(step))
    only = _("; only verified gains count") if rep.verified_only else ""
    out.print(
        escape(
            _("Reputation %(value)s%(only)s (%(source)s)")
            % {"value": xp.show(rep.value), "only": only, "source": source}
        )
    )


def _position(name: str) -> tuple[Position, bool]:
    """The rank of Table A named `name` (either side of a civilian/soldier pair) and whether it is the
    soldier's side."""
    wanted = name.strip().lower()
    for position in ladder():
        sides = [s.lower() for s in position.name.split("/")]
        if wanted == position.name.lower() or wanted in sides:
            return position, position.paired and wanted == sides[-1]
    names = ", ".join(p.name for p in ladder())
    raise UsageError(
        _("no rank %(rank)r on Table A; the ranks are %(ranks)s") % {"rank": name, "ranks": names}
    )


def _holder(position: Position, soldier: bool, status: int, magician: bool) -> Character:
    """A character holding `position` at `status`: only his rank, status and magic matter here."""
    average = Characteristics(strength=50, dexterity=50, intelligence=50, charisma=50, health=50)
    return Character(
        characteristics=average,
        age=21,
        rolled_position=position.name,
        rolled_level=max(1, position.level),
        status_level=status,
        position=position.side(soldier),
        rank=position.level,
        castle=position.castle,
        soldier=soldier,
        rank_income_gp=position.income_gp,
        magic_years=1 if magician else 0,
    )


def rank_command(
    position: Annotated[str, typer.Option("--position", help=N_("The rank he holds (Squire, Knight ...)."))],
    status: Annotated[int, typer.Option("--status", help=N_("His status level now."))],
    levels: Annotated[
        str, typer.Option("--levels", help=N_("Experience levels gained since (each adds a status level)."))
    ] = "0",
    vacancy: Annotated[
        bool, typer.Option("--vacancy/--no-vacancy", help=N_("Whether the next rank up is open this year."))
    ] = True,
    promoted: Annotated[
        bool, typer.Option("--promoted-this-year", help=N_("He has already risen a rank this year."))
    ] = False,
    magician: Annotated[bool, typer.Option("--magician", help=N_("He is a magician."))] = False,
    alignment: Annotated[str, typer.Option("--alignment", help=N_("law, neutral, chaos (magicians)."))] = "",
    castles: Annotated[
        bool, typer.Option("--castles/--no-castles", help=N_("Castles can be awarded (else honorific)."))
    ] = True,
    json_out: JsonOption = False,
) -> None:
    held, soldier = _position(position)
    if status < 0:
        raise UsageError(_("status level %(status)s cannot be negative") % {"status": status})
    gained = _fraction(levels, N_("levels"))
    if gained < 0:
        raise UsageError(_("levels %(levels)s cannot be negative") % {"levels": levels})
    chosen = next((a for a in xp.ALIGNMENTS if a == alignment), None)
    if chosen is None:
        raise UsageError(_("alignment %(alignment)r: law, neutral or chaos") % {"alignment": alignment})
    after = xp.status_after_levels(status, Fraction(0), gained)
    character = _holder(held, soldier, after, magician)
    done = xp.promote(
        character,
        vacancy=vacancy,
        year=1,
        last_promotion_year=1 if promoted else None,
        alignment=chosen,
        castles=castles,
    )
    rank = done.character.position if done.promoted else character.position
    data: dict[str, Any] = {
        "status_before": status,
        "status_after": after,
        "held": character.position,
        "sought": None if done.sought is None else done.sought.side(soldier),
        "promoted": done.promoted,
        "rank": rank,
        "reason": done.reason,
        "source": done.source,
    }
    if json_out:
        print_json(data)
        return
    out.print(
        escape(
            _("Status level %(status)s + %(levels)s levels = %(after)s (%(source)s)")
            % {"status": status, "levels": xp.show(gained), "after": after, "source": f"{RULEBOOK}:1842"}
        )
    )
    risen = _("rises") if done.promoted else _("stays")
    out.print(
        escape(
            _("%(position)s %(risen)s: %(reason)s; rank now %(rank)s (%(source)s)")
            % {
                "position": _(character.position),
                "risen": risen,
                "reason": told(done.reason),
                "rank": _(rank),
                "source": done.source,
            }
        )
    )


def add_standing_commands(app: typer.Typer) -> None:
    """Mount `reputation` and `rank` on the `experience` group."""
    app.command(
        "reputation",
        help=N_(
            "Reputation after a deed or a boast, and when lies are found out (lines 1813-1817).\n\nA boast "
            "counts until he is found out; then his reputation falls to half his actual experience and\n"
            "only gains verified by neutral observers count."
        ),
    )(reputation_command)
    app.command(
        "rank",
        help=N_(
            "Social rank after experience: the status level and the next rank (lines 1838-1860).\n\nOne "
            "status level per experience level; at most one rank a year, the next one up, when it is "
            "open;\na Lawful or Neutral magician keeps his rank."
        ),
    )(rank_command)
