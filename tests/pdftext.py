"""Reading card sheets back: the text and the font of every character (pdfium), the fonts a PDF
embeds (pypdf). Shared by the card text and designer deck tests."""

from __future__ import annotations

import ctypes
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw


def page_runs(pdf: Path | bytes, page: int = 0) -> list[tuple[str, str]]:
    """(text, font name) runs of a page as pdfium reads them back, in reading order."""
    document = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    text_page = document[page].get_textpage()
    buffer = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    runs: list[list[str]] = []
    for i in range(text_page.count_chars()):
        char = text_page.get_text_range(i, 1)
        pdfium_raw.FPDFText_GetFontInfo(text_page, i, buffer, 256, ctypes.byref(flags))
        name = buffer.value.decode("utf-8", "replace")
        if runs and runs[-1][1] == name:
            runs[-1][0] += char
        else:
            runs.append([char, name])
    return [(text, name) for text, name in runs]


def squeezed(text: str) -> str:
    return "".join(text.split())


def font_files(reader: Any) -> list[tuple[str, str]]:
    """(BaseFont, embedded stream key) of every font any form or page uses."""
    found: list[tuple[str, str]] = []
    seen: set[int] = set()

    def visit(resources: Any) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            if descriptor is not None:
                keys = [k for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in descriptor.get_object()]
                found.append((str(font["/BaseFont"]), keys[0] if keys else ""))
        for ref in (resources.get("/XObject") or {}).values():
            if id(ref) in seen:
                continue
            seen.add(id(ref))
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return found
