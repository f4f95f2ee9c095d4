"""Playing your own HeroScribe quest in the browser: upload the quest file, then start it as a game.

An upload (the importer's own size cap) is read in memory by the same importer as `grognard heroquest
import` (`systems.heroquest.importer.heroscribe`): a file it refuses is answered 400 with its one message and
nothing of it is kept; a quest it takes is kept, as quest TOML, in `$GROGNARD_HOME/quests/` under the
hash of the uploaded bytes (never under the name the browser sent), with its import report in every
language grognard speaks (`quest_toml.reports`: the importer's words, so each reader reads the report in
theirs, whoever uploaded the quest). Its page shows the report and the new-game form with the quest filled
in by its upload name (`upload:<hash>.toml`, `web.content`), never by a path. The game started from it
carries the quest's content (`engine.embedded`).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from grognard.engine import registry
from grognard.engine.embedded import MAX_EMBEDDED_BYTES, embed
from grognard.engine.errors import ContentError, UsageError
from grognard.engine.files import read_file
from grognard.i18n import SOURCE, current
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.importer.heroscribe import MAX_BYTES, import_heroscribe
from grognard.systems.heroquest.importer.quest_toml import quest_toml, reports
from grognard.web.content import keep_upload, upload_name, uploaded_quests
from grognard.web.routes.common import SEAT_WORDS, Page
from grognard.web.routes.deps import Form, Pages
from grognard.web.routes.new_game import spoken

SUFFIX = ".xml"
"""The kind of file a quest upload must be (HeroScribe's own)."""

REPORT_LIMIT = 1_000_000
"""The largest import report read back (one line per piece placed or left out)."""


def _kept(digest: str) -> tuple[str, bytes]:
    """The kept quest's file name and bytes; a 404 that names no path when there is none."""
    if not re.fullmatch(r"[0-9a-f]{32}", digest):
        raise HTTPException(404, _("there is no such uploaded quest"))
    name = f"{digest}.toml"
    try:
        return name, read_file(uploaded_quests() / name, MAX_EMBEDDED_BYTES, "uploaded quest")
    except ContentError:
        raise HTTPException(404, _("there is no such uploaded quest")) from None


def _report(digest: str) -> tuple[list[str], str]:
    """The kept quest's import report in the reader's language, and the language it is in when that is
    not the reader's ("": the reader's). The report is kept in every language (`quest_toml.reports`, JSON:
    language to lines); a report kept before that is English text, shown as it was written."""
    try:
        text = read_file(uploaded_quests() / f"{digest}.report", REPORT_LIMIT, "import report")
    except ContentError:
        return [], ""
    try:
        kept = json.loads(text)
    except ValueError:
        kept = None
    if not isinstance(kept, dict):
        return text.decode("utf-8", "replace").splitlines(), "en"
    for language in (current(), SOURCE):
        lines = kept.get(language)
        if isinstance(lines, list):
            return [str(line) for line in lines], "" if language == current() else language
    return [], ""


_OPTION = re.compile(r"(--[a-z][\w-]*)")
"""A command-line option a report line names ("--goal"): typed as it is, in no language."""


def _segments(line: str, title: str) -> list[tuple[str, str]]:
    """A report line as its pieces, each (what it is, its text): "content" for the quest's title (the
    author's words), "code" for a command-line option, "" for the importer's words."""
    out: list[tuple[str, str]] = []
    before, named, after = line.partition(repr(title))
    for text, kind in ((before, ""), (named, "content"), (after, "")):
        if kind:
            out.append((kind, text))
            continue
        out += [("code" if n % 2 else "", t) for n, t in enumerate(_OPTION.split(text)) if t]
    return [(kind, text) for kind, text in out if text]


ROUTER = APIRouter()


def form_page(request: Request, page: Page, status: int = 200, **context: object) -> HTMLResponse:
    """The quest upload page (with the kept quest's report and new-game form when there is one)."""
    return page(
        request,
        "systems/heroquest/quests.html",
        status,
        **({"problem": "", "name": "", "quest": None} | context),
    )


@ROUTER.get("/quests", response_class=HTMLResponse)
def quest_form(request: Request, page: Pages) -> HTMLResponse:
    return form_page(request, page)


@ROUTER.post("/quests")
def upload(request: Request, form: Form, file: UploadFile, page: Pages) -> Response:
    name = (file.filename or "quest")[:200]
    if Path(name).suffix.lower() != SUFFIX:
        raise UsageError(_("{name}: upload a HeroScribe quest file (.xml)").format(name=name))
    data = file.file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise UsageError(
            _("{name}: over {size} KB, more than a HeroScribe quest may be").format(
                name=name, size=MAX_BYTES // 1000
            )
        )
    digest = hashlib.sha256(data).hexdigest()[:32]
    try:  # everything checked before anything is kept
        result = import_heroscribe(data, name)
        text = quest_toml(result.file).encode("utf-8")
        report = json.dumps(reports(data, name, result), ensure_ascii=False).encode("utf-8")
        load_quest(embed(f"{digest}.toml", text))
    except ContentError as e:
        return form_page(request, page, 400, problem=str(e), name=name)
    except RecursionError:
        return form_page(
            request,
            page,
            400,
            problem=_("%(name)s: nested too deeply to be a quest") % {"name": name},
            name=name,
        )
    keep_upload(uploaded_quests(), {f"{digest}.toml": text, f"{digest}.report": report})
    return RedirectResponse(f"/quests/{digest}", status_code=303)


@ROUTER.get("/quests/{digest}", response_class=HTMLResponse)
def quest_page(request: Request, digest: str, page: Pages) -> HTMLResponse:
    name, data = _kept(digest)
    quest = load_quest(embed(name, data))  # as the game reads it: the standard board only
    report, report_language = _report(digest)
    info, front = spoken(
        registry.get_game("heroquest", "quest").info, registry.get_views("heroquest", "quest").front
    )
    return form_page(
        request,
        page,
        quest=quest,
        upload=upload_name(name),
        report=[_segments(line, quest.file.title) for line in report],
        report_language=report_language,
        info=info,
        front=front,
        seat_words=SEAT_WORDS,
    )
