"""RGB -> CMYK separations through the bundled ICC profile, with neutral greys on the black plate only.

Colours go through `assets/icc/cardforge-fogra39-tac240.icc` (FOGRA39 coated offset data, total ink
limited to 240%: its licence and recipe are beside it), relative colorimetric. A neutral grey (black
text, crop marks, hairlines) is instead matched to the black ink alone, lightness for lightness, so
it prints on one plate and stays sharp when the plates do not register; rich four-colour black
would blur. Everything the sheets draw is flat colour (`rg`/`RG` in the content streams), so the
conversion works on the finished PDF (press/pdfx.py) and needs no change to the renderer.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageCms

from ..paths import ASSETS_DIR

PROFILE_PATH = ASSETS_DIR / "icc" / "cardforge-fogra39-tac240.icc"
PROFILE_DESCRIPTION = "cardforge FOGRA39L TAC 240"
PROFILE_INK_LIMIT = 240
"""The profile's own total ink limit (percent); DriveThruCards asks for at most 240."""
NEUTRAL = 1.5 / 255
"""RGB channels this close count as a neutral grey (reportlab writes 30/255 as 0.117647)."""

CMYK = tuple[float, float, float, float]


class Separator:
    """Converts RGB colours and images to CMYK for one output profile; cheap after the first use."""

    def __init__(self, profile_path: Path = PROFILE_PATH) -> None:
        self.profile_path = Path(profile_path)

    @cached_property
    def profile_bytes(self) -> bytes:
        return self.profile_path.read_bytes()

    @cached_property
    def _profile(self) -> ImageCms.ImageCmsProfile:
        return ImageCms.getOpenProfile(str(self.profile_path))

    @cached_property
    def _to_cmyk(self) -> ImageCms.ImageCmsTransform:
        return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), self._profile, "RGB", "CMYK",
                                       renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)

    @cached_property
    def _black_ramp(self) -> np.ndarray:
        """L* of 0..100% black ink alone on this paper, 256 steps (falls as the ink grows)."""
        ramp = Image.frombytes("CMYK", (256, 1), bytes(v for k in range(256) for v in (0, 0, 0, k)))
        to_lab = ImageCms.buildTransform(self._profile, ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                         renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
        lab = ImageCms.applyTransform(ramp, to_lab)
        assert lab is not None
        return np.asarray(lab)[0, :, 0].astype(float) * 100 / 255

    @cached_property
    def _grey_lightness(self) -> np.ndarray:
        """L* of each sRGB grey 0..255."""
        greys = Image.frombytes("RGB", (256, 1), bytes(v for g in range(256) for v in (g, g, g)))
        to_lab = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), "RGB", "LAB")
        lab = ImageCms.applyTransform(greys, to_lab)
        assert lab is not None
        return np.asarray(lab)[0, :, 0].astype(float) * 100 / 255

    def black_for_grey(self, grey: float) -> float:
        """The black ink (0..1) whose lightness matches the sRGB grey `grey` (0 black .. 1 white)."""
        return _black(self, round(min(1.0, max(0.0, grey)) * 255))

    def rgb(self, r: float, g: float, b: float) -> CMYK:
        """The CMYK (0..1 each) for an sRGB colour given as 0..1 floats."""
        if max(r, g, b) - min(r, g, b) <= NEUTRAL:
            return (0.0, 0.0, 0.0, self.black_for_grey((r + g + b) / 3))
        return _through_profile(self, round(r * 255), round(g * 255), round(b * 255))

    def image(self, image: Image.Image) -> Image.Image:
        """An RGB image separated through the profile (no black-only rule: pictures keep their depth),
        total ink held to the profile's limit (its tables overshoot by a percent here and there)."""
        out = ImageCms.applyTransform(image.convert("RGB"), self._to_cmyk)
        assert out is not None
        return Image.fromarray(limit_ink(np.asarray(out)), "CMYK")


def limit_ink(cmyk: np.ndarray, limit: int = PROFILE_INK_LIMIT) -> np.ndarray:
    """CMYK pixels (0-255, last axis C, M, Y, K) with C, M and Y scaled down where the total passes `limit`%."""
    values = cmyk.astype(np.float64)
    cap = limit / 100 * 255
    total = values.sum(axis=-1)
    colour = values[..., :3].sum(axis=-1)
    over = total > cap
    if not over.any():
        return np.ascontiguousarray(cmyk.astype(np.uint8))
    room = np.clip(cap - values[..., 3], 0, None)
    scale = np.where(over, room / np.maximum(colour, 1e-9), 1.0)
    values[..., :3] *= scale[..., None]
    return np.ascontiguousarray(np.floor(values + 1e-9).astype(np.uint8))


@lru_cache(maxsize=4096)
def _through_profile(separator: Separator, r: int, g: int, b: int) -> CMYK:
    pixel = Image.new("RGB", (1, 1), (r, g, b))
    out = ImageCms.applyTransform(pixel, separator._to_cmyk)
    assert out is not None
    value = limit_ink(np.asarray(out))[0, 0]
    c, m, y, k = (round(int(v) / 255, 4) for v in value)
    return (c, m, y, k)


@lru_cache(maxsize=512)
def _black(separator: Separator, grey: int) -> float:
    target = separator._grey_lightness[grey]
    ramp = separator._black_ramp
    return round(int(np.argmin(np.abs(ramp - target))) / 255, 4)


_DEFAULT: Separator | None = None


def default_separator() -> Separator:
    """The separator for the bundled profile, shared by every export in the process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Separator()
    return _DEFAULT
