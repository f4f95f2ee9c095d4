"""HeroQuest's driver: the rules `QuestState`'s protocol methods play (`driver.driver`, installed into the
state class when imported), the actions offered and applied, the turn sequence, the dice of every chance
node, where a figure may move, the chaos spells and monster skills in the turn, and `rules_index`, which
imports every feature once. It imports `features`, `rules`, `model` and `content`, never a policy (the
automatic game master is injected through `model.hooks`).
"""
