"""HeroQuest's features: each registers, when imported, the skills, items, artifacts, spells, chaos spells,
monster skills, chance kinds and turn hooks it plays (`driver.rules_index` imports every one). Its
sub-packages are layered (`pyproject.toml`): the readers (`attack_readers`, `effect_readers`) and
`destiny` over `rest` and `chaos`, over `monsters` and `artifacts`, over `spells`, `skills`, `dungeon`
and `items`. Features import `rules`, `model` and `content`, never the driver or a policy.
"""
