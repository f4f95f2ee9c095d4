"""Dice: the seeded random numbers and the dice model every system throws, and the dice notation people
type (`grognard roll`), its steps kept apart as d20 keeps them.

- `core`: `Rng` (one seeded generator per game), `Roll` and `DieRoll` (every die kept with its fate), the
  named rolls of the systems (a Lone Wolf number, a percentile pair, HeroQuest's combat and red dice);
- `tree`: the notation's frozen nodes (`Literal`, `Dice`, `Operator`, `Selector`, `Group`, `Special`...)
  and its limits;
- `render`: a tree back to text (`to_text`), a roll to data (`roll_data`);
- `parse`: text to a tree, d20's grammar converted, every limit checked before a die is thrown;
- `evaluate`: a tree rolled with an `Rng` into a `Roll`;
- `notation`: `roll_expression` (parse, then evaluate), the front the command line and the browser import;
- `parser_cache`: d20's parser kept in the user's cache folder, so that importing `parse` does not build it
  again each time (it imports nothing of grognard).

Imports point down: notation > parse | evaluate > render > tree > core (import-linter, "The engine's dice
notation"), and parse > parser_cache. Outside itself the package imports only `engine.errors`, never the
solver (`engine.odds`) or the store (`engine.store`). This file imports nothing: import the module that holds
the name (`from grognard.engine.dice.core import Rng`), so importing one module loads only what it needs.
"""
