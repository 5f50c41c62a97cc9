"""The GNMT length penalty: one object for its bounds, its formula, where a model records it and
the exponent CTranslate2 is given; `nmt translate` and `nmt export` refuse an alpha out of
bounds alike."""

from __future__ import annotations

import json
import math

import pytest
from conftest import assert_one_error_line

from nmt_cli.errors import ModelLoadError
from nmt_cli.length_penalty import (
    DEFAULT_LENGTH_PENALTY,
    NEAR_ZERO,
    NO_LENGTH_PENALTY,
    LengthPenalty,
)
from nmt_cli.search.options import SearchOptions


def test_the_divisor_is_gnmts():
    assert LengthPenalty(0.0).divisor(7) == 1.0
    assert LengthPenalty(1.0).divisor(1) == pytest.approx(1.0)  # (5 + 1) / 6
    assert LengthPenalty(0.5).divisor(7) == pytest.approx(math.sqrt(12 / 6))
    # the float64 expression itself, so that scores stay bit-identical
    assert LengthPenalty(0.6).divisor(9) == ((5 + 9) / 6) ** 0.6


def test_a_score_is_the_log_prob_over_the_divisor():
    assert LengthPenalty(2.0).score(-3.0, 7) == -3.0 / ((5 + 7) / 6) ** 2.0
    assert NO_LENGTH_PENALTY.score(-3.0, 7) == -3.0  # alpha 0 ranks by log-prob
    # a larger alpha favours the longer of two hypotheses of one log-prob
    assert LengthPenalty(1.0).score(-3.0, 12) > LengthPenalty(1.0).score(-3.0, 4)


def test_the_default_alpha_is_0_6():
    assert DEFAULT_LENGTH_PENALTY.alpha == 0.6
    assert SearchOptions().penalty() == DEFAULT_LENGTH_PENALTY


@pytest.mark.parametrize("alpha", [-0.1, 10.5, math.nan, math.inf, True, "2"])
def test_alpha_is_a_number_from_0_to_10(alpha):
    with pytest.raises(ValueError, match="must be a number from 0 to 10"):
        LengthPenalty(alpha)


def test_the_bounds_themselves_are_alphas():
    assert LengthPenalty(0).alpha == 0.0 and LengthPenalty(10).alpha == 10.0
    assert isinstance(LengthPenalty(2).alpha, float)  # recorded as 2.0, as the option gives it


def test_a_config_records_the_penalty_where_it_is_read():
    config: dict = {}
    LengthPenalty(1.8).record(config)
    assert config == {"length_penalty": 1.8}
    assert LengthPenalty.read(config, "config.json") == LengthPenalty(1.8)
    assert LengthPenalty.read({}, "config.json") is None  # a model that records none


@pytest.mark.parametrize("value", ['"high"', "-0.5", "true", "11"])
def test_a_bad_recorded_penalty_names_the_file_and_the_key(value):
    config = json.loads(f'{{"length_penalty": {value}}}')
    with pytest.raises(ModelLoadError, match=r"^m/config.json: length_penalty must be a number"):
        LengthPenalty.read(config, "m/config.json", ModelLoadError)


def test_the_ctranslate2_exponent_grows_as_the_divisor_at_the_length():
    penalty, length = LengthPenalty(1.8), 20
    b = penalty.ctranslate2_exponent(length)
    assert b == 1.8 * 20 / (5 + 20)
    # d log(L ** b) / d log L equals d log(divisor(L)) / d log L at L = length
    h = 1e-6
    log_l = math.log(length)

    def log_divisor(x: float) -> float:
        return penalty.alpha * math.log((5 + math.exp(x)) / 6)

    slope = (log_divisor(log_l + h) - log_divisor(log_l - h)) / (2 * h)
    assert slope == pytest.approx(b, rel=1e-6)


def test_the_ctranslate2_exponent_of_alpha_0_is_near_zero_not_zero():
    # 0 would let CTranslate2 end a sentence as soon as its best beam ends
    assert NO_LENGTH_PENALTY.ctranslate2_exponent(12) == NEAR_ZERO > 0


@pytest.mark.parametrize("value", ["-1", "11", "nan"])
def test_translate_refuses_a_length_penalty_out_of_range(run_cli, value):
    result = run_cli(["translate", "--length-penalty", value, "Bonjour"])
    assert_one_error_line(result, "--length-penalty", "from 0 to 10", code=2)
