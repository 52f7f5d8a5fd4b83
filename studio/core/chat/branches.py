"""Answer versions and conversation branches, over the tree the messages form.

A regenerate adds a sibling of the answer; an edit adds a sibling of the user message and
answers it anew. Siblings are the versions of one turn, oldest first. The conversation on
screen is the path from the root to `conversations.leaf_id`; switching to another version
moves the leaf to the newest message under it, so switching back and forth brings back
every later turn of each branch. Nothing here touches the database: the store loads the
(id, parent_id) links and asks this module what they mean.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from studio.core.chat.models import Message
from studio.core.errors import Problem


@dataclass(frozen=True)
class Versions:
    """Where one message stands among its versions: `position` of `count`, from 1."""

    message_id: int
    position: int = 1
    count: int = 1
    previous: int | None = None  # the older sibling, if any
    next: int | None = None  # the newer sibling, if any

    @property
    def several(self) -> bool:
        """Whether there is anything to page through (the pager shows only then)."""
        return self.count > 1


@dataclass(frozen=True)
class Branch:
    """The conversation on screen and, for each of its messages, its versions."""

    messages: tuple[Message, ...] = ()
    versions: tuple[Versions, ...] = ()  # one per message, in the same order
    # What could not be read of it (rows left out, links that loop): said once, on opening.
    problems: tuple[Problem, ...] = ()

    def versions_of(self, message_id: int) -> Versions:
        for versions in self.versions:
            if versions.message_id == message_id:
                return versions
        return Versions(message_id)


class MessageTree:
    """The links of one conversation's messages. Ids grow with time, so a child always has
    a larger id than its parent and the newest message under a node is a leaf."""

    def __init__(self, links: Iterable[tuple[int, int | None]]) -> None:
        self._parent: dict[int, int | None] = {}
        self._children: dict[int | None, list[int]] = defaultdict(list)
        for message_id, parent_id in sorted(links):
            self._parent[message_id] = parent_id
            self._children[parent_id].append(message_id)

    def __contains__(self, message_id: object) -> bool:
        return message_id in self._parent

    def siblings(self, message_id: int) -> list[int]:
        """The versions of `message_id`'s turn (itself included), oldest first."""
        if message_id not in self._parent:
            return [message_id]
        return self._children[self._parent[message_id]]

    def versions(self, message_id: int) -> Versions:
        siblings = self.siblings(message_id)
        index = siblings.index(message_id)
        return Versions(
            message_id,
            position=index + 1,
            count=len(siblings),
            previous=siblings[index - 1] if index > 0 else None,
            next=siblings[index + 1] if index + 1 < len(siblings) else None,
        )

    def sibling(self, message_id: int, step: int) -> int | None:
        """The version `step` places newer (or older, when negative) than `message_id`;
        None past either end."""
        siblings = self.siblings(message_id)
        index = siblings.index(message_id) + step
        return siblings[index] if 0 <= index < len(siblings) else None

    def newest_leaf(self, message_id: int) -> int:
        """The newest message under `message_id` (itself when it has none): where the
        conversation stood when that branch was last added to."""
        newest, pending, seen = message_id, [message_id], {message_id}
        while pending:
            node = pending.pop()
            newest = max(newest, node)
            # Links that loop (a damaged row) would otherwise be walked for ever.
            children = [c for c in self._children.get(node, ()) if c not in seen]
            seen.update(children)
            pending.extend(children)
        return newest


def path_to(parents: Mapping[int, int | None], leaf: int | None) -> list[int]:
    """The ids from the root down to `leaf`, given each message's parent: the branch on
    screen when `leaf` is the conversation's. A link to a message that is gone ends it."""
    return walk_up(parents, leaf)[0]


def walk_up(parents: Mapping[int, int | None], leaf: int | None) -> tuple[list[int], bool]:
    """`path_to`, and whether the walk met a message it had already passed: parent links
    that loop (only a damaged or hand-edited database has them). The walk stops there, so
    the path holds each message once, from where the loop closes down to `leaf`."""
    path: list[int] = []
    seen: set[int] = set()
    node = leaf
    while node is not None and node in parents:
        if node in seen:
            path.reverse()
            return path, True
        seen.add(node)
        path.append(node)
        node = parents[node]
    path.reverse()
    return path, False
