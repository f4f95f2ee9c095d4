"""Tests of the message catalogues and the choice of a language (`grognard.i18n`)."""
