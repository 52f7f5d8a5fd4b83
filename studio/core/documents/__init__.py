"""Documents in a conversation (issue 28, item 3): read a PDF, Markdown, text, HTML or
.docx file into pages of text (`extract`), cut them into passages that keep their page
(`chunks`), keep passages, vectors and the citations answers made in SQLite beside the chat
database (`index`), find the passages nearest a question (`search`), and decide per turn
whether the documents go to the model whole or as their best passages (`prompt`).

Qt-free like the rest of core; the embedding model is reached through `Embedder`
(`embedder`), so the scheduler that keeps it resident can stand behind it.
"""
