"""The preview's HTML: one page shell that listens for updates, and the content it swaps in.

Faces are sized in CSS millimetres, so at 100% zoom on a screen that reports its size honestly a
card is as large as the printed one. Everything from the deck is escaped (a deck may come from a
stranger).
"""

from __future__ import annotations

from html import escape

from .snapshot import Snapshot

STYLE = """
body { font-family: system-ui, sans-serif; margin: 0; background: #eceae4; color: #222; }
header { background: #27303a; color: #fff; padding: 8px 16px; display: flex; gap: 16px; align-items: baseline; }
header h1 { font-size: 18px; margin: 0; }
header .status { font-size: 13px; opacity: 0.8; }
main { padding: 12px 16px; }
section { margin-bottom: 24px; }
h2 { font-size: 16px; border-bottom: 1px solid #bbb; padding-bottom: 4px; }
.error { background: #fdecea; border: 2px solid #c0392b; color: #7b1d12; padding: 10px 14px;
         font-family: ui-monospace, monospace; white-space: pre-wrap; margin-bottom: 16px; }
.stale { opacity: 0.45; }
.faces { display: flex; flex-wrap: wrap; gap: 4mm; }
figure.card { margin: 0; text-align: center; font-size: 11px; }
h3 { font-size: 14px; margin: 16px 0 6px; }
figure.card img { display: block; box-shadow: 0 1px 3px rgba(0,0,0,0.35); }
.pages { display: flex; flex-wrap: wrap; gap: 8px; }
.pages img { background: #fff; box-shadow: 0 1px 3px rgba(0,0,0,0.3); }
table.verdicts { border-collapse: collapse; font-size: 13px; }
table.verdicts td { padding: 3px 8px; border-bottom: 1px solid #ddd; vertical-align: top; }
.pass { color: #1e7b34; font-weight: bold; } .warn { color: #a66300; font-weight: bold; }
.fail { color: #b3261e; font-weight: bold; }
.note { font-size: 12px; color: #555; }
"""

SCRIPT = """
// The server announces each new version (and the current one on every connect, so a page that
// reconnects or loaded between two versions catches up). One fetch at a time, and only a newer
// /content replaces the page: replies that overtake each other cannot bring back an old state.
let announced = 0;
let fetching = false;
const shown = () => Number(document.body.dataset.version);
async function catchUp() {
  if (fetching) return;
  fetching = true;
  try {
    while (shown() < announced) {
      const reply = await fetch("/content", {cache: "no-store"});
      const version = Number(reply.headers.get("X-Version"));
      const html = await reply.text();
      if (version > shown()) {
        document.getElementById("content").innerHTML = html;
        document.body.dataset.version = String(version);
      }
    }
  } finally {
    fetching = false;
  }
}
const events = new EventSource("/events");
events.onmessage = (event) => {
  announced = Math.max(announced, Number(event.data));
  catchUp().catch(() => {});
};
"""


def shell(snapshot: Snapshot) -> str:
    """The whole page; the script replaces #content each time the server announces a new version."""
    title = escape(snapshot.title or snapshot.deck_id or "cardforge preview")
    return (f"<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title} - cardforge preview"
            f"</title><style>{STYLE}</style></head>\n<body data-version=\"{snapshot.version}\">"
            f"<div id=\"content\">{content(snapshot)}</div><script>{SCRIPT}</script></body></html>\n")


def content(snapshot: Snapshot) -> str:
    """Header, error (if any), faces, sheets, booklet and verdicts of one snapshot."""
    status = f"making {snapshot.busy}..." if snapshot.busy else "up to date"
    if snapshot.error:
        status = "the deck has an error" + ("; showing the last good state" if snapshot.faces else "")
    parts = [f"<header><h1>{escape(snapshot.title or 'cardforge preview')}</h1>"
             f"<span class=\"status\" id=\"status\">{escape(status)} · version {snapshot.version}</span>"
             "</header><main>"]
    if snapshot.error:
        parts.append(f"<div class=\"error\" id=\"error\">{escape(snapshot.error)}</div>")
        if not snapshot.faces:  # nothing good to show yet
            return "".join(parts) + "</main>"
    parts.append(f"<div class=\"{'stale' if snapshot.error else 'fresh'}\">")
    parts.append(_faces(snapshot))
    parts.append(_pages("Card sheets", "sheets", snapshot.sheets, "sheets.pdf" if "sheets.pdf" in snapshot.pdfs else "",
                        snapshot.sheets_note if snapshot.sheets else "being made..."))
    parts.append(_pages("Rules booklet", "booklet", snapshot.booklet,
                        "booklet.pdf" if "booklet.pdf" in snapshot.pdfs else "",
                        snapshot.booklet_note or ("" if snapshot.booklet else "being made...")))
    parts.append(_verdicts(snapshot))
    parts.append("</div></main>")
    return "".join(parts)


def _faces(snapshot: Snapshot) -> str:
    """Every card's front, then each distinct back once with the number of cards that carry it."""
    width, height = snapshot.card_mm
    size = f"width:{width:g}mm;height:{height:g}mm;border-radius:{snapshot.corner_mm:g}mm"
    fronts = []
    backs: dict[str, list[str]] = {}
    for row in snapshot.faces:
        label = escape(row.card_id)
        fronts.append(f"<figure class=\"card\" data-card=\"{label}\"><img class=\"face\" src=\"/img/{row.front}\" "
                      f"alt=\"{label} front\" style=\"{size}\"><figcaption>{escape(row.name)}</figcaption></figure>")
        backs.setdefault(row.back, []).append(row.card_id)
    back_figures = [
        f"<figure class=\"card back\" data-cards=\"{escape(' '.join(ids))}\"><img class=\"face\" src=\"/img/{name}\" "
        f"alt=\"back of {len(ids)} cards\" style=\"{size}\"><figcaption>back of {len(ids)} "
        f"card{'s' if len(ids) != 1 else ''}</figcaption></figure>"
        for name, ids in backs.items()]
    count = (f"{len(snapshot.faces)} cards, {width:g} x {height:g} mm, shown at real size (at 100% zoom); "
             f"{len(backs)} different back{'s' if len(backs) != 1 else ''}")
    return (f"<section id=\"faces\"><h2>Faces</h2><p class=\"note\">{count}</p>"
            f"<div class=\"faces\">{''.join(fronts)}</div><h3>Backs</h3>"
            f"<div class=\"faces\">{''.join(back_figures)}</div></section>")


def _pages(title: str, key: str, pages: tuple[str, ...], pdf: str, note: str) -> str:
    link = f" <a href=\"/{pdf}\">open the PDF</a>" if pdf else ""
    images = "".join(f"<img src=\"/img/{name}\" alt=\"{escape(title)} page {i}\">"
                     for i, name in enumerate(pages, start=1))
    return (f"<section id=\"{key}\"><h2>{escape(title)}</h2><p class=\"note\">{escape(note)}{link}</p>"
            f"<div class=\"pages\">{images}</div></section>")


def _verdicts(snapshot: Snapshot) -> str:
    rows = "".join(f"<tr><td>{escape(v.name)}</td><td class=\"{escape(v.verdict)}\">{escape(v.verdict)}</td>"
                   f"<td>{escape(v.reason)}</td></tr>" for v in snapshot.verdicts)
    return (f"<section id=\"check\"><h2>Check</h2><p class=\"note\">{escape(snapshot.check_note)}</p>"
            f"<table class=\"verdicts\">{rows}</table></section>")
