"""Options generated from settings: a dataclass field with a help text is a command's option.

A command's keyword-only parameters annotated with settings dataclasses are its groups of
options::

    @options_from
    def command(
        text: Text = None,
        *,
        search: SearchOptions,
        load: Annotated[LoadOptions, Only("model", "device")],
        model: Annotated[dict[str, Any], Given(ModelConfig)],
    ) -> None: ...

and it receives an instance of each, or what ``Only`` and ``Given`` say (nmt_cli/settings.py).
An option's flags, help text and choices are the field's metadata (``setting``); its type and
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

from nmt_cli import settings
from nmt_cli.settings import Given, Only, SettingsGroup, check_choice, flag_of, settings_group

__all__ = ["Given", "Only", "options_from"]  # the marks, re-exported for the commands


@dataclasses.dataclass(frozen=True)
class _Option:
    group: str  # the command's parameter that receives the settings
    field: str
    flag: str  # the option's long names, for messages
    choices: tuple[str, ...] | None


def _parameter(f: dataclasses.Field, annotation: Any, given: bool) -> inspect.Parameter:
    flag = flag_of(f)
    flags = list(f.metadata.get("flags") or (flag,))
    kind, default = annotation, f.default
    if given:  # not given: None, so that a config file's value or the default applies
        kind, default = (annotation | None if annotation is not Any else Any), None
    if annotation is bool and "/" not in flags[0] and (given or default is True):
        flags[0] = f"{flag}/--no-{flag[2:]}"
    extra = {"metavar": f.metadata["metavar"]} if f.metadata.get("metavar") else {}
    info = typer.Option(*flags, help=f.metadata["help"], **extra)
    return inspect.Parameter(
        flag[2:].replace("-", "_"),
        inspect.Parameter.KEYWORD_ONLY,
        default=default,
        annotation=Annotated[kind, info],
    )


def options_from(func: Callable[..., Any]) -> Callable[..., Any]:
    """A decorator: the command's keyword-only parameters annotated with settings become the
    options of their dataclasses' fields (see the module docstring)."""
    signature = inspect.signature(func, eval_str=True)
    groups: dict[str, SettingsGroup] = {}
    for name, p in signature.parameters.items():
        keyword = p.kind is inspect.Parameter.KEYWORD_ONLY
        group = settings_group(p.annotation) if keyword else None
        if group is not None:
            groups[name] = group
    own = [p for name, p in signature.parameters.items() if name not in groups]
    params: list[inspect.Parameter] = []
    options: dict[str, _Option] = {}
    for name, group in groups.items():
        hints = typing.get_type_hints(group.cls)
        for f in group.fields():
            param = _parameter(f, hints[f.name], group.given)
            if param.name in options or param.name in {p.name for p in own}:
                raise TypeError(f"{func.__name__}: two options named {param.name}")
            options[param.name] = _Option(
                name, f.name, settings.flags_named(f), f.metadata["choices"]
            )
            params.append(param)

    @functools.wraps(func)
    def command(*args: Any, **kwargs: Any) -> Any:
        values: dict[str, dict[str, Any]] = {name: {} for name in groups}
        for name, option in options.items():
            value = kwargs.pop(name)
            if option.choices:
                check_choice(option.flag, value, option.choices)
            values[option.group][option.field] = value
        for name, group in groups.items():
            kwargs[name] = group.build(values[name])
        return func(*args, **kwargs)

    plain = [p for p in own if p.kind is not inspect.Parameter.KEYWORD_ONLY]
    keyword = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own if p not in plain]
    command.__signature__ = inspect.Signature(plain + keyword + params)  # type: ignore[attr-defined]
    # typer reads the signature, not the function's own annotations
    del command.__wrapped__
    command.__annotations__ = {}
    return command
