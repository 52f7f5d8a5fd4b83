"""Several models resident at once: what each holds per device (`ledger`) and the
scheduler over one manager per model (`scheduler`)."""
