"""What `effects` reads from the features above it (Dual-Wielding, the attacks a turn allows, Slow, the
spells in play, their targets and casting, a Spell Ring's payment, the items' offers), installed into
`effects` when this module is imported (`rules_index` imports it), so that `effects` imports none of those
features.
"""

from __future__ import annotations

from grognard.systems.heroquest.features import artifacts
from grognard.systems.heroquest.features.items import items
from grognard.systems.heroquest.features.skills import turn_attacks
from grognard.systems.heroquest.features.spells import spells
from grognard.systems.heroquest.rules.effects import EffectReaders, install_effect_readers

READERS = EffectReaders(
    dual_wielding=turn_attacks.dual_wielding,
    attacks_allowed=turn_attacks.attacks_allowed,
    slowed=spells.slowed,
    in_play=spells.in_play,
    ring_pays=artifacts.ring_pays,
    offers=spells.offers,
    cast=spells.cast,
    usable_items=items.usable_items,
)
"""The readers installed into `effects`."""

install_effect_readers(READERS)
