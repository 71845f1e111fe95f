"""Game logs beyond the live service: export, import, step-through and the `check` that
re-runs a log and names the first divergence (built with the replay issue)."""
