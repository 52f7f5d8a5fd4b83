"""The README's chat-feature screenshots, taken from the real app on the real engine.

Each scene starts a new conversation in the app as a user would and photographs the window:

- answer versions: a question answered three times (Regenerate twice), paged back to 2/3;
- token probabilities: the inspector's toggle on, an answer tinted, the alternatives of one
  token shown where the pointer would hover;
- a tool call: SmolLM2's own template knows no tools, so it is loaded with a ChatML
  template that describes them (`--chat-template-file`, the tests' template); the call is
  unfolded and its result given, and the model goes on;
- an image: the tests' tiny random-weight model with a LLaVA-style projector (no small real
  vision model ships offline), so the picture reaches the engine but the answer is noise.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtGui import QPainter, QTextCursor
from PySide6.QtWidgets import QLabel
from shot_tools import save, settle, until

from studio.composition import StudioApp
from studio.core.chat import Message
from studio.core.chat.vision import VisionSupport
from studio.core.placement.load_plan import PlannedLoad
from studio.core.residents.beside import PlannedBeside
from studio.core.server.launch import LaunchSpec
from studio.core.server.states import ServerState
from studio.ui.chat.token_tint import TOKEN_PROPERTY, tooltip_html
from tests.support.vision import painted_photo, tiny_vision_model

ROOT = Path(__file__).resolve().parents[1]
TOOLS_TEMPLATE = ROOT / "tests" / "support" / "templates" / "chatml_tools.jinja"
WEATHER = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "The weather in a city",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string"}},
                "required": ["city"],
            },
        },
    }
]
# A 135M model calls a tool reliably only when asked for the call itself.
ASK_FOR_CALL = (
    'Reply with this JSON and nothing else: {"name": "get_weather", "arguments": {"city": "Paris"}}'
)


async def _ask(studio: StudioApp, text: str) -> Message:
    """Type and send in a fresh conversation; the answer once it is finished."""
    chat, pane = studio.chat, studio.chat_pane
    finished: list[Message] = []
    chat.answer_finished.connect(finished.append)
    try:
        pane.input.setPlainText(text)
        pane.send_button.click()
        await until(lambda: bool(finished) and not chat.busy)
    finally:
        chat.answer_finished.disconnect(finished.append)
    return finished[-1]


async def _load(studio: StudioApp, spec: LaunchSpec) -> None:
    manager = studio.manager
    assert manager is not None, "no engine manager: the app found no engine"
    # A spec of its own (a tool template), not a plan: loaded as given, beside nothing.
    # The chat talks to it from now on, as after the load dialog.
    assert await manager.load(PlannedBeside(PlannedLoad(spec), {})), "did not load"
    await until(lambda: manager.snapshot.state is ServerState.READY and studio.chat.has_backend)
    await settle(1.0)  # the template's capabilities are read after the backend changes


async def _versions(studio: StudioApp, output: Path) -> None:
    studio.chat.new_conversation()
    await settle()
    await _ask(studio, "Name a colour and say in one sentence why you like it.")
    for _ in range(2):
        task = studio.chat.regenerate()
        assert task is not None
        await task
    newest = max(studio.chat_pane.view.messages)  # the third answer, 3/3
    task = studio.chat.switch_version(newest, -1)
    assert task is not None
    await task
    await settle()
    save(studio.window, output / "chat-versions-light.png")


async def _token_probabilities(studio: StudioApp, output: Path) -> None:
    studio.chat.new_conversation()
    await settle()
    pane = studio.chat_pane
    pane.tools_panel.token_probs.setChecked(True)
    await settle()
    answer = await _ask(studio, "Write two sentences about the sea.")
    await settle()
    view = pane.view
    # Point at a token a little into the answer, as the pointer would rest on it.
    body = view.entry(answer.id).body
    cursor = QTextCursor(view.document())
    target = None
    for position in range(body.firstPosition(), body.lastPosition()):
        cursor.setPosition(position + 1)
        if cursor.charFormat().property(TOKEN_PROPERTY) is not None:
            target = position
            if position - body.firstPosition() > 40:
                break
    assert target is not None, "the answer has no tinted token"
    cursor.setPosition(target)
    point = view.cursorRect(cursor).center() + QPoint(2, 0)
    token = view.tint.token_at(point)
    assert token is not None
    shot = studio.window.grab()
    tip = QLabel(tooltip_html(token))
    tip.setStyleSheet("QLabel { background: #ffffe8; border: 1px solid #999; padding: 4px; }")
    tip.adjustSize()
    painter = QPainter(shot)
    origin = view.viewport().mapTo(studio.window, point + QPoint(8, 14))
    painter.drawPixmap(origin, tip.grab())
    painter.end()
    target_path = output / "chat-token-probabilities-light.png"
    if not shot.save(str(target_path)):
        raise OSError(f"could not write {target_path}")
    print(target_path)
    pane.tools_panel.token_probs.setChecked(False)


async def _tool_call(studio: StudioApp, output: Path) -> None:
    manager = studio.manager
    assert manager is not None and manager.snapshot.spec is not None
    spec = manager.snapshot.spec.with_changes(
        extra_args=("--chat-template-file", str(TOOLS_TEMPLATE))
    )
    await _load(studio, spec)
    studio.chat.new_conversation()
    await settle()
    pane = studio.chat_pane
    # As the tests ask it: greedy and short, so the 135M model gives the call and then an
    # answer from its result, not a second, half-written call.
    pane.sampling.temperature.setValue(0)
    pane.sampling.max_tokens.setValue(60)
    pane.tools_panel.editor.setPlainText(json.dumps(WEATHER, indent=1))
    assert pane.tools_panel.check()
    pane.tools_panel.choice.setCurrentIndex(1)  # the model must call a tool
    answer = await _ask(studio, ASK_FOR_CALL)
    assert answer.tool_calls, "the model answered without calling the tool"
    pane.tools_panel.choice.setCurrentIndex(0)
    blocks = pane.view.tool_blocks
    finished: list[Message] = []
    studio.chat.answer_finished.connect(finished.append)
    dialog = blocks.ask_result(answer.id, 0)
    dialog.editor.setPlainText('{"temp_c": 21, "sky": "sunny"}')
    dialog.accept()
    await until(lambda: bool(finished) and not studio.chat.busy)
    studio.chat.answer_finished.disconnect(finished.append)
    pane.view.activate(f"studio-tool:fold/{answer.id}/0")
    await settle()
    save(studio.window, output / "chat-tool-call-light.png")
    pane.tools_panel.editor.setPlainText("")


async def _image(studio: StudioApp, output: Path) -> None:
    model, projector = tiny_vision_model()
    await _load(studio, LaunchSpec(model=model, mmproj=projector, ctx_size=2048))
    await until(lambda: studio.chat.capabilities.vision is VisionSupport.READY)
    studio.chat.new_conversation()
    await settle()
    pane = studio.chat_pane
    photo = painted_photo(studio.context.paths.data_dir / "sunny-field.png", 1600, 1200)
    pane.images.add_files([photo])
    await until(lambda: bool(pane.images.images))
    pane.sampling.max_tokens.setValue(8)  # random weights: the answer is noise, keep it short
    await _ask(studio, "Describe this picture.")
    await settle(1.5)  # thumbnails load off the GUI thread
    save(studio.window, output / "chat-image-light.png")


async def shoot_chat_features(studio: StudioApp, output: Path) -> None:
    """With SmolLM2 loaded and the light theme on: versions, token probabilities, a tool
    call, then an image (these two load other models)."""
    await _versions(studio, output)
    await _token_probabilities(studio, output)
    await _tool_call(studio, output)
    await _image(studio, output)
