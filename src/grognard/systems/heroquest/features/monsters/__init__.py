"""Monster skills in play (lines 615-937): their registry, a blow's consequences, running away, ambush and
pursuit. They may import `artifacts`, `spells`, `skills`, `dungeon` and `items` below them, and
`rules`, `model`, `content`.
"""
