"""HeroQuest quests as a playable game: `HeroQuestGame`, registered as the system's `quest` game.

Options (all saved with the game, so a saved quest replays exactly): `quest` (a shipped quest id or a
quest file's path), `heroes` (a party spec such as "barbarian,dwarf-warrior,elf-wizard", or the heroes
as a JSON list, as the roster keeps them), `gm` ("auto": the automatic game master moves the monsters;
"human": player 1 does), `order` ("roll" or "agree", line 72-74), `interleave` (the game master rolls
for a place in the order), `rounds` (the quest is lost to time after that many rounds; 0 never), and
`thresholds` (the game master's experience scale, "80,100,120": the levels due are announced when roster
heroes go home at the end of the quest, `homecoming`), `mercenaries` (hires paid from the heroes' gold,
`mercenaries`), `returning` (the memory of a retreat the party comes back from, `returning`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grognard.engine.game import Game, GameInfo, GameState, OptionInfo, OptionValue
from grognard.i18n import N_
from grognard.systems.heroquest.campaign.returning import returned
from grognard.systems.heroquest.content.mercenaries import MERCENARY_KINDS
from grognard.systems.heroquest.content.quest_setup import PARTY_SPECS, SHIPPED_QUESTS, Setup, context
from grognard.systems.heroquest.driver.driver import initial_state
from grognard.systems.heroquest.model.hooks import install_game_master
from grognard.systems.heroquest.model.state import QuestState, state_from_data, state_to_data
from grognard.systems.heroquest.policies.gm import choose

QUEST_INFO = GameInfo(
    id="quest",
    name=N_("HeroQuest quest"),
    min_players=1,
    max_players=2,
    options=(
        OptionInfo(
            "quest",
            N_("The quest to play (on the command line, a quest file's path will do too)."),
            "1-the-smugglers-stair",
            file=True,
            suggest=SHIPPED_QUESTS,
        ),
        OptionInfo(
            "heroes",
            N_(
                "The heroes of the party, by race and class (on the command line:"
                " elf-wizard,dwarf-warrior,...)."
            ),
            "barbarian,dwarf-warrior,elf-wizard,human-rogue",
            suggest=PARTY_SPECS,
            listed=True,
        ),
        OptionInfo(
            "gm",
            N_("Who moves the monsters: the automatic game master or a person."),
            "auto",
            ("auto", "human"),
            title=N_("Game master"),
            words=(N_("the automatic game master"), N_("a person (the second seat)")),
        ),
        OptionInfo(
            "order",
            N_("Roll two red dice for the heroes' order, or agree it."),
            "roll",
            ("roll", "agree"),
            title=N_("Heroes' order"),
            words=(N_("rolled on two red dice"), N_("agreed by the players")),
        ),
        OptionInfo(
            "interleave",
            N_("The game master rolls for a place in the order."),
            False,
            (False, True),
            title=N_("Game master in the order"),
        ),
        OptionInfo("rounds", N_("End the quest after this many rounds (0: no limit)."), 0),
        OptionInfo(
            "thresholds", N_("The experience needed for each level, e.g. 80,100,120 (empty: 40 a level)."), ""
        ),
        OptionInfo(
            "mercenaries",
            N_(
                "Mercenaries hired for the quest from the heroes' gold (line 953), kinds separated by commas,"
                " e.g. swordsman, scout; the first hero pays, or the hero whose name follows a kind after a"
                " colon."
            ),
            "",
            suggest=MERCENARY_KINDS,
            listed=True,
        ),
        OptionInfo("returning", N_("The memory of a retreat the party returns from (line 114; JSON)."), ""),
    ),
)

WORDS = (N_("Quest"), N_("Heroes"), N_("Rounds"), N_("Thresholds"), N_("Mercenaries"), N_("Returning"))
"""The options' names the new-game form makes from their names (`OptionInfo.label`), marked here for the
catalogues and said in the reader's language by the form."""


def setup_of(options: Mapping[str, OptionValue]) -> Setup:
    """The setup a game's resolved options describe."""
    return Setup(
        quest=str(options.get("quest", "1-the-smugglers-stair")),
        heroes=str(options.get("heroes", "barbarian,dwarf-warrior,elf-wizard,human-rogue")),
        gm=str(options.get("gm", "auto")),
        order=str(options.get("order", "roll")),
        interleave=bool(options.get("interleave", False)),
        rounds=int(options.get("rounds", 0)),
        mercenaries=str(options.get("mercenaries", "")),
        returning=str(options.get("returning", "")),
    )


class HeroQuestGame(Game):
    """A HeroQuest quest: heroes (player 0) against the game master (automatic, or player 1)."""

    info = QUEST_INFO

    def new_initial_state(self, options: Mapping[str, OptionValue]) -> GameState:
        """The quest's first state for these options (the quest and the party are checked here)."""
        setup = setup_of(options)
        context(setup)
        return returned(initial_state(setup), setup.returning)

    def state_to_json(self, state: GameState) -> Any:
        """The state as JSON-safe data."""
        assert isinstance(state, QuestState)
        return state_to_data(state)

    def state_from_json(self, data: Any) -> GameState:
        """The state `state_to_json` wrote."""
        return state_from_data(data)


GAME = HeroQuestGame()
"""The one instance the system registers."""

install_game_master(choose)  # the automatic game master's policy, injected: the rules never import it
