"""The llama-server child: launch arguments, the process, the manager and the HTTP client."""
