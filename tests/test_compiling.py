"""The first run after install says what it is compiling (cardforge/compiling.py): numba's compile
event is heard once per notice, and a function already compiled (or served from the cache) says nothing."""

from __future__ import annotations

from numba import njit

from cardforge.compiling import compile_notice


def test_the_first_compile_is_announced_once_and_a_compiled_function_is_not() -> None:
    said: list[str] = []

    @njit(cache=False)
    def plus_one(x):  # type: ignore[no-untyped-def]
        return x + 1

    with compile_notice(lambda: said.append("first")):
        assert plus_one(1) == 2
        assert plus_one(2.5) == 3.5  # a second signature compiles again: still one notice
    assert said == ["first"]
    with compile_notice(lambda: said.append("again")):
        assert plus_one(3) == 4  # compiled already: nothing to say
    assert said == ["first"]


def test_outside_a_notice_nothing_is_said() -> None:
    said: list[str] = []

    @njit(cache=False)
    def twice(x):  # type: ignore[no-untyped-def]
        return 2 * x

    with compile_notice(lambda: said.append("inside")):
        pass
    assert twice(4) == 8
    assert said == []
