"""Saved games as portable JSON files: the record of one game, writing it, reading and checking it.

A `SavedGame` is what a store keeps of a game: the system and game ids, the resolved options, the seed,
every move in order with the dice shown, and the snapshot of the state those moves lead to. The file
format is documented in `docs/formats/saved-game.md`. Reading a file checks everything before anything is
written anywhere: its shape, the system and game, the options, that every move is legal when replayed
from the seed, and that the replay ends on the snapshot the file carries. A file that fails is refused
with a `SaveError` naming the file and the problem.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from grognard import __version__
from grognard.engine import files, registry
from grognard.engine.dice.core import HQ_COMBAT_FACES, MAX_SIDES, DieRoll, Rng, Roll
from grognard.engine.embedded import MAX_EMBEDDED_BYTES, carry_files, is_embedded, open_embedded, shown
from grognard.engine.errors import ContentError, GrognardError, SaveError
from grognard.engine.game import CHANCE, JSON, TERMINAL, Game, GameState, OptionInfo, OptionValue
from grognard.engine.serial import canonical
from grognard.engine.session import MoveRecord, Session
from grognard.i18n import N_, number
from grognard.i18n import gettext as _

if TYPE_CHECKING:
    from pydantic import TypeAdapter

FORMAT = "grognard-saved-game"
"""The value of the `format` field that marks a grognard saved-game file."""

FORMAT_VERSION = 1
"""The version of the file format this grognard writes and reads."""

IN_PLAY = "in play"
"""Status of a game that is not over."""

OVER = "over"
"""Status of a game that has reached a terminal state."""

STATUSES = (IN_PLAY, OVER)

SEED_MIN = -(2**63)
SEED_MAX = 2**63 - 1

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest saved-game file read (a long Talisman game is a few megabytes)."""

MAX_DEPTH = 200
"""The deepest lists and objects nest in a saved-game file read (a game's state nests a dozen deep)."""

MAX_MOVES = 1_000_000
"""The most moves a saved game may hold."""

MAX_OPTION_TEXT = 1_000_000
"""The longest text an option may hold in a saved game."""

MAX_CARRIED_TEXT = MAX_EMBEDDED_BYTES + 1_000
"""The longest text a file option carrying its content may hold (`engine.embedded`)."""

MAX_CONTENT_BYTES = 32 * 1024 * 1024
"""The largest content file (a book, a quest) a saved game may name."""

CONTENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}")
"""A name of content shipped with grognard, as a saved game names it (no folder, no path)."""


def now() -> str:
    """The current time as an ISO 8601 UTC timestamp to the second, as saved games keep it."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def status_of(state: GameState) -> str:
    """`over` at a terminal state, `in play` otherwise."""
    return OVER if state.actor() is TERMINAL else IN_PLAY


@dataclass(frozen=True)
class SavedGame:
    """Everything kept of one game, independent of where it is kept."""

    system: str
    game: str
    options: dict[str, OptionValue]
    seed: int
    moves: tuple[MoveRecord, ...]
    snapshot: JSON
    title: str = ""
    status: str = IN_PLAY  # "" when a file leaves it out: it is then taken from the replay
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)


class FileStore(Protocol):
    """What writing a stored game to a file and storing a file's game need of a store (any
    `factory.GameStore`; named here so that this module, which the stores import, imports none of them)."""

    def export_game(self, game_id: str) -> SavedGame:
        """The full record of a game, for a saved-game file."""

    def import_game(
        self,
        saved: SavedGame,
        source: str = "",
        *,
        dice: bool = False,
        allow_files: bool = False,
        game_id: str | None = None,
    ) -> str:
        """Check a saved game by replaying it and store it as a new game; returns the new id."""


def from_session(session: Session, title: str = "", created: str | None = None) -> SavedGame:
    """The saved record of a session as it stands now."""
    state = session.current
    stamp = now()
    return SavedGame(
        system=session.system,
        game=session.game.info.id,
        options=dict(session.options),
        seed=session.seed,
        moves=tuple(session.moves),
        snapshot=session.game.state_to_json(state),
        title=title,
        status=status_of(state),
        created=created or stamp,
        updated=stamp,
    )


# Move records as JSON.


@cache
def _rolls_adapter() -> TypeAdapter[tuple[Roll, ...]]:
    from pydantic import TypeAdapter  # loaded on first use: listing saved games needs no pydantic

    return TypeAdapter(tuple[Roll, ...])


def rolls_to_data(rolls: tuple[Roll, ...]) -> list[Any]:
    """The dice of one move as JSON-safe data."""
    data: list[Any] = _rolls_adapter().dump_python(rolls, mode="json")
    return data


def rolls_from_data(data: Any, where: str) -> tuple[Roll, ...]:
    """The dice written by `rolls_to_data`, checked strictly; a `SaveError` says what is wrong and where."""
    from pydantic import ValidationError  # loaded on first use, as `_rolls_adapter`

    from grognard.engine.content import pydantic_reason  # inner import: it loads pydantic, as above

    try:
        return _rolls_adapter().validate_json(json.dumps(data), strict=True)
    except (ValidationError, ValueError, TypeError, RecursionError) as e:
        first = e.errors()[0] if isinstance(e, ValidationError) and e.errors() else None
        detail = f"{'.'.join(map(str, first['loc']))}: {pydantic_reason(first)}" if first else str(e)
        raise SaveError(
            _("%(where)s: the dice are not valid (%(detail)s)") % {"where": where, "detail": detail}
        ) from e


def is_move(value: Any) -> bool:
    """True for a value a move can be: a string or an integer (not a boolean)."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def record_to_data(record: MoveRecord) -> dict[str, Any]:
    """One move as JSON-safe data: `move`, `player` (null for chance) and `rolls`."""
    return {"move": record.move, "player": record.player, "rolls": rolls_to_data(record.rolls)}


def record_from_data(data: Any, where: str) -> MoveRecord:
    """The move written by `record_to_data`; a `SaveError` names `where` and the problem."""
    if not isinstance(data, dict):
        raise SaveError(
            _("%(where)s: a move must be an object, not %(kind)s") % {"where": where, "kind": _kind(data)}
        )
    if "move" not in data:
        raise SaveError(_("%(where)s: the move is missing") % {"where": where})
    move = data["move"]
    if not is_move(move):
        raise SaveError(
            _("%(where)s: a move must be a string or an integer, not %(kind)s")
            % {"where": where, "kind": _kind(move)}
        )
    player = data.get("player")
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
        raise SaveError(
            _("%(where)s: player must be an integer or null, not %(kind)s")
            % {"where": where, "kind": _kind(player)}
        )
    return MoveRecord(move, player, rolls_from_data(data.get("rolls", []), where))


_KINDS: dict[type, str] = {
    bool: N_("a boolean"),
    int: N_("an integer"),
    float: N_("a number"),
    str: N_("a string"),
    list: N_("a list"),
}
"""What a JSON value is, as the refusals say it (said with `gettext`; null is JSON's own word)."""


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return _(_KINDS.get(type(value), N_("an object")))


# The file format.


def to_data(saved: SavedGame) -> dict[str, Any]:
    """The whole saved game as the JSON object of a saved-game file."""
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "written_by": f"grognard {__version__}",
        "system": saved.system,
        "game": saved.game,
        "title": saved.title,
        "status": saved.status,
        "created": saved.created,
        "updated": saved.updated,
        "options": dict(saved.options),
        "seed": saved.seed,
        "moves": [record_to_data(m) for m in saved.moves],
        "state": saved.snapshot,
    }


def _require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str, source: str) -> Any:
    """The field `key` of `data`, of `kind`; `what` (a word of `_KINDS`) says the kind in a refusal."""
    if key not in data:
        raise _missing(source, key)
    value = data[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise _not_kind(source, key, what, value)
    if not isinstance(value, kind):
        raise _not_kind(source, key, what, value)
    return value


def _missing(source: str, key: str) -> SaveError:
    return SaveError(_("%(source)s: the field %(key)s is missing") % {"source": source, "key": repr(key)})


def _not_kind(source: str, key: str, what: str, value: Any) -> SaveError:
    return SaveError(
        _("%(source)s: %(key)s must be %(what)s, not %(kind)s")
        % {"source": source, "key": repr(key), "what": _(what), "kind": _kind(value)}
    )


def _timestamp(data: Mapping[str, Any], key: str, source: str) -> str:
    if key not in data:
        return now()
    value = data[key]
    if not isinstance(value, str):
        raise SaveError(
            _("%(source)s: %(key)s must be an ISO 8601 timestamp, not %(kind)s")
            % {"source": source, "key": repr(key), "kind": _kind(value)}
        )
    try:
        datetime.fromisoformat(value)
    except ValueError as e:
        raise SaveError(
            _("%(source)s: %(key)s is not an ISO 8601 timestamp: %(value)s")
            % {"source": source, "key": repr(key), "value": repr(value)}
        ) from e
    return value


def from_data(data: Any, source: str) -> SavedGame:
    """Read the JSON object of a saved-game file, checking its shape (not yet its moves).

    `source` names where the data came from (a file path) in every error.
    """
    if not isinstance(data, dict):
        raise SaveError(
            _("%(source)s: not a grognard saved game (the file holds %(kind)s, not an object)")
            % {"source": source, "kind": _kind(data)}
        )
    if data.get("format") != FORMAT:
        found = data.get("format")
        raise SaveError(
            _("%(source)s: not a grognard saved game (format is %(found)s, not %(format)s)")
            % {"source": source, "found": repr(found), "format": repr(FORMAT)}
        )
    version = data.get("version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise SaveError(
            _(
                "%(source)s: saved-game format version %(version)s is not supported "
                "(this grognard reads %(reads)s)"
            )
            % {"source": source, "version": repr(version), "reads": FORMAT_VERSION}
        )
    system = _require(data, "system", str, N_("a string"), source)
    game = _require(data, "game", str, N_("a string"), source)
    options = _require(data, "options", dict, N_("an object"), source)
    for name, value in options.items():
        if not isinstance(value, str | int | float | bool):
            raise SaveError(
                _("%(source)s: option %(name)s must be a string, number or boolean, not %(kind)s")
                % {"source": source, "name": repr(name), "kind": _kind(value)}
            )
    seed = _require(data, "seed", int, N_("an integer"), source)
    if not SEED_MIN <= seed <= SEED_MAX:
        raise SaveError(
            _("%(source)s: 'seed' %(seed)s is outside the range of a 64-bit integer")
            % {"source": source, "seed": seed}
        )
    moves_data = _require(data, "moves", list, N_("a list"), source)
    if len(moves_data) > MAX_MOVES:
        raise _too_many_moves(source, len(moves_data))
    if "state" not in data:
        raise _missing(source, "state")
    title = data.get("title", "")
    if not isinstance(title, str):
        raise _not_kind(source, "title", N_("a string"), title)
    status = data.get("status", "")
    if status != "" and status not in STATUSES:
        raise SaveError(
            _("%(source)s: 'status' must be one of %(statuses)s, not %(status)s")
            % {"source": source, "statuses": list(STATUSES), "status": repr(status)}
        )
    moves = tuple(
        record_from_data(m, _("%(source)s: move %(number)s") % {"source": source, "number": i + 1})
        for i, m in enumerate(moves_data)
    )
    return SavedGame(
        system=system,
        game=game,
        options=dict(options),
        seed=seed,
        moves=moves,
        snapshot=data["state"],
        title=title,
        status=status,
        created=_timestamp(data, "created", source),
        updated=_timestamp(data, "updated", source),
    )


def _too_many_moves(source: str, count: int) -> SaveError:
    return SaveError(
        _("%(source)s: %(count)s moves is more than a saved game may hold (%(most)s)")
        % {"source": source, "count": count, "most": MAX_MOVES}
    )


def check_options(game: Game, options: Mapping[str, Any], source: str) -> dict[str, OptionValue]:
    """The options of a saved game resolved against the game's, checked as strictly as the command line:
    each of the type of its default (a whole number for a whole-number option, a finite number for a
    number, true/false for a switch), text not too long, and (through the game) within its choices and
    bounds. A `SaveError` names `source` and the option."""
    known = {o.name: o for o in game.info.options}
    for name, value in options.items():
        info = known.get(name)
        if info is not None:
            problem = _option_problem(info, value, f"{name}={_short(repr(value), 60)}")
            if problem:
                raise _bad_options(source, problem)
    try:
        return game.info.resolve_options(options)
    except (GrognardError, ValueError) as e:
        raise _bad_options(source, str(e)) from e


def _bad_options(source: str, reason: str) -> SaveError:
    return SaveError(_("%(source)s: bad options: %(reason)s") % {"source": source, "reason": reason})


def _option_problem(info: OptionInfo, value: Any, option: str) -> str:
    """What is wrong with `value` for the option `info` (written `option`: "name=value"), or ""."""
    said = {"option": option}
    default = info.default
    if isinstance(default, bool):
        return "" if isinstance(value, bool) else _("option %(option)s must be true or false") % said
    if isinstance(value, bool):
        return _("option %(option)s must not be true or false") % said
    if isinstance(default, int):
        return "" if isinstance(value, int) else _("option %(option)s must be a whole number") % said
    if isinstance(default, float):
        if not isinstance(value, int | float):
            return _("option %(option)s must be a number") % said
        return "" if math.isfinite(value) else _("option %(option)s is not a finite number") % said
    if not isinstance(value, str):
        return _("option %(option)s must be text") % said
    most = MAX_CARRIED_TEXT if info.file and is_embedded(value) else MAX_OPTION_TEXT
    if len(value) <= most:
        return ""
    return _("option %(option)s is longer than %(most)s characters") % {"option": option, "most": most}


def check_content_refs(game: Game, options: Mapping[str, Any], source: str, *, allow_files: bool) -> None:
    """Refuse a saved game's options that name content files it may not open, or carry content that
    does not match its hash (`engine.embedded`: content a game carries is read from the saved game).

    An option declared as naming a file (`OptionInfo.file`: a book, a quest) may name content shipped
    with grognard by its name. A path to something that exists is refused unless `allow_files` (the
    player's own store, or `games import --allow-files`); a path to nothing opens nothing (the game then
    uses the shipped namesake of an old save's path, or says it is missing). With `allow_files` a path
    must be a regular file of at most
    `MAX_CONTENT_BYTES` (never a device, a pipe or a folder), so saved data cannot make grognard read
    `/dev/zero` or any file of the machine."""
    for info in game.info.options:
        value = options.get(info.name)
        if not info.file or not isinstance(value, str) or not value:
            continue
        if is_embedded(value):
            try:
                open_embedded(value)
            except ContentError as e:
                raise SaveError(
                    _("%(source)s: option %(name)s (%(value)s): %(reason)s")
                    % {"source": source, "name": info.name, "value": shown(value), "reason": e.reason}
                ) from None
            continue
        said = {"source": source, "option": f"{info.name}={_short(repr(value), 80)}"}
        if CONTENT_NAME.fullmatch(value):
            if not allow_files and os.path.lexists(value):
                raise SaveError(
                    _(
                        "%(source)s: option %(option)s is also the name of a file in the current folder, "
                        "which would be read in place of the shipped content; run the import from another "
                        "folder"
                    )
                    % said
                )
            continue
        if not allow_files:
            if not os.path.lexists(value):
                continue  # nothing there to open: the game finds the shipped namesake or says it is missing
            raise SaveError(
                _(
                    "%(source)s: option %(option)s names a file on this machine; a saved game brought from "
                    "elsewhere may only name content shipped with grognard (`grognard games import "
                    "--allow-files` opens regular files)"
                )
                % said
            )
        try:
            found = os.stat(value)
        except OSError:
            continue  # missing: the game says it cannot read it (or finds the shipped namesake)
        if not stat.S_ISREG(found.st_mode):
            raise SaveError(
                _("%(source)s: option %(option)s is not a regular file, so it is not opened") % said
            )
        if found.st_size > MAX_CONTENT_BYTES:
            raise SaveError(
                _("%(source)s: option %(option)s is larger than %(most)s MB, so it is not opened")
                % (said | {"most": MAX_CONTENT_BYTES // 2**20})
            )


def die_problem(die: DieRoll) -> str:
    """What is impossible about one die as recorded (a face its die does not have), or "".

    In English the words "a die of 7 sides" or "a d6 showing 7", which `check_faces` says in a sentence.
    """
    if not 1 <= die.sides <= MAX_SIDES:
        return f"a die of {die.sides} sides"
    if die.die in ("lw", "lw-table"):
        ok = 0 <= die.value <= 9 and die.face in ("", str(die.value))
    elif die.die == "combat":
        ok = 1 <= die.value <= 6 and die.face == HQ_COMBAT_FACES[die.value - 1]
    elif die.face.isdigit():
        ok = 1 <= int(die.face) <= die.sides
    elif die.face:
        ok = False
    else:
        thrown = die.raw if die.raw is not None else die.value
        ok = 1 <= thrown <= die.sides
    return "" if ok else f"a {die.die} showing {_face(die)}"


def _face(die: DieRoll) -> str:
    return str(die.face or (die.raw if die.raw is not None else die.value))


def check_faces(record: MoveRecord, where: str) -> None:
    """Refuse a move whose dice show a face outside their die (a d6 showing 7)."""
    for roll in record.rolls:
        for die in roll.dice:
            if not die_problem(die):
                continue
            if not 1 <= die.sides <= MAX_SIDES:
                raise SaveError(
                    _("%(where)s: a die of %(sides)s sides is not a face of that die")
                    % {"where": where, "sides": die.sides}
                )
            raise SaveError(
                _("%(where)s: a %(die)s showing %(face)s is not a face of that die")
                % {"where": where, "die": die.die, "face": _face(die)}
            )


def replay(saved: SavedGame, source: str, *, dice: bool = False, allow_files: bool = False) -> Session:
    """Rebuild the game from its seed and moves, checking each move; the session has no store id.

    Refuses, with a `SaveError` naming `source`: an unknown system or game, options the game does not
    accept (`check_options`) or files it may not open (`check_content_refs`), a move that is illegal
    where it was made, a player index that is not the player to move, a die showing a face it does not
    have, and (with `dice`) a chance move whose outcome or dice differ from what the seed throws there.
    """
    try:
        game = registry.get_game(saved.system, saved.game)
    except GrognardError as e:
        raise SaveError(_("%(source)s: %(reason)s") % {"source": source, "reason": e}) from e
    if len(saved.moves) > MAX_MOVES:
        raise _too_many_moves(source, len(saved.moves))
    check_content_refs(game, saved.options, source, allow_files=allow_files)
    options = check_options(game, saved.options, source)
    session = Session(saved.system, game, options, saved.seed)
    try:
        state: GameState = game.new_initial_state(options)
    except (GrognardError, ValueError) as e:
        raise SaveError(
            _("%(source)s: the game cannot start with these options: %(reason)s")
            % {"source": source, "reason": e}
        ) from e
    for ply, record in enumerate(saved.moves):
        where = _("%(source)s: move %(number)s (%(move)s)") % {
            "source": source,
            "number": ply + 1,
            "move": _short(repr(record.move), 60),
        }
        actor = state.actor()
        expected = actor if isinstance(actor, int) else None
        if actor is not TERMINAL and record.player != expected:
            said = {"where": where, "recorded": record.player, "expected": expected}
            if expected is None:
                raise SaveError(
                    _("%(where)s: recorded for player %(recorded)s, but chance is to move") % said
                )
            raise SaveError(
                _("%(where)s: recorded for player %(recorded)s, but player %(expected)s is to move") % said
            )
        check_faces(record, where)
        if dice and actor is CHANCE:
            check_dice(state, saved.seed, ply, record, where)
        try:
            state = state.apply(record.move)
        except (GrognardError, ValueError) as e:
            raise SaveError(
                _("%(where)s is illegal when replayed: %(reason)s") % {"where": where, "reason": e}
            ) from e
        session.moves.append(record)
    session.state = state
    return session


def check_dice(state: GameState, seed: int, ply: int, record: MoveRecord, where: str) -> None:
    """Refuse a chance move whose outcome or dice are not what the seed throws at move `ply`."""
    outcome, rolls = state.roll(Rng.for_move(seed, ply))
    if outcome != record.move or tuple(rolls) != tuple(record.rolls):
        shown = "; ".join(r.render() for r in rolls) or str(outcome)
        raise SaveError(
            _(
                "%(where)s: the seed throws %(thrown)s at this move, not what the game records "
                "(`--trust-dice` accepts dice the seed does not throw)"
            )
            % {"where": where, "thrown": _short(shown, 80)}
        )


def _strings(data: Any, depth: int = 0) -> Iterator[str]:
    if depth > 200:
        return
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from _strings(v, depth + 1)
    elif isinstance(data, list):
        for v in data:
            yield from _strings(v, depth + 1)


def _names_other_files(snapshot: JSON, replayed: JSON) -> bool:
    """True when the snapshot holds path-like text the replayed state does not (reading it in could
    open a file the options never named)."""
    known = set(_strings(replayed))
    return any(("/" in t or "\\" in t) and t not in known for t in _strings(snapshot))


def _reads_as(game: Game, snapshot: JSON, state: GameState) -> bool:
    """True when the game reads `snapshot` (written in an older form of its state format) to `state`."""
    try:
        return bool(game.state_from_json(snapshot) == state)
    except (GrognardError, KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError):
        return False


def verify(saved: SavedGame, source: str, *, dice: bool = False, allow_files: bool = False) -> Session:
    """Replay the game (see `replay`) and check that the replay ends on the saved snapshot and status.

    Returns the replayed session; a `SaveError` names `source` and the first problem found.
    """
    session = replay(saved, source, dice=dice, allow_files=allow_files)
    state = session.current
    replayed = session.game.state_to_json(state)
    try:
        same = canonical(replayed) == canonical(saved.snapshot)
    except (TypeError, ValueError) as e:
        raise SaveError(
            _("%(source)s: the saved state is not JSON data: %(reason)s") % {"source": source, "reason": e}
        ) from e
    except RecursionError:
        raise SaveError(
            _("%(source)s: the saved state is nested too deeply to be a game's") % {"source": source}
        ) from None
    if not same and not _names_other_files(saved.snapshot, replayed):
        same = _reads_as(session.game, saved.snapshot, state)
    if not same:
        raise SaveError(
            _(
                "%(source)s: the saved state does not match replaying the %(count)s moves "
                "(replay gives %(state)s)"
            )
            % {"source": source, "count": len(saved.moves), "state": _short(state.describe())}
        )
    if saved.status and saved.status != status_of(state):
        actual = status_of(state)
        raise SaveError(
            _("%(source)s: status says %(said)s but the replayed game is %(actual)s")
            % {"source": source, "said": repr(saved.status), "actual": repr(actual)}
        )
    return session


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# Files.


def _reject_constant(name: str) -> Any:
    raise ValueError(_("%(name)s is not JSON") % {"name": name})


def write_file(path: Path, saved: SavedGame, extra: Mapping[str, Any] | None = None) -> None:
    """Write a saved-game file (UTF-8 JSON, indented), with the `extra` fields given (the people at the
    table: `engine.store.people.carried_data`); an unwritable path is a `SaveError`."""
    text = json.dumps(to_data(saved) | dict(extra or {}), indent=2, ensure_ascii=False) + "\n"
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise SaveError(
            _("%(path)s: cannot write: %(reason)s") % {"path": path, "reason": e.strerror or e}
        ) from e


def read_file(path: Path) -> SavedGame:
    """Read a saved-game file and check its shape; moves are checked by `verify`. The file is read by
    `engine.files.read_file` (a regular file of at most `MAX_FILE_BYTES`)."""
    return from_data(read_data(path), str(path))


def read_data(path: Path) -> Any:
    """The JSON data of a saved-game file (`parse_json`), its shape not yet checked; the file is read by
    `engine.files.read_file` (a regular file of at most `MAX_FILE_BYTES`)."""
    try:
        raw = files.read_file(path, MAX_FILE_BYTES, "saved game")
    except ContentError as e:
        raise SaveError(str(e)) from None
    return parse_json(raw, str(path))


def parse_json(raw: bytes, source: str) -> Any:
    """The JSON data of a saved-game file's bytes; text that is not UTF-8, not JSON, or nested too
    deeply to read is a one-line `SaveError` naming `source`."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveError(
            _("%(source)s: not a grognard saved game (not UTF-8 text at byte %(byte)s)")
            % {"source": source, "byte": e.start}
        ) from None
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise SaveError(
            _("%(source)s: not a grognard saved game (not JSON: %(reason)s at line %(line)s)")
            % {"source": source, "reason": e.msg, "line": e.lineno}
        ) from None
    except RecursionError:
        raise SaveError(
            _("%(source)s: not a grognard saved game (not JSON: nested too deeply to read)")
            % {"source": source}
        ) from None
    except ValueError as e:
        raise SaveError(
            _("%(source)s: not a grognard saved game (not JSON: %(reason)s)")
            % {"source": source, "reason": e}
        ) from None
    if _deeper_than(data, MAX_DEPTH):
        raise SaveError(
            _("%(source)s: not a grognard saved game (nested more than %(most)s deep)")
            % {"source": source, "most": MAX_DEPTH}
        )
    return data


def _deeper_than(data: Any, most: int) -> bool:
    """True when lists and objects nest more than `most` deep in `data` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= most:
                return True
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return False


def parse_saved(
    data: bytes, source: str, *, limit: int = MAX_FILE_BYTES, dice: bool = True, allow_files: bool = False
) -> SavedGame:
    """An uploaded saved-game file's bytes, checked whole before anything is kept: at most `limit`
    bytes, UTF-8 JSON not nested too deeply (`parse_json`), its shape, and its moves replayed
    (`load_checked`). Every refusal is a one-line `SaveError` naming `source` (a 400 on the web, exit
    status 2 on the command line)."""
    if len(data) > limit:
        raise SaveError(
            _("%(source)s: over %(limit)s bytes, more than a saved game here may be")
            % {"source": source, "limit": number(limit)}
        )
    return load_checked(parse_json(data, source), source, dice=dice, allow_files=allow_files)


def load_checked(data: Any, source: str, *, dice: bool = True, allow_files: bool = False) -> SavedGame:
    """JSON data of a saved-game file, shape-checked and verified by replay, ready to be stored; data
    nested too deeply to check is a `SaveError` like any other refusal."""
    try:
        saved = from_data(data, source)
        verify(saved, source, dice=dice, allow_files=allow_files)
    except RecursionError:
        raise SaveError(
            _("%(source)s: not a grognard saved game (nested too deeply to check)") % {"source": source}
        ) from None
    return saved


def export_file(
    store: FileStore, game_id: str, path: Path, extra: Mapping[str, Any] | None = None
) -> SavedGame:
    """Write one stored game to a saved-game file, carrying the content of any file it still names
    (`carry_content`) and the `extra` fields given; returns what was written."""
    saved = carry_content(store.export_game(game_id))
    write_file(path, saved, extra)
    return saved


def carry_content(saved: SavedGame) -> SavedGame:
    """A game saved before content was carried, whose options name files of this machine (a book, a
    quest): the same game carrying those files' content, read once now (`engine.embedded`), with its
    state replayed from them. Unchanged when it names no file that exists, or when the content cannot be
    carried or no longer replays to a state (the file changed since): it then names its path as before."""
    try:
        game = registry.get_game(saved.system, saved.game)
        options = carry_files(game.info, saved.options)
        if options == saved.options:
            return saved
        state = Session(saved.system, game, dict(options), saved.seed, list(saved.moves)).replay()
    except (GrognardError, ValueError):
        return saved
    return replace(saved, options=options, snapshot=game.state_to_json(state))


def import_file(store: FileStore, path: Path, *, dice: bool = True, allow_files: bool = False) -> str:
    """Read, check and store a saved-game file; returns the new game id. A refused file changes nothing.

    By default the dice are checked against the seed (`dice`) and the options may name shipped content
    only (`allow_files` lets them name regular files of this machine)."""
    return import_data(store, read_data(path), str(path), dice=dice, allow_files=allow_files)


def import_data(
    store: FileStore, data: Any, source: str, *, dice: bool = True, allow_files: bool = False
) -> str:
    """Check and store the data of a saved-game file read from `source` (`read_data`); the new game id.
    A refused file changes nothing."""
    saved = from_data(data, source)
    verify(saved, source, dice=dice, allow_files=allow_files)
    return store.import_game(saved, source=source, dice=dice, allow_files=allow_files)
