"""Playoffs (docs/rules.md §6): semifinals seeded 1-8-9-16, the final of the table winners, the final ranking.

Players are never ordered here: every order comes from the standings engine's qualifying rank
(`qualifying.qualifying_ranking`); this package only applies the seeding table and the stage rules.
"""
