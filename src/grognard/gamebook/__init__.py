"""The shared gamebook format, its checker, its runner and Twee import and export.

Used by the Fighting Fantasy and Grey Star systems, each through its own `Ruleset`
(`grognard.gamebook.ruleset`). The format is documented in docs/formats/gamebook.md.
"""
