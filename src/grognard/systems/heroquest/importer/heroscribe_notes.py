"""What a HeroScribe quest's text tells the import, and the goal a user names with `--goal`.

HeroScribe files hold a quest's map and its words (`speech`, `note`), but no goal, wandering monster or
start. `read_notes` reads what it can from the words: the wandering monster ("Wandering monster: Orc"),
the room where the heroes start ("X  This is where the players start"), an artifact of our catalogue
the heroes are sent to find (named in the speech and in a lettered note, which places it), and a named
enemy to kill ("Verag, a foul gargoyle", "Use the Orc figure ... to represent Ulag", when the map holds
exactly one of that kind); the rest of the goals the words state (a rescue, a named enemy with no
figure of his kind, a quest thing to find and bring back, the way out) are read by
`heroscribe_goals.goal_from_words`. `goal_from_spec` reads `--goal`: `kill:MONSTER`, `find:ITEM[@WHERE]`,
`rescue:MONSTER` or `rescue:KIND@WHERE`, `reach:WHERE` (a hero stands in the room of WHERE), `hold:WHERE`
(the heroes keep that room free of monsters for a turn), `slay-all`, `reach-exit`, and `exit-after:GOAL`
(the deed, then out by the stairs or an exit door); `kill`, `rescue` and `reach` take several targets
joined by "+", every one to be met. MONSTER is a placed monster's id or a kind the map holds once; WHERE
a note's letter or a square `x,y` counted from 0. Every guess is reported so an author can check it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from grognard.engine.errors import GrognardError, UsageError
from grognard.i18n import N_
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog, spec_text
from grognard.systems.heroquest.content.board import standard_board
from grognard.systems.heroquest.content.catalog import key_of
from grognard.systems.heroquest.content.words import said
from grognard.systems.heroquest.importer.heroscribe_goals import WordsGoal, goal_from_words
from grognard.systems.heroquest.rules.goals import FIND, KILL, SET_BY

_LETTERED = re.compile(r"^\s*([A-Z]{1,2})(?:\.|:|\))?\s+(\S.*)$", re.S)
_WANDERING = re.compile(r"wandering monsters?(?: in this quest)?\s*[:\-]\s*([A-Za-z][A-Za-z' ]{0,40})", re.I)
_STARTS = re.compile(r"where the (?:players|heroes|characters|character players) (?:start|begin)", re.I)
_ESCAPE = re.compile(r"\b(?:escape|escaped|stairway|way out)\b", re.I)
_NAMED = re.compile(r"\b([A-Z][a-z]{2,20}),? (?:a|an|the) (?:[a-z]+ ){0,2}?([A-Za-z]+(?: [A-Za-z]+)?)\b")
_FIGURE = re.compile(
    r"\bUse (?:the|an|a) ([A-Za-z]+(?: [A-Za-z]+)?) (?:figure|piece|model)\b[^.]{0,60}?"
    r"\b(?:to represent|for) ([A-Z][a-z]{2,20})\b"
)
_GENERIC = {"of", "the", "a", "an", "and", "ring", "armor", "armour", "magical", "magic", "potion"}


@dataclass
class NotesRead:
    """What the words gave: the wandering monster, the start letter, the goal, and what was guessed."""

    wandering: str = ""
    start_letter: str = ""
    goal: dict[str, Any] = field(default_factory=dict)
    treasure: list[dict[str, Any]] = field(default_factory=list)
    guesses: list[str] = field(default_factory=list)


def lettered(notes: list[str]) -> dict[str, str]:
    """The notes that begin with a letter code ("A  The chest ..."), by letter (the first of each)."""
    out: dict[str, str] = {}
    for text in notes:
        m = _LETTERED.match(text)
        if m and m[1] not in out:
            out[m[1]] = m[2]
    return out


def _monster_name(text: str) -> str | None:
    """Our catalogue's name for a monster kind written in a quest's words ("gargoyle", "Orcs"), or None."""
    monsters = catalog.catalog().monsters
    for word in (text, text.rstrip("s")):
        entry = monsters.get(key_of(word))
        if entry is not None:
            return entry.name
    return None


def _placed_of_kind(data: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [m for m in data.get("monsters", []) if key_of(m["monster"]) == key_of(kind)]


def _artifact_in(text: str) -> str | None:
    """The catalogue artifact a note names ("the Talisman of Lore"), or None."""
    flat = key_of(text).replace("armour", "armor")
    for entry in catalog.catalog().artifacts.values():
        if entry.key.replace("armour", "armor") in flat:
            return entry.name
    return None


def _distinct_words(name: str) -> list[str]:
    return [w for w in re.findall(r"[a-z]+", name.casefold()) if len(w) >= 4 and w not in _GENERIC]


def read_notes(speech: str, notes: list[str], data: dict[str, Any], at_letter: dict[str, Any]) -> NotesRead:
    """What the quest's `speech` and `notes` tell about the quest `data` the import built so far;
    `at_letter` maps a note letter to the square it stands on (`[x, y]`)."""
    read = NotesRead()
    everything = "\n".join([speech, *notes])
    m = _WANDERING.search(everything)
    if m:
        name = _monster_name(m[1].strip().split(" ")[0]) or _monster_name(m[1].strip())
        if name:
            read.wandering = name
            read.guesses.append(_("wandering monster {monster}, from the notes").format(monster=said(name)))
    letters = lettered(notes)
    for letter, text in letters.items():
        if _STARTS.search(text) and letter in at_letter:
            read.start_letter = letter
            read.guesses.append(
                _("the heroes start in the room of note {letter}, from the notes").format(letter=letter)
            )
            if data.get("stairs") is not None and _ESCAPE.search(everything):
                read.goal = {"kind": "reach-exit", "text": N_("Escape: reach the stairway.")}
                read.guesses.append(_("goal: reach the stairway, from the notes"))
            break
    board = standard_board()
    if not read.goal:
        _from_words(read, goal_from_words(speech, notes, letters, data, at_letter, board, 1))
    if not read.goal:
        _from_words(read, goal_from_words(speech, notes, letters, data, at_letter, board, 2))
    if not read.goal:
        _find_goal(read, speech, letters, at_letter)
    if not read.goal:
        _kill_goal(read, everything, data)
    return read


def _from_words(read: NotesRead, words: WordsGoal) -> None:
    read.goal = words.goal
    read.treasure += words.treasure
    read.guesses += words.guesses


def _find_goal(read: NotesRead, speech: str, letters: dict[str, str], at_letter: dict[str, Any]) -> None:
    spoken = set(re.findall(r"[a-z]+", speech.casefold()))
    for letter, text in letters.items():
        name = _artifact_in(text)
        if name is None or letter not in at_letter or not spoken & set(_distinct_words(name)):
            continue
        tid = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
        read.treasure.append({"id": tid, "at": at_letter[letter], "artifact": name})
        read.goal = {"kind": "find", "target": tid, "text": FIND.format(name=name)}
        read.guesses.append(
            _("goal: find the {name} (note {letter}), from the notes").format(name=said(name), letter=letter)
        )
        return


def _kill_goal(read: NotesRead, everything: str, data: dict[str, Any]) -> None:
    found = [(n, k) for k, n in _FIGURE.findall(everything)] + _NAMED.findall(everything)
    for name, kind_text in found:
        words = kind_text.split(" ")
        kind = _monster_name(kind_text) or _monster_name(words[0]) or _monster_name(words[-1])
        if kind is None:
            continue
        placed = _placed_of_kind(data, kind)
        if len(placed) != 1:
            continue
        placed[0]["name"] = name
        read.goal = {"kind": "kill", "target": placed[0]["id"], "text": KILL.format(name=name)}
        read.guesses.append(
            _("goal: kill {name}, the {kind} at {square}, from the notes").format(
                name=name, kind=said(kind), square=placed[0]["at"]
            )
        )
        return


# ---------------------------------------------------------------------------------------------------
# --goal


def _where(text: str, at_letter: dict[str, Any]) -> list[int]:
    if text in at_letter:
        return list(at_letter[text])
    m = re.fullmatch(r"\s*(\d{1,3})\s*,\s*(\d{1,3})\s*", text)
    if m is None:
        letters = ", ".join(sorted(at_letter)) or "none"
        raise UsageError(
            _("--goal: {text!r} is neither a note letter on the map ({letters}) nor a square x,y").format(
                text=text, letters=letters
            )
        )
    return [int(m[1]), int(m[2])]


def _monster_ref(ref: str, data: dict[str, Any], verb: str) -> dict[str, Any]:
    monsters = data.get("monsters", [])
    for m in monsters:
        if m["id"] == ref:
            return m  # type: ignore[no-any-return]
    kind = _monster_name(ref)
    placed = _placed_of_kind(data, kind) if kind else []
    if len(placed) == 1:
        return placed[0]
    ids = ", ".join(m["id"] for m in (placed or monsters)[:12]) or "none"
    many = (
        _("the map holds {count} of them").format(count=len(placed))
        if placed
        else _("no such monster on the map")
    )
    raise UsageError(
        _("--goal {value!r}: {many}; name one by id ({ids})").format(
            value=verb + ":" + ref, many=many, ids=ids
        )
    )


def goal_from_spec(
    spec: str, data: dict[str, Any], notes: list[str], at_letter: dict[str, Any], board: Any = None
) -> dict[str, Any]:
    """The goal `spec` names (see the module doc), adding to `data` the treasure or prisoner it places;
    a `UsageError` saying what is wrong."""
    spec = spec.strip()
    if len(spec) > 200:
        raise UsageError(_("--goal: too long"))
    exit_after = spec.startswith("exit-after:")
    if exit_after:
        spec = spec.removeprefix("exit-after:")
    verb, arg = spec_text.goal(spec)
    goal: dict[str, Any]
    if verb in ("slay-all", "reach-exit") and not arg:
        if verb == "reach-exit" and exit_after:
            raise UsageError(_("--goal exit-after:reach-exit: reaching the exit already ends at the way out"))
        goal = {"kind": verb}
    elif verb == "kill" and arg:
        goal = _several("kill", [_monster_ref(a, data, verb)["id"] for a in spec_text.several(arg)])
    elif verb == "rescue" and arg:
        if exit_after:
            raise UsageError(
                _("--goal exit-after:rescue: a rescue already ends on the stairs or an exit door")
            )
        goal = _several(
            "rescue", [_prisoner(a, data, at_letter, n) for n, a in enumerate(spec_text.several(arg))]
        )
    elif verb == "find" and arg:
        goal = {"kind": "find", "target": _treasure(arg, data, notes, at_letter)}
    elif verb in ("reach", "hold") and arg and board is not None:
        goal = _several("reach", [_room(a, at_letter, board, verb) for a in spec_text.several(arg)])
        goal["hold"] = verb == "hold"
    else:
        raise UsageError(
            _(
                "--goal {spec!r}: give kill:MONSTER[+MONSTER...], find:ITEM[@WHERE], "
                "rescue:MONSTER[+MONSTER...], rescue:KIND@WHERE, reach:WHERE[+WHERE...], "
                "hold:WHERE, slay-all, reach-exit, or exit-after: and one of them"
            ).format(spec=spec)
        )
    goal["exit"] = exit_after
    goal["text"] = SET_BY.format(spec=("exit-after:" if exit_after else "") + spec)
    return goal


def _several(kind: str, targets: list[str]) -> dict[str, Any]:
    """A goal of `kind` on every one of `targets`, each named once."""
    if len(set(targets)) != len(targets):
        raise UsageError(
            _("--goal {kind}: a target is named twice ({value})").format(kind=kind, value=", ".join(targets))
        )
    return {"kind": kind, "target": targets[0], "also": targets[1:]}


def _room(where: str, at_letter: dict[str, Any], board: Any, verb: str) -> str:
    """The room of a note letter or square x,y, for a goal that reaches or holds it."""
    square = _where(where, at_letter)
    room = board.room_of((square[0], square[1]))
    if room is None:
        raise UsageError(
            _("--goal {value!r}: {square} is not in a room").format(value=verb + ":" + where, square=square)
        )
    return str(room)


def _prisoner(arg: str, data: dict[str, Any], at_letter: dict[str, Any], n: int = 0) -> str:
    what, where = spec_text.placed(arg)
    if where is None:
        return str(_monster_ref(what, data, "rescue")["id"])
    kind = _monster_name(what)
    if kind is None:
        raise UsageError(
            _("--goal {value!r}: no monster kind {what!r} in the catalogue to stand for the prisoner").format(
                value="rescue:" + arg, what=what
            )
        )
    pid = "prisoner" if n == 0 else f"prisoner-{n + 1}"
    data.setdefault("monsters", []).append({"id": pid, "monster": kind, "at": _where(where, at_letter)})
    return pid


def _treasure(arg: str, data: dict[str, Any], notes: list[str], at_letter: dict[str, Any]) -> str:
    what, where = spec_text.placed(arg)
    try:
        entry: Any = catalog.artifact(what)
        key = "artifact"
    except GrognardError:
        try:
            entry = catalog.item(what)
            key = "item"
        except GrognardError:
            raise UsageError(
                _("--goal {value!r}: no artifact or item {what!r} in the catalogue").format(
                    value="find:" + arg, what=what
                )
            ) from None
    if where is None:
        found = [k for k, text in lettered(notes).items() if key_of(entry.name) in key_of(text)]
        found = [k for k in found if k in at_letter]
        if not found:
            raise UsageError(
                _(
                    "--goal {value!r}: no note on the map names it; say where: find:ITEM@LETTER or @x,y"
                ).format(value="find:" + arg)
            )
        where = found[0]
    tid = "goal-" + re.sub(r"[^a-z0-9]+", "-", entry.name.casefold()).strip("-")
    data.setdefault("treasure", []).append({"id": tid, "at": _where(where, at_letter), key: entry.name})
    return tid
