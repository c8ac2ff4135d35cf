"""Images from a deck are decoded and verified before anything embeds them.

A stranger's PNG or JPEG may be a decompression bomb (a small file that decodes to gigabytes), a
file whose header lies about its contents, or a truncated file. So every image first has its size
read from the header and checked against the pixel budget, then is decoded completely in a
separate process whose address space is capped (`budgets.IMAGE_WORKER_MEMORY`): a bomb that gets
past the header check kills only that worker. Pillow's `verify()` checks the file's structure and
`load()` decodes every pixel with truncated-image loading off, which WeasyPrint switches on for the
whole process when it is imported; `truncated_loading_off()` switches it back.
An image that decoded is remembered by what identifies the file as it is now (real path, device,
inode, size, modification and change times: the change time moves on every write and cannot be set
back), in this process and, as a digest, in a record in the user's cache folder (`CACHE_ENV` moves
it), so each image file is decoded once, not once per face or per build. A refusal is never recorded.
What a build measures on a picture (its outer band, render/cut_tolerance.py) is recorded the same way,
keyed by the file as it is now and by everything the measurement depends on (`picture_fact`).
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path

from .budgets import IMAGE_WORKER_MEMORY, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS
from .errors import CardforgeError

WORKER_TIMEOUT_S = 120
"""A worker that decodes for longer than this is stopped (a generous bound, far above real decks)."""

CACHE_ENV = "CARDFORGE_CACHE_DIR"
"""Folder for the record of verified images (default: the user's cache folder, platformdirs)."""
RECORD_NAME = "verified-images"
RECORD_LIMIT = 20_000
"""Digests kept in the record; the oldest go first."""
FACTS_NAME = "picture-facts"
"""The record of measurements on pictures: one `digest answer` line each (`picture_fact`)."""

FileKey = tuple[str, int, int, int, int, int]
_verified: set[FileKey] = set()
_recorded: set[str] | None = None
_facts: dict[str, str] | None = None


class ImageRefused(CardforgeError, ValueError):
    """An image that is too large, corrupt, truncated or not an image at all."""


def svg_problem(data: bytes) -> str | None:
    """Why an SVG picture cannot be used, or None: WeasyPrint's parser forbids a DOCTYPE and entity
    declarations and drops such a picture for its alt text without a word, so they are refused here
    (defusedxml, as it parses), as is an SVG that is not well-formed XML."""
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        fromstring(data, forbid_dtd=True)
    except DefusedXmlException:
        return "an SVG with a DOCTYPE or entity declarations is refused; save it without the <!DOCTYPE ...> line"
    except ParseError as exc:
        return f"not a readable SVG ({exc})"
    return None


def truncated_loading_off() -> None:
    """Undo WeasyPrint's process-wide `LOAD_TRUNCATED_IMAGES = True` (set when it is imported)."""
    from PIL import ImageFile

    ImageFile.LOAD_TRUNCATED_IMAGES = False


_real_paths: dict[tuple[str, int, int, int, int, int], str] = {}
"""Path as given and its file's stamp -> real path: a deck's sheets ask about each picture once per face."""


def _key(path: Path) -> FileKey:
    info = os.stat(path)
    stamp = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    named = (os.fspath(path), *stamp)
    real = _real_paths.get(named)
    if real is None:  # a link moved to another file changes the stamp, so the real path is looked up again
        real = _real_paths[named] = os.path.realpath(path)
    return (real, *stamp)


def _digest(key: FileKey, *depends_on: object) -> str:
    """A record's line for a file: its key and what the line depends on besides the file, hashed."""
    text = "\0".join(map(str, (*key, *depends_on)))
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:40]


def _verified_digest(key: FileKey) -> str:
    """The verified-images record's line for a file: its key and the budgets it was verified under."""
    return _digest(key, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, IMAGE_WORKER_MEMORY)


def cache_root() -> Path:
    """cardforge's cache folder: `CARDFORGE_CACHE_DIR`, else the user's cache folder for cardforge."""
    folder = os.environ.get(CACHE_ENV)
    if not folder:
        from platformdirs import user_cache_dir

        folder = user_cache_dir("cardforge", appauthor=False)
    return Path(folder)


def _record_path(name: str = RECORD_NAME) -> Path:
    return cache_root() / name


def _read_text(name: str) -> str:
    try:
        return _record_path(name).read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return ""


def _read_record() -> list[str]:
    return _read_text(RECORD_NAME).split()


def _recorded_digests() -> set[str]:
    global _recorded
    if _recorded is None:
        _recorded = set(_read_record())
    return _recorded


def _write_lines(name: str, lines: list[str]) -> None:
    """Replace a record with its last RECORD_LIMIT lines (a folder that cannot be written keeps no record)."""
    path = _record_path(name)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="ascii", dir=path.parent, delete=False) as temp:
            temp.write("\n".join(lines[-RECORD_LIMIT:]) + "\n")
        os.replace(temp.name, path)
    except OSError:
        pass


def _record(digests: list[str]) -> None:
    """Add digests to the record (whole file replaced)."""
    _recorded_digests().update(digests)
    lines = [line for line in _read_record() if line not in digests][-(RECORD_LIMIT - len(digests)):] + digests
    _write_lines(RECORD_NAME, lines)


def _recorded_facts() -> dict[str, str]:
    global _facts
    if _facts is None:
        words = _read_text(FACTS_NAME).split()  # `digest answer` pairs
        _facts = dict(zip(words[::2], words[1::2]))
    return _facts


def picture_fact(path: Path, question: str, measure: Callable[[], str]) -> str:
    """`measure()`'s answer to `question` about the picture at `path`, measured once per file as it is now:
    later builds read it from the record, and a changed file (or another question) is measured again.

    `question` names everything the answer depends on besides the file (sizes, thresholds, Pillow's
    version); the answer is one word (ASCII, no spaces)."""
    try:
        key = _key(Path(path))
    except OSError:
        return measure()
    digest = _digest(key, question)
    facts = _recorded_facts()
    if digest not in facts:
        answer = measure()
        assert answer.isascii() and answer and not any(c.isspace() for c in answer), answer
        facts[digest] = answer
        lines = [line for line in _read_text(FACTS_NAME).splitlines() if not line.startswith(digest)]
        lines.append(f"{digest} {answer}")
        _write_lines(FACTS_NAME, lines)
    return facts[digest]


def forget_verified() -> None:
    """Verify and measure every image again in this process, whatever the records say (benchmarks time a
    first run)."""
    global _recorded, _facts
    _verified.clear()
    _recorded = set()
    _facts = {}


def check_header(path: Path) -> tuple[int, int]:
    """(width, height) from the file's header, refused when over the pixel or byte budget."""
    from PIL import Image

    truncated_loading_off()
    size = os.stat(path).st_size
    if size > MAX_IMAGE_BYTES:
        raise ImageRefused(f"image {path.name} is {size:,} bytes; images may be at most {MAX_IMAGE_BYTES:,}")
    try:
        with warnings.catch_warnings():  # Pillow's own bomb warning: the budget below says it in one line
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                width, height = image.size
                kind = image.format
    except Image.DecompressionBombError:
        raise ImageRefused(f"image {path.name} claims more than {MAX_IMAGE_PIXELS:,} pixels") from None
    except (OSError, ValueError, SyntaxError) as exc:
        raise ImageRefused(f"image {path.name} cannot be read as an image ({_reason(exc, path)})") from None
    if kind not in ("PNG", "JPEG"):
        raise ImageRefused(f"image {path.name} is {kind or 'an unknown format'}; decks use PNG or JPEG images")
    if width < 1 or height < 1 or width * height > MAX_IMAGE_PIXELS:
        raise ImageRefused(f"image {path.name} is {width:,} x {height:,} pixels; the limit is {MAX_IMAGE_PIXELS:,}")
    return width, height


def _reason(exc: BaseException, path: Path | None = None) -> str:
    """The decoder's first line, without the file's full path (the message names the file already)."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if path is not None:
        text = text.replace(f" '{path}'", "").replace(f" {path}", "").replace(str(path), path.name)
    return text[:120]


def is_verified(path: Path) -> bool:
    """True when `path`, as it is now, has decoded completely (in this process, or as the record says)."""
    try:
        key = _key(Path(path))
    except OSError:
        return False
    if key not in _verified and _verified_digest(key) in _recorded_digests():
        _verified.add(key)
    return key in _verified


def verify_images(paths: Iterable[Path]) -> None:
    """Refuse (ImageRefused) any image that is over budget or does not decode completely."""
    pending: dict[FileKey, Path] = {}
    for path in paths:
        key = _key(Path(path))
        if key in _verified or key in pending:
            continue
        if _verified_digest(key) in _recorded_digests():
            _verified.add(key)
            continue
        check_header(Path(path))
        pending[key] = Path(path)
    if not pending:
        return
    passed: list[str] = []
    try:
        for key, problem in zip(pending, _decode_in_worker(list(pending.values()))):
            if problem:
                raise ImageRefused(f"image {pending[key].name} {problem}")
            _verified.add(key)
            passed.append(_verified_digest(key))
    finally:
        if passed:
            _record(passed)


def _decode_in_worker(paths: list[Path]) -> list[str]:
    """Decode `paths` in a memory-capped child process; one problem text ('' when fine) per path."""
    import json
    import subprocess  # here: a build whose pictures were all verified before never starts a child

    root = str(Path(__file__).resolve().parent.parent)
    code = f"import sys; sys.path.insert(0, {root!r}); from cardforge.images import _worker; _worker()"
    try:
        done = subprocess.run([sys.executable, "-c", code], input="\n".join(str(p) for p in paths),
                              capture_output=True, text=True, timeout=WORKER_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        return [f"took longer than {WORKER_TIMEOUT_S} s to decode"] * len(paths)
    lines = done.stdout.splitlines()
    results = [json.loads(line) for line in lines if line.startswith('"')]
    if len(results) < len(paths):
        limit = IMAGE_WORKER_MEMORY // (1024 * 1024)
        failed = [f"needs more than {limit:,} MB to decode (a decompression bomb?)"]
        return results + failed + [""] * (len(paths) - len(results) - 1)
    return results


def cap_memory(limit: int) -> bool:
    """Cap this process's address space where the system allows it (Linux; not Windows, which has no
    `resource` module, nor macOS, which refuses RLIMIT_AS); False when it could not."""
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, AttributeError, ValueError, OSError):
        return False
    return True


def _worker() -> None:
    """The child's side: cap memory where the system can, then verify and fully decode each path read
    from stdin (without the cap the header's pixel budget still refuses a bomb before decoding)."""
    import json

    cap_memory(IMAGE_WORKER_MEMORY)
    from PIL import Image

    truncated_loading_off()
    Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS
    for name in sys.stdin.read().splitlines():
        problem = ""
        try:
            with Image.open(name) as image:
                image.verify()
            with Image.open(name) as image:
                image.load()
        except MemoryError:
            problem = "needs too much memory to decode"
        except Image.DecompressionBombError:
            problem = f"has more than {MAX_IMAGE_PIXELS:,} pixels"
        except Exception as exc:  # noqa: BLE001 - any decoder failure means a broken file
            problem = f"is damaged or truncated ({_reason(exc)})"
        print(json.dumps(problem), flush=True)
