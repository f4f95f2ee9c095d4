"""HeroQuest's policies, injected rather than imported by the rules: the automatic game master (`gm`, with
its monster skills and chaos spells) and the bot heroes (`bots`, their party play, maps and spells; the
one that looks ahead, `search_bot`; the strengths by name, `levels`). They
may import the driver and everything below it; nothing under `driver` imports them.
"""
