"""A hero's effects in words for the heroes' sheets ("Defend +1 die until wounded"), never the effect
strings the rules keep ("def+1|until-damaged", `model.effect_strings`): the rules' own bookkeeping
(a monster struck this turn, a search made, a die already rolled) is not said at all."""

from __future__ import annotations

from grognard.systems.heroquest.model.effect_strings import parse

_SIGNED = {
    "atk": ("Attack", "die"),
    "def": ("Defend", "die"),
    "mov": ("Movement", "square"),
    "mind": ("Mind", "point"),
}
"""The effects that add to a score: the score and what it counts."""

_NAMED = {
    "stone": "turned to stone",
    "hiding": "hiding",
    "disarmed": "disarmed",
    "dazed": "dazed",
    "swift": "Swift Wind",
    "poisoned": "poisoned",
    "chilled": "chilled",
    "puppet": "not his own master",
    "vision": "Potion of Vision",
    "speed": "Potion of Speed",
    "rock": "Pass Through Rock",
    "mist": "Veil of Mist",
    "skate": "sliding on ice",
    "icy": "Potion of Icy Strength",
    "airwalk": "Air Walk",
    "battle": "Potion of Battle",
    "courage": "Courage",
    "guard": "on guard",
    "stealth": "moving unseen",
    "pit": "in a pit",
    "werewolf": "a werewolf",
    "dust": "Dust of Disappearance",
    "venom": "poisoned by venom",
}
"""The effects a player is told of, by name, in words."""

_UNTIL = {
    "one-turn": "this turn",
    "next-turn": "until his next turn",
    "next-attack": "on his next attack",
    "next-defend": "on his next defence",
    "next-move": "on his next move",
    "until-damaged": "until wounded",
    "encounter": "for this fight",
    "turn": "until his next turn",
    "hero-turn": "this turn",
    "drunk": "this turn",
    "climb": "until he climbs out",
    "hug": "while held",
}
"""How long an effect lasts, in words; one not named here (the whole quest) is not said."""


def effect_words(effect: str) -> str:
    """One effect of a hero in words ("Defend +1 die until wounded"), "" for the rules' bookkeeping."""
    name, amount, until = parse(effect)
    if name == "xatk":
        said = f"{amount} extra attack{'' if amount == 1 else 's'}"
    elif name in _SIGNED:
        score, unit = _SIGNED[name]
        said = f"{score} {amount:+d} {unit}{'' if abs(amount) == 1 else 's'}"
    elif name in _NAMED:
        said = _NAMED[name]
    else:
        return ""
    lasting = _UNTIL.get(until, "")
    return f"{said} {lasting}" if lasting else said


def effects_said(effects: tuple[str, ...] | list[str]) -> list[str]:
    """A hero's effects in words, each once, the bookkeeping left out."""
    return list(dict.fromkeys(w for w in map(effect_words, effects) if w))
