"""What the command modules share (one class, whichever module raises it)."""

__all__ = ["CliError"]


class CliError(Exception):
    """A user error: one line to stderr, exit status 2."""
