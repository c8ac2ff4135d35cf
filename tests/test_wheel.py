"""The wheel carries the bundled decks, templates and fonts: installed non-editable into a fresh venv,
`cardforge list` and `cardforge build fives` work from a folder outside the checkout."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed (no editable link); dependencies come from the test venv."""
    work = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "dist"),
                            str(ROOT)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    wheel = next((work / "dist").glob("cardforge-*.whl"))
    env = work / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    site = Path(sysconfig.get_paths(vars={"base": str(env), "platbase": str(env)})["purelib"])
    # The test venv's packages (reportlab, weasyprint...) without its editable cardforge: a plain path
    # entry, whose own .pth files are not processed.
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    python = env / "bin" / "python"
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q",
                           str(wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return python


def _run(python: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(python), "-m", "cardforge", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=600)


def test_the_installed_package_is_the_wheel_not_the_checkout(installed: Path, tmp_path: Path) -> None:
    where = subprocess.run([str(installed), "-c", "import cardforge, cardforge.paths as p; "
                                                  "print(cardforge.__file__); print(p.BUNDLED_DECKS_DIR)"],
                           cwd=tmp_path, capture_output=True, text=True)
    module, decks = where.stdout.split()
    assert not Path(module).is_relative_to(ROOT)
    assert Path(decks).is_dir() and not Path(decks).is_relative_to(ROOT)
    assert (Path(decks) / "fives" / "deck.yaml").is_file()


@pytest.mark.slow  # the installed wheel compiles every game loop again, from its own files (README)
def test_list_and_build_from_outside_the_checkout(installed: Path, tmp_path: Path) -> None:
    listed = _run(installed, tmp_path, "list")
    assert listed.returncode == 0, listed.stderr
    for deck_id in ("fives", "tiger-ghee", "green-queen", "greeen-mafia"):
        assert deck_id in listed.stdout
    built = _run(installed, tmp_path, "build", "fives", "--games", "60", "-o", "out")
    assert built.returncode == 0, built.stderr
    for product in ("cards", "rules", "report"):
        pdf = tmp_path / "out" / "fives" / f"fives-{product}.pdf"
        assert pdf.read_bytes().startswith(b"%PDF"), product


def test_the_docs_messages_point_at_come_with_the_wheel(installed: Path, tmp_path: Path) -> None:
    shown = _run(installed, tmp_path, "docs", "docs/security.md", "--path")
    assert shown.returncode == 0, shown.stderr
    path = Path(shown.stdout.strip())
    assert path.is_file() and not path.is_relative_to(ROOT)
    assert path.read_text(encoding="utf-8") == (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    text = _run(installed, tmp_path, "docs", "deck-format")
    assert text.returncode == 0 and "### Card text" in text.stdout
