"""Results reported from the tables' phones (docs/rules.md §11): the journal beside the workbook and what it holds.

* `store`: `Journal`, the SQLite file `EVENT.reports.sqlite` (WAL, every report committed before it is answered):
  the organiser key, one token per table per round, every report received and whether it was rejected.
* `tables`: the current round's tables as the round sheet seats them, and a report checked by the same rules
  as `score` (`rules.validate`) before it is kept.
* `copies`: the latest report of each table (not rejected) as a judge's copy, for `merge --reports`.

The live server writes only this journal; the workbook is written by `merge` alone.
"""
