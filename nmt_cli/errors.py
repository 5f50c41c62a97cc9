"""The domain exceptions. The CLI turns each into one line on stderr and an exit code."""


class NmtError(Exception):
    """Base of every error a user can cause; the message is shown as it is."""

    exit_code = 1


class UsageError(NmtError):
    """The command line itself is wrong (bad option value, conflicting flags)."""

    exit_code = 2


class InputError(NmtError):
    """An input file or stream cannot be used (missing, unreadable, empty, mismatched)."""


class ConfigError(NmtError):
    """A configuration is invalid: unknown key, wrong type, impossible value."""


class ModelLoadError(NmtError):
    """A model directory is missing, incomplete, corrupted or incompatible."""


class OutputError(NmtError):
    """An output cannot be written (missing directory, read-only, disk full)."""


class RunLockedError(NmtError):
    """Another live process holds the run directory."""


class NmtNotice(UserWarning):
    """Something a user should know about a request that still works (a retired model name).
    The core warns with it; the CLI shows it as one ``nmt: warning:`` line on stderr."""
