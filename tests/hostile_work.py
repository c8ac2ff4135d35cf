"""Inputs that cost work rather than break rules: tables that expand, rules text that lays out for
minutes, logs and file names that only make long messages (docs/security.md, "Budgets").

Each case writes its input into a fresh folder at run time (the big ones are megabytes once made,
a few lines here) and names the command to run on it, the exit code it must end with and a piece
of the one line it must print. tests/test_hostile_work.py runs every case under a peak-memory and
time bound; benchmarks/bench_security.py prints what each one costs.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

DECK_HEAD = "id: {id}\ntitle: {title}\nplayers: [2]\n"


@dataclass(frozen=True)
class Case:
    """One hostile input: `make(folder)` writes it and returns the path the command is given."""

    name: str
    command: tuple[str, ...]
    """Arguments after `cardforge`; `{input}` is what `make` returned, `{out}` an empty output folder."""
    make: Callable[[Path], Path]
    code: int
    expect: str
    """A piece of the one line printed on stderr (exit 2), or of stdout (exit 0, or 1: `check`'s table)."""


def _deck(folder: Path, body: str, name: str = "deck", title: str = "Hostile") -> Path:
    deck = folder / name
    deck.mkdir(parents=True, exist_ok=True)
    (deck / "deck.yaml").write_text(DECK_HEAD.format(id=name, title=title) + body, encoding="utf-8")
    return deck


def _table_deck(folder: Path, table: str, extra: str = "") -> Path:
    return _deck(folder, f"cards: [{{table: {table}{extra}}}]\n")


# ---------------------------------------------------------------- spreadsheets, written by hand


ODS_MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet"
ODS_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>'
            '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
            'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
            '<office:body>')


def write_ods(path: Path, body: str | bytes, mimetype: str = ODS_MIMETYPE, kind: str = "spreadsheet") -> None:
    """An ODS file whose content.xml body (inside <office:spreadsheet>) is `body`, compressed."""
    head = ODS_HEAD + f"<office:{kind}>"
    tail = f"</office:{kind}></office:body></office:document-content>"
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{mimetype}"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                '</manifest:manifest>')
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), mimetype)
        archive.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
        raw = body if isinstance(body, bytes) else body.encode()
        archive.writestr("content.xml", head.encode() + raw + tail.encode(), zipfile.ZIP_DEFLATED, compresslevel=9)


def ods_cell(value: str, kind: str = "string", repeat: int = 1, raw_value: str | None = None) -> str:
    repeated = f' table:number-columns-repeated="{repeat}"' if repeat != 1 else ""
    if kind == "string":
        return f'<table:table-cell office:value-type="string"{repeated}><text:p>{escape(value)}</text:p></table:table-cell>'
    shown = raw_value if raw_value is not None else value
    return (f'<table:table-cell office:value-type="{kind}" office:value="{escape(shown)}"{repeated}>'
            f'<text:p>{escape(value)}</text:p></table:table-cell>')


def ods_row(cells: str, repeat: int | str = 1) -> str:
    repeated = f' table:number-rows-repeated="{repeat}"' if repeat != 1 else ""
    return f"<table:table-row{repeated}>{cells}</table:table-row>"


def ods_table(rows: str, name: str = "Cards") -> str:
    return f'<table:table table:name="{name}">{rows}</table:table>'


def write_xlsx(path: Path, sheet_xml: str, shared_strings: str | None = None) -> None:
    """An XLSX workbook of one sheet whose worksheet XML is `sheet_xml` (inline strings, no styles), with
    a shared strings part when `shared_strings` (its XML) is given."""
    types = ('<?xml version="1.0" encoding="UTF-8"?>'
             '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
             '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
             '<Default Extension="xml" ContentType="application/xml"/>'
             '<Override PartName="/xl/workbook.xml" '
             'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
             '<Override PartName="/xl/worksheets/sheet1.xml" '
             'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
             '<Override PartName="/xl/sharedStrings.xml" '
             'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
    rels = ('<?xml version="1.0" encoding="UTF-8"?>'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'officeDocument" Target="xl/workbook.xml"/></Relationships>')
    workbook = ('<?xml version="1.0" encoding="UTF-8"?>'
                '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
                '<sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>')
    workbook_rels = ('<?xml version="1.0" encoding="UTF-8"?>'
                     '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                     '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                     'relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" '
                     'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" '
                     'Target="sharedStrings.xml"/></Relationships>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", types)
        archive.writestr("_rels/.rels", rels)
        archive.writestr("xl/workbook.xml", workbook)
        archive.writestr("xl/_rels/workbook.xml.rels", workbook_rels)
        archive.writestr("xl/worksheets/sheet1.xml", sheet_xml)
        archive.writestr("xl/sharedStrings.xml", shared_strings or
                         '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>')


def xlsx_sheet(rows: list[list[str]], dimension: str | None = None) -> str:
    def column(index: int) -> str:
        name = ""
        while index:
            index, rest = divmod(index - 1, 26)
            name = chr(65 + rest) + name
        return name

    body = "".join(
        f'<row r="{r}">' + "".join(f'<c r="{column(c)}{r}" t="inlineStr"><is><t>{escape(v)}</t></is></c>'
                                   for c, v in enumerate(row, start=1)) + "</row>"
        for r, row in enumerate(rows, start=1))
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    return ('<?xml version="1.0" encoding="UTF-8"?>'
            f'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{dim}'
            f"<sheetData>{body}</sheetData></worksheet>")


# ---------------------------------------------------------------- the cases


def count_bomb(folder: Path) -> Path:
    """70 kB of CSV: 5,000 rows asking for 500 copies each, 2.5 million cards."""
    deck = _table_deck(folder, "cards.csv")
    rows = ["name,count", *(f"card {i},500" for i in range(5000))]
    (deck / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return deck


def ods_repeat_bomb(folder: Path) -> Path:
    """About 1 kB: a header, then a row of twenty runs of 16,384 repeated cells, repeated a million times."""
    deck = _table_deck(folder, "cards.ods")
    rows = ods_row(ods_cell("name")) + ods_row(ods_cell("x", repeat=16384) * 20, repeat=1_048_575)
    write_ods(deck / "cards.ods", ods_table(rows))
    return deck


def ods_big_xml(folder: Path) -> Path:
    """About 100 kB on disk, 45 MB of XML: 5,000 rows of 1,000 cells each (under the unpacked cap)."""
    deck = _table_deck(folder, "cards.ods")
    cell = "<table:table-cell/>"
    rows = [ods_row(ods_cell("name"))]
    rows += [ods_row(ods_cell(f"card {i}") + cell * 470) for i in range(5000)]
    write_ods(deck / "cards.ods", ods_table("".join(rows)))
    return deck


def xlsx_dimension_lie(folder: Path) -> Path:
    """A valid sheet of 3,000 short rows whose <dimension> claims 16,384 columns."""
    deck = _table_deck(folder, "cards.xlsx")
    rows = [["name"], *([f"card {i}"] for i in range(3000))]
    write_xlsx(deck / "cards.xlsx", xlsx_sheet(rows, dimension="A1:XFD3001"))
    return deck


def xlsx_wide_row(folder: Path) -> Path:
    """One row of two million empty cells (48 MB of XML): a sheet's size is its cells, not its dimension."""
    deck = _table_deck(folder, "cards.xlsx")
    cells = "<c/>" * 2_000_000
    sheet = ('<?xml version="1.0" encoding="UTF-8"?>'
             '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
             '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>'
             f'<row r="2"><c r="A2" t="inlineStr"><is><t>x</t></is></c>{cells}</row></sheetData></worksheet>')
    write_xlsx(deck / "cards.xlsx", sheet)
    return deck


def xlsx_shared_strings(folder: Path) -> Path:
    """110 kB on disk: 2.7 million shared strings (45 MB of XML) for a sheet of two cards."""
    deck = _table_deck(folder, "cards.xlsx")
    strings = ('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
               + "<si><t>a</t></si>" * 2_700_000 + "</sst>")
    write_xlsx(deck / "cards.xlsx", xlsx_sheet([["name"], ["a"], ["b"]]), strings)
    return deck


def xlsx_row_gap(folder: Path) -> Path:
    """Two cards, the second on the sheet's last row (1,048,576): the million rows between are nothing."""
    deck = _table_deck(folder, "cards.xlsx")
    sheet = ('<?xml version="1.0" encoding="UTF-8"?>'
             '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
             '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>'
             '<row r="2"><c r="A2" t="inlineStr"><is><t>a</t></is></c></row>'
             '<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>b</t></is></c></row></sheetData></worksheet>')
    write_xlsx(deck / "cards.xlsx", sheet)
    return deck


def many_rows(folder: Path) -> Path:
    """A valid deck: 5,000 table rows, eight columns, a default from the deck (every limit respected)."""
    deck = _deck(folder, "suits: {red: {name: Red, color: '#aa2222'}}\n"
                         "cards: [{table: cards.csv, kind: creature, props: {edition: first}}]\n")
    header = "name,suit,rank,props.cost,props.power,props.speed,props.text,props.flavour"
    rows = [header, *(f"card {i},red,{i % 10 + 1},{i % 7},{i % 5},{i % 3},Text {i},Flavour {i}" for i in range(5000))]
    (deck / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return deck


def identical_headings(folder: Path) -> Path:
    """120,000 headings all called "A" (480 kB of rules text, under its limit)."""
    deck = _deck(folder, "cards: [{id: a}, {id: b}]\n")
    (deck / "rules.md").write_text("# A\n" * 120_000, encoding="utf-8")
    return deck


def huge_rules_table(folder: Path) -> Path:
    """A 480 kB table in the rules text (under its size limit): 21,000 rows that `check` reads in a blink."""
    deck = _deck(folder, "cards: [{id: a}, {id: b}]\n")
    rows = ["# Rules", "", "| card | what it does |", "|---|---|", *(f"| {i} | row {i} |" for i in range(21_000))]
    (deck / "rules.md").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return deck


def table_image_climbs_out(folder: Path) -> Path:
    """A table cell names the picture a layout shows, and climbs out of the deck with `..`."""
    deck = _deck(folder, "cards: [{table: cards.csv}]\nlayouts:\n  front:\n    elements:\n"
                         "      - {type: image, x: 0, y: 0, width: 20, height: 20, src: '{{ card.props.art }}'}\n")
    (deck / "cards.csv").write_text("name,props.art\none,../../outside/secret.png\ntwo,../../outside/secret.png\n",
                                    encoding="utf-8")
    return deck


def ods_repeat_many(folder: Path) -> Path:
    deck = _table_deck(folder, "cards.ods")
    write_ods(deck / "cards.ods", ods_table(ods_row(ods_cell("name")) + ods_row(ods_cell("x"), repeat="many")))
    return deck


def ods_float_one(folder: Path) -> Path:
    deck = _table_deck(folder, "cards.ods")
    rows = ods_row(ods_cell("name") + ods_cell("rank")) + ods_row(ods_cell("a") + ods_cell("one", "float", raw_value="one"))
    write_ods(deck / "cards.ods", ods_table(rows))
    return deck


def ods_text_document(folder: Path) -> Path:
    deck = _table_deck(folder, "cards.ods")
    write_ods(deck / "cards.ods", "<text:p>Not a spreadsheet</text:p>", "application/vnd.oasis.opendocument.text",
              kind="text")
    return deck


def huge_cell(folder: Path) -> Path:
    """A 45 MB cell (45 kB once compressed) in the `count` column."""
    deck = _table_deck(folder, "cards.ods")
    big = b'<table:table-cell office:value-type="string"><text:p>' + b"9" * 45_000_000 + b"</text:p></table:table-cell>"
    header = ods_row(ods_cell("name") + ods_cell("count")).encode()
    body = header + b"<table:table-row>" + ods_cell("a").encode() + big + b"</table:table-row>"
    write_ods(deck / "cards.ods", b'<table:table table:name="Cards">' + body + b"</table:table>")
    return deck


def long_file_name(folder: Path) -> Path:
    """A deck whose table is named by 130 kB of text."""
    return _table_deck(folder, "x" * 130_000 + ".csv")


def card_id_newlines(folder: Path) -> Path:
    """A card whose id is five lines of the deck's choosing, named in an error about its face."""
    return _deck(folder, 'cards: [{id: "a\\nb\\nc\\nd\\ne"}, {id: b}]\n'
                         "layouts:\n  front:\n    elements:\n      - {type: text, x: 1, y: 1, text: '{{ card.props.x.y }}'}\n")


def _log(folder: Path, line: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "games.jsonl").write_bytes(line + b"\n")
    return folder / "games.jsonl"


def replay_huge_int(folder: Path) -> Path:
    game = {"ruleset": "fives", "deck": "fives", "players": 2, "hands": [], "winners": [0]}
    return _log(folder, json.dumps(game).replace('"players": 2', '"players": ' + "9" * 5000).encode())


def replay_not_utf8(folder: Path) -> Path:
    return _log(folder, b'{"ruleset": "fives", "deck": "\xff\xfe", "players": 2, "hands": [], "winners": [0]}')


def svg_doctype(folder: Path) -> Path:
    """A picture in the rules text that declares a DOCTYPE (WeasyPrint would drop it for its alt text)."""
    deck = _deck(folder, "cards: [{id: a}, {id: b}]\n")
    (deck / "rules.md").write_text("# Rules\n\n![The table](table.svg)\n", encoding="utf-8")
    (deck / "table.svg").write_text(
        '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
        '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg" '
        'width="10" height="10"><rect width="10" height="10"/></svg>', encoding="utf-8")
    return deck


CHECK = ("check", "{input}", "--games", "5", "--jobs", "1")
BUILD = ("build", "{input}", "-o", "{out}", "--games", "5", "--jobs", "1")

CASES: tuple[Case, ...] = (
    Case("table-count-bomb", CHECK, count_bomb, 2, "more than 10,000 cards"),
    Case("ods-repeat-bomb", CHECK, ods_repeat_bomb, 2, "columns"),
    Case("ods-45mb-xml", CHECK, ods_big_xml, 2, "more than 250,000 cells"),
    Case("xlsx-dimension-lie", ("show", "{input}"), xlsx_dimension_lie, 0, "3000 printed"),
    Case("xlsx-wide-row", CHECK, xlsx_wide_row, 2, "columns"),
    Case("xlsx-row-gap", ("show", "{input}"), xlsx_row_gap, 0, "2 printed"),
    Case("xlsx-shared-strings", CHECK, xlsx_shared_strings, 2, "more than 250,000 entries"),
    Case("table-5000-rows", ("show", "{input}"), many_rows, 0, "5000 printed"),
    Case("rules-120000-headings", BUILD, identical_headings, 2, "more than 60 headings"),
    Case("rules-huge-table", BUILD, huge_rules_table, 2, "more than 400 table rows"),
    Case("table-image-climbs-out", BUILD, table_image_climbs_out, 2, "climbs out with '..'"),
    Case("ods-rows-repeated-many", CHECK, ods_repeat_many, 2, "number-rows-repeated"),
    Case("ods-float-holding-text", CHECK, ods_float_one, 2, "not a number"),
    Case("ods-text-document", CHECK, ods_text_document, 2, "not a spreadsheet"),
    Case("ods-45mb-cell", CHECK, huge_cell, 2, "characters"),
    Case("table-130kb-file-name", CHECK, long_file_name, 2, "…"),
    Case("card-id-newlines", BUILD, card_id_newlines, 2, "card a\\nb\\nc\\nd\\ne"),
    Case("replay-5000-digit-int", ("replay", "{input}", "--check"), replay_huge_int, 2, "digits"),
    Case("rules-svg-doctype", BUILD, svg_doctype, 2, "DOCTYPE"),
    Case("rules-svg-doctype-check", CHECK, svg_doctype, 1, "DOCTYPE"),
    Case("replay-not-utf8", ("replay", "{input}", "--check"), replay_not_utf8, 2, "UTF-8"),
)


# ---------------------------------------------------------------- running a case, measured


_MEASURE = """
import json, resource, subprocess, sys, time
start = time.monotonic()
try:
    done = subprocess.run(sys.argv[2:], capture_output=True, timeout=float(sys.argv[1]))
    code, out, err = done.returncode, done.stdout, done.stderr
except subprocess.TimeoutExpired as exc:
    code, out, err = None, exc.stdout or b"", exc.stderr or b""
seconds = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"code": code, "stdout": out.decode("utf-8", "replace"), "stderr": err.decode("utf-8", "replace"),
                  "seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime, "rss_mb": usage.ru_maxrss / 1024}))
"""


@dataclass(frozen=True)
class Outcome:
    """How a command ended: exit code (None after the time limit), output, wall and CPU seconds, peak MB."""

    code: int | None
    stdout: str
    stderr: str
    seconds: float
    cpu: float
    rss_mb: float


def run_measured(args: list[str], cwd: Path, timeout: float, env: dict[str, str] | None = None) -> Outcome:
    """`python -m cardforge ARGS` in a process of its own, its peak resident memory read from
    getrusage(RUSAGE_CHILDREN) by a small wrapper process that runs nothing else."""
    import os
    import subprocess
    import sys

    command = [sys.executable, "-c", _MEASURE, str(timeout), sys.executable, "-m", "cardforge", *args]
    environment = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1", **(env or {})}
    done = subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=environment, timeout=timeout + 60)
    if done.returncode != 0:
        raise RuntimeError(f"the measuring wrapper failed: {done.stderr}")
    return Outcome(**json.loads(done.stdout))


def run_case(case: Case, folder: Path, timeout: float) -> Outcome:
    """Write the case's input into `folder` and run its command there."""
    folder.mkdir(parents=True, exist_ok=True)
    target = case.make(folder)
    args = [a.format(input=target, out=folder / "out") for a in case.command]
    return run_measured(args, folder, timeout)


def big_deck(folder: Path, cards: int = 10_000) -> Path:
    """`cards` tarot-size cards (with bleed) under every budget: ten suits, each with its own ranks."""
    per_suit = cards // 10
    suits = ", ".join(f"s{i}: {{name: Suit {i}, color: '#{(i * 23) % 256:02x}{(i * 71) % 256:02x}90'}}" for i in range(10))
    deck = _deck(folder, f"card: tarot\nsuits: {{{suits}}}\ncards: [{{suits: all, ranks: 1-{per_suit}}}]\n",
                 name="big")
    (deck / "rules.md").write_text("# Rules\n\nDeal every card; the highest card wins.\n", encoding="utf-8")
    return deck


def run_preview(deck: Path, timeout: float, env: dict[str, str] | None = None) -> Outcome:
    """`cardforge preview DECK` until its page says "up to date" (every stage done, the check included);
    the peak is the process's own high-water mark (VmHWM), read just before it is stopped."""
    import os
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    command = [sys.executable, "-m", "cardforge", "preview", str(deck), "--port", "0"]
    start = time.monotonic()
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
    assert server.stdout is not None
    content, peak, code = "", 0.0, None
    try:
        line = server.stdout.readline()
        url = line.split(" at ", 1)[1].split()[0] if " at http" in line else ""
        while url and time.monotonic() - start < timeout and server.poll() is None:
            with urllib.request.urlopen(url + "content", timeout=60) as response:
                content = response.read().decode("utf-8")
            if ("up to date" in content and "<figure" in content) or "the deck has an error" in content:
                break
            time.sleep(0.5)
        seconds = time.monotonic() - start
        if server.poll() is None:
            status = Path(f"/proc/{server.pid}/status").read_text()
            peak = int(next(x for x in status.splitlines() if x.startswith("VmHWM:")).split()[1]) / 1024
            cpu = sum(int(v) for v in Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()[11:13])
            cpu_s = cpu / os.sysconf("SC_CLK_TCK")
        else:
            code, cpu_s = server.returncode, 0.0
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    err = server.stderr.read() if server.stderr is not None else ""
    return Outcome(code, content, err, seconds, cpu_s, peak)
