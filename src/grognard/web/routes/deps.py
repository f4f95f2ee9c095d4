"""The dependencies a route takes by `Depends`: the server's secret, its page renderer, its tables (the
store with the secret) and a posted form with its token checked. `create_app` puts the secret, the
renderer and the store opener on `app.state` (`install`); the small functions here read them per request,
so a route is a plain function of what it is given, and a test may give an app another store.

Use them as parameter types: `def page(request: Request, key: str, tables: Tables, page: Pages, form:
Form)`. Each is an `async def`: it reads `app.state` only, in the event loop, and opens no connection
(`TableAccess.store` opens the store in the handler's own thread).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, FastAPI, Request

from grognard.web.routes.common import Page, StoreOpener, TableAccess
from grognard.web.security import checked_form


def install(app: FastAPI, secret: str, page: Page, stores: StoreOpener) -> None:
    """Keep on `app.state` what the dependencies hand out: the secret, the page renderer, the stores."""
    app.state.secret = secret
    app.state.page = page
    app.state.stores = stores


async def app_secret(request: Request) -> str:
    """The server's secret (form tokens, seat tokens and table addresses are made with it)."""
    return str(request.app.state.secret)


async def app_page(request: Request) -> Page:
    """The page renderer (`routes.common.Page`)."""
    page: Page = request.app.state.page
    return page


async def app_stores(request: Request) -> StoreOpener:
    """How a handler opens its thread's store."""
    stores: StoreOpener = request.app.state.stores
    return stores


Secret = Annotated[str, Depends(app_secret)]
"""A handler's parameter for the server's secret."""
Pages = Annotated[Page, Depends(app_page)]
"""A handler's parameter for the page renderer."""
Stores = Annotated[StoreOpener, Depends(app_stores)]
"""A handler's parameter for the store opener."""


async def tables(secret: Secret, stores: Stores) -> TableAccess:
    """The tables as this request reaches them (by address, under the secret, in the store)."""
    return TableAccess(secret, stores)


Tables = Annotated[TableAccess, Depends(tables)]
"""A handler's parameter for the tables."""


async def posted(request: Request, secret: Secret) -> dict[str, str]:
    """The posted form's text fields, its form token checked against the server's secret (403 otherwise)."""
    return await checked_form(request, secret)


Form = Annotated[dict[str, str], Depends(posted)]
"""A handler's parameter for a checked form."""
