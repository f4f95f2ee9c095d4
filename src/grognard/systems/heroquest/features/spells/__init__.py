"""The heroes' spells in play (lines 493-601): the registry of spell handlers (`spells`, which imports none
of the features beside or above it), the elf, time and other spells played outside it, and choosing the
spells a magic-user holds. They may import `skills`, `dungeon` and `items` below them, and `rules`,
`model`, `content`.
"""
