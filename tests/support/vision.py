"""A tiny vision model for the real engine: a random-weight text model plus a LLaVA-style
projector (mmproj) that llama.cpp's `tools/mtmd/clip.cpp` loads.

No small real vision model is available offline, so both halves are written with `gguf`.
The projector is the fewest tensors clip.cpp accepts for `clip.projector_type = mlp`
(llava-1.5's MLP): a patch embedding, position embeddings, one encoder block and the two
projection matrices `mm.0`/`mm.2`. With one block, llava's graph takes the features from
the layer before the last, so the block is loaded but never run: an image is patchified,
given positions and projected, which is all a test needs. `mm.2`'s output width must be
the text model's `n_embd` (mtmd refuses a mismatch). An image becomes
`(IMAGE_SIZE / PATCH_SIZE) ** 2` tokens whatever its size (the fixed-size preprocessor
resizes it), so a test can tell by the prompt's token count that the image reached it.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import gguf
import numpy as np

from tests.support.synthetic import TINY_LLAMA, synthetic_model

IMAGE_SIZE = 64
PATCH_SIZE = 16
IMAGE_TOKENS = (IMAGE_SIZE // PATCH_SIZE) ** 2


@dataclass(frozen=True)
class ProjectorSpec:
    text_n_embd: int = TINY_LLAMA.n_embd
    n_embd: int = 64  # the vision encoder's width
    n_ff: int = 128
    n_head: int = 4
    hidden: int = 128  # between mm.0 and mm.2
    image_size: int = IMAGE_SIZE
    patch_size: int = PATCH_SIZE


def write_projector(path: Path, spec: ProjectorSpec) -> Path:
    """Write a random-weight LLaVA MLP projector to `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = gguf.GGUFWriter(path, "clip")
    writer.add_string("general.name", "tiny-test-projector")
    writer.add_string("clip.projector_type", "mlp")
    writer.add_bool("clip.has_vision_encoder", True)
    writer.add_bool("clip.use_gelu", True)
    writer.add_uint32("clip.vision.embedding_length", spec.n_embd)
    writer.add_uint32("clip.vision.feed_forward_length", spec.n_ff)
    writer.add_uint32("clip.vision.block_count", 1)
    writer.add_uint32("clip.vision.attention.head_count", spec.n_head)
    writer.add_uint32("clip.vision.projection_dim", spec.text_n_embd)
    writer.add_float32("clip.vision.attention.layer_norm_epsilon", 1e-6)
    writer.add_uint32("clip.vision.image_size", spec.image_size)
    writer.add_uint32("clip.vision.patch_size", spec.patch_size)
    writer.add_array("clip.vision.image_mean", [0.5, 0.5, 0.5])
    writer.add_array("clip.vision.image_std", [0.5, 0.5, 0.5])
    n_patches = (spec.image_size // spec.patch_size) ** 2
    rng = np.random.default_rng(4321)

    def add(name: str, *shape: int) -> None:
        # numpy shapes are ggml's `ne` reversed.
        data = rng.standard_normal(shape, dtype=np.float32) * 0.02
        writer.add_tensor(name, data)

    add("v.patch_embd.weight", spec.n_embd, 3, spec.patch_size, spec.patch_size)
    add("v.position_embd.weight", n_patches, spec.n_embd)
    add("v.blk.0.attn_out.weight", spec.n_embd, spec.n_embd)
    add("v.blk.0.ffn_up.weight", spec.n_ff, spec.n_embd)
    add("v.blk.0.ffn_down.weight", spec.n_embd, spec.n_ff)
    add("mm.0.weight", spec.hidden, spec.n_embd)
    add("mm.0.bias", spec.hidden)
    add("mm.2.weight", spec.text_n_embd, spec.hidden)
    add("mm.2.bias", spec.text_n_embd)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def cached_projector(directory: Path, spec: ProjectorSpec = ProjectorSpec()) -> Path:
    """`directory/mmproj-tiny-<spec hash>.gguf`, written once (the spec is deterministic)."""
    digest = hashlib.sha256(repr(spec).encode()).hexdigest()[:10]
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / f"mmproj-tiny-{digest}.gguf"
    with (directory / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not target.exists():
            partial = directory / f".mmproj-tiny.{os.getpid()}.gguf"
            write_projector(partial, spec)
            partial.replace(target)
    return target


def painted_photo(path: Path, width: int, height: int) -> Path:
    """A picture with a sky, a sun and a field, saved in the format its name says (a real
    photo stands in: shapes, so a thumbnail shows it was scaled, not cropped)."""
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#8ecae6"))
    painter = QPainter(image)
    painter.fillRect(0, height * 2 // 3, width, height, QColor("#606c38"))
    painter.setBrush(QColor("#ffb703"))
    painter.drawEllipse(width // 5, height // 6, width // 5, width // 5)
    painter.end()
    assert image.save(str(path))
    return path


def tiny_vision_model() -> tuple[Path, Path]:
    """(text model, projector), cached under the test cache (STUDIO_TEST_CACHE).

    The pair lives in a folder of its own: the app offers a projector it finds beside a
    model, so one beside the shared synthetic models would join every test's plan."""
    from tests.support.models import cache_dir

    directory = cache_dir() / "synthetic" / "vision"
    projector = cached_projector(directory)
    shared = synthetic_model("tiny-llama")
    model = directory / shared.name
    with (directory / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not model.exists():
            partial = directory / f".{shared.name}.{os.getpid()}"
            shutil.copyfile(shared, partial)
            partial.replace(model)
    return model, projector
