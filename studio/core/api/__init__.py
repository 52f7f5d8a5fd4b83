"""The OpenAI-compatible HTTP face `studio serve` and the app's local API put over the
manager (`studio.core.server`), which knows nothing of HTTP.

facade.py      ChatFacade: the routes, the connections, streaming answers
http.py        the guarded HTTP/1.1 plumbing: reading within limits, who may ask, caps
validation.py  what clients send, checked before it reaches the engine
errors.py      every error answer: HTTP statuses for the core's codes, OpenAI's shape
catalog.py     the library models a request may name, and the `/v1/models` list
replies.py     the engine's chunks rewritten as OpenAI replies, streamed or whole
schema.py      the OpenAPI document at /openapi.json
events.py      one RequestEvent per answered request, for whoever watches live
"""
