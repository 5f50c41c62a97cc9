"""bf16 arithmetic at translation and alignment time (training: tests/test_train_data.py)."""

from __future__ import annotations

import pytest
from conftest import assert_one_error_line

from nmt_cli.hardware import precision

needs_bf16 = pytest.mark.skipif(
    not precision.bf16_supported("cpu"), reason="this CPU has no bf16 instructions"
)


def test_bf16_and_int8_together_is_a_usage_error(run_cli):
    result = run_cli(["translate", "--quantize", "int8", "--precision", "bf16", "Bonjour."])
    assert_one_error_line(result, "--quantize", "--precision", code=2)


@needs_bf16
def test_bf16_translation_keeps_one_line_per_line(run_cli):
    result = run_cli(["translate", "--precision", "bf16"], input=b"Il fait froid.\n\nBonjour.\n")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.split("\n")
    assert len(lines) == 4 and lines[1] == "" and lines[0] and lines[2]


@needs_bf16
def test_bf16_translation_searches_with_bf16_weights_and_float32_scores():
    """bf16 search stores the weights in bfloat16 (no per-step casts); its scores stay float32,
    and on everyday sentences it finds fp32's translations."""
    import torch

    from nmt_cli.inference.loading import LoadedModel
    from nmt_cli.inference.translator import AS_GIVEN, Translator
    from nmt_cli.model.bundle import load_bundle
    from nmt_cli.model.pretrained import resolve_model
    from nmt_cli.search.decoding import SearchOptions

    lines = ["Il fait froid ce matin.", "Je ne sais pas.", "Où est la gare ?", "Merci beaucoup."]
    found = {}
    for arithmetic in ("fp32", "bf16"):
        bundle = load_bundle(resolve_model("fr-en"))
        translator = Translator(LoadedModel(bundle, arithmetic), SearchOptions(beam=5), AS_GIVEN)
        assert {p.dtype for p in translator.loaded.model.parameters()} == {
            torch.bfloat16 if arithmetic == "bf16" else torch.float32
        }
        found[arithmetic] = [t[0] for t in translator.translate(lines, with_alignment=True)]
    assert [t.text for t in found["bf16"]] == [t.text for t in found["fp32"]]
    for bf16, fp32 in zip(found["bf16"], found["fp32"]):
        assert isinstance(bf16.score, float) and bf16.score == pytest.approx(fp32.score, abs=0.1)
        assert bf16.attention.dtype == torch.float32 and bf16.alignment


@needs_bf16
def test_bf16_alignment_finds_the_links_of_fp32(run_cli):
    pair = ["--source", "le chat dort .", "--target", "the cat sleeps .", "--format", "pharaoh"]
    fp32 = run_cli(["align", "-m", "fr-en", *pair])
    bf16 = run_cli(["align", "-m", "fr-en", *pair, "--precision", "bf16"])
    assert bf16.exit_code == 0, bf16.stderr
    assert bf16.stdout == fp32.stdout


def test_auto_precision_without_bf16_instructions_translates_in_fp32(run_cli, monkeypatch):
    monkeypatch.setattr(precision, "bf16_supported", lambda device: False)
    auto = run_cli(["translate", "--precision", "auto", "Il fait froid."])
    fp32 = run_cli(["translate", "Il fait froid."])
    assert auto.exit_code == 0 and auto.stdout == fp32.stdout
    assert_one_error_line(run_cli(["translate", "--precision", "bf16", "Il fait froid."]), "bf16")


def test_padding_matmul_rows_changes_no_output_or_gradient():
    """bf16 pads each linear layer's rows to a multiple of 64 (fewer kernel shapes); the model
    must compute exactly what it computed unpadded, forward and backward, at any batch size."""
    import torch

    from nmt_cli.model import ModelConfig, build_model

    config = ModelConfig(arch="transformer", hidden_size=16, ff_size=32, heads=2, dropout=0.0)
    torch.manual_seed(0)
    model = build_model(config, 30, 30)
    src, tgt = torch.randint(4, 30, (3, 7)), torch.randint(4, 30, (3, 5))  # 15 target rows
    lengths = torch.tensor([7, 6, 4])
    logits, _ = model(src, lengths, tgt)
    grads = torch.autograd.grad(logits.square().sum(), list(model.parameters()))
    handles = precision.pad_matmul_rows(model, block=8)
    seen = []  # rows the output projection multiplies: 15 target positions padded to 16
    handles.append(model.output.register_forward_hook(lambda m, args, out: seen.append(args[0])))
    padded, _ = model(src, lengths, tgt)
    assert seen[0].shape == (16, 16) and seen[0][15].abs().sum() == 0
    padded_grads = torch.autograd.grad(padded.square().sum(), list(model.parameters()))
    assert padded.shape == logits.shape and torch.allclose(padded, logits, atol=1e-6)
    assert all(torch.allclose(a, b, atol=1e-6) for a, b in zip(padded_grads, grads))
    for handle in handles:
        handle.remove()


def test_an_int8_layer_gives_each_row_what_it_gives_that_row_alone():
    """A sentence's int8 translation cannot depend on the sentences batched with it."""
    import torch

    from nmt_cli.inference.quantize import Int8Linear

    torch.manual_seed(0)
    linear = torch.nn.Linear(16, 24)
    layer = Int8Linear(linear)
    x = torch.randn(5, 3, 16) * torch.tensor([1.0, 30.0, 0.01]).view(1, 3, 1)  # (B, T, K)
    together = layer(x)  # (B, T, N)
    for b in range(5):
        assert torch.equal(layer(x[b : b + 1]), together[b : b + 1])
    assert torch.allclose(together, linear(x), rtol=0.05, atol=0.05 * float(x.abs().max()))
    assert layer(torch.zeros(0, 16)).shape == (0, 24)


def test_a_onednn_layer_computes_the_linear_layer_and_each_row_as_alone():
    """fp32 inference on the CPU runs linear layers through oneDNN: the layer's numbers up to
    float rounding, and a row's result the same bits whatever rows are batched with it."""
    import torch

    from nmt_cli.inference.onednn import OneDNNLinear, available

    if not available():
        pytest.skip("this torch has no oneDNN linear operator")
    torch.manual_seed(0)
    linear = torch.nn.Linear(24, 40)
    layer = OneDNNLinear(linear)
    x = torch.randn(70, 24)
    with torch.no_grad():
        y = layer(x)
        assert y.shape == (70, 40)
        assert torch.allclose(y, linear(x), atol=1e-5)
        for rows in (slice(0, 1), slice(3, 8), slice(10, 43)):
            assert torch.equal(layer(x[rows]), y[rows])
        assert layer(x.view(7, 10, 24)).shape == (7, 10, 40)
        assert layer(x[:0]).shape == (0, 40)
