"""Images from a deck are decoded and verified before anything embeds them.

A stranger's PNG or JPEG may be a decompression bomb (a small file that decodes to gigabytes), a
file whose header lies about its contents, or a truncated file. So every image first has its size
read from the header and checked against the pixel budget, then is decoded completely in a
separate process whose address space is capped (`budgets.IMAGE_WORKER_MEMORY`): a bomb that gets
past the header check kills only that worker. Pillow's `verify()` checks the file's structure and
`load()` decodes every pixel with truncated-image loading off, which WeasyPrint switches on for the
whole process when it is imported; `truncated_loading_off()` switches it back.
Results are remembered per file (path, size, modification time), so each image is decoded once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from .budgets import IMAGE_WORKER_MEMORY, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS
from .errors import CardforgeError

WORKER_TIMEOUT_S = 120
"""A worker that decodes for longer than this is stopped (a generous bound, far above real decks)."""

_verified: set[tuple[str, int, int]] = set()


class ImageRefused(CardforgeError, ValueError):
    """An image that is too large, corrupt, truncated or not an image at all."""


def truncated_loading_off() -> None:
    """Undo WeasyPrint's process-wide `LOAD_TRUNCATED_IMAGES = True` (set when it is imported)."""
    from PIL import ImageFile

    ImageFile.LOAD_TRUNCATED_IMAGES = False


def _key(path: Path) -> tuple[str, int, int]:
    info = os.stat(path)
    return (os.path.realpath(path), info.st_size, info.st_mtime_ns)


def check_header(path: Path) -> tuple[int, int]:
    """(width, height) from the file's header, refused when over the pixel or byte budget."""
    from PIL import Image

    truncated_loading_off()
    size = os.stat(path).st_size
    if size > MAX_IMAGE_BYTES:
        raise ImageRefused(f"image {path.name} is {size:,} bytes; images may be at most {MAX_IMAGE_BYTES:,}")
    try:
        with Image.open(path) as image:
            width, height = image.size
            kind = image.format
    except Image.DecompressionBombError:
        raise ImageRefused(f"image {path.name} claims more than {MAX_IMAGE_PIXELS:,} pixels") from None
    except (OSError, ValueError, SyntaxError) as exc:
        raise ImageRefused(f"image {path.name} cannot be read as an image ({_reason(exc)})") from None
    if kind not in ("PNG", "JPEG"):
        raise ImageRefused(f"image {path.name} is {kind or 'an unknown format'}; decks use PNG or JPEG images")
    if width < 1 or height < 1 or width * height > MAX_IMAGE_PIXELS:
        raise ImageRefused(f"image {path.name} is {width:,} x {height:,} pixels; images may have at most "
                           f"{MAX_IMAGE_PIXELS:,} pixels")
    return width, height


def _reason(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:120]


def verify_images(paths: Iterable[Path]) -> None:
    """Refuse (ImageRefused) any image that is over budget or does not decode completely."""
    pending: dict[tuple[str, int, int], Path] = {}
    for path in paths:
        key = _key(Path(path))
        if key not in _verified and key not in pending:
            check_header(Path(path))
            pending[key] = Path(path)
    if not pending:
        return
    for key, problem in zip(pending, _decode_in_worker(list(pending.values()))):
        if problem:
            raise ImageRefused(f"image {pending[key].name} {problem}")
        _verified.add(key)


def _decode_in_worker(paths: list[Path]) -> list[str]:
    """Decode `paths` in a memory-capped child process; one problem text ('' when fine) per path."""
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
