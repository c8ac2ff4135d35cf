"""Each image file is decoded once: the record of verified images (images.py) spares later builds the
worker, and anything that changes the file, or a refusal, means decoding again."""

from __future__ import annotations

import os

import pytest
from PIL import Image

from cardforge import images


@pytest.fixture
def record(tmp_path, monkeypatch):
    """A record folder of this test's own, and no memory of earlier verifications."""
    monkeypatch.setenv(images.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(images, "_verified", set())
    monkeypatch.setattr(images, "_recorded", None)
    return tmp_path / "cache" / images.RECORD_NAME


def decodes(monkeypatch) -> list[list[str]]:
    """Spy on the worker: the names it is asked to decode, call by call (it still runs)."""
    calls: list[list[str]] = []
    real = images._decode_in_worker

    def spy(paths):
        calls.append([p.name for p in paths])
        return real(paths)

    monkeypatch.setattr(images, "_decode_in_worker", spy)
    return calls


def new_process(monkeypatch) -> None:
    """What a later `cardforge` process knows: only the record on disk."""
    monkeypatch.setattr(images, "_verified", set())
    monkeypatch.setattr(images, "_recorded", None)


def test_a_verified_image_is_not_decoded_again_by_a_later_process(tmp_path, record, monkeypatch):
    art = tmp_path / "art.png"
    Image.new("RGB", (40, 60), "#336699").save(art)
    calls = decodes(monkeypatch)
    images.verify_images([art])
    images.verify_images([art])
    assert calls == [["art.png"]]
    assert record.is_file() and str(tmp_path) not in record.read_text()  # digests, not paths
    new_process(monkeypatch)
    images.verify_images([art])
    assert calls == [["art.png"]]
    assert images.is_verified(art)


def test_a_changed_file_is_decoded_again(tmp_path, record, monkeypatch):
    art = tmp_path / "art.png"
    Image.new("RGB", (40, 60), "#336699").save(art)
    calls = decodes(monkeypatch)
    images.verify_images([art])
    before = os.stat(art)
    Image.new("RGB", (40, 60), "#996633").save(art)
    os.utime(art, ns=(before.st_atime_ns, before.st_mtime_ns))  # same size, same mtime: the ctime still moves
    new_process(monkeypatch)
    assert not images.is_verified(art)
    images.verify_images([art])
    assert calls == [["art.png"], ["art.png"]]


def test_a_refused_image_is_never_recorded(tmp_path, record, monkeypatch):
    good, cut = tmp_path / "good.png", tmp_path / "cut.png"
    Image.new("RGB", (400, 600), "#336699").save(good)
    Image.effect_noise((400, 600), 60).convert("RGB").save(cut)
    cut.write_bytes(cut.read_bytes()[:2000])
    for _ in range(2):
        new_process(monkeypatch)
        with pytest.raises(images.ImageRefused, match="cut.png"):
            images.verify_images([good, cut])
    new_process(monkeypatch)
    assert not images.is_verified(cut)


def test_an_unwritable_record_folder_only_costs_time(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(images.CACHE_ENV, str(blocker / "cache"))
    monkeypatch.setattr(images, "_verified", set())
    monkeypatch.setattr(images, "_recorded", None)
    art = tmp_path / "art.png"
    Image.new("RGB", (40, 60), "#336699").save(art)
    images.verify_images([art])
    assert images.is_verified(art)
