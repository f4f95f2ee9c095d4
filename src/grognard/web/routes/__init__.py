"""The web server's routes: one `fastapi.APIRouter` per feature, included by `web.app.create_app`.

`home` (the home page, the calculators), `new_game` (choosing a system and a game, starting a table),
`tables` (a table's page, fragment, moves, undo, again, listing, live events, odds, replay, export),
`saved_games` (the list, import, delete) and `books` (a gamebook of one's own); each system's own pages
are routers too (`web.systems.routers`). A route takes what it needs by `Depends` (`routes.deps`: the
server's secret, its page renderer, its tables and a checked form, all read from `app.state`, where
`create_app` puts them) and the helpers a page needs from `routes.common`; it imports nothing private.
Every page that shows something has a JSON twin authorised exactly like it (docs/web.md).
"""
