"""Adventures in Fantasy (1978, Book of Adventure): every table of the book as data, listable and rollable.

Importing this package imports nothing else: the system (`adventures-in-fantasy`, command `aif`) is
registered with `engine.registry` by `system`, which the registry imports when the system is first used.
Rulebook: 002_8449cbd1010a37a5.txt; readings in docs/rulings/adventures-in-fantasy.md.
"""
