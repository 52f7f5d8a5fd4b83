"""Names of split GGUF shards: `<prefix>-00001-of-00003.gguf` (llama.cpp's `llama_split_path`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_SHARD = re.compile(r"^(?P<prefix>.*)-(?P<index>\d{5})-of-(?P<count>\d{5})\.gguf$")


@dataclass(frozen=True)
class ShardName:
    prefix: str
    index: int  # 1-based
    count: int

    def name(self, index: int) -> str:
        return f"{self.prefix}-{index:05d}-of-{self.count:05d}.gguf"

    def all_names(self) -> tuple[str, ...]:
        return tuple(self.name(i) for i in range(1, self.count + 1))


def parse_shard_name(name: str) -> ShardName | None:
    """The shard pattern of a file name (or URL), or None when it is not a split GGUF."""
    match = _SHARD.match(name)
    if match is None:
        return None
    index, count = int(match["index"]), int(match["count"])
    if not 1 <= index <= count:
        return None
    return ShardName(match["prefix"], index, count)
