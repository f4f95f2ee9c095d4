"""A hero's effects in words for the heroes' sheets ("Defend +1 die until wounded"), never the effect
strings the rules keep ("def+1|until-damaged", `model.effect_strings`): the rules' own bookkeeping
(a monster struck this turn, a search made, a die already rolled) is not said at all."""

from __future__ import annotations

from grognard.i18n import N_, ngettext
from grognard.i18n import gettext as _
from grognard.systems.heroquest.model.effect_strings import parse

_SIGNED = {
    "atk": (N_("Attack {amount} die"), N_("Attack {amount} dice")),
    "def": (N_("Defend {amount} die"), N_("Defend {amount} dice")),
    "mov": (N_("Movement {amount} square"), N_("Movement {amount} squares")),
    "mind": (N_("Mind {amount} point"), N_("Mind {amount} points")),
}
"""The effects that add to a score: the score and what it counts, one and several."""

_NAMED = {
    "stone": N_("turned to stone"),
    "hiding": N_("hiding"),
    "disarmed": N_("disarmed"),
    "dazed": N_("dazed"),
    "swift": N_("Swift Wind"),
    "poisoned": N_("poisoned"),
    "chilled": N_("chilled"),
    "puppet": N_("not his own master"),
    "vision": N_("Potion of Vision"),
    "speed": N_("Potion of Speed"),
    "rock": N_("Pass Through Rock"),
    "mist": N_("Veil of Mist"),
    "skate": N_("sliding on ice"),
    "icy": N_("Potion of Icy Strength"),
    "airwalk": N_("Air Walk"),
    "battle": N_("Potion of Battle"),
    "courage": N_("Courage"),
    "guard": N_("on guard"),
    "stealth": N_("moving unseen"),
    "pit": N_("in a pit"),
    "werewolf": N_("a werewolf"),
    "dust": N_("Dust of Disappearance"),
    "venom": N_("poisoned by venom"),
}
"""The effects a player is told of, by name, in words."""

_UNTIL = {
    "one-turn": N_("this turn"),
    "next-turn": N_("until his next turn"),
    "next-attack": N_("on his next attack"),
    "next-defend": N_("on his next defence"),
    "next-move": N_("on his next move"),
    "until-damaged": N_("until wounded"),
    "encounter": N_("for this fight"),
    "turn": N_("until his next turn"),
    "hero-turn": N_("this turn"),
    "drunk": N_("this turn"),
    "climb": N_("until he climbs out"),
    "hug": N_("while held"),
}
"""How long an effect lasts, in words; one not named here (the whole quest) is not said."""


def effect_words(effect: str) -> str:
    """One effect of a hero in words ("Defend +1 die until wounded"), "" for the rules' bookkeeping."""
    name, amount, until = parse(effect)
    if name == "xatk":
        said = ngettext("{n} extra attack", "{n} extra attacks", amount).format(n=amount)
    elif name in _SIGNED:
        one, several = _SIGNED[name]
        said = _(one if abs(amount) == 1 else several).format(amount=f"{amount:+d}")
    elif name in _NAMED:
        said = _(_NAMED[name])
    else:
        return ""
    lasting = _(_UNTIL[until]) if until in _UNTIL else ""
    return f"{said} {lasting}" if lasting else said


def effects_said(effects: tuple[str, ...] | list[str]) -> list[str]:
    """A hero's effects in words, each once, the bookkeeping left out."""
    return list(dict.fromkeys(w for w in map(effect_words, effects) if w))
