"""The .xlsx file format, with no tournament words: one Open Packaging Conventions layer for reading and patching.

- `opc`: `PartName` (a part's name: its relationships part, its folder, the one relationship resolver), content-type,
  relationship and namespace constants, and `OpcPackage`, the one package a command opens, held (`.package`) by
  two role objects: the reader (`reader.WorkbookReader`) and the editor (`package.PackageEditor`, under
  `book.Book`), the same object when a command reads and patches: byte budgets, DOCTYPE refused, relationships (`Relationship.kind`, compared by constant) and content
  types read one way, the main part decided in one place (`OpcPackage.main_part`).
- `check`: the package checks every reading starts with (the zip's directory, the parts Excel would repair).
- `errors`: `PackageError`, the one exception (the tournament layers know it as `model.WorkbookError`).
- `cells`: cell references, one tuple order everywhere: (column, row), as `cell_ref(column, row)` takes them;
  ranges (first column, first row, last column, last row).
- `text`: XML entities and Excel's `_xHHHH_` escapes, one decoder for reading and patching.
- `styles`: the style sheet, found and parsed once per opening of the file (`read_style_sheet`, memoised by
  `OpcPackage.model`) into the one model both sides use: the reader's date styles, the patcher's formats (`Styles`).
- `merged`: the one parser of a `<mergeCell>`, in `cells`' order, for the reader's two paths and the patcher.
- `reader`: the streaming reader.
- `splice`: the patcher's byte helpers; `package`, `book`, `sheetxml`, `sharedstrings`, `styles`, `comments`: the patcher.

One XML technology per job, and why:
- Reading: expat (standard library), only through `OpcPackage.parse`, for every part read, the notes included. It
  streams, so a sheet costs what its cells cost, every part counts against the byte budgets, and a DOCTYPE or an
  entity declaration is refused before anything is expanded: one safe path, whichever command reads. The reader's
  fast path for plain sheets (regular expressions over a sheet's bytes) runs only on bytes expat has just checked.
- Patching: byte-splicing (`splice`: regular expressions that find tags, and strings built for the tool's own
  elements), for the workbook, sheets, shared strings, styles, relationships, content types and notes. Every byte
  the tool does not own stays exactly as it was (namespaces, prefixes, quotes, white space, extension lists), which
  no parse-and-serialise round trip keeps; a re-score that changes nothing writes the same bytes again.
- No tree library: lxml (the notes' last user) is not a dependency of the package; the tests use it to check outputs.
  Above this layer openpyxl writes only workbooks the tool creates whole (a new event, a season book).
"""
