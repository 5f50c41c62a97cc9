"""A Transformer model directory as a CTranslate2 model directory.

CTranslate2 (the optional extra ``ctranslate2``) runs Transformer translation models in C++.
:func:`export_ctranslate2` describes a loaded model with its Python ``TransformerSpec`` and saves
a directory that ``ctranslate2.Translator(DIR)`` loads on its own:

    DIR/model.bin                  the weights, float32 or int8 (CTranslate2's format)
    DIR/config.json                CTranslate2's settings: sources end with </s>, decoding
                                   starts at <s>, layer norm epsilon
    DIR/shared_vocabulary.json     the tokenizer's pieces in id order (source and target)
    DIR/tokenizer.json             the model's own tokenizer, for `nmt translate`
    DIR/nmt-cli.json               what `nmt translate --engine ctranslate2` needs besides:
                                   the model config, languages, length penalty, quantization

What the spec has to say that CTranslate2 would otherwise do differently:

- positions: CTranslate2's built-in sinusoid puts the sines and cosines in two halves; ours
  interleaves them (nmt_cli/model/embeddings.py), so the table is stored, row 0 for the first
  position of the source and for <s>;
- the projection to the vocabulary gets a bias that rules out <pad> and <s> as output tokens,
  which nmt-cli's search never chooses (search/hypothesis.py ``forbid_tokens``);
- attention layers are fused as CTranslate2 computes them (queries, keys and values of
  self-attention in one matrix; keys and values of cross-attention in one); the model
  directory itself keeps its tensor names;
- the attention it returns is the one `nmt translate --align` reads: the alignment layer,
  its heads averaged (a guided model: head 0).

Full-context alignment (a second decoder pass, training's guided alignment) is not exported:
CTranslate2 translates with such a model, but its attention is that of the translation pass.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nmt_cli.errors import ConfigError, ModelLoadError, OutputError
from nmt_cli.hardware.precision import QUANTIZATIONS
from nmt_cli.length_penalty import LengthPenalty
from nmt_cli.model.bundle import (
    EXPORT_SETTINGS_FILE,
    KNOWN_WORDS_FILE,
    TARGET_WORDS_FILE,
    copy_resources,
    write_words,
)
from nmt_cli.model.config import ModelConfig
from nmt_cli.output import atomic_directory
from nmt_cli.settings import from_dict, read_document, to_dict
from nmt_cli.vocab import BOS, PAD, SPECIAL_TOKENS

SETTINGS_FILE = EXPORT_SETTINGS_FILE  # beside CTranslate2's own config.json
FORMAT = "nmt-cli-ctranslate2"
FORMAT_VERSION = 1
LAYER_NORM_EPSILON = 1e-5  # torch.nn.LayerNorm's default, which the model is built with
# Added to the logits of tokens the search never outputs: their probability is exactly 0 in
# float32 and the value stays finite in float16.
NEVER = -1.0e4
INSTALL_HINT = "pip install 'nmt-cli[ctranslate2]'"


def import_ctranslate2():
    """The ctranslate2 package, or one clear error saying how to install it."""
    try:
        import ctranslate2
    except ImportError:
        raise ConfigError(f"the ctranslate2 engine is not installed: {INSTALL_HINT}") from None
    return ctranslate2


@dataclass(frozen=True)
class ExportedModel:
    """The settings nmt-cli keeps in DIR/nmt-cli.json of a CTranslate2 export."""

    config: ModelConfig
    vocab_size: int
    languages: tuple[str, str] | None
    length_penalty: LengthPenalty | None
    quantization: str | None  # None: float32 weights
    alignment_exported: bool  # False: a full-context alignment model (its pass is not)


def export_ctranslate2(bundle, output: Path, quantization: str | None = None) -> ExportedModel:
    """Write ``bundle`` (a loaded Transformer model directory) to ``output`` as a CTranslate2
    model, its weights float32 or quantized (``"int8"``). The directory appears complete or not
    at all; one that exists is replaced only if it holds a CTranslate2 export."""
    if quantization not in (None, *QUANTIZATIONS):
        raise ConfigError(f"quantization must be one of {', '.join(QUANTIZATIONS)}")
    config = bundle.config
    if config.arch != "transformer":
        raise ConfigError(
            f"--format ctranslate2 exports Transformers; this model is arch {config.arch}, "
            "which CTranslate2 has no spec for"
        )
    ctranslate2 = import_ctranslate2()
    pieces = _vocabulary(bundle.tokenizer)
    spec = transformer_spec(bundle.model, ctranslate2.specs)
    spec.register_source_vocabulary(pieces)
    spec.register_target_vocabulary(pieces)
    spec.config.add_source_eos = True  # the model was trained on sources ending with </s>
    spec.config.decoder_start_token = SPECIAL_TOKENS[BOS]
    spec.config.layer_norm_epsilon = LAYER_NORM_EPSILON
    spec.validate()
    spec.optimize(quantization=quantization)
    exported = ExportedModel(
        config=config,
        vocab_size=len(pieces),
        languages=bundle.languages,
        length_penalty=bundle.length_penalty,
        quantization=quantization,
        alignment_exported=not config.full_context_alignment,
    )
    _check_replaceable(output)
    with atomic_directory(output) as tmp:
        spec.save(str(tmp))
        bundle.tokenizer.save(tmp / "tokenizer.json")
        if bundle.known_words is not None:  # the translator copies the other names
            write_words(tmp / KNOWN_WORDS_FILE, bundle.known_words)
        if bundle.target_words is not None:
            write_words(tmp / TARGET_WORDS_FILE, bundle.target_words)
        copy_resources(bundle.path, tmp)
        (tmp / SETTINGS_FILE).write_text(_settings_json(exported), encoding="utf-8")
    return exported


def _vocabulary(tokenizer) -> list[str]:
    """The tokenizer's pieces in id order; CTranslate2 maps pieces to ids through this list, so
    two ids may not share a piece."""
    pieces = [tokenizer.id_to_piece(i) for i in range(tokenizer.vocab_size)]
    twice = [piece for piece, n in Counter(pieces).items() if n > 1]
    if twice:
        raise ConfigError(f"the tokenizer has the piece {twice[0]!r} twice; CTranslate2 needs one")
    return pieces


def transformer_spec(model, specs) -> Any:
    """The ``specs.TransformerSpec`` of a Seq2Seq Transformer, its weights set (float32)."""
    c: ModelConfig = model.config
    decoder = model.decoder
    guided = c.guided_alignment
    spec = specs.TransformerSpec.from_config(
        (c.enc_layers, c.dec_layers),
        c.heads,
        pre_norm=c.pre_norm,
        alignment_layer=decoder.align_layer,
        alignment_heads=1 if guided else c.heads,  # head 0, or the heads averaged
    )
    positions = model.encoder.embed.positions  # (P, H), the same table in the decoder
    _set_embeddings(spec.encoder, model.src_embed, positions)
    _set_embeddings(spec.decoder, model.tgt_embed, positions)
    for layer_spec, layer in zip(spec.encoder.layer, model.encoder.layers):
        _set_attention(layer_spec.self_attention, layer.self_attn, layer.sub1.norm, fused=3)
        _set_feed_forward(layer_spec.ffn, layer.ff, layer.sub2.norm)
    for layer_spec, layer in zip(spec.decoder.layer, decoder.layers):
        _set_attention(layer_spec.self_attention, layer.self_attn, layer.sub1.norm, fused=3)
        _set_attention(layer_spec.attention, layer.cross_attn, layer.sub2.norm, fused=2)
        _set_feed_forward(layer_spec.ffn, layer.ff, layer.sub3.norm)
    if c.pre_norm:  # post-norm layers end in their own norm; pre-norm stacks have a last one
        _set_norm(spec.encoder.layer_norm, model.encoder.norm)
        _set_norm(spec.decoder.layer_norm, decoder.norm)
    import numpy as np

    weight = _array(model.output.weight)  # (V, H)
    bias = np.zeros(weight.shape[0], dtype=np.float32)  # (V,)
    bias[[PAD, BOS]] = NEVER
    spec.decoder.projection.weight = weight
    spec.decoder.projection.bias = bias
    return spec


def _array(tensor):
    """A float32 numpy copy of a parameter."""
    return tensor.detach().float().cpu().numpy().copy()


def _set_embeddings(spec, embed, positions) -> None:
    # the encoder's spec has a table per source factor (one here), the decoder's one table
    table = spec.embeddings[0] if isinstance(spec.embeddings, list) else spec.embeddings
    table.weight = _array(embed.weight)
    spec.scale_embeddings = True  # embeddings times sqrt(d), as PositionalEmbedding does
    spec.position_encodings.encodings = _array(positions)


def _set_norm(spec, norm) -> None:
    spec.gamma = _array(norm.weight)
    spec.beta = _array(norm.bias)


def _set_linear(spec, linears) -> None:
    """One CTranslate2 linear layer from several of ours stacked along their outputs."""
    import numpy as np

    spec.weight = np.concatenate([_array(x.weight) for x in linears])  # (sum of outputs, in)
    spec.bias = np.concatenate([_array(x.bias) for x in linears])


def _set_attention(spec, attention, norm, fused: int) -> None:
    """Self-attention (``fused=3``): linear[0] computes queries, keys and values. Cross-attention
    (``fused=2``): linear[0] the queries, linear[1] the keys and values of the encoder states.
    The last linear is the output projection; ``norm`` is the sub-layer's norm."""
    a = attention
    if fused == 3:
        _set_linear(spec.linear[0], [a.q_proj, a.k_proj, a.v_proj])
    else:
        _set_linear(spec.linear[0], [a.q_proj])
        _set_linear(spec.linear[1], [a.k_proj, a.v_proj])
    _set_linear(spec.linear[-1], [a.out_proj])
    _set_norm(spec.layer_norm, norm)


def _set_feed_forward(spec, ff, norm) -> None:
    first, _, _, second = ff.net  # Linear, ReLU, Dropout, Linear
    _set_linear(spec.linear_0, [first])
    _set_linear(spec.linear_1, [second])
    _set_norm(spec.layer_norm, norm)


def _settings_json(exported: ExportedModel) -> str:
    data: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "vocab_size": exported.vocab_size,
        "quantization": exported.quantization,
        "alignment_exported": exported.alignment_exported,
    }
    if exported.languages is not None:
        data["source_language"], data["target_language"] = exported.languages
    if exported.length_penalty is not None:
        exported.length_penalty.record(data)
    data["model"] = to_dict(exported.config)
    return json.dumps(data, indent=2) + "\n"


def is_export(directory: Path) -> bool:
    """Whether ``directory`` holds a CTranslate2 export of nmt-cli."""
    return (directory / SETTINGS_FILE).is_file()


def read_export(directory: Path) -> ExportedModel:
    """The settings of the CTranslate2 export in ``directory``; ModelLoadError if it is none."""
    path = directory / SETTINGS_FILE
    if not directory.is_dir():
        raise ModelLoadError(f"{directory}: no such model directory")
    # An export goes to a directory of its own (export replaces none but an export): beside
    # the model, named after it, which -m then names
    model = directory if (directory / "config.json").is_file() else "MODEL"
    apart = f"{str(directory).rstrip('/')}-ct2"
    missing = ModelLoadError(
        f"{directory}: not a CTranslate2 export of nmt-cli (no {SETTINGS_FILE}); make one with "
        f"nmt export {model} --format ctranslate2 --output {apart}, then give -m {apart}"
    )
    data = read_document(path, json.loads, "JSON", missing, ModelLoadError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ModelLoadError(f"{path}: not an nmt-cli CTranslate2 export")
    if data.get("format_version") != FORMAT_VERSION:
        raise ModelLoadError(
            f"{path}: export format version {data.get('format_version')} is not supported by "
            f"this nmt-cli (it reads version {FORMAT_VERSION})"
        )
    try:
        config = from_dict(ModelConfig, data["model"], where=f"{path}: model")
        languages = None
        if "source_language" in data:
            languages = (str(data["source_language"]), str(data["target_language"]))
        return ExportedModel(
            config=config,
            vocab_size=int(data["vocab_size"]),
            languages=languages,
            length_penalty=LengthPenalty.read(data, str(path), ModelLoadError),
            quantization=data.get("quantization"),
            alignment_exported=bool(data.get("alignment_exported", True)),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise ModelLoadError(f"{path}: incomplete export settings ({e})") from None


def _check_replaceable(target: Path) -> None:
    """An OutputError unless ``target`` is free, empty, or an earlier export (which a new
    export replaces)."""
    if target.exists() and not target.is_dir():
        raise OutputError(f"{target}: exists and is not a directory")
    if target.is_dir() and any(target.iterdir()) and not is_export(target):
        raise OutputError(f"{target}: a directory that is not a CTranslate2 export; not replaced")
