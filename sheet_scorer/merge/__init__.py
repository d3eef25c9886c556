"""Merge judges' copies of an event workbook back into it, by round, table and player (docs/rules.md §1, §5).

`plan_merge` is the pure part (read workbooks in, cell edits, counts and conflicts out);
`merge_workbooks` reads the files, plans, and writes the event through `workbook.update`.
"""

from sheet_scorer.merge.plan import Conflict, CopyCounts, MergePlan, merge_workbooks, plan_merge

__all__ = ["Conflict", "CopyCounts", "MergePlan", "merge_workbooks", "plan_merge"]
