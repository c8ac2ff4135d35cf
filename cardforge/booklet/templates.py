"""The booklet's own HTML templates (templates/booklet/), in an autoescaping sandboxed environment.

Our templates are trusted, but every value they print comes from a deck that may not be, so
autoescape is on and the sandbox keeps a deck value from reaching Python internals.
"""

from __future__ import annotations

import re
import shutil
import sys
from functools import lru_cache
from typing import Any

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemBytecodeCache,
    FileSystemLoader,
    StrictUndefined,
    TemplateNotFound,
)
from jinja2.bccache import Bucket
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from ..paths import TEMPLATES_ROOT
from .css_values import css_color

TEMPLATES_DIR = TEMPLATES_ROOT / "booklet"

_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+"
                  r"(?:\s+[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+)*")


def japanese_runs(value: Any) -> Markup:
    """Escape `value` and mark its Japanese runs `lang="ja"`, so they are set in IPAexGothic."""
    text = str(escape(value))
    return Markup(_CJK.sub(lambda m: f'<span lang="ja" class="ja">{m.group(0)}</span>', text))


class GameTemplates(BaseLoader):
    """`<game id>/<file>` loads a template from that game's folder (games/base.py `Game.folder`)."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Any]:
        from ..games.registry import find_game

        game_id, _, name = template.partition("/")
        game = find_game(game_id) if name else None
        if game is None or game.folder is None:
            raise TemplateNotFound(template)
        return FileSystemLoader(str(game.folder)).get_source(environment, name)


class _Compiled(FileSystemBytecodeCache):
    """Jinja's own cache of compiled templates (each entry is used only while its template's source is
    the same); a cache folder that cannot be written keeps nothing."""

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


COMPILED_KEPT = 8
"""Folders of compiled templates kept (one per version of cardforge's code); the oldest go first."""


def _compiled() -> _Compiled | None:
    """Where the templates compiled by an earlier run are kept: `templates/` of the cache folder
    (cardforge/keep.py), in a folder named by cardforge's code (the environment's settings and filters
    are code), Jinja's version and Python's. Compiling them is ~0.15 s of a booklet whose layout is
    kept (booklet/kept.py). Off with the booklets' keeping (`CARDFORGE_KEEP_BOOKLETS=0`)."""
    import jinja2

    from ..keep import code_digest, digest, folder
    from .kept import KEEP_ENV

    where = folder("templates", KEEP_ENV)
    if where is None:
        return None
    named = where / digest(code_digest(), jinja2.__version__, sys.version)[:32]
    try:
        named.mkdir(parents=True)
    except FileExistsError:
        return _Compiled(str(named))
    except OSError:
        return None
    try:  # a new version of the code: the oldest folders go
        for old in sorted(where.iterdir(), key=lambda path: path.stat().st_mtime_ns, reverse=True)[COMPILED_KEPT:]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass
    return _Compiled(str(named))


@lru_cache(maxsize=1)
def environment() -> SandboxedEnvironment:
    loader = ChoiceLoader([FileSystemLoader(str(TEMPLATES_DIR)), GameTemplates()])
    env = SandboxedEnvironment(loader=loader, autoescape=True, bytecode_cache=_compiled(),
                               undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["ja"] = japanese_runs
    env.filters["css_color"] = css_color
    return env


def macros(name: str) -> Any:
    """The macros of one template file, callable from Python (`macros("tables.html.j2").setup(...)`)."""
    return environment().get_template(name).module


def render(name: str, **context: Any) -> str:
    return environment().get_template(name).render(**context)
