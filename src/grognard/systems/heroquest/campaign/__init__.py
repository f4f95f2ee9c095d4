"""Between quests: the roster of heroes kept in the game store, the heroes going home to it with their
awards when a quest ends, and returning to a quest after a retreat. It imports `features`, `rules`,
`model` and `content`, never the driver, the policies or the views; `game` imports it.
"""
