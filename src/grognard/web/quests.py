"""Playing your own HeroScribe quest in the browser: upload the quest file, then start it as a game.

An upload (the importer's own size cap) is read by the same importer as `grognard heroquest import`
(`systems.heroquest.heroscribe`): a file it refuses is answered 400 with its one message; a quest it
takes is kept, as quest TOML, in `$GROGNARD_HOME/quests/` under the hash of the uploaded bytes (never
under the name the browser sent), and its page shows the import report and the new-game form with the
quest filled in. The game started from it carries the quest's content (`engine.embedded`).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from grognard.engine import registry
from grognard.engine.errors import ContentError, UsageError
from grognard.systems.heroquest.heroscribe import MAX_BYTES, import_heroscribe
from grognard.systems.heroquest.quest import load_quest
from grognard.systems.heroquest.quest_toml import quest_toml, report_lines
from grognard.web.content import uploaded_quests
from grognard.web.tables import SEAT_WORDS, Form, Page

SUFFIX = ".xml"
"""The kind of file a quest upload must be (HeroScribe's own)."""


def _kept(digest: str) -> Path:
    if not re.fullmatch(r"[0-9a-f]{32}", digest):
        raise HTTPException(404, "there is no such uploaded quest")
    path = uploaded_quests() / f"{digest}.toml"
    if not path.is_file():
        raise HTTPException(404, "there is no such uploaded quest")
    return path


def add_quest_routes(app: FastAPI, secret: str, page: Page) -> None:
    """Mount the HeroScribe quest upload routes (`secret` is the server's, kept for symmetry)."""
    del secret

    def form_page(request: Request, status: int = 200, **context: object) -> HTMLResponse:
        return page(request, "quests.html", status, **({"problem": "", "name": "", "quest": None} | context))

    @app.get("/quests", response_class=HTMLResponse)
    def quest_form(request: Request) -> HTMLResponse:
        return form_page(request)

    @app.post("/quests")
    def upload(request: Request, form: Form, file: UploadFile) -> Response:
        name = (file.filename or "quest")[:200]
        if Path(name).suffix.lower() != SUFFIX:
            raise UsageError(f"{name}: upload a HeroScribe quest file (.xml)")
        data = file.file.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise UsageError(f"{name}: over {MAX_BYTES // 1000} KB, more than a HeroScribe quest may be")
        try:
            result = import_heroscribe(data, name)
        except ContentError as e:
            return form_page(request, 400, problem=str(e), name=name)
        folder = uploaded_quests()
        folder.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256(data).hexdigest()[:32]
        kept = folder / f"{digest}.toml"
        if not kept.exists():
            temporary = folder / f".upload-{secrets.token_hex(8)}.toml"
            temporary.write_text(quest_toml(result.file), encoding="utf-8")
            temporary.replace(kept)
        (folder / f"{digest}.report").write_text("\n".join(report_lines(result)) + "\n", encoding="utf-8")
        return RedirectResponse(f"/quests/{digest}", status_code=303)

    @app.get("/quests/{digest}", response_class=HTMLResponse)
    def quest_page(request: Request, digest: str) -> HTMLResponse:
        path = _kept(digest)
        quest = load_quest(path)
        report = path.with_suffix(".report")
        lines = report.read_text(encoding="utf-8").splitlines() if report.is_file() else []
        info = registry.get_game("heroquest", "quest").info
        return form_page(
            request,
            quest=quest,
            path=str(path),
            report=lines,
            info=info,
            seat_words=SEAT_WORDS,
        )
