"""App settings: atomic JSON, lenient reading, no tokens, RPC devices, the autoload guard."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from studio.core.settings import (
    SETTINGS_SET_ASIDE,
    SETTINGS_UNREADABLE,
    AppSettings,
    AutoloadVerdict,
    SettingsError,
    SettingsStore,
    decide_autoload,
    load_ended,
    load_started,
)


def test_defaults_when_no_file_and_round_trip(tmp_path: Path) -> None:
    store = SettingsStore.in_directory(tmp_path / "config")
    assert store.load() == AppSettings()
    settings = AppSettings(
        engine_binary="/opt/llama/llama-server",
        models_folders=("/models", "/more"),
        rpc_devices=("10.0.0.2:50052", "[::1]:50053"),
        hf_endpoint="https://hf-mirror.example",
        hf_proxy="http://proxy:3128",
        language="de",
        theme="dark",
        autoload_last_model=False,
        last_model="/models/a.gguf",
    ).with_remembered_load("/models/a.gguf", {"ctx": 4096, "layers": [10, 20]})
    store.save(settings)
    loaded = store.load()
    assert loaded == settings
    assert loaded.remembered_load("/models/a.gguf") == {"ctx": 4096, "layers": [10, 20]}
    assert loaded.remembered_load("/models/b.gguf") is None
    # Nothing left behind by the atomic write.
    assert sorted(p.name for p in (tmp_path / "config").iterdir()) == ["settings.json"]


def test_a_token_is_never_written(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    store.save(AppSettings(language="fr"))
    token = "hf_" + "a1B2c3D4" * 4
    with pytest.raises(SettingsError) as refused:
        store.save(AppSettings(hf_proxy=f"http://{token}@proxy:1"))
    assert refused.value.code == "settings_secret_refused"
    assert refused.value.params == {"field": "hf_proxy"}
    assert token not in (tmp_path / "settings.json").read_text()
    assert store.load().language == "fr"  # the old file is intact


def test_unknown_and_wrongly_typed_fields_are_dropped_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {
                "hf_token": "hf_" + "x" * 30,
                "theme": "purple",
                "models_folders": "/not/a/list",
                "autoload_last_model": "yes",
                "language": "ja",
                "model_load_settings": {"/m.gguf": {"ctx": 1}, "/bad.gguf": 3},
            }
        )
    )
    loaded = SettingsStore(path).load()
    assert loaded.theme == "system"
    assert loaded.models_folders == ()
    assert loaded.autoload_last_model is True
    assert loaded.language == "ja"
    assert dict(loaded.model_load_settings) == {"/m.gguf": {"ctx": 1}}
    assert "hf_token" not in AppSettings.from_dict({"hf_token": "x"}).to_dict()


def test_a_damaged_file_is_set_aside_and_defaults_used(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"theme": "dark",')  # cut short by a crash of some other writer
    assert SettingsStore(path).load() == AppSettings()
    assert (tmp_path / "settings.json.damaged").read_text() == '{"theme": "dark",'


def test_update_changes_and_saves(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    saved = store.update(lambda s: load_started(s, "/m.gguf"))
    assert saved.load_in_progress == "/m.gguf"
    assert store.load().load_in_progress == "/m.gguf"


def test_autoload_guard_walks_through_a_crash_and_a_recovery(tmp_path: Path) -> None:
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    settings = AppSettings()
    assert decide_autoload(settings).verdict is AutoloadVerdict.NOTHING_TO_LOAD

    # A first load succeeds: next start autoloads it.
    settings = load_ended(load_started(settings, str(model)), str(model), succeeded=True)
    decision = decide_autoload(settings)
    assert decision.should_load
    assert decision.model == str(model)

    # The app dies during the next load: the marker is still set at the next start.
    crashed = load_started(settings, str(model))
    decision = decide_autoload(crashed)
    assert decision.verdict is AutoloadVerdict.PREVIOUS_LOAD_CRASHED
    assert decision.model == str(model)
    assert not decision.should_load
    # The guard stays until a load ends normally, however many starts happen.
    assert decide_autoload(crashed).verdict is AutoloadVerdict.PREVIOUS_LOAD_CRASHED

    # A load that fails cleanly clears the marker but keeps the last good model.
    other = str(tmp_path / "other.gguf")
    failed = load_ended(load_started(crashed, other), other, succeeded=False)
    assert failed.load_in_progress is None
    assert failed.last_model == str(model)
    assert decide_autoload(failed).should_load


def test_autoload_respects_the_switch_and_a_deleted_file(tmp_path: Path) -> None:
    gone = str(tmp_path / "gone.gguf")
    settings = AppSettings(last_model=gone)
    assert decide_autoload(settings).verdict is AutoloadVerdict.MODEL_MISSING
    off = AppSettings(last_model=gone, autoload_last_model=False)
    assert decide_autoload(off).verdict is AutoloadVerdict.DISABLED


def test_a_marker_for_a_newer_load_survives_the_end_of_an_older_one() -> None:
    settings = load_started(AppSettings(), "/b.gguf")
    assert load_ended(settings, "/a.gguf", succeeded=True).load_in_progress == "/b.gguf"


def _deeply_nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(b'{"theme": "dark\xff\xfe"}', id="not-utf8"),
        pytest.param(b'{"a": ' + _deeply_nested(100_000) + b"}", id="deep-nesting"),
        pytest.param(b"[1, 2, 3]", id="not-an-object"),
    ],
)
def test_an_unreadable_file_gives_defaults_is_set_aside_and_told(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    store = SettingsStore(path)
    assert store.load() == AppSettings()
    assert (tmp_path / "settings.json.damaged").read_bytes() == content
    assert store.problem is not None and store.problem.code == SETTINGS_SET_ASIDE
    assert store.problem.params["moved_to"] == str(tmp_path / "settings.json.damaged")
    store.save(AppSettings(theme="dark"))  # and the place is free again for new settings
    assert store.load().theme == "dark" and store.problem is None


def test_a_directory_in_place_of_the_file_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    (path / "inner").mkdir(parents=True)
    store = SettingsStore(path)
    assert store.load() == AppSettings()
    assert (tmp_path / "settings.json.damaged" / "inner").is_dir()
    assert store.problem is not None and store.problem.code == SETTINGS_SET_ASIDE
    store.save(AppSettings(theme="light"))
    assert store.load().theme == "light"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_a_fifo_in_place_of_the_file_does_not_block_and_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)  # nobody ever writes: a blocking open would wait forever
    store = SettingsStore(path)
    assert store.load() == AppSettings()
    assert store.problem is not None and store.problem.code == SETTINGS_SET_ASIDE
    assert (tmp_path / "settings.json.damaged").is_fifo()


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files without read permission")
def test_a_file_without_read_permission_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"theme": "dark"}')
    path.chmod(0)
    store = SettingsStore(path)
    assert store.load() == AppSettings()
    assert store.problem is not None and store.problem.code == SETTINGS_SET_ASIDE


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_a_file_that_cannot_be_moved_aside_still_gives_defaults() -> None:
    # A readable file that is not JSON, in a folder nobody can rename in (root included).
    store = SettingsStore(Path("/proc/self/status"))
    assert store.load() == AppSettings()
    assert store.problem is not None and store.problem.code == SETTINGS_UNREADABLE
    assert store.problem.params["path"] == "/proc/self/status"
