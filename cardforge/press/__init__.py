"""Files for printers: print-on-demand services, press-ready CMYK PDF and digital playtesting exports.

Every figure a service publishes (canvas, bleed, safe zone, page order, colour) lives once in
`services.py`, with its source in docs/print-shops.md; the writers read it from there.
"""
