"""The heroes' skills in play (lines 193-343): the skills' handlers, those that strike or shield, those of
moving and the mind, and how many attacks a hero still has this turn (Dual-Wielding). They may import
`dungeon` and `items` below them, and `rules`, `model`, `content`.
"""
