"""Answer versions and branches in the store: regenerate and edit add versions, nothing is
deleted, switching brings whole branches back, and search, counts and export follow the
branch on screen."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from studio.core.chat import ChatStore, ChatStoreError, MessageStatus, Role, to_json, to_markdown
from studio.core.chat.branches import MessageTree, Versions, path_to
from studio.core.chat.store import _create_v1


@pytest.fixture
def store(tmp_path: Path) -> ChatStore:
    return ChatStore(tmp_path / "chat.sqlite3")


def _shown(store: ChatStore, conversation_id: int) -> list[str]:
    return [m.content for m in store.messages(conversation_id)]


def test_regenerating_twice_keeps_three_versions_of_the_answer(store: ChatStore) -> None:
    conversation = store.create_conversation("c")
    ask = store.add_message(conversation.id, Role.USER, "Capital of France?")
    first = store.add_message(conversation.id, Role.ASSISTANT, "Paris.")
    second = store.add_message(conversation.id, Role.ASSISTANT, "It is Paris.", version_of=first.id)
    third = store.add_message(conversation.id, Role.ASSISTANT, "Paris!", version_of=second.id)
    assert first.parent_id == second.parent_id == third.parent_id == ask.id

    branch = store.branch(conversation.id)
    assert [m.content for m in branch.messages] == ["Capital of France?", "Paris!"]
    assert branch.versions_of(ask.id) == Versions(ask.id)
    assert not branch.versions_of(ask.id).several
    assert branch.versions_of(third.id) == Versions(third.id, 3, 3, previous=second.id)
    # Nothing was deleted: every version is still stored.
    assert [store.message(m.id).content for m in (first, second)] == ["Paris.", "It is Paris."]

    store.show_version(first.id)
    branch = store.branch(conversation.id)
    assert [m.id for m in branch.messages] == [ask.id, first.id]
    assert branch.versions_of(first.id) == Versions(first.id, 1, 3, next=second.id)
    # A new turn continues the version on screen.
    follow = store.add_message(conversation.id, Role.USER, "And Spain?")
    assert follow.parent_id == first.id


def test_an_edit_branches_and_switching_back_restores_every_later_turn(
    tmp_path: Path,
) -> None:
    path = tmp_path / "chat.sqlite3"
    with ChatStore(path) as store:
        conversation = store.create_conversation("c")
        q1 = store.add_message(conversation.id, Role.USER, "q1")
        store.add_message(conversation.id, Role.ASSISTANT, "a1")
        q2 = store.add_message(conversation.id, Role.USER, "q2")
        store.add_message(conversation.id, Role.ASSISTANT, "a2")
        store.add_message(conversation.id, Role.USER, "q3")
        store.add_message(conversation.id, Role.ASSISTANT, "a3")

        edited = store.add_message(conversation.id, Role.USER, "q2 edited", version_of=q2.id)
        store.add_message(conversation.id, Role.ASSISTANT, "a2 again")
        assert _shown(store, conversation.id) == ["q1", "a1", "q2 edited", "a2 again"]
        assert store.branch(conversation.id).versions_of(edited.id) == Versions(
            edited.id, 2, 2, previous=q2.id
        )

        store.show_version(q2.id)  # the pager: back to the older version
        assert _shown(store, conversation.id) == ["q1", "a1", "q2", "a2", "q3", "a3"]
        store.show_version(edited.id)
        assert _shown(store, conversation.id) == ["q1", "a1", "q2 edited", "a2 again"]

        # Editing the first message makes a second root.
        root = store.add_message(conversation.id, Role.USER, "q1 edited", version_of=q1.id)
        assert root.parent_id is None
        assert _shown(store, conversation.id) == ["q1 edited"]
        store.show_version(q1.id)  # the newest turn under q1: the edited branch
        assert _shown(store, conversation.id) == ["q1", "a1", "q2 edited", "a2 again"]

    with ChatStore(path) as reopened:  # the branch on screen and every version are kept
        branch = reopened.branch(conversation.id)
        assert [m.content for m in branch.messages] == ["q1", "a1", "q2 edited", "a2 again"]
        assert [(v.position, v.count) for v in branch.versions] == [(1, 2), (1, 1), (2, 2), (1, 1)]
        reopened.show_version(q2.id)
        assert _shown(reopened, conversation.id) == ["q1", "a1", "q2", "a2", "q3", "a3"]


def test_switching_to_a_version_goes_to_the_newest_turn_under_it(store: ChatStore) -> None:
    conversation = store.create_conversation("c")
    store.add_message(conversation.id, Role.USER, "q")
    a1 = store.add_message(conversation.id, Role.ASSISTANT, "a1")
    store.add_message(conversation.id, Role.USER, "q2 after a1")
    store.add_message(conversation.id, Role.ASSISTANT, "a2 after a1")
    b1 = store.add_message(conversation.id, Role.ASSISTANT, "b1", version_of=a1.id)
    assert _shown(store, conversation.id) == ["q", "b1"]
    store.show_version(a1.id)
    assert _shown(store, conversation.id) == ["q", "a1", "q2 after a1", "a2 after a1"]
    store.show_version(b1.id)
    assert _shown(store, conversation.id) == ["q", "b1"]


def test_a_version_of_another_conversations_message_is_refused(store: ChatStore) -> None:
    one = store.create_conversation("one")
    other = store.create_conversation("other")
    message = store.add_message(one.id, Role.USER, "q")
    with pytest.raises(ChatStoreError) as refused:
        store.add_message(other.id, Role.USER, "x", version_of=message.id)
    assert refused.value.code == "chat_message_missing"
    with pytest.raises(ChatStoreError) as missing:
        store.show_version(9999)
    assert missing.value.code == "chat_message_missing"
    assert _shown(store, other.id) == []


def test_search_counts_and_snippets_follow_the_branch_on_screen(store: ChatStore) -> None:
    conversation = store.create_conversation("c")
    store.add_message(conversation.id, Role.USER, "tell me about whales")
    old = store.add_message(conversation.id, Role.ASSISTANT, "krill is what blue whales eat")
    store.add_message(conversation.id, Role.USER, "more")
    store.add_message(conversation.id, Role.ASSISTANT, "they sing")
    new = store.add_message(conversation.id, Role.ASSISTANT, "plankton", version_of=old.id)

    (summary,) = store.list_conversations()
    assert summary.message_count == 2
    assert store.list_conversations("krill") == []  # only in the version paged away from
    (hit,) = store.list_conversations("plankton")
    assert "plankton" in hit.snippet

    store.show_version(old.id)
    assert store.list_conversations()[0].message_count == 4
    assert store.list_conversations("plankton") == []
    assert "krill" in store.list_conversations("krill")[0].snippet
    store.show_version(new.id)
    assert store.list_conversations("sing") == []


def test_export_follows_the_branch_on_screen(store: ChatStore) -> None:
    conversation = store.create_conversation("c")
    store.add_message(conversation.id, Role.USER, "q")
    old = store.add_message(conversation.id, Role.ASSISTANT, "old answer")
    store.add_message(
        conversation.id,
        Role.ASSISTANT,
        "new answer",
        status=MessageStatus.CANCELLED,
        version_of=old.id,
    )
    record = store.conversation(conversation.id)
    markdown = to_markdown(record, store.messages(conversation.id))
    assert "new answer" in markdown and "old answer" not in markdown
    document = json.loads(to_json(record, store.messages(conversation.id)))
    assert [m["content"] for m in document["messages"]] == ["q", "new answer"]
    store.show_version(old.id)
    assert "old answer" in to_markdown(record, store.messages(conversation.id))


def test_deleting_a_message_takes_its_subtree_and_keeps_its_other_versions(
    store: ChatStore,
) -> None:
    conversation = store.create_conversation("c")
    q = store.add_message(conversation.id, Role.USER, "q")
    a1 = store.add_message(conversation.id, Role.ASSISTANT, "a1")
    store.add_message(conversation.id, Role.USER, "q2")
    a2 = store.add_message(conversation.id, Role.ASSISTANT, "a2", version_of=a1.id)
    store.delete_from(a1.id)
    assert store.tree(conversation.id).siblings(a2.id) == [a2.id]
    assert _shown(store, conversation.id) == ["q"]  # the leaf went back to the parent
    store.show_version(a2.id)
    assert _shown(store, conversation.id) == ["q", "a2"]
    assert q.id in store.tree(conversation.id)


def test_the_tree_pages_through_siblings_and_finds_the_newest_leaf() -> None:
    # 1 ─┬─ 2 ── 4 ── 7
    #    └─ 3 ─┬─ 5
    #          └─ 6
    tree = MessageTree([(1, None), (2, 1), (3, 1), (4, 2), (5, 3), (6, 3), (7, 4)])
    assert tree.siblings(2) == [2, 3]
    assert tree.versions(6) == Versions(6, 2, 2, previous=5)
    assert (tree.sibling(2, 1), tree.sibling(2, -1), tree.sibling(3, 1)) == (3, None, None)
    assert (tree.newest_leaf(2), tree.newest_leaf(3), tree.newest_leaf(1)) == (7, 6, 7)
    assert tree.newest_leaf(7) == 7
    assert tree.versions(99) == Versions(99)  # unknown: a lone version, no pager


def test_the_path_to_a_leaf_ends_at_a_lost_link_and_never_loops() -> None:
    assert path_to({1: None, 2: 1, 3: 2, 4: 2}, 3) == [1, 2, 3]
    assert path_to({2: 9, 3: 2}, 3) == [2, 3]  # 9 is gone: the branch starts at 2
    assert path_to({1: None}, None) == []
    assert len(path_to({1: 2, 2: 1}, 1)) <= 3  # damaged links that loop still end


def test_a_migrated_version_1_conversation_gets_versions_and_keeps_every_turn(
    tmp_path: Path,
) -> None:
    """A chat written by schema 1 (no tree) is one branch after the migration; a
    regenerate there adds a version, and paging back shows the old turns whole."""
    path = tmp_path / "chat.sqlite3"
    old = sqlite3.connect(path)
    _create_v1(old)
    old.executescript(
        """
        INSERT INTO conversations (id, title, created_at, updated_at)
             VALUES (1, 'old', 1, 5);
        INSERT INTO messages (id, conversation_id, role, content, status, created_at)
             VALUES (1, 1, 'user', 'q1', 'complete', 1), (2, 1, 'assistant', 'a1', 'complete', 2),
                    (3, 1, 'user', 'q2', 'complete', 3), (4, 1, 'assistant', 'a2', 'complete', 4);
        PRAGMA user_version = 1;
        """
    )
    old.close()
    with ChatStore(path) as store:
        branch = store.branch(1)
        assert [m.content for m in branch.messages] == ["q1", "a1", "q2", "a2"]
        assert not any(v.several for v in branch.versions)
        assert store.list_conversations("a2")[0].message_count == 4
        store.add_message(1, Role.ASSISTANT, "a1 again", version_of=2)
        assert _shown(store, 1) == ["q1", "a1 again"]
        store.show_version(2)
        assert _shown(store, 1) == ["q1", "a1", "q2", "a2"]
