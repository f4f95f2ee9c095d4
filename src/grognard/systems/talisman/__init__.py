"""Talisman (003_1ead471cbf19a248.txt), 2nd edition rules: the whole board game for 2-6 players with
exact chance at every die and card, secret Spells, and exact combat odds.

Importing this package imports nothing else: the system (id "talisman", command "talisman") is
registered with `engine.registry` by `system`, which the registry imports when the system is first used.
"""
