"""The live view (`sheet-scorer live`, docs/rules.md §9): a warm process that re-scores the workbook on every save and
serves a projector page, a phone page and the JSON document; it only reads the workbook.

`view` turns a `ScoreResult` into what the pages show, `state` keeps the last good view while a save is
half-written or has errors, `server` is the Starlette app, the file watcher and the Uvicorn server.
Nothing here prints: the command (cli/live.py) is told what happened through callbacks.
"""
