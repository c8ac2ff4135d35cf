"""Printer settings that stick: the paper, duplex edge, back offset and printable margin of the person
printing, remembered in a small TOML file in their config folder, so `--paper letter --duplex short
--back-offset 0.4,-0.2` is typed once (`--remember`), not on every build.

The file belongs to the user, not to a deck: a deck folder from a stranger never sets a printer's
offset. The command line always wins over the file, and the file over the built-in defaults; `build`
says in its summary which values came from the file. `CARDFORGE_SETTINGS` names another file (the
tests point it at a file of their own). Values are kept as typed (`"0.4,-0.2"`) and read with the
same parsers as the options, so a value in the file means what it means on the command line.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CardforgeError
from .outputs import atomic_write_text, check_target

SETTINGS_ENV = "CARDFORGE_SETTINGS"
FILE_NAME = "cardforge.toml"
MAX_SETTINGS_BYTES = 64 * 1024


class SettingsError(CardforgeError):
    """The settings file cannot be read or holds a value the option would refuse."""


def _paper(text: str) -> Any:
    from .render.impose import parse_paper

    return parse_paper(text)


def _duplex(text: str) -> str:
    from .render.impose import DUPLEX_MODES

    if text not in DUPLEX_MODES:
        raise CardforgeError(f"expected one of {', '.join(DUPLEX_MODES)}, got {text!r}")
    return text


def _offset(text: str) -> tuple[float, float]:
    from .render.impose import check_back_offset
    from .units import parse_length_mm

    parts = text.split(",")
    if len(parts) != 2:
        raise CardforgeError(f"expected DX,DY in mm such as 0.5,-0.3, got {text!r}")
    dx, dy = (parse_length_mm(part.strip()) for part in parts)
    check_back_offset((dx, dy))  # a value every later build would refuse is refused here, naming the file
    return (dx, dy)


def _margin(text: str) -> float:
    from .render.impose import check_margin
    from .units import parse_length_mm

    margin = parse_length_mm(text)
    check_margin(margin)
    return margin


PARSERS: dict[str, Callable[[str], Any]] = {"paper": _paper, "duplex": _duplex, "back_offset": _offset,
                                            "margin": _margin}
"""Setting -> the parser of the command-line option it stands for (`--paper`, `--duplex`, ...)."""
SHOWN = {"paper": "paper", "duplex": "duplex", "back_offset": "back offset", "margin": "margin"}


def settings_path() -> Path:
    """The user's settings file: CARDFORGE_SETTINGS, else cardforge.toml in their config folder."""
    chosen = os.environ.get(SETTINGS_ENV)
    if chosen:
        return Path(chosen)
    from platformdirs import user_config_dir

    return Path(user_config_dir("cardforge", appauthor=False)) / FILE_NAME


@dataclass(frozen=True)
class Remembered:
    """The settings file's values, as typed, checked against their options' parsers."""

    path: Path
    values: Mapping[str, str] = field(default_factory=dict)

    def parsed(self, key: str) -> Any:
        return PARSERS[key](self.values[key])


_LOCATION = re.compile(r"\(at line (\d+), column (\d+)\)")


def read_settings(path: Path | None = None) -> Remembered:
    """The remembered settings (none when there is no file); a broken file is one line naming it."""
    from .confine import UnsafeReference, read_limited

    path = path or settings_path()
    if not path.exists():
        return Remembered(path)
    import tomllib  # only when there is a file to read

    text = ""
    try:
        text = read_limited(path, MAX_SETTINGS_BYTES, str(path)).decode("utf-8")
        data = tomllib.loads(text)
    except UnsafeReference as exc:
        raise SettingsError(f"settings file {exc}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        where = _LOCATION.search(str(exc))
        at = f":{where.group(1)}:{where.group(2)}" if where else ""
        reason = _LOCATION.sub("", str(exc)).strip()
        raise SettingsError(f"{path}{at}: not a settings file ({reason}); fix it or delete it "
                            "(`cardforge settings --forget-all`)") from None
    values: dict[str, str] = {}
    for key, value in data.items():
        at = f"{path}{_key_location(text, key)}"
        if key not in PARSERS:
            import difflib

            hint = difflib.get_close_matches(key, list(PARSERS), n=1)
            tail = f"did you mean {hint[0]!r}?" if hint else f"settings are {', '.join(PARSERS)}"
            raise SettingsError(f"{at}: unknown setting {key!r}; {tail}")
        if not isinstance(value, str):
            raise SettingsError(f"{at}: {key} is written as a string, e.g. {key} = \"{_EXAMPLES[key]}\"")
        try:
            PARSERS[key](value)
        except (CardforgeError, ValueError) as exc:
            raise SettingsError(f"{at}: {key}: {exc}") from None
        values[key] = value
    return Remembered(path, values)


def _key_location(text: str, key: str) -> str:
    """`:LINE:COLUMN` of the top-level key or table `key` in the file's text (`""` when not found), so
    a wrong setting is reported where it is written, as a TOML syntax error is."""
    quoted = rf"({re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')"
    pattern = re.compile(rf"^[ \t]*(?:\[[ \t]*)?{quoted}[ \t]*[=.\]]")
    for number, line in enumerate(text.splitlines(), start=1):
        match = pattern.match(line)
        if match:
            return f":{number}:{match.start(1) + 1}"
    return ""


_EXAMPLES = {"paper": "letter", "duplex": "short", "back_offset": "0.4,-0.2", "margin": "4"}


def remember(updates: Mapping[str, str], path: Path | None = None) -> Remembered:
    """Add or change settings (each checked by its option's parser first); returns the new settings."""
    current = read_settings(path)
    for key, value in updates.items():
        try:
            PARSERS[key](value)
        except (CardforgeError, ValueError) as exc:
            raise SettingsError(f"cannot remember {key}: {exc}") from None
    values = {**current.values, **updates}
    write_settings(current.path, values)
    return Remembered(current.path, values)


def forget(keys: list[str], path: Path | None = None) -> Remembered:
    """Remove settings (all of them when `keys` is empty: the file is then not read, so forgetting
    everything also mends a file too broken to read)."""
    if not keys:
        path = path or settings_path()
        write_settings(path, {})
        return Remembered(path)
    current = read_settings(path)
    values = {k: v for k, v in current.values.items() if k not in keys}
    write_settings(current.path, values)
    return Remembered(current.path, values)


def write_settings(path: Path, values: Mapping[str, str]) -> None:
    """The file, key by key in a fixed order (TOML strings written as JSON strings, which TOML reads)."""
    check_target(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# cardforge's remembered printer settings (`cardforge settings`); the command line wins over them."]
    lines += [f"{key} = {json.dumps(values[key], ensure_ascii=False)}" for key in PARSERS if key in values]
    atomic_write_text(path, "\n".join(lines) + "\n")


def summary(remembered: Remembered, used: list[str]) -> str:
    """`printer settings from <file>: paper letter, duplex short (the command line overrides them)`."""
    if not used:
        return ""
    parts = ", ".join(f"{SHOWN[key]} {remembered.values[key]}" for key in PARSERS if key in used)
    return f"printer settings from {remembered.path}: {parts} (options given on the command line win)"


def printer_options(explicit: Mapping[str, Any], remembered: Remembered | None = None) -> tuple[dict[str, Any], list[str]]:
    """SheetOptions fields for the printer settings: each given option (not None) as given, else the
    remembered value, else left out (the built-in default); and which came from the file."""
    remembered = remembered if remembered is not None else read_settings()
    chosen: dict[str, Any] = {}
    used: list[str] = []
    for key in PARSERS:
        value = explicit.get(key)
        if value is not None:
            chosen[key] = value
        elif key in remembered.values:
            chosen[key] = remembered.parsed(key)
            used.append(key)
    return chosen, used


def remembered_sheet_options(**explicit: Any) -> Any:
    """SheetOptions with the remembered printer settings under any given here (`check`, the preview and
    the proof lay sheets out as `build` will)."""
    from .render.sheets import SheetOptions

    printer, _used = printer_options({key: explicit.pop(key, None) for key in PARSERS})
    return SheetOptions(**printer, **explicit)
