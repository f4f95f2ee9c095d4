"""The goal a HeroScribe quest's words state: a rescue, a named enemy to slay, a thing to find (and bring
back), or the way out to reach.

`heroscribe_notes.read_notes` asks `goal_from_words` after the start and the wandering monster are read.
The speech (read to the players) says what to do; the lettered notes (for the game master) say where:
"Sir Ragnar" in the speech's "find Sir Ragnar and bring him back", the note that names him or the square
marked X; "Balur" in "Balur's destruction", and "Use the Chaos Sorcerer model for Balur". Each reading
goes in order, and the first that finds both what and where wins:

1. reach: a room to hold ("free of monsters ... for one turn", the room of the note saying so), or to
   reach and then leave: where a lost one's fate is learnt ("find out what happened to NAME") or where
   heroes taken from the party are held ("free them"), the room of the note that names them.
2. rescue: "rescue NAME", "free them", "find NAME and bring him back"; the prisoner stands on the square
   of the lettered note that names him (a name a note places before the X), as the figure the notes give
   him (else a swordsman: our ruling); as many prisoners as the words count ("the two women"). Only with
   a stairway or an exit door, where a rescue ends (`goals.deed_done`).
3. kill: "defeat NAME", "kill the Ogre Lord", "NAME's destruction"; the monster named by a figure note,
   by its piece (Ogre Lord, Frozen Horror), standing on the note that names him, or the only one of the
   figure's kind; else placed on that note's square as the nearest catalogue monster to his figure.
4. find: "find/recover/retrieve THING"; a lettered note names it and places it (a quest object: found by
   searching there; "the three chests": one in each chest of the note's room when it holds three).
   "return", "bring ... back", "leave ... with" or an exit named after it: then leave.
5. reach the way out: "exit door", "escape", "way through", "reach the surface", when the quest has an
   exit door or a stairway the heroes do not start on.

Nothing read: the caller's default (`heroscribe.py` reads "reach the surface" there, from the surface
tile). The readings are ours (docs/rulings/heroquest.md, "Goals from the quest's words" and "Goals of
several targets, rooms to reach and hold"); each is reported as a guess naming the words it came from.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from grognard.i18n import N_
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog
from grognard.systems.heroquest.content.board import FURNITURE_KINDS
from grognard.systems.heroquest.content.catalog import key_of
from grognard.systems.heroquest.content.words import said as name_said
from grognard.systems.heroquest.rules.goals import (
    FATE,
    FATE_THEN_LEAVE,
    FIND,
    FIND_THEN_LEAVE,
    HOLD_NOTE,
    SLAY,
)

_NAME = r"(?:Sir |King |Lord |Queen |Princess )?[A-Z][a-z]{2,20}(?: (?:the )?[A-Z][a-z]{2,20})?"
_NOT_NAME_WORDS = (
    "you the he she they this these heroes hero emperor chaos morcar zargon mentor empire prince "
    "queen king your now once then there elf dwarf barbarian wizard my only iron find but and all if "
    "out yonder their his her alas here beware tread legend lands whoever prepare one lieutenant "
    "when while after before as since although though with for from any each every no none what "
    "where who "
)
_NOT_NAMES = frozenset(_NOT_NAME_WORDS.split())
"""Capitalised words that begin sentences or name no one: never an enemy's or a prisoner's name."""
_CAPTIVES = r"prisoners?|women|captives?|attendants"
"""Captives the words name without a name ("fight your way to the women, free them")."""
_RESCUE = re.compile(
    rf"\b(?:rescue|free|find|way to)\s+(?:the\s+)?({_NAME}|{_CAPTIVES})"
    r"(?:[^.]{0,60}?\bbring (?:him|her|them)\b)?",
)
_RESCUE_VERB = re.compile(r"\b(?:rescue|bring (?:him|her|them) (?:back|out)|free them|captive)\b", re.I)
_KILL_CUE = re.compile(
    r"\b(?:kill|kills|killed|slay|slays|destroy|destroyed|destruction|defeat|vanquish|confront|battle|"
    r"deal with|enemy|foe|reach him)\b",
    re.I,
)
_NAMES = re.compile(rf"(?<![A-Za-z])(?:[Tt]he )?({_NAME})")
_SENTENCE = re.compile(r"[^.!?]+[.!?]?")
_TO_YOU = re.compile(r"\b(?:you|your|must|heroes|hero|yonder|whoever|anyone)\b", re.I)
_STATS = re.compile(r"\b(?:characteristics|Move:? \d|Attack:? \d|MOVEMENT \d)", re.I)
_FIND = re.compile(
    r"\b(?:find|finding|found|recover|retrieve|locate|return|search for)\s+(?:[Tt]he\s+|a\s+|an\s+)?"
    r"((?:[A-Za-z’'-]+\s+){0,6}?[A-Za-z’'-]+?)(?=[.,;:!?]|\s+(?:and|then|to|which|that|before|for|as|in|is|"
    r"if|you|so|but|when|where|with|from|at|into|inside|on|by|must|will|can|has|was|are)\b)",
)
_LIES = re.compile(
    r"(?:^|[.!?]\s+)((?:[A-Za-z’'-]+ ){0,6}[A-Za-z’'-]+) (?:lies|is to be found|is hidden)(?: hidden)? "
    r"(?:here|within|somewhere|in the)\b"
)
"""A thing the speech says is here ("Part of the stone map lies here"): a thing to find."""
_SLAY_ALL = re.compile(
    r"\b(?:kill|slay|destroy|vanquish) (?:all|every|his|her)(?: of)?(?: the)?(?: evil)? (?:monsters?|\w+s)\b",
    re.I,
)
_BRING_BACK = re.compile(
    r"\b(?:return (?:it|the|them)|bring (?:it|the \w+|them)\b[^.]{0,40}\bback|bring the \w+ to|"
    r"leave through[^.]{0,60}|leave the \w+ to tell|once you have (?:found|located)[^.]{0,80}(?:exit|leave)|"
    r"exit door to leave once|find the wooden exit door)",
    re.I,
)
_WAY_OUT = re.compile(
    r"\b(?:exit door|way out|escape|through to|make your way through|pass through|reach the surface|"
    r"find the gateway|leave through|must enter through|fight your way|way through|"
    r"another spiral stairway|find the spiral stairway|"
    r"negotiate)\b",
    re.I,
)
_FIGURE_FOR = re.compile(
    r"\bUse (?:the|an|a) ([A-Za-z’' ]{3,40}?) (?:figure|model|piece)s?[^.]{0,40}? "
    rf"(?:for|to represent) (?:the )?({_NAME})\b"
)
_PLACES = {
    "hall",
    "halls",
    "passage",
    "passages",
    "passageways",
    "room",
    "rooms",
    "chamber",
    "castle",
    "citadel",
    "fortress",
    "mine",
    "lair",
    "caves",
    "cavern",
    "city",
    "tower",
    "keep",
    "dungeon",
    "maze",
    "gate",
    "forge",
}
"""Places the heroes go through, not things they find and carry ("you will find the Warrior Halls")."""
_SMALL = {"its", "all", "any", "out", "way", "new", "old", "two", "one", "who", "how", "why", "has", "was"}
_PREPOSITIONS = {"in", "to", "of", "at", "on", "into", "out", "where", "what", "how", "who"}
_EXITS = {"exit", "door", "stairway", "gateway", "way", "what", "out", "passage", "them", "him"}
_FIGURES = {
    "chaos warlock": "Chaos Warrior",
    "chaos sorcerer": "Chaos Warrior",
    "evil sorcerer": "Chaos Warrior",
    "sorcerer": "Chaos Warrior",
    "warlock": "Chaos Warrior",
    "wizard": "Chaos Warrior",
    "dread warrior": "Chaos Warrior",
}
"""Figures of the game's boxes that the rulebook has no monster for, and the monster that stands in for
each (our ruling: a chaos warrior, the rulebook's champion of Chaos, lines 745-769)."""


MAX_WORDS = 20_000
"""The most characters of the speech, and of the notes together, read for the goal (the official
quests' speeches are under 2,000 and their notes under 12,000): the reading stays quick on any file."""

MAX_NAMES = 40
"""The most names, and things to find, tried (each is looked for in the notes)."""


def _capped(notes: list[str], limit: int) -> list[str]:
    out, used = [], 0
    for text in notes:
        if used >= limit:
            break
        out.append(text[: limit - used])
        used += len(out[-1])
    return out


@dataclass
class WordsGoal:
    """The goal read from the words, the treasure or monsters it adds, and what was guessed."""

    goal: dict[str, Any] = field(default_factory=dict)
    treasure: list[dict[str, Any]] = field(default_factory=list)
    guesses: list[str] = field(default_factory=list)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _names(text: str, words: str) -> list[str]:
    """The proper names in `text`, a sentence's first word dropped ("When Ulag": Ulag)."""
    out: list[str] = []
    for found in dict.fromkeys(_NAMES.findall(text)):
        if len(out) >= MAX_NAMES:
            break
        if _kind_of(found) is not None and " " in found:
            continue  # "a Chaos Warrior": a kind of monster, not a name
        parts = found.split(" ")
        while len(parts) > 1 and parts[0].casefold() in _NOT_NAMES:
            parts = parts[1:]
        name = " ".join(parts)
        if name not in out and _is_name(name, words):
            out.append(name)
    return out


def _is_name(name: str, words: str = "") -> bool:
    """A proper name: not a common word, and never written in lower case ("the pit": not a name)."""
    if name.split(" ")[0].casefold() in _NOT_NAMES or len(name) < 3:
        return False
    return not re.search(rf"\b{re.escape(name.lower())}\b", words)


def _kind_of(figure: str) -> str | None:
    """The catalogue monster (or mercenary) standing for a figure's name ("Orc", "Chaos Sorcerer")."""
    key = figure.casefold().strip()
    if key in _FIGURES:
        return _FIGURES[key]
    monsters = catalog.catalog().monsters
    for word in (figure, figure.rstrip("s"), figure.split(" ")[-1], figure.split(" ")[-1].rstrip("s")):
        entry = monsters.get(key_of(word))
        if entry is not None:
            return entry.name
    return None


def _figure_for(words: str, name: str) -> str | None:
    for figure, who in _FIGURE_FOR.findall(words):
        if who.casefold() == name.casefold() or name.casefold() in who.casefold():
            return str(figure)
    return None


def _note_square(name: str, letters: dict[str, str], at_letter: dict[str, Any]) -> list[int] | None:
    """The square of the first lettered note that names `name` (or its last word, "Ragnar")."""
    keys = {name.casefold(), name.split(" ")[-1].casefold()}
    for letter, text in letters.items():
        low = text.casefold()
        if letter in at_letter and any(re.search(rf"\b{re.escape(k)}\b", low) for k in keys):
            return list(at_letter[letter])
    return None


def _note_text(name: str, letters: dict[str, str], at_letter: dict[str, Any]) -> str:
    keys = {name.casefold(), name.split(" ")[-1].casefold()}
    for letter, text in letters.items():
        if letter in at_letter and any(re.search(rf"\b{re.escape(k)}\b", text.casefold()) for k in keys):
            return text
    return ""


def _kind_beside(name: str, note: str) -> str | None:
    """The monster kind a note writes beside the name: "the Gargoyle, Bellthor", "The Chaos Warrior Krag",
    "Verag, a foul gargoyle"."""
    n = re.escape(name)
    for m in re.finditer(
        rf"((?:[A-Za-z]+ ){{0,1}}[A-Za-z]+),? {n}\b|\b{n},? (?:a|an|the) ((?:[a-z]+ )?[A-Za-z]+)", note
    ):
        words = (m[1] or m[2]).split(" ")
        kind = _kind_of(" ".join(words)) if len(words) > 1 and _kind_of(" ".join(words)) else None
        kind = kind or _kind_of(words[-1])
        if kind is not None:
            return kind
    return None


def taken_squares(data: dict[str, Any]) -> set[tuple[int, int]]:
    """The squares of the quest `data` a figure may not be set on: monsters, traps, furniture, rubble and
    dark areas."""
    taken = {(m["at"][0], m["at"][1]) for m in data.get("monsters", [])}
    taken |= {(s[0], s[1]) for s in data.get("blocked", [])}
    taken |= {(t["at"][0], t["at"][1]) for t in data.get("traps", []) if "at" in t}
    for f in data.get("furniture", []):
        k = FURNITURE_KINDS[f["kind"]].size
        w, h = (k[1], k[0]) if f["turned"] else k
        taken |= {(f["at"][0] + i, f["at"][1] + j) for i in range(w) for j in range(h)}
    for d in data.get("dark", []):
        (x, y), (w, h) = d["at"], d["size"]
        taken |= {(x + i, y + j) for i in range(w) for j in range(h)}
    return taken


def _free_square(board: Any, data: dict[str, Any], square: list[int]) -> list[int] | None:
    """`square`, or the free floor square of its area nearest it."""
    area = _room_of(board, square)
    if area is None:
        return None
    taken = taken_squares(data)
    free = [s for s in board.squares_of(area) if s not in taken]
    if not free:
        return None
    best = min(free, key=lambda s: (abs(s[0] - square[0]) + abs(s[1] - square[1]), s[1], s[0]))
    return [best[0], best[1]]


def _room_of(board: Any, square: list[int]) -> str | None:
    return board.area_at.get((square[0], square[1]))  # type: ignore[no-any-return]


def _ways_out(data: dict[str, Any]) -> bool:
    """True when leaving is not done at the start: an exit door, or stairs the heroes do not start on."""
    if any(d.get("exit") for d in data.get("doors", [])):
        return True
    stairs = data.get("stairs")
    if stairs is None:
        return False
    on = {(stairs[0] + i, stairs[1] + j) for i in (0, 1) for j in (0, 1)}
    return bool(data.get("start")) and not any(tuple(s) in on for s in data["start"])


def goal_from_words(
    speech: str,
    notes: list[str],
    letters: dict[str, str],
    data: dict[str, Any],
    at_letter: dict[str, Any],
    board: Any,
    stage: int,
) -> WordsGoal:
    """The goal the quest's `speech` states, placed with its `notes` (`letters`: the lettered ones) on the
    quest `data` built so far; an empty `goal` when the words give none. `stage` 1 reads a room, a rescue
    and a named enemy, stage 2 a thing to find and the way out (the caller reads a catalogue artifact
    between)."""
    out = WordsGoal()
    speech = speech[:MAX_WORDS]
    notes = list(_capped(notes, MAX_WORDS))
    letters = {k: v[:MAX_WORDS] for k, v in _with_following(notes, letters).items()}
    said = _flat(speech)
    words = _flat("\n".join([speech, *notes]))
    if not said:
        return out
    for reader in (_reach, _rescue, _kill) if stage == 1 else (_find, _way_out):
        reader(out, said, words, letters, data, at_letter, board)
        if out.goal:
            break
    return out


_FIND_OUT = re.compile(rf"\bfind out what (?:has )?happened to ({_NAME})")
"""A fate to learn ("find out what has happened to Karlen"): reach the room of the note naming him."""
_HOLD = re.compile(
    r"\b(?:free of monsters|sole occupants?|clear the room of monsters)\b[^.]{0,60}\bturn\b", re.I
)
"""A room to hold ("keeping the central chamber free of monsters for at least one turn")."""
_HEROES = ("barbarian", "dwarf", "elf", "wizard")
_TAKEN = re.compile(r"\b(?:taken|captured|carried off|dragged)\b", re.I)
_FREE_THEM = re.compile(r"\b(?:free them|rescue (?:your|the) (?:companions|friends|comrades))\b", re.I)


def _reach(
    out: WordsGoal, said: str, words: str, letters: dict[str, str], data: dict[str, Any], at: Any, board: Any
) -> None:
    """A room to reach: where a lost one's fate is learnt ("find out what happened to Wardoz"), or where
    heroes taken from the party are held ("the Elf and the Barbarian have been taken ... free them"); then
    leave, when there is a way out."""
    way_out = data.get("stairs") is not None or any(d.get("exit") for d in data.get("doors", []))
    starts = {_room_of(board, s) for s in data.get("start", [])}
    if data.get("stairs") is not None and not data.get("start"):
        x, y = data["stairs"]
        starts.add(_room_of(board, [x, y]))
    if _HOLD.search(said):
        for letter, text in letters.items():
            room = _room_of(board, at[letter]) if letter in at and _HOLD.search(text) else None
            if room is not None and room not in starts and board.areas[room].kind == "room":
                text = HOLD_NOTE.format(letter=letter)
                out.goal = {"kind": "reach", "target": room, "hold": True, "text": text}
                out.guesses.append(
                    _("goal: hold room {room} (the note at {square}) for a turn, from the words").format(
                        room=room, square=list(at[letter])
                    )
                )
                return
    found = _FIND_OUT.search(said)
    square = _note_square(found[1], letters, at) if found else None
    what = f"Find out what became of {found[1]}: reach the room he is in" if found else ""
    heroes: list[str] = []
    if square is None and _FREE_THEM.search(said):
        taken = {h for t in _SENTENCE.findall(said) if _TAKEN.search(t) for h in _HEROES if h in t.casefold()}
        best = (
            max(
                (sum(h in text.casefold() for h in taken), letter)
                for letter, text in letters.items()
                if letter in at
            )
            if taken and letters
            else (0, "")
        )
        if best[0]:
            square = list(at[best[1]])
            heroes = [h.capitalize() for h in _HEROES if h in taken]
            what = f"Free the {' and the '.join(heroes)}: reach the room they are held in"
    room = None if square is None else _room_of(board, square)
    if square is None or room is None or room in starts or board.areas[room].kind != "room":
        return
    then = ", then leave" if way_out else ""
    text = f"{what}{then}."
    if found and not heroes:
        text = (FATE_THEN_LEAVE if way_out else FATE).format(name=found[1])
    out.goal = {"kind": "reach", "target": room, "exit": way_out, "text": text}
    out.guesses.append(_reach_guess(found[1] if found else "", heroes, room, square, way_out))


def _reach_guess(name: str, heroes: list[str], room: str, square: list[int], then: bool) -> str:
    """The report's line for a room to reach: where `name`'s fate is learnt, or where `heroes` are held."""
    if heroes:
        message = (
            _(
                "goal: free the {heroes}: reach the room they are held in "
                "({room}, by the note at {square}), then leave, from the words"
            )
            if then
            else _(
                "goal: free the {heroes}: reach the room they are held in "
                "({room}, by the note at {square}), from the words"
            )
        )
        return message.format(
            heroes=_(" and the ").join(name_said(h) for h in heroes), room=room, square=square
        )
    message = (
        _(
            "goal: find out what became of {name}: reach the room he is in "
            "({room}, by the note at {square}), then leave, from the words"
        )
        if then
        else _(
            "goal: find out what became of {name}: reach the room he is in "
            "({room}, by the note at {square}), from the words"
        )
    )
    return message.format(name=name, room=room, square=square)


def _rescue(
    out: WordsGoal, said: str, words: str, letters: dict[str, str], data: dict[str, Any], at: Any, board: Any
) -> None:
    way_out = data.get("stairs") is not None or any(d.get("exit") for d in data.get("doors", []))
    if not way_out or not _RESCUE_VERB.search(said):
        return
    named = [m[1] for m in itertools.islice(_RESCUE.finditer(said), MAX_NAMES)]
    noted = [n for n in named if _note_square(n, letters, at) is not None]
    for name in noted + [n for n in named if n not in noted]:  # one a note names first, then the X
        common = re.fullmatch(_CAPTIVES, name) is not None
        if not common and not _is_name(name):
            continue
        square = _note_square(name, letters, at) or (list(at["X"]) if "X" in at and not common else None)
        if square is None:
            continue
        figure = _figure_for(words, name)
        # a prisoner stands as the figure the notes give him when we have it; else as a swordsman (a
        # sorcerer's figure would make a knight a chaos warrior)
        stand_in = figure is not None and figure.casefold().strip() in _FIGURES
        kind = (None if stand_in or figure is None else _kind_of(figure)) or "Swordsman"
        pid = "prisoner-" + key_of(name)
        taken = {tuple(x["at"]) for x in data.get("monsters", [])}
        if tuple(square) in taken:
            continue
        count = (_count_of(name, said) or _count_of(name, _note_text(name, letters, at))) if common else 0
        if count > 1:
            _captives(out, data, board, name, kind, square, count)
            return
        data.setdefault("monsters", []).append({"id": pid, "monster": kind, "at": square, "name": name})
        who = f"the {name}" if common or re.search(rf"\bthe {re.escape(name)}\b", said) else name
        out.goal = {"kind": "rescue", "target": pid, "text": f"Rescue {who}: lead the prisoner out."}
        out.guesses.append(
            _("goal: rescue {name} (a {kind} figure at {square}), from the speech and notes").format(
                name=name, kind=name_said(kind), square=square
            )
        )
        return


def _captives(
    out: WordsGoal, data: dict[str, Any], board: Any, name: str, kind: str, square: list[int], count: int
) -> None:
    """`count` captives with no names ("the two women"): one on the note's square, the others on the free
    squares of its room nearest it, each a prisoner to lead out."""
    ids: list[str] = []
    at = square
    for n in range(count):
        if n:
            free = _free_square(board, data, square)
            if free is None:
                break
            at = free
        ids.append(f"prisoner-{key_of(name)}-{n + 1}")
        data.setdefault("monsters", []).append({"id": ids[-1], "monster": kind, "at": at, "name": name})
    if len(ids) < 2:
        ids = ids[:1]
    words = f"the {_NUMBERS[len(ids)]} {name}" if len(ids) > 1 else f"the {name}"
    out.goal = {
        "kind": "rescue",
        "target": ids[0],
        "also": ids[1:],
        "text": f"Rescue {words}: lead them out.",
    }
    out.guesses.append(
        _("goal: rescue {who} ({count} {kind} figures by {square}), from the speech and notes").format(
            who=words, count=len(ids), kind=name_said(kind), square=square
        )
    )


def _named(data: dict[str, Any], name: str) -> dict[str, Any] | None:
    for m in data.get("monsters", []):
        if m.get("name", "").casefold() == name.casefold():
            return m  # type: ignore[no-any-return]
    return None


def _with_following(notes: list[str], letters: dict[str, str]) -> dict[str, str]:
    """Each lettered note with the notes after it that carry no letter (a note's second paragraph)."""
    out = dict(letters)
    current = ""
    for text in notes:
        head = re.match(r"^\s*([A-Z]{1,2})(?:\.|:|\))?\s+\S", text)
        if head and head[1] in letters and letters[head[1]] in text:
            current = head[1]
        elif current and text.strip() and not re.match(r"^\s*wandering", text, re.I):
            out[current] += " " + text.strip()
    return out


def _sentences(said: str) -> list[str]:
    """The sentences of the speech that speak to the heroes (a task, not the villain's own doings)."""
    return [t for t in _SENTENCE.findall(said) if _TO_YOU.search(t)]


def _kill(
    out: WordsGoal, said: str, words: str, letters: dict[str, str], data: dict[str, Any], at: Any, board: Any
) -> None:
    things = {n for f in _things(said) for n in _NAMES.findall(f)}
    everyone = [n for n in _names(said, words) if n not in things]
    tried: set[str] = set()
    for sentence in _sentences(said):
        if not _KILL_CUE.search(sentence):
            continue
        names = [n for n in _names(sentence, words) if n not in things]
        if not names and re.search(r"\b(?:him|her|he|she)\b", sentence, re.I):
            names = everyone  # "do battle with him": the one the speech named before
        names += [n.split(" ")[0] for n in names if " the " in n]  # "Fanrax the Malicious": Fanrax
        for name in names:
            if name in tried or len(tried) >= MAX_NAMES:
                continue
            tried.add(name)
            target = _named(data, name) or _locate(name, words, letters, data, at, board)
            if target is None:
                continue
            target["name"] = name
            out.goal = {"kind": "kill", "target": target["id"], "text": SLAY.format(name=name)}
            where = target["at"]
            out.guesses.append(
                _("goal: slay {name} (the {kind} at {square}), from the speech").format(
                    name=name, kind=name_said(target["monster"]), square=where
                )
            )
            return
    if _SLAY_ALL.search(said) and data.get("monsters"):
        way_out = data.get("stairs") is not None or any(d.get("exit") for d in data.get("doors", []))
        out.goal = {"kind": "slay-all", "exit": way_out, "text": N_("Slay every monster.")}
        out.guesses.append(_("goal: every monster slain, from the speech"))


def _locate(
    name: str, words: str, letters: dict[str, str], data: dict[str, Any], at: Any, board: Any
) -> dict[str, Any] | None:
    """The monster standing for `name`: on or nearest the note that names him in that note's area, or the
    one of his figure's kind; else a new one placed on that note's square."""
    figure = _figure_for(words, name)
    kind = _kind_of(figure) if figure else None
    monsters: list[dict[str, Any]] = data.get("monsters", [])
    square = _note_square(name, letters, at)
    near_x = rf"{re.escape(name)}.{{0,300}}?\bX\b|\bX\b[^.]{{0,100}}{re.escape(name)}"
    if square is None and "X" in at and re.search(near_x, words):
        square = list(at["X"])  # "place him on the X"
    if square is None and "X" in at and "X" not in letters and figure is not None:
        square = list(at["X"])  # a figure of his own, and an X on the map that no note explains
    note = _note_text(name, letters, at)
    if kind is None:
        kind = _kind_beside(name, note)
    about = " ".join(n for n in re.split(r"(?<=[.!?])\s+|\n", words) if name in n)
    if square is not None and kind is not None:
        area = _room_of(board, square)
        near = [
            x
            for x in monsters
            if _room_of(board, x["at"]) == area and x["monster"] == kind and "name" not in x
        ]
        if near:
            return min(near, key=lambda x: abs(x["at"][0] - square[0]) + abs(x["at"][1] - square[1]))
    if square is not None and figure is None and _STATS.search(note + " " + about):
        kind = "Chaos Warrior"  # a named figure of his own, his numbers in the notes: our stand-in
        figure = "his own figure"
    if kind is not None:
        of_kind = [x for x in monsters if x["monster"] == kind and "name" not in x]
        if len(of_kind) == 1:
            return of_kind[0]
    if square is None or figure is None or kind is None:
        return None
    free = _free_square(board, data, square)
    if free is None:
        return None
    placed = {"id": "enemy-" + key_of(name), "monster": kind, "at": free}
    monsters.append(placed)
    data["monsters"] = monsters
    return placed


def _stem(word: str) -> str:
    """A word without its plural "s" ("Keys": key), to find it in a note."""
    return word[:-1] if len(word) > 4 and word.endswith("s") else word


def _things(text: str) -> list[str]:
    """The things the sentences to the heroes send them to find ("the Avenger", "a golden book")."""
    out = []
    told = sorted(_sentences(text), key=lambda t: not re.search(r"\bmust\b", t))  # "you must find" first
    found = [m[1] for m in _FIND.finditer(" ".join(told))] + _LIES.findall(text)
    for what in found:
        thing = re.sub(
            r"^(?:[Tt]he|another|some|a|an|these|this|its)(?: (?:first|second|third|last))? ",
            "",
            what.strip(" '’"),
        )
        keys = [w for w in re.findall(r"[A-Za-z]{3,}", thing) if w.casefold() not in _NOT_NAMES | _SMALL]
        ends = {thing.split(" ")[-1].casefold(), thing.split(" ")[0].casefold()}
        if keys and not ends & (_EXITS | _NOT_NAMES | _PREPOSITIONS | _PLACES) and thing not in out:
            out.append(thing)
        if len(out) >= MAX_NAMES:
            break
    return out


def _artifact_for(thing: str, keys: list[str]) -> str | None:
    """The catalogue artifact the thing is ("a Talisman": the Talisman of Lore), or None."""
    flat = key_of(thing)
    for entry in catalog.catalog().artifacts.values():
        name = entry.name.casefold()
        if entry.key in flat or all(re.search(rf"\b{re.escape(k.casefold())}\b", name) for k in keys):
            return entry.name
    return None


def _find(
    out: WordsGoal, said: str, words: str, letters: dict[str, str], data: dict[str, Any], at: Any, board: Any
) -> None:
    for thing in _things(said):
        keys = [w for w in re.findall(r"[A-Za-z]{3,}", thing) if w.casefold() not in _NOT_NAMES | _SMALL]
        square = None
        # its last two words in a note, else its last one, else any one of its words
        for wanted in (keys[-2:], keys[-1:], *([k] for k in keys[:-1])):
            for letter, text in letters.items():
                if letter in at and all(re.search(rf"\b{re.escape(_stem(k))}", text, re.I) for k in wanted):
                    square = list(at[letter])
                    break
            if square is not None:
                break
        if square is None:
            continue
        way_out = data.get("stairs") is not None or any(d.get("exit") for d in data.get("doors", []))
        back = bool(_BRING_BACK.search(said) or _WAY_OUT.search(said)) and way_out
        tid = "quest-" + key_of(thing)[:40]
        then = ", then leave" if back else ""
        pieces = _pieces_for(thing, words, data, board, square)
        if pieces:
            kind = _stem(thing.split(" ")[-1]).casefold()
            ids = [f"quest-{kind}-{n + 1}" for n in range(len(pieces))]
            for n, piece in enumerate(pieces):
                out.treasure.append({"id": ids[n], "furniture": piece, "text": f"A {kind} of the quest."})
            count = _NUMBERS[len(pieces)]
            thing = f"{kind}s"
            text = f"Find the {count} {thing}{then}."
            out.goal = {"kind": "find", "target": ids[0], "also": ids[1:], "text": text, "exit": back}
            message = (
                _("goal: find the {count} {things} ({pieces}), then leave, from the speech and notes")
                if back
                else _("goal: find the {count} {things} ({pieces}), from the speech and notes")
            )
            out.guesses.append(message.format(count=count, things=thing, pieces=", ".join(pieces)))
            return
        artifact = _artifact_for(thing, keys)
        found: dict[str, Any] = {"id": tid, "at": square, "text": f"The {thing}."}
        if artifact:
            found = {"id": key_of(artifact), "at": square, "artifact": artifact}
            tid, thing = found["id"], artifact
        out.treasure.append(found)
        article = "" if re.match(r"\S+(?:'s|’s) ", thing) else "the "
        text = f"Find {article}{thing}{then}."
        if article:
            text = (FIND_THEN_LEAVE if back else FIND).format(name=thing)
        out.goal = {"kind": "find", "target": tid, "text": text, "exit": back}
        out.guesses.append(_find_guess(name_said(thing), bool(article), square, back))
        return


def _find_guess(thing: str, article: bool, square: list[int], then: bool) -> str:
    """The report's line for a thing to find (and bring back)."""
    if article:
        message = (
            _("goal: find the {thing} (at {square}), then leave, from the speech and notes")
            if then
            else _("goal: find the {thing} (at {square}), from the speech and notes")
        )
    else:
        message = (
            _("goal: find {thing} (at {square}), then leave, from the speech and notes")
            if then
            else _("goal: find {thing} (at {square}), from the speech and notes")
        )
    return message.format(thing=thing, square=square)


_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
"""The counts the words give of things or captives ("three chests", "two women")."""
_BY_WORD = {word: n for n, word in _NUMBERS.items()}


def _count_of(noun: str, words: str) -> int:
    """How many of `noun` the words say there are ("Three treasure chests": 3 for "chests"), or 0."""
    stem = re.escape(_stem(noun.split(" ")[-1]))
    counts = re.findall(rf"\b({'|'.join(_BY_WORD)})\s+(?:[A-Za-z’']+\s+){{0,3}}?{stem}", words, re.I)
    return _BY_WORD[counts[0].casefold()] if counts else 0


def _pieces_for(thing: str, words: str, data: dict[str, Any], board: Any, square: list[int]) -> list[str]:
    """The furniture the words send the heroes to bring back several of ("the three chests", and three
    chests in the room of their note): their ids, or [] when the thing is one, or not a piece there."""
    kind = _stem(thing.split(" ")[-1]).casefold()
    count = _count_of(thing, words)
    if kind not in FURNITURE_KINDS or count < 2:
        return []
    room = _room_of(board, square)
    pieces = [f for f in data.get("furniture", []) if f["kind"] == kind and _room_of(board, f["at"]) == room]
    if len(pieces) != count:
        return []
    return [str(f["id"]) for f in pieces]


def _way_out(
    out: WordsGoal, said: str, words: str, letters: dict[str, str], data: dict[str, Any], at: Any, board: Any
) -> None:
    m = _WAY_OUT.search(said)
    if m is None or not _ways_out(data):
        return
    out.goal = {"kind": "reach-exit", "text": N_("Find the way out and leave by it.")}
    out.guesses.append(_("goal: reach the way out, from the speech ({words!r})").format(words=m[0]))
