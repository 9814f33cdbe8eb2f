"""Tests of the shared core: Match, play_match, tournament and the game registry."""
