"""Placeholders such as `{{ card.rank }}` in deck text, rendered in Jinja2's sandbox.

A deck may come from a stranger: its templates can read the card and deck values they are given
and nothing else (no attribute tricks like `''.__class__.__mro__`, no file access).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from functools import lru_cache
from pathlib import PurePath
from types import ModuleType
from typing import Any

from jinja2 import Template, TemplateError, TemplateRuntimeError, TemplateSyntaxError, nodes
from jinja2.runtime import LoopContext
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError
from jinja2.visitor import NodeTransformer
from pydantic import BaseModel

from .budgets import (
    MAX_DECK_TEMPLATE_STEPS,
    MAX_FORMAT_WIDTH,
    MAX_TEMPLATE_CHARS,
    MAX_TEMPLATE_DEPTH,
    MAX_TEMPLATE_RANGE,
    MAX_TEMPLATE_STEPS,
)
from .errors import CardforgeError
from .names import ExplainedUndefined, MissingName


class TemplateProblem(CardforgeError, ValueError):
    """A placeholder that cannot be rendered (unknown name, syntax error, sandbox refusal)."""


class _Budget:
    """Work done by one render: steps (loop turns and calls) and the current call depth.

    `deck_left` is what remains of the deck's own allowance (MAX_DECK_TEMPLATE_STEPS over all its
    renders), so 10,000 cards each just under the per-render limit still cannot add up to hours."""

    __slots__ = ("steps", "depth", "deck_left")

    def __init__(self, deck_left: int = MAX_DECK_TEMPLATE_STEPS) -> None:
        self.steps = 0
        self.depth = 0
        self.deck_left = deck_left

    def step(self) -> None:
        self.steps += 1
        if self.steps > MAX_TEMPLATE_STEPS:
            raise SecurityError(f"over {MAX_TEMPLATE_STEPS:,} loop turns and calls")
        if self.steps > self.deck_left:
            raise SecurityError(f"over {MAX_DECK_TEMPLATE_STEPS:,} steps in the whole deck")


def _deck_used(deck: Any) -> int:
    """Steps the deck's placeholders have used so far (model.py `DeckSpec._template_steps`); 0 for a
    template given no deck."""
    return int(getattr(deck, "_template_steps", 0) or 0) if deck is not None else 0


def _charge_deck(deck: Any, steps: int) -> None:
    if deck is not None and hasattr(deck, "_template_steps"):
        deck._template_steps = _deck_used(deck) + steps


_CURRENT: ContextVar[_Budget | None] = ContextVar("cardforge_template_budget", default=None)


def _budget() -> _Budget:
    budget = _CURRENT.get()
    if budget is None:  # a template used outside BoundedTemplate.render still counts, in one shared pot
        budget = _Budget()
        _CURRENT.set(budget)
    return budget


def _sized(value: Any) -> Any:
    """`value`, unless it is a string or sequence longer than a template may build."""
    if isinstance(value, (str, bytes, list, tuple)) and len(value) > MAX_TEMPLATE_CHARS:
        raise SecurityError(f"a value longer than {MAX_TEMPLATE_CHARS:,} characters")
    return value


def bounded_concat(pieces: Iterable[Any]) -> str:
    """`"".join` that stops as soon as the total would pass MAX_TEMPLATE_CHARS (before joining)."""
    parts: list[str] = []
    total = 0
    for piece in pieces:
        text = str(piece)
        total += len(text)
        if total > MAX_TEMPLATE_CHARS:
            raise SecurityError(f"text longer than {MAX_TEMPLATE_CHARS:,} characters")
        parts.append(text)
    return "".join(parts)


def _counted(iterable: Any) -> Iterator[Any]:
    """Every `for` loop in a deck template iterates through this, one budget step per turn."""
    budget = _budget()
    for item in iterable:
        budget.step()
        yield item


def _range(*args: int) -> range:
    numbers = range(*args)
    if len(numbers) > MAX_TEMPLATE_RANGE:
        raise SecurityError(f"range() of more than {MAX_TEMPLATE_RANGE:,} numbers in a placeholder")
    return numbers


_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
_NUMBER = re.compile(r"\d+")


def _check_percent_format(fmt: Any) -> None:
    """Refuse `'%999999999s'` and `'%*s'` before Python pads anything."""
    if not isinstance(fmt, str):
        return
    for width, precision in _PERCENT_SPEC.findall(fmt):
        for number in (width, precision):
            if number == "*" or (number and int(number) > MAX_FORMAT_WIDTH):
                raise SecurityError(f"a format width above {MAX_FORMAT_WIDTH:,} in a placeholder")


def _check_brace_format(fmt: str) -> None:
    """Refuse `'{:>999999999}'` and widths given by nested fields (`'{:{}}'`) in str.format."""
    try:
        fields = list(string.Formatter().parse(fmt))
    except ValueError:
        return
    for _text, _name, spec, _conversion in fields:
        if not spec:
            continue
        if "{" in spec:
            raise SecurityError("nested format fields are not allowed in a placeholder")
        if any(int(n) > MAX_FORMAT_WIDTH for n in _NUMBER.findall(spec)):
            raise SecurityError(f"a format width above {MAX_FORMAT_WIDTH:,} in a placeholder")


def _check_width(width: Any) -> None:
    if isinstance(width, int) and width > MAX_FORMAT_WIDTH:
        raise SecurityError(f"a width above {MAX_FORMAT_WIDTH:,} in a placeholder")


def _check_replace(text: Any, old: Any, new: Any) -> None:
    if isinstance(text, (str, bytes)) and isinstance(old, type(text)) and isinstance(new, type(text)):
        hits = text.count(old) if old else len(text) + 1  # type: ignore[arg-type]
        if len(text) + hits * max(0, len(new) - len(old)) > MAX_TEMPLATE_CHARS:
            raise SecurityError(f"replace() would build more than {MAX_TEMPLATE_CHARS:,} characters")


def _checked_join(separator: Any, items: Any) -> tuple[Any, list[Any]]:
    listed = list(_counted(items))
    total = sum(len(x) if isinstance(x, (str, bytes)) else 16 for x in listed)
    if total + len(separator) * max(0, len(listed) - 1) > MAX_TEMPLATE_CHARS:
        raise SecurityError(f"join() would build more than {MAX_TEMPLATE_CHARS:,} characters")
    return separator, listed


def _check_method(obj: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """Pre-checks for str and bytes methods that can build huge values from small arguments."""
    owner = getattr(obj, "__self__", None)
    name = getattr(obj, "__name__", "")
    if not isinstance(owner, (str, bytes)):
        return args
    if name in ("center", "ljust", "rjust", "zfill") and args:
        _check_width(args[0])
    elif name == "expandtabs":
        size = args[0] if args else kwargs.get("tabsize", 8)
        _check_width(size)
        if isinstance(size, int) and len(owner) * max(size, 1) > MAX_TEMPLATE_CHARS:
            raise SecurityError(f"expandtabs() would build more than {MAX_TEMPLATE_CHARS:,} characters")
    elif name == "replace" and len(args) >= 2:
        _check_replace(owner, args[0], args[1])
    elif name == "join" and args:
        _sep, listed = _checked_join(owner, args[0])
        return (listed, *args[1:])
    return args


def _bounded_filters(filters: dict[str, Callable[..., Any]]) -> dict[str, Callable[..., Any]]:
    """Jinja's filters with pre-checks where a small argument can mean a huge result, a step counted
    per call, and results held to the size budget. `random` is dropped: output must be deterministic."""
    checks: dict[str, Callable[..., None]] = {
        "center": lambda value, width=80: _check_width(width),
        "indent": lambda value, width=4, *a, **k: _check_indent(value, width),
        "format": lambda value, *a, **k: _check_percent_format(value),
        "replace": lambda value, old, new, count=None: _check_replace(str(value), str(old), str(new)),
        "wordwrap": lambda value, width=79, *a, **k: None,
        "truncate": lambda value, length=255, *a, **k: None,
    }

    def wrap(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        check = checks.get(name)

        def bounded(*args: Any, **kwargs: Any) -> Any:
            _budget().step()
            if check is not None:
                check(*args[1:] if getattr(original, "jinja_pass_arg", None) else args, **kwargs)
            if name == "join":
                args = _join_filter_args(args, original)
            return _sized(original(*args, **kwargs))

        for attribute in ("jinja_pass_arg",):
            if hasattr(original, attribute):
                setattr(bounded, attribute, getattr(original, attribute))
        return bounded

    return {name: wrap(name, f) for name, f in filters.items() if name != "random"}


def _join_filter_args(args: tuple[Any, ...], original: Callable[..., Any]) -> tuple[Any, ...]:
    offset = 1 if getattr(original, "jinja_pass_arg", None) else 0
    value = args[offset] if len(args) > offset else []
    separator = args[offset + 1] if len(args) > offset + 1 else ""
    _sep, listed = _checked_join(str(separator), value)
    return (*args[:offset], listed, *args[offset + 1:])


def _check_indent(value: Any, width: Any) -> None:
    pad = len(width) if isinstance(width, str) else width if isinstance(width, int) else 0
    _check_width(pad)
    lines = str(value).count("\n") + 1
    if len(str(value)) + lines * pad > MAX_TEMPLATE_CHARS:
        raise SecurityError(f"indent() would build more than {MAX_TEMPLATE_CHARS:,} characters")


_RESERVED = "_cf_"


@lru_cache(maxsize=1024)
def _model_attribute_allowed(model: type[BaseModel], attr: str) -> bool:
    """A model's fields, and attributes its cardforge classes define themselves."""
    if attr in model.model_fields:
        return True
    for klass in model.__mro__:
        if attr in vars(klass):
            return klass.__module__.startswith("cardforge.") and klass is not BaseModel
    return False


class _Bounding(NodeTransformer):
    """Rewrites a parsed deck template so loops and `~` joins report to the budget."""

    def visit_For(self, node: nodes.For) -> nodes.Node:  # noqa: N802 (Jinja's visitor names)
        self.generic_visit(node)
        node.iter = nodes.Call(nodes.Name(f"{_RESERVED}counted", "load"), [node.iter], [], None, None,
                               lineno=node.iter.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:  # noqa: N802
        self.generic_visit(node)
        return nodes.Call(nodes.Name(f"{_RESERVED}join", "load"), list(node.nodes), [], None, None, lineno=node.lineno)


def _join(*pieces: Any) -> str:
    return bounded_concat(pieces)


class BoundedTemplate(Template):
    """A template whose render has its own budget and whose output is held to MAX_TEMPLATE_CHARS.

    Errors that are not template errors (1/0, a number too long to print) become template errors,
    so every caller reports them as a one-line placeholder problem."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        values = dict(*args, **kwargs)
        deck = values.get("deck")
        budget = _Budget(MAX_DECK_TEMPLATE_STEPS - _deck_used(deck))
        token = _CURRENT.set(budget)
        try:
            context = self.new_context(values)
            try:
                return bounded_concat(self.root_render_func(context))
            except TemplateError:
                self.environment.handle_exception()
            except Exception as exc:  # noqa: BLE001 - a deck's arithmetic can fail any way Python can
                try:
                    self.environment.handle_exception()
                except Exception as rewritten:  # noqa: BLE001
                    problem = TemplateRuntimeError(f"{type(exc).__name__}: {exc}")
                    raise problem.with_traceback(rewritten.__traceback__) from None
            raise AssertionError("unreachable")  # handle_exception always raises
        finally:
            _CURRENT.reset(token)
            _charge_deck(deck, budget.steps)


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """The sandbox with a budget (docs/security.md): loop turns, calls, call depth, `range`, format
    widths, and the length of every string built, so a placeholder cannot take gigabytes or minutes.

    Shared by card faces and the rules booklet."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})
    template_class = BoundedTemplate
    concat = staticmethod(bounded_concat)
    MAX_SIZE = 100_000

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.filters = _bounded_filters(dict(self.filters))
        self.globals = {"range": _range, "dict": dict, f"{_RESERVED}counted": _counted, f"{_RESERVED}join": _join}

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """Route every `for` loop's iterable through `_counted` and every `~` through a bounded join."""
        tree = super()._parse(source, name, filename)
        for node in tree.find_all(nodes.Name):
            if node.name.startswith(_RESERVED) and node.ctx != "load":
                raise TemplateSyntaxError(f"names starting with {_RESERVED} are reserved", node.lineno, name, filename)
        result = _Bounding().visit(tree)
        assert isinstance(result, nodes.Template)
        return result

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        _budget().step()
        if operator == "**" and isinstance(right, int) and abs(right) > 64:
            raise SecurityError(f"exponent {right} is too large for a deck placeholder")
        if operator == "**" and isinstance(left, int) and isinstance(right, int) and left.bit_length() * right > 4096:
            raise SecurityError("a power too large for a deck placeholder")
        if operator == "*":
            for seq, count in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(count, int) and len(seq) * count > self.MAX_SIZE:
                    raise SecurityError("a repeated string or list longer than 100,000 items")
        if operator == "%":
            _check_percent_format(left)
        if operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
            _sized(left)
            _sized(right)
            if len(left) + len(right) > MAX_TEMPLATE_CHARS:
                raise SecurityError(f"a value longer than {MAX_TEMPLATE_CHARS:,} characters")
        return _sized(super().call_binop(context, operator, left, right))

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        budget = _budget()
        budget.step()
        for value in (*args, *kwargs.values()):
            _sized(value)
        args = _check_method(__obj, args, kwargs)
        if isinstance(__obj, LoopContext) and args:
            args = (_counted(args[0]), *args[1:])
        budget.depth += 1
        if budget.depth > MAX_TEMPLATE_DEPTH:
            budget.depth -= 1
            raise SecurityError(f"placeholders nest calls more than {MAX_TEMPLATE_DEPTH} deep "
                                "(a macro calling itself?)")
        try:
            result = super().call(__context, __obj, *args, **kwargs)
        finally:
            budget.depth -= 1
        return _sized(result)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """Beyond the sandbox's rules: nothing on paths, modules or classes (a path's `write_text`
        would let a deck write files), and on pydantic models only fields and cardforge's own
        properties and methods (not `parse_file` and the rest of pydantic's API, which reads files)."""
        if not super().is_safe_attribute(obj, attr, value):
            return False
        if isinstance(obj, (PurePath, type, ModuleType)) or isinstance(value, (ModuleType, type)):
            return False
        if isinstance(obj, BaseModel):
            return _model_attribute_allowed(type(obj), attr)
        return True

    def getattr(self, obj: Any, attribute: str) -> Any:
        if isinstance(obj, BaseModel) and not _model_attribute_allowed(type(obj), attribute):
            if attribute not in dir(type(obj)) and attribute not in (obj.__pydantic_extra__ or {}):
                return self.undefined(obj=obj, name=attribute)  # a typo: say what was meant (names.py)
            return self.unsafe_undefined(obj, attribute)  # refused before pydantic's getattr runs
        if attribute in ("format", "format_map") and isinstance(obj, str):
            _check_brace_format(obj)  # the sandbox hands out its own formatter, not str.format
        return _sized(super().getattr(obj, attribute))

    def getitem(self, obj: Any, argument: Any) -> Any:
        return _sized(super().getitem(obj, argument))


_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def mix_colours(colour: Any, other: Any, amount: Any = 0.5) -> str:
    """The `mix` filter: `colour` moved `amount` (0 to 1) of the way towards `other`, as '#rrggbb', so
    a layout can derive a tint or a shade from a suit's colour (`{{ suit.color | mix('#ffffff', 0.3) }}`)
    and a variant that changes the suit keeps its pattern in keeping."""
    for value in (colour, other):
        if not isinstance(value, str) or not _HEX_COLOUR.match(value.strip()):
            raise TemplateRuntimeError(f"mix: expected colours like #1f6f3a, got {value!r}")
    try:
        share = float(amount)
    except (TypeError, ValueError):
        raise TemplateRuntimeError(f"mix: the amount is a number from 0 to 1, got {amount!r}") from None
    if not 0.0 <= share <= 1.0:
        raise TemplateRuntimeError(f"mix: the amount is a number from 0 to 1, got {amount!r}")
    a, b = (bytes.fromhex(value.strip()[1:]) for value in (colour, other))
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b))


_ENV = BoundedSandbox(undefined=ExplainedUndefined, autoescape=False)
_ENV.filters["mix"] = mix_colours


@lru_cache(maxsize=4096)
def _compile(source: str) -> Any:
    return _ENV.from_string(source)


def render_text(source: str, context: dict[str, Any], where: str = "") -> str:
    """Render one deck string; plain strings without `{{`/`{%` are returned untouched (fast path)."""
    if "{{" not in source and "{%" not in source:
        return source
    try:
        return _compile(source).render(context)
    except TemplateError as exc:
        prefix = f"{where}: " if where else ""
        reason = exc.with_names(context) if isinstance(exc, MissingName) and exc.owner is None else str(exc)
        raise TemplateProblem(f"{prefix}cannot fill in {_quoted(source)}: {reason}") from None


QUOTED = 40
"""The most characters of a template an error quotes: its location points at the whole of it."""


def _quoted(source: str) -> str:
    """`source` quoted for an error line, its middle cut when long, so the reason after it is shown."""
    if len(source) <= QUOTED:
        return repr(source)
    half = QUOTED // 2
    return repr(source[:half] + "…" + source[-half:])


def face_context(deck: Any, card: Any) -> dict[str, Any]:
    """What a face template may use: card, its suit, all suits, the rules params, the deck spec."""
    return {
        "card": card,
        "suit": deck.suit(card.suit),
        "suits": deck.spec.suits,
        "params": deck.rules_params,
        "deck": deck.spec,
    }
