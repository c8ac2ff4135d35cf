"""`cardforge --help`, `list` and `show` stay light: they never import WeasyPrint, the simulator or the
report code (the start-up time is measured in benchmarks/bench_startup.py)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("weasyprint", "cardforge.sim.run", "cardforge.report.pdf", "cardforge.report.charts",
         "cardforge.booklet.compose", "numba", "dask")

PROBE = """
import json, sys
from click.testing import CliRunner
from cardforge.cli import main
result = CliRunner().invoke(main, {args!r})
print(json.dumps({{"code": result.exit_code, "modules": sorted(sys.modules)}}))
"""


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["list"], ["show", "fives"], ["show", "greeen-mafia"],
                                  ["build", "--help"], ["check", "--help"]])
def test_light_commands_do_not_load_heavy_modules(args: list[str]) -> None:
    out = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["code"] == 0
    loaded = [name for name in HEAVY if name in data["modules"]]
    assert loaded == [], f"{' '.join(args)} imported {loaded}"
