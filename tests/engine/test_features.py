"""The one feature registry (`engine.features.Registry`): a key is registered once, by `add` or by the
`register` decorator, whatever the import order; looking up a key not played says why."""

from __future__ import annotations

import pytest

from grognard.engine.errors import RuleNotImplementedError, UsageError
from grognard.engine.features import Registry


def _registry() -> Registry[str]:
    return Registry("spell", {}, {"ward": "played by the armour"}, {"doom": "not in this edition"})


def test_add_and_register_refuse_a_key_registered_twice() -> None:
    reg = _registry()
    assert reg.add("fire", "burn") == "burn"
    with pytest.raises(ValueError, match="the spell fire is registered twice"):
        reg.add("fire", "scorch")

    @reg.register("ice", lambda f: f.__name__)
    def chill() -> None:
        """A handler made from a function."""

    assert reg.lookup("ice") == "chill" and reg.lookup("fire") == "burn"
    with pytest.raises(ValueError, match="registered twice"):
        reg.register("ice", lambda f: "again")(chill)
    assert reg.lookup("ice") == "chill"


def test_lookup_says_why_a_key_has_no_handler() -> None:
    reg = _registry()
    with pytest.raises(UsageError, match="played by the armour"):
        reg.lookup("ward")
    with pytest.raises(RuleNotImplementedError, match="not in this edition"):
        reg.lookup("doom")
    with pytest.raises(RuleNotImplementedError, match="has no handler"):
        reg.lookup("mist")
