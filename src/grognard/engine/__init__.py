"""The core of grognard: dice, the game protocol, the exact solver, saved games, content, errors.

The engine knows no rule system by name; systems register themselves in `grognard.engine.registry`.
"""
