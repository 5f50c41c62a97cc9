"""Options generated from settings: a dataclass field with a help text is a command's option.

A command names the dataclasses whose fields are its options::

    @options_from(search=SearchOptions, load=Given(ModelConfig))
    def command(text: Text = None, *, search: SearchOptions, load: dict) -> None: ...

and receives an instance of each (``Given(cls)``: a dict of the values given, None where an
option was not given, for settings that a config file may also set). The option's flags, help
text and choices are the field's metadata (nmt_cli/settings.py, ``setting``); its type and
default are the field's. A value outside a field's choices is a usage error naming them.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import typing
from collections.abc import Callable
from typing import Annotated, Any

import typer

from nmt_cli.settings import check_choice, flag_of, from_options, option_fields


@dataclasses.dataclass(frozen=True)
class Given:
    """The options of ``cls``, passed as {field: value or None} (None: not given)."""

    cls: type


class Only:
    """The options of some fields of ``cls`` (the others keep their defaults)."""

    def __init__(self, cls: type, *names: str):
        self.cls, self.names = cls, names


@dataclasses.dataclass(frozen=True)
class _Option:
    group: str  # the command's parameter that receives the settings
    field: str
    flag: str  # the option's first long name, for messages
    choices: tuple[str, ...] | None


def _parameter(f: dataclasses.Field, annotation: Any, given: bool) -> inspect.Parameter:
    flag = flag_of(f)
    flags = list(f.metadata.get("flags") or (flag,))
    kind, default = annotation, f.default
    if given:  # not given: None, so that a config file's value or the default applies
        kind, default = (annotation | None if annotation is not Any else Any), None
    if annotation is bool and "/" not in flags[0] and (given or default is True):
        flags[0] = f"{flag}/--no-{flag[2:]}"
    choices = f.metadata.get("choices")
    extra = {"metavar": "<" + "|".join(choices) + ">"} if choices else {}
    info = typer.Option(*flags, help=f.metadata["help"], **extra)
    return inspect.Parameter(
        flag[2:].replace("-", "_"),
        inspect.Parameter.KEYWORD_ONLY,
        default=default,
        annotation=Annotated[kind, info],
    )


def options_from(
    **groups: type | Given | Only,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A decorator: the command's keyword parameters ``groups`` become the options of their
    dataclasses' fields (see the module docstring)."""

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        signature = inspect.signature(func, eval_str=True)
        own = [p for name, p in signature.parameters.items() if name not in groups]
        params: list[inspect.Parameter] = []
        options: dict[str, _Option] = {}
        for group, spec in groups.items():
            given = isinstance(spec, Given)
            cls = _class(spec)
            names = spec.names if isinstance(spec, Only) else None
            hints = typing.get_type_hints(cls)
            for f in option_fields(cls):
                if names is not None and f.name not in names:
                    continue
                param = _parameter(f, hints[f.name], given)
                if param.name in options or param.name in {p.name for p in own}:
                    raise TypeError(f"{func.__name__}: two options named {param.name}")
                options[param.name] = _Option(group, f.name, flag_of(f), f.metadata["choices"])
                params.append(param)

        @functools.wraps(func)
        def command(*args: Any, **kwargs: Any) -> Any:
            values: dict[str, dict[str, Any]] = {group: {} for group in groups}
            for name, option in options.items():
                value = kwargs.pop(name)
                if option.choices:
                    check_choice(option.flag, value, option.choices)
                values[option.group][option.field] = value
            for group, spec in groups.items():
                if isinstance(spec, Given):
                    kwargs[group] = values[group]
                else:
                    kwargs[group] = from_options(_class(spec), values[group])
            return func(*args, **kwargs)

        plain = [p for p in own if p.kind is not inspect.Parameter.KEYWORD_ONLY]
        keyword = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own if p not in plain]
        command.__signature__ = inspect.Signature(plain + keyword + params)  # type: ignore[attr-defined]
        # typer reads the signature, not the function's own annotations
        del command.__wrapped__
        command.__annotations__ = {}
        return command

    return decorate


def _class(spec: type | Given | Only) -> type:
    return spec if isinstance(spec, type) else spec.cls
