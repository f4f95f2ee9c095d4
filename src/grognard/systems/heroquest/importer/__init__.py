"""The import of HeroScribe quest files into grognard quests: the XML read and placed on the standard
board, the goal and wandering monster read from the quest's words, and the quest written as TOML. It
imports only `rules` (a quest's goals) and `content`; the command line and the browser call it.
"""
