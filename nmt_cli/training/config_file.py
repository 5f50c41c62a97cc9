"""A new run's settings: a TOML config file's ``[model]``, ``[train]`` and ``[data]`` tables
(`nmt train --config`), overridden by the flags given; a run that starts from a model (``init``)
keeps that model's vocabulary and sizes.

    [model]                       [train]                 [data]
    arch = "transformer"          lr = 5e-4               source_language = "fr"
    guided_alignment = true       teacher = "auto"        train = [{src = "a.fr", tgt = "a.en"}]
                                                          valid = [{src = "v.fr", tgt = "v.en"}]
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from pathlib import Path
from typing import Any

from nmt_cli.errors import ConfigError, InputError, UsageError
from nmt_cli.model.bundle import LANGUAGE_CODE, read_config, read_languages
from nmt_cli.model.config import ARCHS, ModelConfig, unread, unread_by_choice
from nmt_cli.settings import flag_of, from_dict_and_flags, read_document, to_dict
from nmt_cli.training.config import TEACHERS, CorpusFiles, RunSpec, TrainConfig, corpora_from
from nmt_cli.training.corpora import declared_languages

TABLES = ("model", "train", "data")
DATA_KEYS = ("train", "valid", "source_language", "target_language")
# What fine-tuning may change in the model it starts from; the rest (vocabulary, sizes) is fixed.
INIT_MAY_CHANGE = ("dropout", "ff_dropout", "guided_alignment", "full_context_alignment")


def read_toml_config(path: Path) -> dict[str, dict[str, Any]]:
    """The [model], [train] and [data] tables of a TOML config file."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    missing = InputError(f"{path}: no such config file")
    data = read_document(path, tomllib.loads, "TOML", missing, ConfigError)
    unknown = set(data) - set(TABLES)
    if unknown:
        raise ConfigError(
            f"{path}: unknown table(s) {sorted(unknown)}; use [model], [train] and [data]"
        )
    return {t: data.get(t, {}) for t in TABLES}


def build_spec(
    data: dict[str, Any],
    config_file: Path | None,
    model_flags: dict[str, Any],
    train_flags: dict[str, Any],
    tokenizer: str | None,
) -> RunSpec:
    """Settings from the config file, overridden by flags that were given (not None).

    ``data``: "train" and "valid" lists of corpora (empty: take the file's [data] table), and
    "languages" (source, target) or None."""
    tables = read_toml_config(config_file) if config_file else {t: {} for t in TABLES}
    model_table = {**tables["model"], **{k: v for k, v in model_flags.items() if v is not None}}
    train_table = {**tables["train"], **{k: v for k, v in train_flags.items() if v is not None}}
    where = str(config_file) if config_file else "options"
    file_data = dict(tables["data"])
    unknown = set(file_data) - set(DATA_KEYS)
    if unknown:
        raise ConfigError(
            f"{where}: [data]: unknown key(s) {sorted(unknown)}; the keys are "
            f'{", ".join(DATA_KEYS)} (train = [{{src = "a.fr", tgt = "a.en"}}])'
        )
    corpora = data["train"] or corpora_from(file_data.get("train", []), f"{where}: [data] train")
    valid = data["valid"] or corpora_from(file_data.get("valid", []), f"{where}: [data] valid")
    missing = [name for name, sets in (("training", corpora), ("validation", valid)) if not sets]
    if missing:
        raise UsageError(f"missing {' and '.join(missing)} data")
    init = data.get("init")
    languages = _languages(data, file_data, [*corpora, *valid], init, where)
    by_flag = train_flags.get("teacher") is not None
    corpora, train_table = teacher_file_as_links(corpora, train_table, None if by_flag else where)
    flags = [k for k, v in model_flags.items() if v is not None and k != "dec_layers"]
    train_given = [k for k, v in train_flags.items() if v is not None and k in train_table]
    base = to_dict(read_config(init)[0]) if init is not None else {}
    arch = base.get("arch", model_table.get("arch", "rnn"))
    _check_family(arch, list(tables["model"]), flags, where)  # --init: that model's family
    _check_choices({**base, **model_table}, list(tables["model"]), flags, where)
    if init is not None:
        given = (flags, where)  # what the flags set; the rest of model_table is where's
        model_table, languages = _from_init(init, model_table, tokenizer, languages, given)
    flag_links = any(c.alignments for c in data["train"])  # --alignments
    _check_guidance(model_table, corpora, train_flags, flag_links, where)
    model = from_dict_and_flags(ModelConfig, model_table, f"{where}: [model]", flags)
    train = from_dict_and_flags(TrainConfig, train_table, f"{where}: [train]", train_given)
    if "max_len" in train_table:  # given: by flag, or the file's key
        _check_max_len(model, train, "max_len" in train_given, where)
    return RunSpec(
        corpora=corpora,
        valid=valid,
        model=model,
        train=train,
        tokenizer=tokenizer,
        languages=tuple(languages) if languages else None,
        init=str(init) if init is not None else None,
    )


def _check_max_len(model: ModelConfig, train: TrainConfig, by_flag: bool, where: str) -> None:
    """A UsageError (--max-len) or ConfigError (``where``'s [train] max_len) where the
    max_len given lets a Transformer be given pairs longer than its positions: training
    would fail on them."""
    if model.arch != "transformer" or train.max_len <= model.max_positions:
        return
    name = "--max-len" if by_flag else f"{where}: [train] max_len"
    raise (UsageError if by_flag else ConfigError)(
        f"{name} {train.max_len}: a Transformer of max_positions {model.max_positions} reads "
        f"pairs of at most {model.max_positions} subwords"
    )


def _check_guidance(
    model_table: dict, corpora: list[CorpusFiles], train_flags: dict, flag_links: bool, where: str
) -> None:
    """A UsageError where a run without guided alignment is given its settings by flag
    (--alignments: ``flag_links``, --guided-weight, --teacher), a ConfigError where ``where``
    gives a corpus links: trained without guidance, silently, they would be read for nothing."""
    if model_table.get("guided_alignment", ModelConfig.guided_alignment):
        return
    fields = {f.name: f for f in dataclasses.fields(TrainConfig)}
    given = [flag_of(fields[k]) for k in ("guided_weight", "teacher") if train_flags.get(k)]
    if flag_links:
        given.insert(0, "--alignments")
    if given:
        raise UsageError(
            f"{', '.join(given)}: guided alignment is off; add --guided-alignment to train "
            "with it, or leave them out"
        )
    if any(c.alignments for c in corpora):
        raise ConfigError(
            f"{where}: a corpus has alignments but guided alignment is off; set [model] "
            "guided_alignment = true, or leave them out"
        )


def _check_family(arch: str, keys: list[str], flags: list[str], where: str) -> None:
    """A UsageError where a flag given, else a ConfigError where a key of ``where``'s [model]
    table, is a setting of the other family: the model built would not read it (``--cell
    lstm`` for a Transformer)."""
    if arch not in ARCHS:
        return  # ModelConfig names the families
    family = f"{'an RNN' if arch == 'rnn' else 'a Transformer'} (arch {arch!r})"
    if wrong := unread(arch, flags):
        fields = {f.name: f for f in dataclasses.fields(ModelConfig)}
        names = ", ".join(flag_of(fields[n]) for n in wrong)
        raise UsageError(f"{names}: not read by {family}; leave out or choose the other arch")
    if wrong := unread(arch, keys):
        raise ConfigError(f"{where}: [model] {', '.join(wrong)}: not read by {family}")


def _check_choices(settings: dict, keys: list[str], flags: list[str], where: str) -> None:
    """A UsageError where a flag given, else a ConfigError where a key of ``where``'s [model]
    table, is an RNN setting away from its default that the attention (or style) chosen does
    not read (``--heads 8`` with additive attention): the model built would ignore it."""
    fields = {f.name: f for f in dataclasses.fields(ModelConfig)}
    for name, choice, value in unread_by_choice(settings, flags):
        chosen = settings.get(choice, fields[choice].default)
        raise UsageError(
            f"{flag_of(fields[name])}: read only with {flag_of(fields[choice])} {value}, not "
            f"with {choice} {chosen!r}; leave it out or choose {flag_of(fields[choice])} {value}"
        )
    for name, choice, value in unread_by_choice(settings, keys):
        chosen = settings.get(choice, fields[choice].default)
        raise ConfigError(
            f"{where}: [model] {name}: read only with {choice} = {value!r}, not with "
            f"{choice} {chosen!r}; leave it out or set {choice} = {value!r}"
        )


def _languages(data: dict, file_data: dict, corpora: list[CorpusFiles], init, where: str):
    """The run's languages: the flags', else ``file_data``'s ([data] source_language), else
    (unless the --init model records its own) those the first memory that names them does,
    as score and align read them: one given takes the file's other side."""
    languages = data.get("languages")
    if languages is None and "source_language" in file_data:
        languages = (file_data["source_language"], file_data.get("target_language", ""))
    if init is None or read_languages(Path(init)) is None:
        given = tuple(languages) if languages else ("", "")
        if not all(given):
            found = declared_languages(corpora, given)
            languages = found if all(found) else languages
    return run_languages(languages, data.get("languages") is not None, where)


def run_languages(languages, by_flags: bool, where: str) -> tuple[str, str] | None:
    """The run's (source, target) languages as given (None: none), checked before any data is
    read, not once a tokenizer is trained and config.json written: both, each an ISO 639-1 code
    (what a model records; a memory's ``fr-FR`` or ``fr_CA`` matches ``fr``), in any case.
    A UsageError (``by_flags``: --src-lang, --tgt-lang) or ConfigError (``where``'s [data])."""
    if not languages:
        return None
    if by_flags:
        error, names = UsageError, ("--src-lang", "--tgt-lang")
    else:
        error, names = ConfigError, (f"{where}: [data] source_language", "target_language")
    codes = []
    for name, given in zip(names, languages, strict=True):
        code = given.strip().lower() if isinstance(given, str) else given
        if not given:
            raise error(f"give {names[0]} and {names[1]} together (a memory's two sides)")
        if not isinstance(code, str) or not LANGUAGE_CODE.fullmatch(code):
            raise error(
                f"{name} must be an ISO 639-1 code like 'fr', not {given!r} (it matches a "
                "memory's fr-FR and fr_CA)"
            )
        codes.append(code)
    return codes[0], codes[1]


def teacher_file_as_links(
    corpora: list[CorpusFiles], train_table: dict[str, Any], where: str | None
) -> tuple[list[CorpusFiles], dict[str, Any]]:
    """The corpora and [train] settings of a teacher given as a FILE of links rather than by
    name: the file is the one corpus's alignments, and the teacher setting is left out (so
    ``auto``; no corpus then needs one). ``where``: the config file whose [train] table gave the
    teacher (a config error names it), or None: the flag --teacher did (a usage error)."""
    teacher = train_table.get("teacher")
    if not isinstance(teacher, str) or teacher in TEACHERS:
        return corpora, train_table  # a name (or a wrong type, which TrainConfig reports)
    if where is None:
        error, name, links = UsageError, "--teacher", "--alignments"
    else:
        error, name, links = ConfigError, f"{where}: [train] teacher", "alignments"
    if not Path(teacher).is_file():
        raise error(
            f"{name} must be {', '.join(TEACHERS)} or a file of links; {teacher}: no such file"
        )
    if any(c.alignments for c in corpora):
        raise error(f"give links once: {name} FILE or {links}")
    if len(corpora) != 1:
        raise error(f"{name} FILE gives the links of one corpus; give {links} per corpus")
    if corpora[0].pairs is not None:
        raise error(f"{name} FILE gives links of src and tgt lines, not of a file of pairs")
    rest = {k: v for k, v in train_table.items() if k != "teacher"}
    return [replace(corpora[0], alignments=teacher)], rest


def _from_init(init: Path, model_table: dict, tokenizer, languages, given: tuple[list, str]):
    """The model settings of a run that starts from the model in ``init``. ``given``: the
    [model] settings that flags set, and the config file that set the others: a size the
    model keeps, changed, is a UsageError naming the flags, else a ConfigError naming the key."""
    base = to_dict(read_config(init)[0])
    fixed = [k for k, v in model_table.items() if k not in INIT_MAY_CHANGE and base.get(k) != v]
    flags, where = given
    fields = {f.name: f for f in dataclasses.fields(ModelConfig)}
    # --layers sets enc_layers and dec_layers: one flag
    by_flag = {flag_of(fields[k]) for k in fixed if k in flags}
    by_flag |= {"--layers" for k in fixed if k == "dec_layers" and "enc_layers" in flags}
    may = ", ".join(INIT_MAY_CHANGE)
    if by_flag:
        options = [flag_of(fields[k]) for k in INIT_MAY_CHANGE if fields[k].metadata.get("help")]
        raise UsageError(
            f"{', '.join(sorted(by_flag))} cannot change when starting from {init}: the model "
            f"keeps its vocabulary and sizes (only {', '.join(options)} can); leave it out"
        )
    if fixed:
        raise ConfigError(
            f"{where}: [model] {', '.join(sorted(fixed))} cannot change when starting from "
            f"{init}: the model keeps its vocabulary and sizes (only {may} can)"
        )
    if tokenizer is not None:
        raise UsageError(f"--tokenizer: a run that starts from {init} uses its tokenizer")
    changed = {k: v for k, v in model_table.items() if k in INIT_MAY_CHANGE}
    return {**base, **changed}, languages or read_languages(init)


def init_languages_notice(spec: RunSpec) -> str | None:
    """What a run that starts from a model of other languages than its own does, or None:
    fine-tuning to another pair (transfer learning, Zoph et al. 2016) is legitimate, but the
    model keeps the tokenizer its languages trained, and the run records the new languages."""
    if spec.init is None or spec.languages is None:
        return None
    before = read_languages(Path(spec.init))
    if before is None or tuple(before) == tuple(spec.languages):
        return None
    old, new = "->".join(before), "->".join(spec.languages)
    return (
        f"--init {spec.init}: a {old} model, fine-tuned here on {new}; it keeps its {old} "
        f"tokenizer and this run records {new} (check --src-lang/--tgt-lang if that is not meant)"
    )
