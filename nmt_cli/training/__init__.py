"""Training: data batching, the optimisation loop, validation and checkpoints."""
