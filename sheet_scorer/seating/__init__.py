"""Seating the qualifying rounds (docs/rules.md §6, §8): `planner` (the optimiser), `event` (an event's state)."""
