"""Tests of the HeroQuest system (Revised System Rules 2.0)."""
