"""Which Project Aon series a book belongs to, told from its front matter.

Project Aon's XML names no series, but every book carries the rules of its series as front-matter
sections with fixed ids: the Kai Disciplines of Lone Wolf 1-5 (`camflage`, `sixthsns` ...), the
Magnakai Disciplines of 6-12, the Grand Master Disciplines of 13-20, the New Order ones of 21-29, the
Survival Skills of Freeway Warrior, the Magical Powers of Grey Star (`sorcery`, `prophecy`,
`evcation` ...). A book's attribute names say it too (`<typ class="attribute">WILLPOWER</typ>` is
Grey Star's alone). The series are tried from the most specific (a New Order book also has the Grand
Master ids) and the first with two marks, or one attribute, is the book's.

A book of the Lone Wolf world that is no gamebook of these series is told by its title first: the
Magnamund Companion describes the Magical Powers and the scores of every series (Grey Star's among
them), so its front matter alone would pass for a Grey Star book.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.etree.ElementTree import Element

from grognard.i18n import N_, gettext


@dataclass(frozen=True)
class Series:
    """A Project Aon series: its short code, its name for people, the front-matter section ids only
    its books have, the attribute names only its books use, and words of the titles only its books
    have (lower case)."""

    code: str
    name: str
    sections: frozenset[str]
    attributes: frozenset[str] = frozenset()
    titles: tuple[str, ...] = ()

    @property
    def book(self) -> str:
        """One of its books, as a sentence names it: "a Lone Wolf (Kai) book"."""
        return gettext(self.name) if self.titles else gettext("a %(series)s book") % {"series": self.name}


SERIES = (
    Series(
        "mc",
        N_("the Magnamund Companion (a book of the Lone Wolf world)"),
        frozenset(),
        titles=("magnamund companion",),
    ),
    Series(
        "lw-new-order",
        "Lone Wolf (New Order)",
        frozenset({"kainame", "nodispln", "astrolgy", "herbmst", "bardsman", "kaiweapn", "element"}),
    ),
    Series(
        "lw-grand-master",
        "Lone Wolf (Grand Master)",
        frozenset({"kaisurge", "kaiscrn", "gnosis", "assimila", "deliver", "anmlmstr", "sunthane"}),
    ),
    Series(
        "lw-magnakai",
        "Lone Wolf (Magnakai)",
        frozenset({"psisurge", "psiscrn", "anmlctrl", "curing", "invsblty", "dvnation", "lorecrcl"}),
    ),
    Series(
        "lw-kai",
        "Lone Wolf (Kai)",
        frozenset(
            {"camflage", "sixthsns", "mindshld", "mndblst", "mndblast", "anmlknsp", "mindomtr", "wepnskll"}
        ),
    ),
    Series(
        "fw",
        "Freeway Warrior",
        frozenset({"sskills", "driving", "shooting", "fldcraft", "perceptn", "ammpouch", "medikit"}),
        frozenset({"CLOSE COMBAT SKILL"}),
    ),
    Series(
        "gs",
        "Grey Star",
        frozenset(
            {
                "sorcery",
                "enchant",
                "elementl",
                "prophecy",
                "psycmncy",
                "evcation",
                "lessmcks",
                "highmcks",
                "thamtrgy",
                "telergy",
                "physirgy",
                "theurgy",
                "visionry",
                "necrmncy",
            }
        ),
        frozenset({"WILLPOWER"}),
    ),
    Series(
        "darklords",
        "Dawn of the Darklords",
        frozenset({"lightng", "mndcharm", "invsshld", "vigour", "countspl", "levitn", "sensevil"}),
    ),
)
"""The series grognard can tell apart, the most specific first."""

BY_CODE = {s.code: s for s in SERIES}
"""The series by code."""


def detect_series(root: Element) -> Series | None:
    """The series of the book whose root element is `root`, or None when nothing tells it."""
    title_el = root.find("meta/title")
    title = " ".join("".join(title_el.itertext()).lower().split()) if title_el is not None else ""
    for series in SERIES:
        if any(words in title for words in series.titles):
            return series
    ids = {el.get("id", "") for el in root.iter("section")}
    attributes = {"".join(el.itertext()).strip() for el in root.iter("typ") if el.get("class") == "attribute"}
    for series in SERIES:
        if series.sections and (len(series.sections & ids) >= 2 or series.attributes & attributes):
            return series
    return None
