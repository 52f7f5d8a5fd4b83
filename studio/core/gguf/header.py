"""The parsed GGUF header: metadata and tensor table, without any tensor data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gguf import GGMLQuantizationType

# A metadata value as the file stores it: scalars, strings, or flat arrays of those.
MetadataScalar = int | float | bool | str
MetadataValue = MetadataScalar | tuple[MetadataScalar, ...]


@dataclass(frozen=True, slots=True)
class TensorInfo:
    """One entry of the tensor table. `shape` is in ggml order (ne0 first)."""

    name: str
    shape: tuple[int, ...]
    ggml_type: int
    offset: int  # relative to the start of the tensor data section
    n_elements: int
    n_bytes: int  # == ggml_nbytes for a contiguous tensor

    @property
    def type_name(self) -> str:
        return GGMLQuantizationType(self.ggml_type).name


@dataclass(frozen=True)
class GGUFHeader:
    """Everything before the tensor data of one GGUF file (one shard of a split model)."""

    source: str
    version: int
    metadata: Mapping[str, MetadataValue]
    tensors: tuple[TensorInfo, ...]
    alignment: int
    header_bytes: int  # bytes up to the end of the tensor table
    data_offset: int  # where tensor data starts (header_bytes rounded up to `alignment`)
    file_size: int | None = field(default=None)  # None when the reader could not tell

    @property
    def data_bytes(self) -> int:
        """Bytes the tensor data section must span according to the tensor table."""
        return max((t.offset + t.n_bytes for t in self.tensors), default=0)

    def get(self, key: str) -> MetadataValue | None:
        return self.metadata.get(key)


@dataclass(frozen=True)
class GGUFModel:
    """A whole model: one header per shard, in shard order (one entry if not split)."""

    shards: tuple[GGUFHeader, ...]

    @property
    def metadata(self) -> Mapping[str, MetadataValue]:
        # Hyper-parameters and tokenizer live in the first shard.
        return self.shards[0].metadata

    @property
    def tensors(self) -> tuple[TensorInfo, ...]:
        return tuple(t for shard in self.shards for t in shard.tensors)

    @property
    def source(self) -> str:
        return self.shards[0].source
