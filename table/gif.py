"""Animated GIFs from board pictures, kept under an upload limit (runs in the picture worker).

When the pictures do not fit, frames are dropped evenly (the first and the last always stay) and,
once few are left, the pictures are scaled down, until the file fits.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from PIL import Image

MIN_FRAMES = 12  # below this a replay stops being one; shrink the pictures instead
MIN_SCALE = 0.2
FRAME_MS = 700
LAST_FRAME_MS = 3000


class TooBig(Exception):
    """Even a few small frames do not fit under the limit."""


@dataclass(frozen=True)
class Gif:
    data: bytes
    frames: int  # how many of the given frames are in it
    scale: float  # 1.0: full size


def assemble_gif(pngs: list[bytes], *, limit: int, frame_ms: int = FRAME_MS, last_ms: int = LAST_FRAME_MS) -> Gif:
    if not pngs:
        raise ValueError("no frames")
    images = _same_size([Image.open(io.BytesIO(png)).convert("RGB") for png in pngs])
    # One palette for every frame: quantizing against it is fast, and frames that share a palette
    # let the GIF store only what changed between them (a fraction of the size).
    palette = _palette([images[0], images[len(images) // 2], images[-1]])
    full = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in images]
    keep = list(range(len(images)))
    scale = 1.0
    for _attempt in range(30):
        if scale == 1.0:
            frames = [full[i] for i in keep]
        else:
            frames = [_shrink(images[i], scale).quantize(palette=palette, dither=Image.Dither.NONE) for i in keep]
        data = _encode(frames, frame_ms, last_ms)
        if len(data) <= limit:
            return Gif(data, len(keep), scale)
        ratio = limit / len(data)
        if len(keep) > MIN_FRAMES:
            wanted = max(MIN_FRAMES, min(len(keep) - 1, int(len(keep) * ratio * 0.9)))
            keep = [keep[i] for i in evenly(len(keep), wanted)]
        elif scale > MIN_SCALE:
            scale = max(MIN_SCALE, scale * min(0.9, math.sqrt(ratio * 0.9)))
        elif len(keep) > 2:
            keep = [keep[i] for i in evenly(len(keep), max(2, len(keep) // 2))]
        else:
            break
    raise TooBig(f"{len(pngs)} pictures do not fit in {limit} bytes")


def _same_size(images: list[Image.Image]) -> list[Image.Image]:
    """Every frame on a canvas of the largest size: a GIF's frames share the first one's canvas, and
    some boards grow during a game (the end picture adds the ranking). Padded with the frame's own
    corner colour (its background), anchored at the top left."""
    width, height = max(im.width for im in images), max(im.height for im in images)
    padded = []
    for im in images:
        if im.size != (width, height):
            canvas = Image.new("RGB", (width, height), im.getpixel((0, 0)))
            canvas.paste(im, (0, 0))
            im = canvas
        padded.append(im)
    return padded


def evenly(count: int, most: int) -> list[int]:
    """At most ``most`` of the indices 0..count-1, spread evenly, always the first and the last."""
    if count <= most:
        return list(range(count))
    if most <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def _palette(samples: list[Image.Image]) -> Image.Image:
    width = max(im.width for im in samples)
    sheet = Image.new("RGB", (width, sum(im.height for im in samples)), "white")
    y = 0
    for im in samples:
        sheet.paste(im, (0, y))
        y += im.height
    return sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _shrink(image: Image.Image, scale: float) -> Image.Image:
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.resize(size, Image.Resampling.LANCZOS)


def _encode(frames: list[Image.Image], frame_ms: int, last_ms: int) -> bytes:
    out = io.BytesIO()
    durations = [frame_ms] * (len(frames) - 1) + [last_ms]
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    return out.getvalue()
