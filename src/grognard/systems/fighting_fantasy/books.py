"""The books shipped with Fighting Fantasy (`data/books/*.toml`), found by name (`gamebook.books`)."""

from __future__ import annotations

from grognard.gamebook.books import ShippedBooks

BOOKS = ShippedBooks("grognard.systems.fighting_fantasy")
"""The shipped books: `BOOKS.path("sample")` is the sample adventure's file."""
