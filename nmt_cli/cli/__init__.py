"""The command-line layer: parses options, calls the core, prints. No model logic lives here."""
