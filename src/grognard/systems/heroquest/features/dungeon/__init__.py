"""The dungeon's own rules: traps sprung and searching (lines 82-142), climbing out of a pit, and the
quest's challenges in play. They may import `items` below them, and `rules`, `model`, `content`.
"""
