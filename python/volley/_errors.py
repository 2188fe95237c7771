"""Bad input in Python's words: an error raised inside one of the package's
functions names that function (``volley.odds(): argument `firepower`: ...``),
and an error in the experiment file ``volley.sweep`` writes names the keyword
argument that set the line (``sweep['firepower']``), not the file's line."""

from __future__ import annotations

import functools
import re
from typing import Any, Callable, Mapping, TypeVar, cast

from ._volley import InputError

F = TypeVar("F", bound=Callable[..., Any])

# `volley.sweep:8: field `firepower`: ...`: the written file's line and field.
_SWEEP_LINE = re.compile(r"^volley\.sweep:(\d+): (?:field `[^`]*`: )?")


def named(function: F) -> F:
    """``function``'s input errors prefixed with its name, once."""
    name = f"volley.{function.__name__}(): "

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except InputError as error:
            message = str(error)
            if message.startswith(name):
                raise
            raise InputError(name + message) from None

    return cast(F, wrapper)


def sweep_arguments(message: str, arguments: Mapping[int, str]) -> str:
    """A message about line N of ``volley.sweep``'s file, naming the keyword
    argument that wrote the line instead (the message unchanged when it
    names no such line)."""
    found = _SWEEP_LINE.match(message)
    if found is None or int(found.group(1)) not in arguments:
        return message
    return f"{arguments[int(found.group(1))]}: {message[found.end():]}"
