"""YAML -> resolve `extends` (cycles caught) -> validate -> Deck; every error names file:line:col."""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Any, get_args, get_origin

from pydantic import BaseModel, ValidationError

from . import model
from .budgets import MAX_CARDS, MAX_EXTENDS_DEPTH
from .confine import confined_file, folder_files, reference_parts
from .deck import Card, Deck, card_id, expand_ranks, rank_value
from .deck_memo import DeckMemo
from .errors import DeckError, PlayabilityError
from .games.registry import all_games
from .paths import BUNDLED_DECKS_DIR, UnsafeReference, resolve_folder, resolve_in
from .tables import expand_tables
from .yaml_source import KeyPath, SourceMap, format_key_path, read_yaml

DECK_FILE = "deck.yaml"
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


# ---------------------------------------------------------------- finding decks


def bundled_deck_ids(folder: Path = BUNDLED_DECKS_DIR) -> list[str]:
    """The ids of the decks shipped in `decks/` (one folder with a deck.yaml each)."""
    return sorted(p.parent.name for p in folder.glob(f"*/{DECK_FILE}"))


def bundled_suggestion(name: str) -> str:
    """A hint for a mistyped bundled deck id: the closest id ("did you mean ...?"), else every id."""
    ids = bundled_deck_ids()
    hint = difflib.get_close_matches(name, ids, n=1)
    return f"did you mean {hint[0]!r}?" if hint else f"bundled decks are: {', '.join(ids)}"


def find_deck_file(reference: str | Path, relative_to: Path | None = None) -> Path:
    """A deck argument -> a deck file: a path, a folder, or a bundled deck id.

    A bare name that is both a folder here and a bundled deck is refused as ambiguous, so a folder
    in the current directory can never stand in for a bundled deck unnoticed."""
    text = str(reference)
    base = relative_to if relative_to is not None else Path.cwd()
    candidate = base / text
    local: Path | None = None
    if candidate.is_dir() and (candidate / DECK_FILE).is_file():
        local = (candidate / DECK_FILE).resolve()
    elif candidate.is_file():
        local = candidate.resolve()
    bundled = BUNDLED_DECKS_DIR / text / DECK_FILE
    is_id = "/" not in text and "\\" not in text and bundled.is_file()
    if local is not None and is_id and local != bundled.resolve():
        raise DeckError(f"{text!r} is both a folder here and a bundled deck; write ./{text} for the folder, "
                        f"or run from another folder for the bundled deck")
    if local is not None:
        return local
    if is_id:
        return bundled.resolve()
    raise DeckError(f"no deck file, folder or bundled deck named {text!r}; {bundled_suggestion(text)}")


def bundled_deck_file(deck_id: str) -> Path:
    """The deck file of a bundled deck, whatever folders the current directory holds."""
    path = BUNDLED_DECKS_DIR / deck_id / DECK_FILE
    if "/" in deck_id or "\\" in deck_id or not path.is_file():
        raise DeckError(f"no bundled deck named {deck_id!r}; bundled decks are: {', '.join(bundled_deck_ids())}")
    return path.resolve()


def parent_deck_file(reference: str, child: Path, tree: Path) -> Path:
    """An `extends` value -> the parent's deck file: a relative path whose real path lies inside the
    deck's own folder `tree`, or a bundled deck id. Nothing outside is opened, so a refused
    parent never shows up in a message or a readable root."""
    outside = (f"{reference!r} is outside the deck's folder; `extends` takes a bundled deck id "
               "or a relative path inside the deck's folder")
    try:
        parts = reference_parts(reference)
    except UnsafeReference:
        raise DeckError(outside) from None
    candidate = child.parent.joinpath(*parts)
    if candidate.is_dir():
        candidate = candidate / DECK_FILE
    allowed = (tree, BUNDLED_DECKS_DIR)
    if os.path.lexists(candidate):
        try:
            return confined_file(candidate, allowed, reference)
        except UnsafeReference as exc:
            raise DeckError(outside if "leads outside" in str(exc) else str(exc)) from None
    if len(parts) == 1:
        bundled = BUNDLED_DECKS_DIR / parts[0] / DECK_FILE
        if bundled.is_file():
            return bundled.resolve()
    raise DeckError(f"no deck file, folder or bundled deck named {reference!r}; {bundled_suggestion(reference)}")


# ---------------------------------------------------------------- extends


def _keyed_by_id(items: list[Any]) -> bool:
    return bool(items) and all(isinstance(item, dict) and "id" in item for item in items)


ADD_MARKER = "add"
"""`add: true` on an item of a variant's list keyed by id: a new item, not a change to the base's."""


def _without_marker(item: Any) -> Any:
    return {k: v for k, v in item.items() if k != ADD_MARKER} if isinstance(item, dict) else item


def check_overrides(base: Any, override: Any, sources: SourceMap, prefix: KeyPath = ()) -> None:
    """A variant's items keyed by id must change an item the base has, or say `add: true`.

    Without this, a misspelt card id in a variant silently adds a card to the deck."""
    if isinstance(base, dict) and isinstance(override, dict):
        for key, value in override.items():
            if key in base:
                check_overrides(base[key], value, sources, prefix + (key,))
        return
    if not (isinstance(base, list) and isinstance(override, list) and _keyed_by_id(base) and _keyed_by_id(override)):
        return
    known = [str(item["id"]) for item in base]
    for i, item in enumerate(override):
        key, adding = str(item["id"]), item.get(ADD_MARKER, False)
        if adding not in (True, False):
            raise _error_at(sources, prefix + (i, ADD_MARKER), "`add` is true or false")
        if key in known and adding:
            raise _error_at(sources, prefix + (i, "id"), f"{key!r} is already in the base deck; drop `add: true` "
                                                         "to change it")
        if key not in known and not adding:
            hint = difflib.get_close_matches(key, known, n=1, cutoff=0.5)
            tail = f"did you mean {hint[0]!r}?" if hint else f"the base has {', '.join(map(repr, known))}"
            raise _error_at(sources, prefix + (i, "id"), f"the base deck has no {key!r} to change; {tail} "
                                                         "(to add a new one, give it `add: true`)")
        if key in known:
            check_overrides(base[known.index(key)], item, sources, prefix + (i,))


def merged_path(path: KeyPath, base: Any, override: Any) -> KeyPath:
    """A key path in the overriding file -> the same value's path in the merged data (items of lists
    keyed by id move to the base item's index, new items to the end)."""
    out: list[str | int] = []
    b, o = base, override
    for part in path:
        if (isinstance(part, int) and isinstance(b, list) and isinstance(o, list) and part < len(o)
                and _keyed_by_id(b) and _keyed_by_id(o)):
            positions = {str(item["id"]): i for i, item in enumerate(b)}
            key = str(o[part]["id"])
            if key in positions:
                out.append(positions[key])
                b = b[positions[key]]
            else:
                out.append(len(b) + sum(1 for item in o[:part] if str(item["id"]) not in positions))
                b = None
            o = o[part]
            continue
        out.append(part)
        b = _child(b, part)
        o = _child(o, part)
    return tuple(out)


def _child(node: Any, part: str | int) -> Any:
    if isinstance(node, dict):
        return node.get(part)
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    return None


def merge(base: Any, override: Any) -> Any:
    """Deep merge for `extends`: mappings merge key by key, lists of items with `id` merge by id,
    other lists and scalars are replaced."""
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            merged[key] = merge(base[key], value) if key in base else value
        return merged
    if isinstance(base, list) and isinstance(override, list) and _keyed_by_id(base) and _keyed_by_id(override):
        merged_list = list(base)
        positions = {str(item["id"]): i for i, item in enumerate(base)}
        for item in override:
            key = str(item["id"])
            if key in positions:
                merged_list[positions[key]] = merge(base[positions[key]], _without_marker(item))
            else:
                merged_list.append(_without_marker(item))
        return merged_list
    return override


def _read_chain(path: Path, stack: tuple[Path, ...] = ()) -> tuple[dict[str, Any], SourceMap, tuple[Path, ...]]:
    """Read a deck and, recursively, what it extends; returns merged data, positions, file chain."""
    document = read_yaml(path)
    data = dict(document.data)
    parent_ref = data.pop("extends", None)
    if parent_ref is None:
        return data, document.sources, (path,)
    where = document.sources.locate(("extends",))
    if not isinstance(parent_ref, str):
        raise DeckError("`extends` takes a path relative to this file or a bundled deck id", where, "extends")
    if len(stack) + 2 > MAX_EXTENDS_DEPTH:
        raise DeckError(f"the `extends` chain is longer than {MAX_EXTENDS_DEPTH} decks", where, "extends")
    tree = (stack[0] if stack else path).parent
    try:
        parent = parent_deck_file(parent_ref, path, tree)
    except DeckError as exc:
        raise DeckError(exc.message, where, "extends") from None
    if parent in stack or parent == path:
        cycle = " -> ".join(p.parent.name + "/" + p.name for p in (*stack, path, parent))
        raise DeckError(f"`extends` goes round in a cycle: {cycle}", where, "extends")
    base_data, sources, chain = _read_chain(parent, (*stack, path))
    check_overrides(base_data, data, document.sources)
    sources = SourceMap(dict(sources.keys), dict(sources.values))
    _drop_replaced_positions(sources, base_data, data)
    own = SourceMap({merged_path(p, base_data, data): loc for p, loc in document.sources.keys.items()},
                    {merged_path(p, base_data, data): loc for p, loc in document.sources.values.items()})
    sources.update(own)
    return merge(base_data, data), sources, (*chain, path)


def deck_data(path: Path) -> dict[str, Any]:
    """A deck file's data with everything it extends merged in (for writing a self-contained copy)."""
    return _read_chain(path)[0]


def extends_reference(base_path: Path, deck_file: Path) -> str | None:
    """How a new deck at `deck_file` can extend `base_path`: a bundled deck by id, a deck inside the
    new deck's folder by relative path, else None (`extends` may not leave a deck's folder,
    docs/security.md)."""
    base_path = base_path.resolve()
    if base_path.parent.parent == BUNDLED_DECKS_DIR.resolve():
        return base_path.parent.name
    folder = deck_file.resolve().parent
    if folder in base_path.parents:
        return os.path.relpath(base_path, folder)
    return None


def derived_deck(base_path: Path, deck_file: Path, changes: dict[str, Any]) -> dict[str, Any]:
    """The data of a new deck at `deck_file` that is `base_path` with `changes`: a few lines extending
    it where `extends` can reach it, else the base merged in whole (the same merge `extends` does)."""
    reference = extends_reference(base_path, deck_file)
    if reference is not None:
        return {"extends": reference, **changes}
    return merge(deck_data(base_path), changes)


def read_chain(path: Path) -> tuple[dict[str, Any], SourceMap, tuple[Path, ...]]:
    """A deck file and what it extends: merged data, where each value was written, the file chain."""
    return _read_chain(path)


_POSITIONS: DeckMemo[SourceMap] = DeckMemo(decks_kept=64)
"""Where each loaded deck's values were written, kept from loading (a build loads every deck first)."""


def deck_positions(deck: Deck) -> SourceMap:
    """Where each of the deck's values was written, the overriding file winning; read again only for a
    deck that was not loaded from its file here (a sweep's in-memory variant)."""
    return _POSITIONS.get(deck, "positions", lambda: _positions_read_again(deck))


def _positions_read_again(deck: Deck) -> SourceMap:
    """The positions of `deck`'s file, with its tables' rows in place of their `table:` entries (the
    numbering of `deck.cards`, so a card's `origin` finds its row and cells)."""
    data, sources, chain = read_chain(deck.path)
    return expand_tables(data, sources, tuple(p.parent for p in reversed(chain)))[1]


def _drop_replaced_positions(sources: SourceMap, base: Any, override: Any, prefix: KeyPath = ()) -> None:
    """Forget the parent's positions under values that the child replaces outright."""
    if isinstance(base, dict) and isinstance(override, dict):
        for key, value in override.items():
            if key in base:
                _drop_replaced_positions(sources, base[key], value, prefix + (key,))
        return
    if isinstance(base, list) and isinstance(override, list) and _keyed_by_id(base) and _keyed_by_id(override):
        return
    for table in (sources.keys, sources.values):
        for path in [p for p in table if p[: len(prefix)] == prefix and len(p) > len(prefix)]:
            del table[path]


# ---------------------------------------------------------------- validation errors


def _all_models(root: type[BaseModel]) -> list[type[BaseModel]]:
    seen: list[type[BaseModel]] = []

    def visit(tp: Any) -> None:
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            if tp in seen:
                return
            seen.append(tp)
            for field in tp.model_fields.values():
                visit(field.annotation)
            return
        if get_origin(tp) is not None or get_args(tp):
            for arg in get_args(tp):
                visit(arg)

    visit(root)
    return seen


def _field_names(model_cls: type[BaseModel]) -> set[str]:
    return {f.alias or name for name, f in model_cls.model_fields.items()}


def _suggest_key(bad_key: str, siblings: list[str], root: type[BaseModel]) -> str:
    """'did you mean ...' from the model whose fields fit the other keys beside the typo best."""
    best: set[str] = set()
    best_fit = -1
    for model_cls in _all_models(root):
        names = _field_names(model_cls)
        fit = sum(1 for key in siblings if key in names)
        if fit > best_fit or (fit == best_fit and fit > 0 and len(names) < len(best)):
            best, best_fit = names, fit
    match = difflib.get_close_matches(bad_key, sorted(best), n=1, cutoff=0.6)
    if not match and best_fit <= 0:  # no sibling tells the model apart: any model's close word
        every = sorted({name for model_cls in _all_models(root) for name in _field_names(model_cls)})
        match = difflib.get_close_matches(bad_key, every, n=1, cutoff=0.6)
    if match:
        return f"; did you mean {match[0]!r}?"
    return f"; expected one of: {', '.join(sorted(best))}" if best else ""


def _data_path(data: Any, loc: tuple[Any, ...]) -> KeyPath:
    """Follow a pydantic error location through the data, skipping union tags it inserts."""
    path: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and str(part) in node:
            path.append(str(part))
            node = node[str(part)]
        elif isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
    return tuple(path)


INPUT_ERROR_TYPES = {"extra_forbidden", "missing", "model_type", "model_attributes_type", "dict_type", "list_type"}
"""Pydantic error types that mean the file is malformed, not that the game is impossible."""


def validation_error(
    exc: ValidationError, data: Any, sources: SourceMap, root: type[BaseModel], prefix: KeyPath = (),
    value_error: type[DeckError] = DeckError,
) -> DeckError:
    """The first pydantic error as a DeckError with position, key path, expectation and suggestion."""
    errors = sorted(exc.errors(), key=lambda e: (e["type"] != "extra_forbidden", len(e["loc"])))
    error = errors[0]
    loc = tuple(error["loc"])
    path = _data_path(data, loc)
    full = prefix + path
    kind = error["type"]
    message = error["msg"]
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    if kind == "extra_forbidden":
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        siblings = [k for k in parent if k != path[-1]] if isinstance(parent, dict) else []
        message = f"unknown key {path[-1]!r}" + _suggest_key(str(path[-1]), siblings, root)
        return DeckError(message, sources.locate(full, key=True), format_key_path(full))
    if kind == "missing":
        missing = str(loc[-1])
        return DeckError(f"missing required key {missing!r}", sources.locate(full, key=True),
                         format_key_path(full + (missing,)))
    if kind == "literal_error":
        message = f"expected {error.get('ctx', {}).get('expected', 'one of the listed values')}, got {error.get('input')!r}"
    elif kind in {"int_type", "int_parsing", "float_type", "float_parsing", "string_type", "bool_type",
                  "bool_parsing", "list_type", "dict_type", "model_type", "model_attributes_type"}:
        expected = {"int": "a whole number", "float": "a number", "string": "text", "bool": "true or false",
                    "list": "a list", "dict": "a mapping", "model": "a mapping"}[kind.split("_")[0]]
        message = f"expected {expected}, got {error.get('input')!r}"
    elif message.startswith("Input should be "):
        message = "expected " + message[len("Input should be "):] + f", got {error.get('input')!r}"
    cls = DeckError if kind in INPUT_ERROR_TYPES else value_error
    return cls(message, sources.locate(full), format_key_path(full))


# ---------------------------------------------------------------- expansion and checks


def _error_at(sources: SourceMap, path: KeyPath, message: str, *, key: bool = False,
              cls: type[DeckError] = DeckError) -> DeckError:
    return cls(message, sources.locate(path, key=key), format_key_path(path))


def _list_images(spec: str | list[str], folders: tuple[Path, ...], sources: SourceMap, path: KeyPath) -> list[Path]:
    """Front or back images: a list of files, one file, or a folder (ending in /) of PNG/JPG files."""
    references = spec if isinstance(spec, list) else [spec]
    files: list[Path] = []
    for i, reference in enumerate(references):
        here = path + (i,) if isinstance(spec, list) else path
        try:
            if reference.endswith("/"):
                found = folder_files(resolve_folder(reference, folders), folders, reference, IMAGE_SUFFIXES)
                if not found:
                    raise UnsafeReference(f"no PNG or JPG images in the folder {reference!r}")
                files.extend(found)
            else:
                files.append(resolve_in(reference, folders))
        except UnsafeReference as exc:
            raise _error_at(sources, here, str(exc)) from None
        if len(files) > MAX_CARDS:
            raise _error_at(sources, here, f"more than {MAX_CARDS:,} images; {_too_many_cards()}")
    return files


def expand_cards(spec: model.DeckSpec, folders: tuple[Path, ...], sources: SourceMap) -> tuple[Card, ...]:
    """Card groups -> the printed cards, in order; unknown suits and bad ranks are errors."""
    cards: list[Card] = []
    for index, group in enumerate(spec.cards):
        here: KeyPath = ("cards", index)
        if isinstance(group, model.SuitRanks):
            suits = list(spec.suits) if group.suits == "all" else group.suits
            for s_i, suit in enumerate(suits):
                if suit not in spec.suits:
                    raise _error_at(sources, here + ("suits", s_i), _unknown_suit(suit, spec))
            try:
                ranks = expand_ranks(group.ranks)
                excluded = set(expand_ranks(group.except_)) if group.except_ else set()
            except ValueError as exc:
                raise _error_at(sources, here + ("ranks",), str(exc)) from None
            for suit in suits:
                for rank in ranks:
                    if rank in excluded:
                        continue
                    cards.append(Card(card_id(suit, rank), f"{spec.suits[suit].name} {rank}", suit, rank,
                                      group.kind, group.deal, group.front, group.back, dict(group.props),
                                      origin=here))
                    if len(cards) > MAX_CARDS:
                        raise _error_at(sources, here, _too_many_cards())
        elif isinstance(group, model.SingleCard):
            if group.suit is not None and group.suit not in spec.suits:
                raise _error_at(sources, here + ("suit",), _unknown_suit(group.suit, spec))
            single_rank = None if group.rank is None else str(group.rank)
            if single_rank is not None:
                try:
                    rank_value(single_rank)
                except ValueError as exc:
                    raise _error_at(sources, here + ("rank",), str(exc)) from None
            cards.append(Card(group.id, group.name or group.id, group.suit, single_rank, group.kind, group.deal,
                              group.front, group.back, dict(group.props), origin=here))
        else:
            images = group.images
            fronts = _list_images(images.fronts, folders, sources, here + ("images", "fronts"))
            backs = _list_images(images.backs, folders, sources, here + ("images", "backs"))
            if len(backs) not in (1, len(fronts)):
                raise _error_at(sources, here + ("images", "backs"),
                                f"give one shared back or one back per front: {len(fronts)} fronts, {len(backs)} backs")
            for i, front in enumerate(fronts):
                back = backs[0] if len(backs) == 1 else backs[i]
                cards.append(Card(front.stem, front.stem, kind=images.kind, deal=images.deal, front_image=front,
                                  back_image=back, images_include_bleed=images.includes_bleed, origin=here))
        if len(cards) > MAX_CARDS:
            raise _error_at(sources, here, _too_many_cards())
    seen: dict[str, int] = {}
    for card in cards:
        if card.id in seen:
            raise _error_at(sources, card.origin, f"two cards are both called {card.id!r}; card ids must be unique")
        seen[card.id] = 1
    if not cards:
        raise _error_at(sources, ("cards",), "the deck has no cards")
    return tuple(cards)


def _too_many_cards() -> str:
    return f"the deck has more than {MAX_CARDS:,} cards, the most cardforge prints (see docs/security.md)"


def _unknown_suit(suit: str, spec: model.DeckSpec) -> str:
    hint = difflib.get_close_matches(suit, list(spec.suits), n=1)
    known = ", ".join(spec.suits) or "none declared under `suits`"
    return f"unknown suit {suit!r}" + (f"; did you mean {hint[0]!r}?" if hint else f"; the deck's suits are: {known}")


def check_deal(deck: Deck, sources: SourceMap) -> list[DeckError]:
    """Every declared player count must be dealable; each problem shows the arithmetic."""
    spec = deck.spec
    problems: list[DeckError] = []
    for players in spec.setup:
        if players not in spec.players:
            raise _error_at(sources, ("setup", str(players)),
                            f"setup for {players} players, but `players` is {spec.players}", key=True)
    for players, setup_ in spec.setup.items():
        for s_i, selector in enumerate(setup_.remove):
            if selector.ranks is not None:
                try:
                    expand_ranks(selector.ranks)
                except ValueError as exc:
                    raise _error_at(sources, ("setup", str(players), "remove", s_i, "ranks"), str(exc)) from None
    for players in spec.players:
        setup = spec.setup.get(players)
        plan = deck.deal_plan(players)
        where: KeyPath = ("setup", str(players)) if setup else ("players",)
        removed = f" ({len(deck.dealt_cards)} - {len(plan.removed)} removed)" if plan.removed else ""
        hand = max(plan.hand, 1)
        message = None
        if plan.hand < 1 or plan.hand * players > plan.in_play:
            message = (f"{plan.in_play} cards{removed} cannot give {players} players {hand} cards each: "
                       f"{players} x {hand} = {players * hand}")
        elif plan.set_aside and ((setup.leftover if setup and setup.leftover else None) or spec.leftover) == "forbid":
            message = (f"{plan.in_play} cards{removed} do not deal evenly to {players} players: "
                       f"{players} x {plan.hand} = {players * plan.hand}, {plan.set_aside} left over; "
                       "remove or add cards, or set `leftover: set_aside`")
        if message:
            problem = _error_at(sources, where, message, cls=PlayabilityError)
            assert isinstance(problem, PlayabilityError)
            problem.players = players
            problems.append(problem)
    return problems


def check_faces(spec: model.DeckSpec, cards: tuple[Card, ...], folders: tuple[Path, ...], sources: SourceMap) -> None:
    """Every layout a deck or card names must exist."""
    names = set(spec.layouts)

    def need(name: str | None, path: KeyPath) -> None:
        if name is not None and name not in names:
            hint = difflib.get_close_matches(name, sorted(names), n=1)
            tail = f"; did you mean {hint[0]!r}?" if hint else f"; layouts are: {', '.join(sorted(names)) or 'none'}"
            raise _error_at(sources, path, f"no layout named {name!r}{tail}")

    image_only = all(c.front_image is not None for c in cards)
    if image_only:
        return
    need(spec.faces.front, ("faces", "front"))
    if isinstance(spec.faces.back, str):
        need(spec.faces.back, ("faces", "back"))
    else:
        for key, name in spec.faces.back.map.items():
            need(name, ("faces", "back", "map", key))
        need(spec.faces.back.default, ("faces", "back", "default"))
    for card in cards:
        need(card.front, (*card.origin, "front"))
        need(card.back, (*card.origin, "back"))
    for name, layout in spec.layouts.items():
        if layout.full_bleed_image and "{{" not in layout.full_bleed_image:
            try:
                resolve_in(layout.full_bleed_image, folders)
            except UnsafeReference as exc:
                raise _error_at(sources, ("layouts", name, "full_bleed_image"), str(exc)) from None
        for i, element in enumerate(layout.elements):
            if isinstance(element, model.ImageElement) and "{{" not in element.src:
                try:
                    resolve_in(element.src, folders)
                except UnsafeReference as exc:
                    raise _error_at(sources, ("layouts", name, "elements", i, "src"), str(exc)) from None


def check_icons(spec: model.DeckSpec, sources: SourceMap) -> None:
    """Suit icons and icon elements written as plain names must be icons cardforge can draw."""
    from .render.icons import ICONS

    def need(name: str, path: KeyPath) -> None:
        if "{{" in name or "{%" in name or name in ICONS:
            return
        hint = difflib.get_close_matches(name, list(ICONS), n=1)
        tail = f"did you mean {hint[0]!r}?" if hint else f"icons are {', '.join(ICONS)}"
        raise _error_at(sources, path, f"unknown icon {name!r}; {tail}")

    for key, suit in spec.suits.items():
        need(suit.icon, ("suits", key, "icon"))
    for name, layout in spec.layouts.items():
        for i, element in enumerate(layout.elements):
            icon = getattr(element, "icon", None)
            if isinstance(icon, str):
                need(icon, ("layouts", name, "elements", i, "icon"))


def check_rules(deck: Deck, data: dict[str, Any], sources: SourceMap) -> tuple[Any, list[DeckError]]:
    """Validate `rules.params` against the ruleset's schema and cross-check it with the cards.

    Malformed input raises; values the game cannot be played with come back as problems."""
    rules = deck.spec.rules
    if rules is None:
        return None, []
    games = all_games()
    game = games.get(rules.game_id)
    if game is None or (rules.tricks is None and rules.game_id == model.DECLARED_GAME):
        known = [g for g in games if g != model.DECLARED_GAME]
        hint = difflib.get_close_matches(rules.game_id, known, n=1)
        tail = f"; did you mean {hint[0]!r}?" if hint else f"; known rulesets: {', '.join(known)}"
        if rules.game_id == model.DECLARED_GAME:
            tail = "; declare a trick-taking game under rules.tricks instead of naming a ruleset"
        raise _error_at(sources, ("rules", "ruleset"), f"unknown ruleset {rules.game_id!r}{tail}")
    schema = game.params_schema
    where: KeyPath = ("rules", "params") if rules.tricks is None else ("rules", "tricks")
    raw = data.get("rules", {}).get(where[1], {}) or {}
    try:
        params = schema.model_validate(raw)
    except ValidationError as exc:
        problem = validation_error(exc, raw, sources, schema, where, PlayabilityError)
        if not isinstance(problem, PlayabilityError):
            raise problem from None
        return None, [problem]
    props_schema = game.card_props_schema
    if props_schema is not None:
        for card in deck.cards:
            try:
                props_schema.model_validate(card.props)
            except ValidationError as exc:
                raise validation_error(exc, card.props, sources, props_schema, (*card.origin, "props")) from None
    problems = [_error_at(sources, path, message, cls=PlayabilityError) for path, message in params.check_against(deck)]
    return params, problems


def with_default_layouts(spec: model.DeckSpec) -> model.DeckSpec:
    """A deck that names no layout of its own gets the plain built-in `front` and `back`."""
    defaults = model.default_layouts(*spec.card.size_mm)
    missing = {name: layout for name, layout in defaults.items() if name not in spec.layouts}
    if not missing:
        return spec
    return spec.model_copy(update={"layouts": {**spec.layouts, **missing}})


def load_deck(reference: str | Path, relative_to: Path | None = None, *, collect_problems: bool = False) -> Deck:
    """Load, resolve and validate a deck; raises DeckError with file:line:col on any problem.

    With `collect_problems`, a deck that reads fine but cannot be played as declared (deal arithmetic,
    rules parameters) is returned with those PlayabilityErrors in `deck.problems` instead, so
    `check` can report them and `build --force` can still print it."""
    path = find_deck_file(reference, relative_to)
    data, sources, chain = _read_chain(path)
    return deck_from_data(path, data, sources, chain, collect_problems=collect_problems)


def deck_source(path: Path) -> tuple[dict[str, Any], SourceMap, tuple[Path, ...]]:
    """A deck file's data with everything it extends merged in, the positions of its keys and the file chain."""
    return _read_chain(path)


def deck_from_data(path: Path, data: dict[str, Any], sources: SourceMap, chain: tuple[Path, ...], *,
                   collect_problems: bool = False) -> Deck:
    """Validate merged deck data (read from `path`, or a variant of it built in memory) into a Deck."""
    folders = tuple(p.parent for p in reversed(chain))
    unused: list[str] = []
    data, sources = expand_tables(data, sources, folders, unused)  # `cards: [{table: cards.csv}]`, see tables/
    try:
        spec = model.DeckSpec.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc, data, sources, model.DeckSpec) from None
    spec = with_default_layouts(spec)
    cards = expand_cards(spec, folders, sources)
    check_faces(spec, cards, folders, sources)
    check_icons(spec, sources)
    deck = Deck(spec=spec, path=path, cards=cards, chain=chain)
    problems = check_deal(deck, sources)
    params, rule_problems = check_rules(deck, data, sources)
    problems += rule_problems
    if problems and not collect_problems:
        raise problems[0]
    loaded = Deck(spec=spec, path=path, cards=cards, chain=chain, rules_params=params, problems=tuple(problems),
                  unused_columns=tuple(unused))
    _POSITIONS.get(loaded, "positions", lambda: sources)  # with the tables' cells (expand_tables)
    return loaded
