"""The import of HeroScribe quest files into grognard quests: the XML read and placed on the standard
board, the goal and wandering monster read from the quest's words, and the quest written as TOML. It
imports only `rules` (a quest's goals), `content` and `content.words` (the rules data's names, said in the
report in the reader's language); the command line and the browser call it. Its report and refusals are
in the language in force (`grognard.i18n`); the goals' texts it writes stay English in the quest
(`goals.TEXTS`, said by `goals.goal_text`).
"""
