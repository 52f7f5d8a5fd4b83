"""The llama-server child: launch arguments, the process, the manager and its client.

launch.py    LaunchSpec -> argv (pure), the per-spawn API key file, free ports
process.py   one child: spawn (own group), drain output, health wait, stop
engine_guard.py  ends the children with the app, however the app ends
failures.py  exit status + log tail -> a typed Failure with a code and parameters
recovery.py  the recovery ladder after a failed start; the planner's SmallerPlan hook
states.py    the immutable Snapshot the manager publishes
manager.py   ServerManager: intents, epochs, watchdog, shared respawn and replay
streams.py   chat streams read on owned tasks, so cancel frees the slot at once
client.py    the loopback OpenAI chat client (SSE, cancel, logprobs, thinking fields)
switcher.py  ModelSwitch: which model answers a request, shared loads, the idle unload

The OpenAI-compatible HTTP face over the manager is `studio.core.api`.
"""
