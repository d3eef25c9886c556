"""Season ranking across events (docs/rules.md §10, `sheet-scorer season`).

Stages, one module each, data flowing one way:

* `events`   - which files are events, and each event read and scored once through the API (never written),
               in parallel: its final ranking (the playoffs' when they are complete, else the standings);
* `settings` - the season's settings workbook: `Season Points` (points by place) and `Aliases` (spellings joined);
* `identity` - one person across events: aliases joined, near-miss spellings reported;
* `compute`  - season points, best N, the season standings order;
* `book`, `html`, `export` - the season workbook, the HTML report and the JSON document.

From Python: `run.season(paths, …)` ranks the season and writes it, as the command does (README).
"""
