"""HeroQuest's content: the catalogue read from `data/` (races, classes, skills, equipment, spells,
monsters, mercenaries), the board, heroes and their creation, quests and their setup, challenges, the
monsters' kits and chaos lists, the short text forms of specs, and the board's and dice's maths they use
(geometry, sight, combat dice). The lowest layer: it imports nothing else of HeroQuest (the model's state
is named for the type checker only).
"""
