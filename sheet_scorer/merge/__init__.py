"""Judges' copies of an event workbook: written for them and merged back by round, table and player (docs/rules.md §1, §5).

* `plan`: `plan_merge` is the pure part (workbooks read in; cell edits, per-copy counts and conflicts out);
  `merge_workbooks` reads the files, plans, and writes the event through `workbook.update`.
* `split`: `split_workbook` writes the copy a judge gets, one round holding only their tables.

Nothing is imported here, so `split --tables` is parsed without loading pandas.
"""
