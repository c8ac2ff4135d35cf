"""'Did you mean ...?' for names a designer writes in placeholders (`{{ params.trup_suit }}`).

Placeholders are rendered with `ExplainedUndefined`: when a name or attribute is missing, the error
lists the names that *are* there (the fields of the parameters, the keys of `suits`, ...), with the
closest one first, instead of Python's "'...Params object' has no attribute" wording.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from jinja2 import StrictUndefined, UndefinedError
from jinja2.utils import missing
from pydantic import BaseModel

MAX_LISTED = 6


def available_names(owner: Any) -> list[str]:
    """The names a placeholder may read from `owner`: mapping keys, model fields, dataclass fields."""
    if isinstance(owner, Mapping):
        return sorted(str(key) for key in owner)
    names: set[str] = set()
    if isinstance(owner, BaseModel):
        names.update(type(owner).model_fields)
        names.update(name for name, value in vars(type(owner)).items() if isinstance(value, property))
    elif dataclasses.is_dataclass(owner):
        names.update(field.name for field in dataclasses.fields(owner))
        names.update(name for name, value in vars(type(owner)).items() if isinstance(value, property))
    else:
        names.update(name for name in dir(owner) if not name.startswith("_"))
    return sorted(name for name in names if not name.startswith("_"))


def suggestion(name: str, names: Iterable[str]) -> str:
    """"; did you mean 'x'?" for a close name, else the list of names there are (shortened)."""
    choices = sorted(set(names))
    close = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    if not choices:
        return ""
    shown = ", ".join(choices[:MAX_LISTED]) + (", ..." if len(choices) > MAX_LISTED else "")
    return f"; names here: {shown}"


class MissingName(UndefinedError):
    """A placeholder named something that is not there; `name` is the missing part, `owner` what it was
    looked up on (None for a top-level name, whose alternatives the caller knows)."""

    def __init__(self, message: str, name: str, owner: Any) -> None:
        super().__init__(message)
        self.name = name
        self.owner = owner

    def with_names(self, names: Iterable[str]) -> str:
        """The message with a did-you-mean over `names` (for a top-level name: the context's keys)."""
        return f"{self.message}{suggestion(self.name, names)}"


class ExplainedUndefined(StrictUndefined):
    """StrictUndefined whose error says what is missing and what was available instead."""

    __slots__ = ()

    def _fail_with_undefined_error(self, *args: Any, **kwargs: Any) -> NoReturn:
        name = str(self._undefined_name) if self._undefined_name is not None else ""
        owner = self._undefined_obj
        if self._undefined_hint is not None or not name:
            raise UndefinedError(self._undefined_message)
        if owner is missing:
            raise MissingName(f"{name!r} is not defined", name, None)
        what = _describe(owner)
        raise MissingName(f"{what} has no {name!r}{suggestion(name, available_names(owner))}", name, owner)

    __add__ = __radd__ = __sub__ = __rsub__ = _fail_with_undefined_error
    __mul__ = __rmul__ = __div__ = __rdiv__ = _fail_with_undefined_error
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = _fail_with_undefined_error
    __mod__ = __rmod__ = __pos__ = __neg__ = _fail_with_undefined_error
    __call__ = __getitem__ = __lt__ = __le__ = __gt__ = __ge__ = _fail_with_undefined_error
    __int__ = __float__ = __complex__ = __pow__ = __rpow__ = _fail_with_undefined_error
    __iter__ = __str__ = __len__ = __eq__ = __ne__ = __bool__ = __hash__ = __contains__ = _fail_with_undefined_error

    def __getattr__(self, name: str) -> Any:
        if name[:2] == "__":
            raise AttributeError(name)
        self._fail_with_undefined_error()


def _describe(owner: Any) -> str:
    """What a name was looked up on, in a designer's words: "the mapping", a parameter class, "Card"."""
    if isinstance(owner, Mapping):
        return "the mapping"
    return type(owner).__name__
