"""Fighting Fantasy (000_13d85f0bd5b613c5.txt): the Adventure Sheet, fights with exact odds, Luck and Skill,
and gamebooks played section by section.

Importing this package imports nothing else: the system, its gamebook game and its fight game are
registered with `engine.registry` by `system`, which the registry imports when the system is first used.
The names live in their modules: the sheet in `sheet`, the checks in `checks`, the fight in `fight` and
`fight_rules`, the games in `game`, the gamebook rules in `ruleset`.
"""
