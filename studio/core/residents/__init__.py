"""Several models resident at once: what each holds per device (`ledger`), the scheduler
over one manager per model (`scheduler`), a plan made elsewhere beside them and which
residents it evicts (`beside`, the app's load dialog), the chat of one of them
(`chat_backend`), and the documents' embeddings through one of them (`embedder`)."""
