"""Lone Wolf: Grey Star the Wizard: the Action Chart, the Combat Results Table, combat and its odds, and
gamebooks played section by section.

Importing this package imports nothing else: the system (`grey-star`, alias `gs`), its gamebook game and
its combat game are registered with `engine.registry` by `system`, which the registry imports when the
system is first used. Rulebook excerpt: 001_2055bbb054c2d265.txt (the combat summary); readings in
docs/rulings/grey-star.md.
"""
