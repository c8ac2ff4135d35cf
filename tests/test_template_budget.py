"""Deck placeholders run under a budget (cardforge/budgets.py, docs/security.md): each attack below is
refused with a one-line TemplateProblem instead of taking gigabytes or minutes; ordinary templates
still render."""

from __future__ import annotations

import pytest

from cardforge.templating import TemplateProblem, render_text

HOSTILE = {
    "percent width": "{{ '%999999999s' % 'x' }}",
    "star width": "{{ '%*s' % (999999999, 'x') }}",
    "brace width": "{{ '{:>999999999}'.format(1) }}",
    "nested brace width": "{{ '{:{}}'.format('x', 999999999) }}",
    "center filter": "{{ 'x'|center(999999999) }}",
    "indent filter": "{{ 'x'|indent(999999999) }}",
    "ljust method": "{{ 'x'.ljust(999999999) }}",
    "expandtabs": "{{ '\t'.expandtabs(999999999) }}",
    "lipsum": "{{ lipsum(100000) }}",
    "nested ranges": "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}",
    "big range": "{{ range(10000000)|list|length }}",
    "endless recursion": "{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}",
    "doubling recursion": "{% macro f(s, n) %}{{ f(s ~ s, n - 1) if n else s|length }}{% endmacro %}{{ f('ab', 40) }}",
    "recursive loop": "{% for i in range(9999) recursive %}{{ loop(range(9999)) }}{% endfor %}",
    "long concatenation": "{% set x = 'a' * 99999 %}{{ x ~ x ~ x ~ x ~ x ~ x ~ x ~ x ~ x ~ x ~ x ~ x }}",
    "tower of powers": "{{ ((10 ** 64) ** 64) ** 64 }}",
    "join separator": "{{ range(10000)|join('x' * 99999) }}",
    "replace blow-up": "{{ ('a' * 99999)|replace('a', 'a' * 99999) }}",
    "reserved name": "{% set _cf_counted = dict %}{% for i in range(3) %}{% endfor %}",
    "mutable namespace": "{% set ns = namespace(x='a') %}{{ ns.x }}",
    "random filter": "{{ [1, 2]|random }}",
    "division by zero": "{{ 1 / 0 }}",
}


@pytest.mark.parametrize("source", list(HOSTILE.values()), ids=list(HOSTILE))
def test_hostile_placeholder_is_refused_in_one_line(source: str) -> None:
    with pytest.raises(TemplateProblem) as caught:
        render_text(source, {}, "deck.yaml:3:9")
    message = str(caught.value)
    assert message.startswith("deck.yaml:3:9: cannot fill in") and "\n" not in message


@pytest.mark.parametrize(("source", "expected"), [
    ("{{ 'ab'|center(6) }}", "  ab  "),
    ("{% for i in range(3) %}{{ loop.index }}{% endfor %}", "123"),
    ("{{ 'a,b'.split(',')|join('-') }}", "a-b"),
    ("{{ '%5.1f' % 2.25 }}", "  2.2"),
    ("{{ '{:>4}'.format(7) }}", "   7"),
    ("{{ 'x' ~ 3 ~ 'y' }}", "x3y"),
    ("{{ 2 ** 10 }}", "1024"),
])
def test_ordinary_placeholders_still_render(source: str, expected: str) -> None:
    assert render_text(source, {}) == expected


def test_the_budget_is_per_render_not_per_process() -> None:
    loop = "{% for i in range(9000) %}{% endfor %}done"
    for _ in range(10):  # 90,000 turns in all, more than one render may take
        assert render_text(loop, {}) == "done"


@pytest.mark.parametrize("source", [
    "{{ (path.parent / 'written.txt').write_text('x') }}",
    "{{ path.read_text() }}",
    "{{ spec.parse_file(path_text) }}",
    "{{ spec.model_validate_json('{}') }}",
    "{{ spec.model_fields }}",
])
def test_paths_and_pydantic_internals_are_out_of_reach(source: str, tmp_path) -> None:
    from cardforge.model import Suit

    (tmp_path / "secret.txt").write_text('{"name": "SECRET"}', encoding="utf-8")
    context = {"path": tmp_path / "secret.txt", "path_text": str(tmp_path / "secret.txt"),
               "spec": Suit(name="A", color="#112233")}
    with pytest.raises(TemplateProblem, match="unsafe"):
        render_text(source, context)
    assert not (tmp_path / "written.txt").exists()


def test_model_fields_and_our_own_properties_stay_reachable() -> None:
    from cardforge.model import CardSize, Suit

    context = {"suit": Suit(name="Blue", color="#112233"), "size": CardSize()}
    assert render_text("{{ suit.name }} {{ suit.color }} {{ size.size_mm[0] }}", context) == "Blue #112233 63.5"


def test_a_deck_has_one_allowance_over_all_its_placeholders() -> None:
    from cardforge.budgets import MAX_DECK_TEMPLATE_STEPS
    from cardforge.load import load_deck

    heavy = "{% for i in range(6000) %}{% for j in range(4) %}{% endfor %}{% endfor %}ok"
    deck = load_deck("tiger-ghee-short").spec  # what templates are given as `deck` (it carries the count)
    other = deck.model_copy()
    renders = 0
    with pytest.raises(TemplateProblem, match="over 2,000,000 steps in the whole deck"):
        while renders < 1000:
            render_text(heavy, {"deck": deck})
            renders += 1
    assert 40 <= renders <= MAX_DECK_TEMPLATE_STEPS // 36_000  # each render takes about 42,000 steps
    assert render_text(heavy, {"deck": other}) == "ok"  # another deck has its own allowance
