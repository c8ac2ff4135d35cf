"""The booklet's own HTML templates (templates/booklet/), in an autoescaping sandboxed environment.

Our templates are trusted, but every value they print comes from a deck that may not be, so
autoescape is on and the sandbox keeps a deck value from reaching Python internals.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from jinja2 import BaseLoader, ChoiceLoader, Environment, FileSystemLoader, StrictUndefined, TemplateNotFound
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


@lru_cache(maxsize=1)
def environment() -> SandboxedEnvironment:
    loader = ChoiceLoader([FileSystemLoader(str(TEMPLATES_DIR)), GameTemplates()])
    env = SandboxedEnvironment(loader=loader, autoescape=True,
                               undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["ja"] = japanese_runs
    env.filters["css_color"] = css_color
    return env


def macros(name: str) -> Any:
    """The macros of one template file, callable from Python (`macros("tables.html.j2").setup(...)`)."""
    return environment().get_template(name).module


def render(name: str, **context: Any) -> str:
    return environment().get_template(name).render(**context)
