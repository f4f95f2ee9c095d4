"""Items in play (lines 387-427): the registry of usable items' handlers (`items`, which imports none of the
others here), cold, ice and poison and the artifacts and potions that answer them, two weapons' own
rules, and the treasure deck. The lowest features: they import only `rules`, `model` and `content`.
"""
