"""A model directory records the languages it translates between, for sentence splitting.

config.json holds ``"source_language"`` and ``"target_language"`` (ISO 639-1 codes) at its top
level, both or neither; models written before these keys existed still load, with no languages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nmt_cli.errors import ModelLoadError
from nmt_cli.model import ModelConfig
from nmt_cli.model.bundle import read_config, read_languages, write_config

CONFIG = ModelConfig(emb_size=16, hidden_size=16)


def config_json(directory: Path) -> dict:
    return json.loads((directory / "config.json").read_text(encoding="utf-8"))


def test_languages_are_top_level_keys_of_config_json(tmp_path: Path) -> None:
    write_config(tmp_path, CONFIG, 400, 400, languages=("fr", "en"))
    data = config_json(tmp_path)
    assert (data["source_language"], data["target_language"]) == ("fr", "en")
    assert read_languages(tmp_path) == ("fr", "en")
    assert read_config(tmp_path) == (CONFIG, 400, 400)


def test_a_config_without_languages_reads_as_none(tmp_path: Path) -> None:
    write_config(tmp_path, CONFIG, 400, 400)  # as every caller did before languages existed
    assert "source_language" not in config_json(tmp_path)
    assert read_languages(tmp_path) is None
    assert read_config(tmp_path) == (CONFIG, 400, 400)


@pytest.mark.parametrize(
    "keys",
    [
        {"source_language": "fr"},  # one without the other
        {"source_language": "French", "target_language": "en"},
        {"source_language": "fr", "target_language": "EN"},
        {"source_language": "fr", "target_language": None},
    ],
)
def test_a_broken_language_entry_is_a_load_error(tmp_path: Path, keys: dict) -> None:
    write_config(tmp_path, CONFIG, 400, 400)
    data = config_json(tmp_path) | keys
    (tmp_path / "config.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ModelLoadError, match="ISO 639-1"):
        read_languages(tmp_path)


@pytest.mark.parametrize("languages", [("fra", "eng"), ("fr", ""), ("de", "En")])
def test_writing_a_language_that_is_not_a_code_is_refused(tmp_path: Path, languages) -> None:
    with pytest.raises(ValueError, match="ISO 639-1"):
        write_config(tmp_path, CONFIG, 400, 400, languages=languages)
    assert not (tmp_path / "config.json").exists()
