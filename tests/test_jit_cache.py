"""numba keys a cached function by its own file only; sim/jit.py drops the caches of the files that
compile the rules in when the rules' files change, so a loop never runs rules older than its source."""

from __future__ import annotations

from pathlib import Path

from cardforge.sim.jit import drop_stale_caches


def test_caches_of_dependents_go_when_a_source_changes(tmp_path: Path) -> None:
    rules, loop = tmp_path / "rules.py", tmp_path / "loop.py"
    rules.write_text("A = 1\n")
    loop.write_text("B = 2\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    marker = cache / "rules.sha256"
    cached = [cache / "loop.play-12.py311.nbi", cache / "loop.play-12.py311.1.nbc"]
    other = cache / "other.play-3.py311.nbi"

    def write_caches() -> None:
        for path in [*cached, other]:
            path.write_bytes(b"x")

    write_caches()
    drop_stale_caches([rules], [loop], marker)  # no record yet: the caches may be stale
    assert not any(p.exists() for p in cached) and other.exists() and marker.exists()
    write_caches()
    drop_stale_caches([rules], [loop], marker)  # unchanged: kept
    assert all(p.exists() for p in cached)
    rules.write_text("A = 3\n")
    drop_stale_caches([rules], [loop], marker)  # changed: dropped
    assert not any(p.exists() for p in cached) and other.exists()


def test_the_caches_go_wherever_numba_keeps_them(tmp_path: Path, monkeypatch) -> None:
    """With NUMBA_CACHE_DIR set (or __pycache__ not writable: an installed package) numba keeps the caches in
    another folder: an upgrade that changes the rules must drop the loop's caches there too."""
    from numba.core import config

    from cardforge.sim.jit import cache_folders

    rules, loop = tmp_path / "rules.py", tmp_path / "loop.py"
    rules.write_text("A = 1\n")
    loop.write_text("B = 2\n")
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "numba-cache"))
    beside, elsewhere = cache_folders(loop)
    assert beside == tmp_path / "__pycache__" and elsewhere.is_relative_to(tmp_path / "numba-cache")
    cached = elsewhere / "loop.play-12.py311.nbi"
    marker = beside / "rules.sha256"
    drop_stale_caches([rules], [loop], marker)
    cached.write_bytes(b"x")
    drop_stale_caches([rules], [loop], marker)  # unchanged: kept
    assert cached.exists()
    rules.write_text("A = 3\n")
    drop_stale_caches([rules], [loop], marker)  # changed: dropped from numba's folder
    assert not cached.exists()
