"""Validating merged deck data into a `Deck`: the model, the cards, layouts, icons, the deal, and the
game bound to the deck (its rules parameters checked). Every error names the file, line and column."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any, get_args, get_origin

from pydantic import BaseModel, ValidationError

from .. import model
from ..budgets import MAX_CARDS
from ..confine import folder_files
from ..deck import Card, Deck, card_id, expand_ranks, rank_value
from ..errors import DeckError, PlayabilityError
from ..paths import UnsafeReference, resolve_folder, resolve_in
from ..tables import expand_tables
from ..yaml_source import KeyPath, SourceMap, format_key_path

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


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


def error_at(sources: SourceMap, path: KeyPath, message: str, *, key: bool = False,
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
            raise error_at(sources, here, str(exc)) from None
        if len(files) > MAX_CARDS:
            raise error_at(sources, here, f"more than {MAX_CARDS:,} images; {_too_many_cards()}")
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
                    raise error_at(sources, here + ("suits", s_i), _unknown_suit(suit, spec))
            try:
                ranks = expand_ranks(group.ranks)
                excluded = set(expand_ranks(group.except_)) if group.except_ else set()
            except ValueError as exc:
                raise error_at(sources, here + ("ranks",), str(exc)) from None
            for suit in suits:
                for rank in ranks:
                    if rank in excluded:
                        continue
                    cards.append(Card(card_id(suit, rank), f"{spec.suits[suit].name} {rank}", suit, rank,
                                      group.kind, group.deal, group.front, group.back, dict(group.props),
                                      origin=here, label=spec.rank_labels.get(rank)))
                    if len(cards) > MAX_CARDS:
                        raise error_at(sources, here, _too_many_cards())
        elif isinstance(group, model.SingleCard):
            if group.suit is not None and group.suit not in spec.suits:
                raise error_at(sources, here + ("suit",), _unknown_suit(group.suit, spec))
            single_rank = None if group.rank is None else str(group.rank)
            if single_rank is not None:
                try:
                    rank_value(single_rank)
                except ValueError as exc:
                    raise error_at(sources, here + ("rank",), str(exc)) from None
            cards.append(Card(group.id, group.name or group.id, group.suit, single_rank, group.kind, group.deal,
                              group.front, group.back, dict(group.props), origin=here,
                              label=spec.rank_labels.get(single_rank) if single_rank is not None else None))
        else:
            images = group.images
            fronts = _list_images(images.fronts, folders, sources, here + ("images", "fronts"))
            backs = _list_images(images.backs, folders, sources, here + ("images", "backs"))
            if len(backs) not in (1, len(fronts)):
                raise error_at(sources, here + ("images", "backs"),
                                f"give one shared back or one back per front: {len(fronts)} fronts, {len(backs)} backs")
            for i, front in enumerate(fronts):
                back = backs[0] if len(backs) == 1 else backs[i]
                cards.append(Card(front.stem, front.stem, kind=images.kind, deal=images.deal, front_image=front,
                                  back_image=back, images_include_bleed=images.includes_bleed, origin=here))
        if len(cards) > MAX_CARDS:
            raise error_at(sources, here, _too_many_cards())
    seen: dict[str, int] = {}
    for card in cards:
        if card.id in seen:
            raise error_at(sources, card.origin, f"two cards are both called {card.id!r}; card ids must be unique")
        seen[card.id] = 1
    if not cards:
        raise error_at(sources, ("cards",), "the deck has no cards")
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
            raise error_at(sources, ("setup", str(players)),
                            f"setup for {players} players, but `players` is {spec.players}", key=True)
    for players, setup_ in spec.setup.items():
        for s_i, selector in enumerate(setup_.remove):
            if selector.ranks is not None:
                try:
                    expand_ranks(selector.ranks)
                except ValueError as exc:
                    raise error_at(sources, ("setup", str(players), "remove", s_i, "ranks"), str(exc)) from None
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
            problem = error_at(sources, where, message, cls=PlayabilityError)
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
            raise error_at(sources, path, f"no layout named {name!r}{tail}")

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
                raise error_at(sources, ("layouts", name, "full_bleed_image"), str(exc)) from None
        for i, element in enumerate(layout.elements):
            if isinstance(element, model.ImageElement) and "{{" not in element.src:
                try:
                    resolve_in(element.src, folders)
                except UnsafeReference as exc:
                    raise error_at(sources, ("layouts", name, "elements", i, "src"), str(exc)) from None


def check_icons(spec: model.DeckSpec, folders: tuple[Path, ...], sources: SourceMap) -> None:
    """Suit icons and icon elements written as plain names must be icons cardforge can draw or the
    deck's own `icons:`, whose files must exist."""
    from ..render.icons import ICONS

    known = [*ICONS, *spec.icons]

    def need(name: str, path: KeyPath) -> None:
        if "{{" in name or "{%" in name or name in known:
            return
        hint = difflib.get_close_matches(name, known, n=1)
        tail = f"did you mean {hint[0]!r}?" if hint else f"icons are {', '.join(known)}"
        raise error_at(sources, path, f"unknown icon {name!r}; {tail}")

    for key, suit in spec.suits.items():
        need(suit.icon, ("suits", key, "icon"))
    for name, layout in spec.layouts.items():
        for i, element in enumerate(layout.elements):
            icon = getattr(element, "icon", None)
            if isinstance(icon, str):
                need(icon, ("layouts", name, "elements", i, "icon"))
    for name, reference in spec.icons.items():
        try:
            resolve_in(reference, folders)
        except UnsafeReference as exc:
            raise error_at(sources, ("icons", name), str(exc)) from None


def check_fonts(spec: model.DeckSpec, folders: tuple[Path, ...], sources: SourceMap) -> None:
    """Text elements name fonts cardforge has or the deck brings; the deck's font files exist."""
    from ..budgets import MAX_DECK_FONT_FILES
    from ..render.deckfonts import font_files
    from ..render.fonts import FACES

    known = [*FACES, *spec.fonts]
    files = sum(len(font_files(entry)) for entry in spec.fonts.values())
    if files > MAX_DECK_FONT_FILES:
        raise error_at(sources, ("fonts",), f"the deck brings {files} font files; a deck may bring at most "
                                            f"{MAX_DECK_FONT_FILES} (docs/security.md)")
    for name, entry in spec.fonts.items():
        for face, reference in font_files(entry).items():
            try:
                resolve_in(reference, folders)
            except UnsafeReference as exc:
                raise error_at(sources, ("fonts", name) if isinstance(entry, str) else ("fonts", name, face),
                               str(exc)) from None
    for layout_name, layout in spec.layouts.items():
        for i, element in enumerate(layout.elements):
            font = element.font if isinstance(element, model.TextElement) else None
            if font is None or font in known or "{{" in font or "{%" in font:
                continue
            hint = difflib.get_close_matches(font, known, n=1)
            tail = f"did you mean {hint[0]!r}?" if hint else f"fonts are {', '.join(known)}"
            raise error_at(sources, ("layouts", layout_name, "elements", i, "font"), f"unknown font {font!r}; {tail}")


def check_rules(deck: Deck, data: dict[str, Any], sources: SourceMap) -> tuple[Any, list[DeckError]]:
    """Validate `rules.params` against the ruleset's schema and cross-check it with the cards.

    Malformed input raises; values the game cannot be played with come back as problems."""
    rules = deck.spec.rules
    if rules is None:
        return None, []
    from ..games.registry import all_games

    games = all_games()
    game = games.get(rules.game_id)
    if game is None or (rules.tricks is None and rules.game_id == model.DECLARED_GAME):
        known = [g for g in games if g != model.DECLARED_GAME]
        hint = difflib.get_close_matches(rules.game_id, known, n=1)
        tail = f"; did you mean {hint[0]!r}?" if hint else f"; known rulesets: {', '.join(known)}"
        if rules.game_id == model.DECLARED_GAME:
            tail = "; declare a trick-taking game under rules.tricks instead of naming a ruleset"
        raise error_at(sources, ("rules", "ruleset"), f"unknown ruleset {rules.game_id!r}{tail}")
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
    problems = [error_at(sources, path, message, cls=PlayabilityError) for path, message in params.check_against(deck)]
    return params, problems


def with_default_layouts(spec: model.DeckSpec) -> model.DeckSpec:
    """A deck that names no layout of its own gets the plain built-in `front` and `back`."""
    defaults = model.default_layouts(*spec.card.size_mm)
    missing = {name: layout for name, layout in defaults.items() if name not in spec.layouts}
    if not missing:
        return spec
    return spec.model_copy(update={"layouts": {**spec.layouts, **missing}})


def deck_from_data(path: Path, data: dict[str, Any], sources: SourceMap, chain: tuple[Path, ...], *,
                   collect_problems: bool = False) -> Deck:
    """Validate merged deck data (read from `path`, or a variant of it built in memory) into a Deck."""
    return validated_deck(path, data, sources, chain, collect_problems=collect_problems)[0]


def validated_deck(path: Path, data: dict[str, Any], sources: SourceMap, chain: tuple[Path, ...], *,
                   collect_problems: bool = False) -> tuple[Deck, SourceMap]:
    """`deck_from_data`, and the positions with the tables' rows in place of their `table:` entries."""
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
    check_icons(spec, folders, sources)
    check_fonts(spec, folders, sources)
    deck = Deck(spec=spec, path=path, cards=cards, chain=chain)
    problems = check_deal(deck, sources)
    params, rule_problems = check_rules(deck, data, sources)
    problems += rule_problems
    if problems and not collect_problems:
        raise problems[0]
    loaded = Deck(spec=spec, path=path, cards=cards, chain=chain, rules_params=params, problems=tuple(problems),
                  unused_columns=tuple(unused))
    if spec.rules is not None:  # the capabilities hold the deck, so they are bound once it exists (deck.py `Deck.game`)
        from ..games.registry import all_games  # a deck without rules (an art deck) loads no game

        game = all_games().get(spec.rules.game_id)
        if game is not None:
            object.__setattr__(loaded, "game", game.bind(loaded))
    return loaded, sources  # with the tables' cells (expand_tables)
