"""A model's weight tensors grouped the way the estimator asks for them.

The estimator decides where tensors live block by block (a block's tensors go where its
layer goes, its expert stacks to the host under --n-cpu-moe) and which ones a device
refuses by size; grouped once per model, an estimate walks blocks and the few largest
tensors instead of every tensor of the file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from studio.core.memory.repack import WeightTensor


@dataclass(frozen=True)
class TensorIndex:
    inputs: tuple[WeightTensor, ...]  # the input embeddings (always on the host)
    outputs: tuple[WeightTensor, ...]  # everything outside the blocks but the inputs
    experts: tuple[tuple[WeightTensor, ...], ...]  # per block: its expert stacks
    others: tuple[tuple[WeightTensor, ...], ...]  # per block: the rest
    by_size: tuple[WeightTensor, ...]  # every tensor, the largest first

    @classmethod
    def of(cls, tensors: Sequence[WeightTensor], block_count: int) -> TensorIndex:
        """Tensors of blocks at or past `block_count` are left out: the engine never loads
        them."""
        experts: list[list[WeightTensor]] = [[] for _ in range(block_count)]
        others: list[list[WeightTensor]] = [[] for _ in range(block_count)]
        for tensor in tensors:
            if 0 <= tensor.layer < block_count:
                (experts if tensor.expert else others)[tensor.layer].append(tensor)
        return cls(
            inputs=tuple(t for t in tensors if t.layer == WeightTensor.INPUT),
            outputs=tuple(t for t in tensors if t.layer == WeightTensor.OUTPUT),
            experts=tuple(map(tuple, experts)),
            others=tuple(map(tuple, others)),
            by_size=tuple(sorted(tensors, key=lambda t: t.n_bytes, reverse=True)),
        )
