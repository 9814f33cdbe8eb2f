"""Tests of the Mars Needs Mechanics rule engine, its strategies and its rulebook examples."""
