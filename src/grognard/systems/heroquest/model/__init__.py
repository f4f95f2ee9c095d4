"""HeroQuest's model: the frozen `QuestState` and the context it is read against, the events its log keeps,
the typed action strings and effect strings, the small state edits every rule shares, and the registries
and hooks the features fill and the driver reads (`feature_hooks`, `skill_registry`, `hooks`). It imports
only `content`.
"""
