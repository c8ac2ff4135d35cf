"""Rules booklets: the deck's rules text with generated tables and pictures, as a printable PDF."""

from .build import FORMATS, booklet_html, booklet_path, booklet_pdf, booklet_product, build_booklet
from .fetch import BookletError

__all__ = ["FORMATS", "BookletError", "booklet_html", "booklet_path", "booklet_pdf", "booklet_product", "build_booklet"]
