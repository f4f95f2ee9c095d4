"""grognard: plays five classic adventure-game rule systems, with exact odds for every risky choice."""

__version__ = "0.1.0"
