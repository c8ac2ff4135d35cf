"""Settings that stick: the paper, duplex edge, back offset, printable margin and print services,
kept in small TOML files so `--paper letter --duplex short --back-offset 0.4,-0.2` is typed once, not
on every build.

Two files, each called cardforge.toml (docs/deck-format.md, "Settings that stick"):
- the user's, in their config folder, for their printer: every setting (`--remember` writes it,
  `cardforge settings` shows and forgets it; `CARDFORGE_SETTINGS` names another file, as the tests do);
- a deck's, beside its deck.yaml, for what the deck is printed on: paper, duplex and print services
  only. A printer's back offset and margin belong to the printer, so a deck folder from a stranger
  cannot set them: there they are refused with a pointer to the user's file.
The command line wins over the deck's file, the deck's over the user's, the user's over the built-in
defaults; `build` says which values came from which file. Values are kept as typed (`"0.4,-0.2"`)
and read with the same parsers as the options, so a value in a file means what it means on the
command line; `check`, the proof, the preview and the report read the same merged settings.
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


def _services(text: str) -> tuple[str, ...]:
    from .press.services import service_key

    return tuple(dict.fromkeys(service_key(part) for part in text.split(",") if part.strip()))


PARSERS: dict[str, Callable[[str], Any]] = {"paper": _paper, "duplex": _duplex, "back_offset": _offset,
                                            "margin": _margin, "print_shop": _services}
"""Setting -> the parser of the command-line option it stands for (`--paper`, `--duplex`, ...)."""
SHOWN = {"paper": "paper", "duplex": "duplex", "back_offset": "back offset", "margin": "margin",
         "print_shop": "print shop"}
SHEET_KEYS = ("paper", "duplex", "back_offset", "margin")
"""The settings that are SheetOptions fields (render/sheets.py); print_shop is the build's own."""
PRINTER_ONLY = ("back_offset", "margin")
"""The settings of a printer, which a deck's own file may not set."""


def settings_path() -> Path:
    """The user's settings file: CARDFORGE_SETTINGS, else cardforge.toml in their config folder."""
    chosen = os.environ.get(SETTINGS_ENV)
    if chosen:
        return Path(chosen)
    from platformdirs import user_config_dir

    return Path(user_config_dir("cardforge", appauthor=False)) / FILE_NAME


@dataclass(frozen=True)
class Remembered:
    """A settings file's values, as typed, checked against their options' parsers."""

    path: Path
    values: Mapping[str, str] = field(default_factory=dict)
    deck: bool = False
    """A deck's own file (beside its deck.yaml), not the user's."""

    def parsed(self, key: str) -> Any:
        return PARSERS[key](self.values[key])


_LOCATION = re.compile(r"\(at line (\d+), column (\d+)\)")


def deck_settings_path(deck_file: Path) -> Path:
    """A deck's own settings file: cardforge.toml beside its deck file."""
    return deck_file.parent / FILE_NAME


def read_deck_settings(deck_file: Path) -> Remembered:
    """A deck's own settings (none when its folder has no cardforge.toml): a file that is a link out
    of the deck's folder is refused as every deck file is (confine.py)."""
    from .confine import UnsafeReference, confined_file

    path = deck_settings_path(deck_file)
    if not os.path.lexists(path):
        return Remembered(path, deck=True)
    try:
        confined_file(path, [path.parent], str(path))
    except UnsafeReference as exc:
        raise SettingsError(f"deck settings file {exc}") from None
    return read_settings(path, deck=True)


def read_settings(path: Path | None = None, deck: bool = False) -> Remembered:
    """The remembered settings (none when there is no file); a broken file is one line naming it.
    `deck`: a deck's own file, where a printer's settings are refused."""
    from .confine import UnsafeReference, read_limited

    path = path or settings_path()
    if not path.exists():
        return Remembered(path, deck=deck)
    import tomllib  # only when there is a file to read

    text = ""
    try:
        # read_limited opens no link itself; a settings file kept as a link (a dotfiles folder, or a file
        # elsewhere in the deck's folder, which read_deck_settings confines) is read where it leads
        real = Path(os.path.realpath(path))
        text = read_limited(real, MAX_SETTINGS_BYTES, str(path)).decode("utf-8-sig")  # Notepad writes a BOM
        data = tomllib.loads(text)
    except UnsafeReference as exc:
        raise SettingsError(f"settings file {exc}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        where = _LOCATION.search(str(exc))
        at = f":{where.group(1)}:{where.group(2)}" if where else ""
        reason = _LOCATION.sub("", str(exc)).strip()
        mend = "" if deck else " (`cardforge settings --forget-all`)"  # which mends only the user's file
        raise SettingsError(f"{path}{at}: not a settings file ({reason}); fix it or delete it{mend}") from None
    values: dict[str, str] = {}
    for key, value in data.items():
        at = f"{path}{_key_location(text, key)}"
        if key not in PARSERS:
            import difflib

            hint = difflib.get_close_matches(key, list(PARSERS), n=1)
            allowed = [name for name in PARSERS if not (deck and name in PRINTER_ONLY)]
            tail = f"did you mean {hint[0]!r}?" if hint else f"settings are {', '.join(allowed)}"
            raise SettingsError(f"{at}: unknown setting {key!r}; {tail}")
        if deck and key in PRINTER_ONLY:
            raise SettingsError(f"{at}: {key} belongs to your printer, not to a deck; keep it in your own settings "
                                f"(`cardforge settings`; `--{key.replace('_', '-')} ... --remember`)")
        typed = _as_typed(value)
        if typed is None:
            raise SettingsError(f"{at}: {key} is written as a string, e.g. {key} = \"{_EXAMPLES[key]}\"")
        try:
            PARSERS[key](typed)
        except (CardforgeError, ValueError) as exc:
            raise SettingsError(f"{at}: {key}: {exc}") from None
        values[key] = typed
    return Remembered(path, values, deck)


def _as_typed(value: object) -> str | None:
    """A TOML value as it would be typed on the command line: a string as it is, a number (`margin = 3`)
    as written, a list of strings (`print_shop = ["tgc", "mpc"]`) joined with commas; None otherwise.
    A list is accepted for any key, and its parser says whether the joined text means anything."""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:g}"
    if isinstance(value, list) and all(isinstance(item, str) for item in value):  # [] is none at all
        return ",".join(value)
    return None


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


_EXAMPLES = {"paper": "letter", "duplex": "short", "back_offset": "0.4,-0.2", "margin": "4", "print_shop": "tgc"}


def check_updates(updates: Mapping[str, str]) -> None:
    """Refuse a value every later command would refuse, before a command with `--remember` does its work."""
    for key, value in updates.items():
        try:
            PARSERS[key](value)
        except (CardforgeError, ValueError) as exc:
            raise SettingsError(f"cannot remember {key}: {exc}") from None


def remember(updates: Mapping[str, str], path: Path | None = None) -> Remembered:
    """Add or change settings (each checked by its option's parser first); returns the new settings."""
    current = read_settings(path)
    check_updates(updates)
    values = {**current.values, **updates}
    write_settings(current.path, values)
    return Remembered(current.path, values)


def forget(keys: list[str], path: Path | None = None) -> Remembered:
    """Remove settings (all of them when `keys` is empty: the file is then not read, so forgetting
    everything also mends a file too broken to read)."""
    if not keys:
        path = path or settings_path()
        if os.path.lexists(path):  # nothing to forget makes no file
            write_settings(path, {})
        return Remembered(path)
    current = read_settings(path)
    values = {k: v for k, v in current.values.items() if k not in keys}
    if values != current.values:
        write_settings(current.path, values)
    return Remembered(current.path, values)


def write_settings(path: Path, values: Mapping[str, str]) -> None:
    """The file, key by key in a fixed order (TOML strings written as JSON strings, which TOML reads).
    A folder that cannot be written is one line saying what was being saved."""
    lines = ["# cardforge's remembered settings (`cardforge settings`); the command line wins over them."]
    lines += [f"{key} = {json.dumps(values[key], ensure_ascii=False)}" for key in PARSERS if key in values]
    real = Path(os.path.realpath(path))  # a file kept as a link is written where it leads, the link kept
    try:
        check_target(real)
        real.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(real, "\n".join(lines) + "\n")
    except OSError as exc:
        raise SettingsError(f"cannot save settings in {path}: {exc.strerror or exc}") from None
    except CardforgeError as exc:
        raise SettingsError(f"cannot save settings: {exc}") from None


@dataclass(frozen=True)
class Resolved:
    """The settings one command uses for one deck: each value parsed, and the file it came from (a value
    given on the command line has none)."""

    values: Mapping[str, Any]
    files: Mapping[str, Remembered]

    def sheet_fields(self) -> dict[str, Any]:
        """The SheetOptions fields among them (render/sheets.py)."""
        return {key: self.values[key] for key in SHEET_KEYS if key in self.values}

    @property
    def print_shop(self) -> tuple[str, ...]:
        return tuple(self.values.get("print_shop", ()))

    def summary(self) -> str:
        """`deck settings from <file>: paper letter; printer settings from <file>: back offset 0.4,-0.2
        (options given on the command line win)`; empty when no value came from a file."""
        sources: list[Remembered] = []
        for file in self.files.values():
            if not any(file is known for known in sources):
                sources.append(file)
        parts = []
        for source in sources:
            named = ", ".join(f"{SHOWN[key]} {source.values[key]}" for key in PARSERS if self.files.get(key) is source)
            parts.append(f"{'deck' if source.deck else 'printer'} settings from {source.path}: {named}")
        return "; ".join(parts) + " (options given on the command line win)" if parts else ""


def resolve(explicit: Mapping[str, Any], deck_file: Path | None = None,
            usable: Callable[[str, Any], bool] | None = None) -> Resolved:
    """Each setting: given here (not None), else from the deck's own file (when `deck_file` is given),
    else from the user's, else left out (the built-in default). `usable(key, value)` drops what a command
    does not use (calibrate draws no margin), so the summary names only what was used."""
    layers = [read_deck_settings(deck_file)] if deck_file is not None else []
    layers.append(read_settings())
    values: dict[str, Any] = {}
    files: dict[str, Remembered] = {}
    for key in PARSERS:
        given = explicit.get(key)
        if given is not None and given != ():
            values[key] = given
            continue
        source = next((layer for layer in layers if key in layer.values), None)
        if source is not None:
            values[key] = source.parsed(key)
            files[key] = source
    if usable is not None:
        values = {key: value for key, value in values.items() if usable(key, value)}
        files = {key: source for key, source in files.items() if key in values}
    return Resolved(values, files)


def remembered_sheet_options(deck_file: Path | None = None, **explicit: Any) -> Any:
    """SheetOptions with the deck's and the user's settings under any given here (`check`, the preview,
    the proof and the report lay sheets out as `build` will)."""
    from .render.sheets import SheetOptions

    resolved = resolve({key: explicit.pop(key, None) for key in SHEET_KEYS}, deck_file)
    return SheetOptions(**resolved.sheet_fields(), **explicit)
