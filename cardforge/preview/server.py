"""The live preview: a rebuilding worker, a file watcher and a small HTTP server on 127.0.0.1.

The standard library's threading HTTP server is enough for one designer's browser. The page holds
an EventSource on /events; each new snapshot (after every stage of a rebuild) sends its version,
and the page fetches /content and swaps it in. A deck that fails to load keeps the last good
snapshot on show, with the error (file:line:col) above it; the server keeps running.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from dataclasses import replace
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING

from ..errors import CardforgeError

if TYPE_CHECKING:
    from ..artifacts import Build
from . import page
from .snapshot import STAGES, Snapshot, faces_stage

Report = Callable[[str], None]
"""Progress callback: one line per event (rebuilt, error); the CLI prints them, tests ignore them."""
KEEPALIVE_S = 10.0


class Preview:
    """The current snapshot of one deck, rebuilt in a worker thread whenever `request()` is called."""

    def __init__(self, reference: str, report: Report = lambda _line: None) -> None:
        self.reference = reference
        self.report = report
        self.snapshot = Snapshot()
        self.changed = threading.Condition()
        self._wanted = threading.Event()
        self.stop = threading.Event()
        self.watching = threading.Event()
        """Set once the file watcher is in place: saves from then on are noticed."""

    def request(self) -> None:
        """Ask for a rebuild; a rebuild under way stops after its current stage and starts over."""
        self._wanted.set()

    def publish(self, snapshot: Snapshot) -> None:
        with self.changed:
            self.snapshot = replace(snapshot, version=self.snapshot.version + 1)
            self.changed.notify_all()

    def wait_newer(self, version: int, timeout: float) -> Snapshot:
        """The first snapshot newer than `version`, or the current one after `timeout` seconds."""
        with self.changed:
            self.changed.wait_for(lambda: self.snapshot.version > version or self.stop.is_set(), timeout)
            return self.snapshot

    def run_worker(self) -> None:
        """Rebuild on request until `stop` is set (run in a thread)."""
        while not self.stop.is_set():
            if self._wanted.wait(0.2):
                self._wanted.clear()
                self.rebuild()

    def rebuild(self) -> None:
        from ..artifacts import load_build

        build = None
        try:
            build = load_build(self.reference, collect_problems=True)
            deck = build.deck
            with build.active():
                snapshot = faces_stage(deck, self.snapshot)
        except CardforgeError as exc:
            message = str(exc) if build is None else _located_face_error(build, exc)
            self.publish(replace(self.snapshot, error=message))
            self.report(f"error: {message}")
            return
        except Exception as exc:  # a bug must not stop the server: show it, keep watching
            self.publish(replace(self.snapshot, error=f"internal error: {type(exc).__name__}: {exc}"))
            self.report(traceback.format_exc())
            return
        self.publish(snapshot)
        for stage in STAGES:
            if self._wanted.is_set() or self.stop.is_set():
                return
            try:
                with build.active():  # every stage reads the same build object (artifacts.py)
                    snapshot = stage(deck, snapshot)
            except Exception as exc:  # a stage that fails leaves the rest of the page standing
                snapshot = replace(snapshot, busy="", check_note=f"{stage.__name__} failed: {exc}")
                self.publish(snapshot)
                self.report(f"error: {exc}")
                return
            self.publish(snapshot)
        self.report(f"updated: {deck.id}, {len(deck.cards)} cards")

    def run_watcher(self) -> None:
        """Request a rebuild after every save in the deck's folders (run in a thread)."""
        from ..watch import changes, deck_folders

        for changed in changes(lambda: deck_folders(self.reference), stop=self.stop, ready=self.watching.set):
            self.report("changed: " + ", ".join(sorted(p.name for p in changed)))
            self.request()


def _located_face_error(build: Build, error: CardforgeError) -> str:
    """A face that cannot be drawn, at the place `check` and `build` name (the table cell or YAML line
    a designer edits, `cards.csv:15:6: card fog-pilot front: ...`): the faces preflight draws the
    faces again and locates the first that fails; any other error is shown as it is."""
    from ..check.preflight import PreflightError, faces
    from ..settings import remembered_sheet_options

    try:
        with build.active():
            faces(build.deck, remembered_sheet_options(build.deck.path), build.sources)
    except PreflightError as located:
        return str(located)
    except CardforgeError:
        pass
    return str(error)


def _handler(preview: Preview, allowed_hosts: set[str]) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
            return

        def _send(self, status: int, kind: str, body: bytes, cache: bool = False, version: int | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            if version is not None:  # which snapshot this is: the page keeps only newer ones (page.py)
                self.send_header("X-Version", str(version))
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "max-age=3600, immutable" if cache else "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802 - the base class's name
            if self.headers.get("Host", "") not in allowed_hosts:  # refuse pages of other sites (DNS rebinding)
                self._send(HTTPStatus.FORBIDDEN, "text/plain", b"forbidden host\n")
                return
            path = self.path.split("?", 1)[0]
            snapshot = preview.snapshot
            if path == "/":
                self._send(HTTPStatus.OK, "text/html; charset=utf-8", page.shell(snapshot).encode())
            elif path == "/content":
                self._send(HTTPStatus.OK, "text/html; charset=utf-8", page.content(snapshot).encode(),
                           version=snapshot.version)
            elif path == "/events":
                self._events()
            elif path.startswith("/img/") and path[5:] in snapshot.images:
                self._send(HTTPStatus.OK, "image/jpeg", snapshot.images[path[5:]], cache=True)
            elif path[1:] in snapshot.pdfs:
                self._send(HTTPStatus.OK, "application/pdf", snapshot.pdfs[path[1:]])
            else:
                self._send(HTTPStatus.NOT_FOUND, "text/plain", b"not found\n")

        def _events(self) -> None:
            """Server-sent events: the current version on connect (a page that loaded between two versions,
            or reconnects, catches up), then the new one after each snapshot, a comment to keep alive."""
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            try:
                version = preview.snapshot.version
                self.wfile.write(f"data: {version}\n\n".encode())
                self.wfile.flush()
                while not preview.stop.is_set():
                    snapshot = preview.wait_newer(version, KEEPALIVE_S)
                    if snapshot.version > version:
                        version = snapshot.version
                        self.wfile.write(f"data: {version}\n\n".encode())
                    else:
                        self.wfile.write(b": still here\n\n")
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                return

    return Handler


class PreviewServer:
    """The HTTP server with its worker and watcher threads; `serve()` blocks until `close()`."""

    def __init__(self, reference: str, port: int = 0, report: Report = lambda _line: None) -> None:
        self.preview = Preview(reference, report)
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), _handler(self.preview, set()))
        self.httpd.daemon_threads = True
        self.port = int(self.httpd.server_address[1])
        hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        self.httpd.RequestHandlerClass = _handler(self.preview, hosts)
        self.url = f"http://127.0.0.1:{self.port}/"
        self._threads = [threading.Thread(target=self.preview.run_worker, daemon=True),
                         threading.Thread(target=self.preview.run_watcher, daemon=True)]

    def start(self, timeout: float = 10.0) -> None:
        """Start the first build and the watcher; return once the watcher is in place (or after `timeout`)."""
        self.preview.request()
        for thread in self._threads:
            thread.start()
        self.preview.watching.wait(timeout)

    def serve(self) -> None:
        """Answer requests until `close()` (call `start()` first)."""
        self.httpd.serve_forever(poll_interval=0.2)

    def close(self) -> None:
        self.preview.stop.set()
        with self.preview.changed:
            self.preview.changed.notify_all()
        self.httpd.shutdown()
        self.httpd.server_close()
