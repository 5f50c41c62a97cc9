"""One way in: `nmt translate`, `nmt score` and `nmt align` load a model one way (loading.py),
the Python API's defaults are the command line's, and every conflict between options is a
usage error before any model is read."""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path

import pytest
from conftest import assert_one_error_line

from nmt_cli.align.rules import PLACING_RULE, LinkRule
from nmt_cli.inference.options import LoadOptions, TranslatorOptions
from nmt_cli.inference.translator import Translator
from nmt_cli.search.options import SearchOptions


class Loaded(Exception):
    """Raised by the load hook: a model was about to be read."""


@pytest.fixture
def load_hook(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """Every model a command starts to load, by name; the load itself stops there."""
    asked: list[str | None] = []

    def resolve(model: str | None):
        asked.append(model)
        raise Loaded(model)

    monkeypatch.setattr("nmt_cli.model.pretrained.resolve_model", resolve)
    return asked


@pytest.fixture
def glossary(tmp_path):
    path = tmp_path / "terms.tsv"
    path.write_text("chat\tcat\n", encoding="utf-8")
    return path


@pytest.fixture
def catalogue(tmp_path):
    path = tmp_path / "messages.po"
    path.write_text('msgid ""\nmsgstr ""\n\nmsgid "Open"\nmsgstr ""\n', encoding="utf-8")
    return path


CONFLICTS = [
    (["--no-protect", "--protect", "[A-Z]+"], "--no-protect"),
    (["--no-protect", "--glossary", "{glossary}"], "--no-protect"),
    (["--markup", "html", "--nbest", "2", "-k", "2"], "--nbest"),
    (["--markup", "html", "--align"], "--align"),
    (["--markup", "html", "--format", "jsonl"], "jsonl"),
    (["--markup", "html", "-i", "{catalogue}"], "--markup"),
    (["--align", "-i", "{catalogue}"], "--align"),
    (["--nbest", "2", "-k", "2", "-i", "{catalogue}"], "--nbest"),
    (["--quantize", "int8", "--precision", "bf16"], "--quantize"),
    (["--word-scores"], "--word-scores"),
    (["--links", "mutual"], "--align"),
    (["--nbest", "3", "-k", "2"], "--nbest"),
]


@pytest.mark.parametrize(("options", "named"), CONFLICTS)
def test_an_option_conflict_is_a_usage_error_before_the_model_loads(
    run_cli, load_hook, glossary, catalogue, options, named
):
    args = [a.format(glossary=glossary, catalogue=catalogue) for a in options]
    text = [] if "-i" in args else ["Bonjour."]
    result = run_cli(["translate", *text, *args])
    assert_one_error_line(result, named, code=2)
    assert load_hook == []


def test_the_load_hook_sees_a_command_without_conflicts(run_cli, load_hook):
    run_cli(["translate", "-m", "fr-en", "Bonjour."])
    assert load_hook == ["fr-en"]


def test_the_python_api_defaults_are_the_command_lines(run_cli, monkeypatch):
    """`nmt translate TEXT` with no option builds the translator Translator.load builds with no
    argument, field by field."""
    defaults = {
        name: p.default for name, p in inspect.signature(Translator.load).parameters.items()
    }
    given = {}

    def load(cls, load, search, options, **kwargs):
        given.update(load=load, search=search, options=options, **kwargs)
        raise Loaded()

    monkeypatch.setattr(Translator, "load", classmethod(load))
    run_cli(["translate", "Bonjour."])
    assert given, "nmt translate did not reach Translator.load"
    for name, cls in [
        ("load", LoadOptions),
        ("search", SearchOptions),
        ("options", TranslatorOptions),
    ]:
        for f in dataclasses.fields(cls):
            cli, api = getattr(given[name], f.name), getattr(defaults[name], f.name)
            assert cli == api, f"{cls.__name__}.{f.name}: the CLI's {cli!r}, the API's {api!r}"
    assert given["link_rule"] == defaults["link_rule"] == LinkRule(PLACING_RULE)
    assert given["aligned"] == defaults["aligned"] is False


def test_the_api_protects_spans_and_splits_sentences_by_default():
    options = TranslatorOptions()
    assert options.protect_spans and options.split and options.restore_case


def test_a_glossary_is_read_once_when_the_options_are_made(glossary, monkeypatch):
    options = TranslatorOptions(glossary=str(glossary))
    monkeypatch.setattr("nmt_cli.protect.glossary.read_glossary", lambda path: 1 / 0)
    assert options.terms == {"chat": "cat"}


def test_loading_a_model_leaves_torchs_threads_alone(monkeypatch):
    import torch

    from nmt_cli.inference.loading import load_model

    calls = []
    monkeypatch.setattr(torch, "set_num_threads", calls.append)
    load_model(LoadOptions("de-en-multi30k-rnn", threads=1))
    assert calls == []


def test_threads_are_set_in_one_place(monkeypatch):
    import torch

    from nmt_cli.inference.loading import use_threads

    calls = []
    monkeypatch.setattr(torch, "set_num_threads", calls.append)
    monkeypatch.setattr(torch, "get_num_threads", lambda: 2)
    assert use_threads(LoadOptions(threads=2)) == 1 and calls == [2]
    calls.clear()
    # two fp32 CPU threads searching batches side by side: one thread each
    assert use_threads(LoadOptions(threads=2), parallel_batches=True) == 2 and calls == [2, 1]


def test_the_readme_python_example_prints_what_it_says(capsys):
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    [code] = re.findall(r"```python\n(.*?)```", readme, re.DOTALL)
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "It's cold this morning."
    assert printed[1].startswith("<p>") and "<b>" in printed[1] and printed[1].endswith("</p>")


def test_a_document_given_as_text_comes_back_as_text_bytes_as_bytes():
    from nmt_cli.documents.translate import translate_text

    translator = Translator.load(LoadOptions("fr-en"))
    catalogue = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\nmsgid "Bonjour."\nmsgstr ""\n'
    out = translate_text(translator, catalogue, "po")
    assert isinstance(out, str) and 'msgid "Bonjour."' in out
    assert isinstance(translate_text(translator, catalogue.encode(), "po"), bytes)
