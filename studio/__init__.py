"""GGUF Studio: a desktop studio for running GGUF models with llama.cpp's llama-server."""

__version__ = "0.1.0"
