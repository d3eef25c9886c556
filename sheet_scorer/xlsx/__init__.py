"""The .xlsx file format, with no tournament words: one Open Packaging Conventions layer for reading and patching.

- `opc`: `PartName` (a part's name: its relationships part, its folder, the one relationship resolver), content-type,
  relationship and namespace constants, and `OpcPackage`, the one package layer under the reader's and the patcher's
  `Package`: byte budgets, DOCTYPE refused, relationships and content types read one way.
- `errors`: `PackageError`, the one exception (the tournament layers know it as `model.WorkbookError`).
- `cells`: cell references, one tuple order everywhere: (column, row), as `cell_ref(column, row)` takes them;
  ranges (first column, first row, last column, last row), merged ranges included.
- `text`: XML entities and Excel's `_xHHHH_` escapes, one decoder for reading and patching.
- `reader`: the streaming reader; `merged`: merged ranges of the sheets read.
- `package`, `book`, `sheetxml`, `sharedstrings`, `styles`, `comments`: the patcher.

One XML technology per job, and why:
- expat (standard library) for every read: it streams, so a sheet costs what its cells cost; a DOCTYPE or an
  entity declaration is refused before anything is expanded.
- byte-splicing (regular expressions over the part's bytes) for patching: every byte the tool does not own
  stays exactly as it was (namespaces, prefixes, extension lists), which no parse-and-serialise round trip keeps.
- lxml only for the notes (`comments`): a comments part is small and rewritten whole (the tool's runs are added
  to and removed from the organiser's notes, which a splice could not place safely); it is imported only when
  a workbook is written.
"""
