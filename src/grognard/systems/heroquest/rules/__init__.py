"""HeroQuest's rule primitives and the rules every feature shares: experience, gear, ice, the heroes'
order, a quest's goals and events, and above them effects, wounds, targets, a fallen hero's things, trap
dice, the chaos spells' registry and their effects, the monsters' gear and the wounds their skills leave,
and the equipment changed during a quest. It imports only `model` and `content`; what it needs from a
feature above is handed down (`wounds.AttackReaders`, `effects.EffectReaders`, `chaos.install_mirror`).
"""
