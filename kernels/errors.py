"""The base of every error a user can cause, defined on the ground floor so that the kernels raise
it too (solver/errors.py adds the notation and move errors); the CLI prints it as one line."""


class CalderaError(Exception):
    """Base of every error caused by the user's input; the CLI prints it as one line."""
