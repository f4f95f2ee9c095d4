"""The chaos spells in play (lines 543-593): cast at one figure or at a place, their flight and answers
(Mimic, Dispell, Mirror Magic), their dice, the spells a hero learned by Mimic, the ice wall, and the
items used against them. The top of the features with `rest`: it may import any feature below
(`monsters` and `artifacts` and what they import) and `rules`, `model`, `content`.
"""
