"""Hirelings: how many men a character can recruit, their shares, losses, pay, desertion and obedience.

Pure functions of numbers; money is exact (`Fraction` of gold pieces), every die is kept. Readings of
the book are under "Hirelings" in docs/rulings/adventures-in-fantasy.md. Rulebook:
002_8449cbd1010a37a5.txt, lines 1888-1902.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext
from grognard.systems.adventures_in_fantasy.chargen import MONTHS_PER_YEAR
from grognard.systems.adventures_in_fantasy.checks import Influence, influence, influence_probability
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK

CHARISMA_PER_MAN = 3
"""One man for every social status point and one for every three Charisma points (:1893)."""

FORGET_AFTER_DAYS = 365
"""Losses count against recruiting for a year; then everyone forgets (:1898)."""

DESERTERS_PAY_FACTOR = 2
"""After a desertion, new recruits want double pay for their first month (:1892)."""

RATION_SP = 1
"""A day's ration (a beef ration, 1 SP, :534) ..."""

ROOM_SP_PER_MONTH = 10
"""... and a room in town, 10 SP a month (:542): the default upkeep of a hireling."""

DAYS_IN_MONTH = 28

UPKEEP_SP = DAYS_IN_MONTH * RATION_SP + ROOM_SP_PER_MONTH
"""The default monthly upkeep (food and shelter) of one hireling in silver pieces: 38 (ruling
"Hirelings: pay")."""


def _source(lines: str) -> str:
    return f"{RULEBOOK}:{lines}"


def recruit_limit(status_level: int, charisma: int, lost: int = 0) -> int:
    """Men a character can recruit: status level + Charisma // 3, less the men lost in the past year
    (:1893, :1898): status 5 and Charisma 13 give 9; four lost leave 5. Status gained later adds
    recruits whatever was lost (:1900), which the sum already does."""
    for name, value in (
        (N_("status level"), status_level),
        (N_("charisma"), charisma),
        (N_("men lost"), lost),
    ):
        if value < 0:
            raise UsageError(
                gettext("{what} {value} cannot be negative").format(what=gettext(name), value=value)
            )
    return max(0, status_level + charisma // CHARISMA_PER_MAN - lost)


@dataclass(frozen=True)
class Share:
    """One man's part of a treasure: his name, his shares (his status level) and the exact amount."""

    name: str
    shares: int
    amount: Fraction


def shares(total: Fraction | int, statuses: Sequence[tuple[str, int]]) -> tuple[Share, ...]:
    """Divide a treasure by shares, one share per point of social status (:1897): a status 5 man
    gets five shares, a status 3 man three. Everyone in the list shares, the leader included if he is
    listed (ruling "Hirelings: shares")."""
    if total < 0:
        raise UsageError(gettext("treasure {total} cannot be negative").format(total=total))
    if not statuses:
        raise UsageError(gettext("name at least one man to share the treasure"))
    for name, status in statuses:
        if status < 1:
            said = (
                gettext("{name} has status {status}: a share needs status 1 or more")
                if name
                else gettext("a man has status {status}: a share needs status 1 or more")
            )
            raise UsageError(said.format(name=name, status=status))
    count = sum(s for _, s in statuses)
    each = Fraction(total) / count
    return tuple(Share(name, status, each * status) for name, status in statuses)


def monthly_pay(yearly_income_gp: int) -> Fraction:
    """A hireling's pay for a month: a thirteenth of his rank's yearly income (Table A, :194-213;
    ruling "Hirelings: pay")."""
    if yearly_income_gp < 0:
        raise UsageError(gettext("income {income} cannot be negative").format(income=yearly_income_gp))
    return Fraction(yearly_income_gp, MONTHS_PER_YEAR)


@dataclass(frozen=True)
class PayBill:
    """A month's cost of hirelings before an expedition: pay in GP and upkeep in SP, and why."""

    men: int
    pay_gp: Fraction
    upkeep_sp: int
    doubled: bool
    source: str = _source("1892")


def month_bill(
    men: int, yearly_income_gp: int, *, deserted_before: bool = False, upkeep_sp: int = UPKEEP_SP
) -> PayBill:
    """What `men` hirelings of one rank cost for the month before an expedition: pay, food and shelter;
    the pay doubled for the first month if hirelings ever deserted this character (:1892)."""
    if men < 0 or upkeep_sp < 0:
        raise UsageError(
            gettext("men {men} and upkeep {upkeep} cannot be negative").format(men=men, upkeep=upkeep_sp)
        )
    factor = DESERTERS_PAY_FACTOR if deserted_before else 1
    return PayBill(men, monthly_pay(yearly_income_gp) * men * factor, upkeep_sp * men, deserted_before)


class Band(BaseModel):
    """A character's hirelings: men in service, men lost and when, and the stain of a desertion.

    `recruited_free` marks men recruited by status and Charisma, who are paid only after the first
    expedition (:1895).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    men: int = Field(default=0, ge=0)
    lost: int = Field(default=0, ge=0)
    lost_since: int | None = None
    deserted: bool = False
    recruited_free: bool = True

    def lost_now(self, today: int) -> int:
        """Men lost that still count against recruiting on day `today` (an ordinal of the calendar)."""
        if self.lost_since is None or today - self.lost_since >= FORGET_AFTER_DAYS:
            return 0
        return self.lost

    def hire(self, men: int, limit: int) -> Band:
        """Take on `men` more; past `limit` (from `recruit_limit`) is a `UsageError`."""
        if men < 1:
            raise UsageError(gettext("hire {men}: hire at least one man").format(men=men))
        if self.men + men > limit:
            raise UsageError(
                gettext("{band} + {men} men is more than the {limit} this character can recruit").format(
                    band=self.men, men=men, limit=limit
                )
            )
        return self.model_copy(update={"men": self.men + men})

    def lose(self, men: int, today: int) -> Band:
        """`men` lost on an expedition: each is one fewer recruit for a year (:1898)."""
        if not 1 <= men <= self.men:
            raise UsageError(gettext("lose {men}: the band has {band} men").format(men=men, band=self.men))
        counted = self.lost_now(today)
        return self.model_copy(update={"men": self.men - men, "lost": counted + men, "lost_since": today})

    def forget(self, today: int) -> Band:
        """The band after a year without losses: the losses forgotten (:1898)."""
        if self.lost and self.lost_now(today) == 0:
            return self.model_copy(update={"lost": 0, "lost_since": None})
        return self

    def desert(self) -> Band:
        """Unpaid before an expedition: every man deserts with his gear, and later recruits want double
        pay for the first month (:1892)."""
        return self.model_copy(update={"men": 0, "deserted": True})


def obedience(
    rng: Rng,
    leader_charisma: int,
    follower_charisma: int,
    *,
    status: tuple[int, int] | None = None,
    reputation: tuple[int, int] | None = None,
    first_roll: int | None = None,
    second_roll: int | None = None,
) -> Influence:
    """Does a hireling obey? The leader influences him as the Charisma section says (:125-158); once
    he obeys he obeys for the rest of the expedition, so one check per expedition (:1902)."""
    return influence(
        rng,
        leader_charisma,
        follower_charisma,
        status=status,
        reputation=reputation,
        first_roll=first_roll,
        second_roll=second_roll,
    )


def obedience_probability(
    leader_charisma: int,
    follower_charisma: int,
    status: tuple[int, int] | None = None,
    reputation: tuple[int, int] | None = None,
) -> Fraction:
    """The exact chance a hireling obeys this expedition."""
    return influence_probability(leader_charisma, follower_charisma, status, reputation)
