"""`grognard heroquest play --return GAME_ID`: the party comes back to a quest it retreated from (line 114).

The saved game of the retreat is the source of what the heroes met, took and searched
(`systems.heroquest.campaign.returning.memory_of`); the new game is the same quest with that memory in its
`returning` option. The heroes are the ones who retreated, as the roster now keeps them (home from the
retreat, perhaps levelled up or re-equipped since; the fallen stay among the fallen), unless `--heroes`
names others. When the quest is then won, the completion experience is reduced (`completion_after`).
"""

from __future__ import annotations

import json

from grognard.engine.errors import UsageError
from grognard.engine.store.factory import GameStore
from grognard.i18n import gettext as _
from grognard.systems.heroquest.campaign.returning import Memory, completion_after, memory_of
from grognard.systems.heroquest.model.state import QuestState


def return_setup(store: GameStore, game_id: str) -> tuple[str, str, str]:
    """The quest, the heroes option and the `returning` option for a return to saved game `game_id`."""
    from grognard.cli.systems.heroquest_heroes import roster

    session = store.load(game_id)
    if session.system != "heroquest" or session.game.info.id != "quest":
        raise UsageError(_("game %(game)s is not a HeroQuest quest") % {"game": game_id})
    state = session.current
    assert isinstance(state, QuestState)
    quest = str(session.options.get("quest", ""))
    memory = memory_of(state, quest)
    heroes = str(session.options.get("heroes", ""))
    if heroes.lstrip().startswith("["):
        kept = roster()
        names = [str(h["name"]) for h in json.loads(heroes)]
        alive = [n for n in names if kept.has(n)]
        if not alive:
            raise UsageError(
                _("none of the heroes of game %(game)s is on the roster to go back") % {"game": game_id}
            )
        heroes = json.dumps([kept.load(n).model_dump(mode="json") for n in alive])
    return quest, heroes, memory.to_option()


def return_completion(options: dict[str, object]) -> int | None:
    """The completion experience of a game that is a return (None for a first visit)."""
    text = str(options.get("returning", ""))
    return completion_after(Memory.from_option(text).returns) if text else None
