"""The browser front end: a FastAPI app rendering Jinja2 pages on the server, with htmx and live updates.

Thin, like the command line: routes parse a request, call the systems and the match driver, and render a
template. Scripts and styles are files of this package (`static/`, vendored with their licences); no
request leaves the machine.
"""
