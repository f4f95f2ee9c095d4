"""Attacker tests of the browser front end (issue 29): each finding repeated, and what is refused."""
