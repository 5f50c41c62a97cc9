"""Settings: strict construction of frozen dataclass configs from TOML/JSON dictionaries, and
the command-line option each setting may have.

Unknown keys are errors (a typo must never be silently ignored), and every value is checked
against the field's annotated type before the dataclass's own validation runs.

A setting is declared once, as a dataclass field. A field made with :func:`setting` and given
a help text is also a command-line option: ``nmt_cli/cli/options.py`` turns such fields into
the options of a command, so a new option is one line, e.g.::

    max_minutes: float = setting(0.0, "Wall-clock budget in minutes (0: none).")  # --max-minutes
"""

from __future__ import annotations

import dataclasses
import difflib
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Annotated, Any, TypeVar

from nmt_cli.errors import ConfigError, UsageError

C = TypeVar("C")


def read_document(
    path, parse: Callable[[str], Any], kind: str, missing: Exception, invalid: type[Exception]
) -> Any:
    """``parse`` of the text of ``path`` (a TOML or JSON file): ``missing`` if there is no such
    file, ``invalid("PATH: not valid KIND (why)")`` if it does not decode or parse (a parser's
    errors are ValueErrors, as json's and tomllib's are)."""
    try:
        return parse(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise missing from None
    except (IsADirectoryError, PermissionError) as e:  # --config a folder, a file not ours
        raise invalid(f"{path}: cannot be read ({e.strerror})") from None
    except ValueError as e:  # UnicodeDecodeError, json.JSONDecodeError, TOMLDecodeError
        raise invalid(f"{path}: not valid {kind} ({e})") from None


def setting(
    default: Any,
    help: str | None = None,
    *flags: str,
    choices: tuple[str, ...] | None = None,
    metavar: str | None = None,
) -> Any:
    """A dataclass field holding ``default``, with the command-line option it has, if any.

    help     the option's help text; None: a setting of config files only, with no option
    flags    the option's names (default: ``--name-with-dashes``); a boolean's ``--on/--off``
    choices  the values the option takes: its metavar ``<a|b>``, checked by the command
    metavar  what the help shows for the option's value, as ``<metavar>`` (default: its
             choices, else its type)
    """
    shown = metavar or (choices and "|".join(choices))
    metadata = {"help": help, "flags": flags, "choices": choices, "metavar": shown and f"<{shown}>"}
    return dataclasses.field(default=default, metadata=metadata)


def option_fields(cls: type) -> list[dataclasses.Field]:
    """The fields of ``cls`` that are command-line options."""
    return [f for f in dataclasses.fields(cls) if f.metadata.get("help") is not None]


def flag_of(f: dataclasses.Field) -> str:
    """The long name of field ``f``'s option (``--no-`` forms left out)."""
    flags = f.metadata.get("flags") or ()
    longs = [x.split("/")[0] for x in flags if x.startswith("--")]
    return longs[0] if longs else "--" + f.name.replace("_", "-")


def flags_named(f: dataclasses.Field) -> str:
    """How a message about field ``f``'s value names its option: every long name it has, as
    click names an option of aliases (``--input-format/--pairs-format``), so that the name
    typed is among them."""
    flags = [x for x in f.metadata.get("flags") or () if x.startswith("--") and "/" not in x]
    return "/".join(flags) if len(flags) > 1 else flag_of(f)


def check_choice(flag: str, value: str | None, choices: Sequence[str]) -> None:
    """UsageError naming the choices unless ``value`` is one of them (None: not given)."""
    if value is None or value in choices:
        return
    if len(choices) <= 2:
        raise UsageError(f"{flag} must be {' or '.join(choices)}")
    raise UsageError(f"{flag} must be one of {', '.join(choices)}")


def from_options(cls: type[C], values: dict[str, Any]) -> C:
    """``cls`` of the values of its options (their choices checked: :func:`check_choice`); its
    own checks' ValueErrors are UsageErrors."""
    try:
        return cls(**values)
    except ValueError as e:
        raise UsageError(str(e)) from None


# Which settings a function receives, marked on its parameters' annotations: a parameter
# annotated with a settings dataclass receives an instance of it, built from the values of its
# option fields (``Only``: of these fields alone, the others keep their defaults; ``Given``: a
# dict of the values, None where one was not given, for settings a config file may also set).
# nmt_cli/cli/options.py makes the options of a command so.


@dataclasses.dataclass(frozen=True)
class Given:
    """``Annotated[dict[str, Any], Given(cls)]``: the options of ``cls``, passed as
    {field: value or None} (None: not given)."""

    cls: type


class Only:
    """``Annotated[cls, Only(*names)]``: the options of these fields of ``cls`` alone."""

    def __init__(self, *names: str):
        self.names = names


@dataclasses.dataclass(frozen=True)
class SettingsGroup:
    """The settings one parameter receives."""

    cls: type
    given: bool  # passed as a dict of the values given
    names: tuple[str, ...] | None  # the fields that are options (None: all)

    def fields(self) -> list[dataclasses.Field]:
        """The option fields whose values the parameter receives."""
        return [f for f in option_fields(self.cls) if self.names is None or f.name in self.names]

    def build(self, values: dict[str, Any]) -> Any:
        """What the parameter receives for these option values (see from_options)."""
        return values if self.given else from_options(self.cls, values)


def settings_group(annotation: Any) -> SettingsGroup | None:
    """The settings that a parameter annotated so receives (None: none)."""
    base, marks = annotation, []
    if typing.get_origin(annotation) is Annotated:
        base, *marks = typing.get_args(annotation)
    for mark in marks:
        if isinstance(mark, Given):
            return SettingsGroup(mark.cls, True, None)
        if isinstance(mark, Only):
            return SettingsGroup(base, False, mark.names)
    if isinstance(base, type) and dataclasses.is_dataclass(base) and option_fields(base):
        return SettingsGroup(base, False, None)
    return None


def _type_ok(value: Any, annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    if origin is typing.Union or str(origin) == "<class 'types.UnionType'>":
        return any(_type_ok(value, a) for a in typing.get_args(annotation))
    if annotation is type(None):
        return value is None
    if annotation is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if origin in (tuple, list):
        return isinstance(value, (list, tuple))
    if isinstance(annotation, type):
        return isinstance(value, annotation)
    return True


def choose(config: Any, choices: dict[str, tuple[str, ...]]) -> None:
    """A config's own check of its choices: ValueError naming the choices of the first setting
    (a key of ``choices``) whose value is not one of them."""
    for name, allowed in choices.items():
        value = getattr(config, name)
        if value not in allowed:
            raise ValueError(f"unknown {name} {value!r}; choose one of {', '.join(allowed)}")


def require(config: Any, names: Iterable[str], test: Callable[[Any], bool], rule: str) -> None:
    """A config's own check of several settings: ValueError "NAME RULE, got VALUE" for the first
    of ``names`` whose value fails ``test``."""
    for name in names:
        value = getattr(config, name)
        if not test(value):
            raise ValueError(f"{name} {rule}, got {value}")


def from_dict(cls: type[C], data: dict[str, Any], where: str = "config") -> C:
    """Build ``cls`` from ``data``; unknown keys and wrongly typed values raise ConfigError."""
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: expected a table of settings, got {type(data).__name__}")
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    kwargs = {}
    for key, value in data.items():
        if key not in names:
            close = difflib.get_close_matches(key, names, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ConfigError(f"{where}: unknown setting {key!r}{hint}")
        if not _type_ok(value, hints[key]):
            raise ConfigError(
                f"{where}: {key} = {value!r} has the wrong type; expected {_type_name(hints[key])}"
            )
        if hints[key] is float and isinstance(value, int):
            value = float(value)
        if typing.get_origin(hints[key]) is tuple:
            value = tuple(value)
        kwargs[key] = value
    try:
        return cls(**kwargs)
    except ValueError as e:
        raise ConfigError(f"{where}: {e}") from None


def from_dict_and_flags(cls: type[C], data: dict[str, Any], where: str, flags: Iterable[str]) -> C:
    """from_dict, where the settings named in ``flags`` were given as options, not by
    ``where``: a value of theirs that ``cls`` refuses (its own check's message begins with
    the setting's name, as choose's and require's do) is a UsageError naming the option
    (``--lr must be positive, got -1.0``), not a ConfigError blaming ``where``."""
    try:
        return from_dict(cls, data, where)
    except ConfigError as e:
        said = str(e).removeprefix(f"{where}: ")
        fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        for name in flags:
            if said.startswith(f"{name} "):
                raise UsageError(flag_of(fields[name]) + said[len(name) :]) from None
            if said.startswith(f"unknown {name} "):
                raise UsageError(f"{flag_of(fields[name])}: {said}") from None
        raise


def _type_name(annotation: Any) -> str:
    return getattr(annotation, "__name__", str(annotation).replace("typing.", ""))


def to_dict(config: Any) -> dict[str, Any]:
    """Plain dictionary of a config (None values dropped, so it can be written as TOML)."""
    return {k: v for k, v in dataclasses.asdict(config).items() if v is not None}
