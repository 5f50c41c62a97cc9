"""A model loaded for inference, built one way and shared by `nmt translate`, `nmt score` and
`nmt align`: its weights on their device in their arithmetic, its tokenizer, the limits of
its inputs and outputs, its length penalty, its languages, and the search that finds its
translations (nmt-cli's own, or CTranslate2's over an export).

Loading never changes torch's process-wide thread count: a command sets it first, in one place
(use_threads), and passes the number of batches to search side by side to load_model.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import torch

from nmt_cli.errors import ModelLoadError
from nmt_cli.inference.options import LoadOptions
from nmt_cli.search.decoding import translate_ids
from nmt_cli.search.hypothesis import Hypothesis

# What finds hypotheses: nmt_cli.search.decoding.translate_ids over a model, or
# nmt_cli.inference.ctranslate2_search.CTranslate2Search. search(sources, opts, max_out=None,
# on_progress=None): ``opts.nbest`` hypotheses for each source (subword ids, no </s>), in order,
# none longer than ``max_out``; ``on_progress(fraction)`` after each batch.
Search = Callable[..., list[list[Hypothesis]]]


class LoadedModel:
    """A bundle (model/bundle.py: config, tokenizer, weights, languages, length penalty) made
    ready to search: its weights in ``precision`` (fp32, bf16; int8 weights count as fp32
    arithmetic), searched by ``search`` (default: nmt-cli's own over its weights)."""

    def __init__(
        self, bundle: Any, precision: str = "fp32", search: Search | None = None, workers: int = 1
    ):
        if precision == "bf16":
            from nmt_cli.hardware.precision import pad_matmul_rows

            # Weights stored in bfloat16, not autocast: a search multiplies small matrices, and
            # autocast's casts at every step cost more than bf16 saves (docs/benchmarks.md).
            # Scores stay float32: each step's log-softmax is taken in float32.
            bundle.model = bundle.model.to(torch.bfloat16)
            if next(bundle.model.parameters()).device.type == "cpu":  # oneDNN's kernels
                pad_matmul_rows(bundle.model)  # its live rows shrink every step: precision.py
        self.bundle = bundle
        self.precision = precision
        self.workers = workers
        self.search: Search = search if search is not None else partial(translate_ids, self.model)

    @property
    def model(self):
        """The torch model (None: a CTranslate2 export, searched by CTranslate2)."""
        return self.bundle.model

    @property
    def config(self):
        return self.bundle.config

    @property
    def tokenizer(self):
        return self.bundle.tokenizer

    @property
    def languages(self) -> tuple[str, str] | None:
        """(source, target) as the model records them; None: not recorded."""
        return self.bundle.languages

    @property
    def length_penalty(self):
        """The length penalty the model records (None: none)."""
        return self.bundle.length_penalty

    @property
    def max_src(self) -> int:
        """The most source pieces a sentence may have: positions beyond max_positions have no
        encoding (an RNN gets the same generous cap)."""
        return self.bundle.config.max_positions - 1

    @property
    def max_out(self) -> int:
        """The most target pieces a translation may have (</s> not counted)."""
        return self.bundle.config.max_positions - 2

    @property
    def full_context_alignment(self) -> bool:
        """Whether alignments come from a forced pass over the found translation (the model's
        full-context alignment layer, run by nmt-cli's torch model) rather than the search."""
        return bool(self.config.full_context_alignment) and self.model is not None

    def alignment_attention(
        self, pairs: list[tuple[list[int], list[int]]], chunk: int = 64
    ) -> list[torch.Tensor]:
        """The full-context alignment pass's attention (T+1, S+1) of each (source ids, target
        ids) pair (a model without one: its alignment layer's, as `nmt align` reads it), at
        most ``chunk`` pairs at a time, ``workers`` chunks side by side as the search runs its
        batches (each thread one of torch's: use_threads)."""
        from nmt_cli.align.forced import forced_attention

        size = max(1, min(chunk, -(-len(pairs) // self.workers)))
        chunks = [pairs[start : start + size] for start in range(0, len(pairs), size)]

        def attend(part: list[tuple[list[int], list[int]]]) -> list[torch.Tensor]:
            return forced_attention(self.model, part, None, None)

        if self.workers > 1 and len(chunks) > 1:
            with ThreadPoolExecutor(self.workers) as pool:
                return [a for found in pool.map(attend, chunks) for a in found]
        return [a for part in chunks for a in attend(part)]


def use_threads(options: LoadOptions, parallel_batches: bool = False) -> int:
    """Set torch's CPU threads for this process, the one place that does: ``options.threads``
    (0: torch's default). With ``parallel_batches``, a model searched on several CPU threads in
    fp32 searches that many batches side by side, one thread each (a search is many small
    operations, which gain little from threads that meet after each one, and wait for each
    other whenever another process takes a core; bf16's row padding keeps state: one worker).
    Returns the number of batches to search side by side (1: one at a time)."""
    from nmt_cli.hardware.device import resolve_device
    from nmt_cli.hardware.precision import resolve_precision

    if options.threads:
        torch.set_num_threads(options.threads)
    if not parallel_batches or options.engine != "torch":
        return 1
    where = resolve_device(options.device)
    arithmetic = "fp32" if options.quantize else resolve_precision(options.precision, where.type)
    workers = torch.get_num_threads() if where.type == "cpu" and arithmetic == "fp32" else 1
    if workers > 1:
        torch.set_num_threads(1)
    return workers


def load_model(
    options: LoadOptions = LoadOptions(),
    *,
    workers: int = 1,
    attention: bool = False,
    alignment: bool = False,
) -> LoadedModel:
    """The model ``options.model`` names (a directory or a shipped model; None: the default),
    on ``options.device``, its weights quantized (``quantize``: "int8") or its arithmetic in
    ``precision`` (auto, fp32, bf16), searched ``workers`` batches at a time (use_threads).

    ``engine`` "ctranslate2" searches a CTranslate2 export with CTranslate2, its attention
    returned if ``attention`` (<unk> replacement) or ``alignment`` (word alignments: an error
    where the export lacks the model's full-context alignment pass)."""
    from nmt_cli.model.pretrained import resolve_model

    path = resolve_model(options.model)
    if options.engine == "ctranslate2":
        return _load_exported(path, options, attention, alignment)
    from nmt_cli.hardware.device import resolve_device
    from nmt_cli.hardware.precision import resolve_precision
    from nmt_cli.model.bundle import load_bundle

    where = resolve_device(options.device)
    bundle = load_bundle(path)  # a CTranslate2 export: a ModelLoadError saying what reads it
    quantize = options.quantize
    arithmetic = "fp32" if quantize else resolve_precision(options.precision, where.type)
    bundle.model = _prepared(bundle.model, where, quantize, arithmetic)
    search, threads = None, 1
    if workers > 1 and where.type == "cpu" and arithmetic == "fp32":
        search, threads = partial(translate_ids, bundle.model, workers=workers), workers
    return LoadedModel(bundle, arithmetic, search, threads)


def _load_exported(path, options: LoadOptions, attention: bool, alignment: bool) -> LoadedModel:
    """The CTranslate2 export in ``path``, its search run by CTranslate2 (its own threads:
    ``options.threads``), its weights quantized to int8 at load if ``options.quantize``."""
    from nmt_cli.inference.ctranslate2_search import load_exported

    bundle, search, exported = load_exported(
        path,
        threads=options.threads,
        device=options.device,
        quantize=options.quantize,
        attention=attention or alignment,
    )
    if alignment and not exported.alignment_exported:
        raise ModelLoadError(
            f"{path}: the model's full-context alignment pass is not exported to CTranslate2; "
            "for --align translate with the nmt-cli model"
        )
    return LoadedModel(bundle, "fp32", search)


def _prepared(model, where: torch.device, quantize: str | None, arithmetic: str):
    """``model`` made ready to search on ``where``: its self-attention projections fused, its
    weights quantized (``quantize``: "int8"), or, in fp32 on the CPU, its products run by
    oneDNN's kernels (see onednn.py)."""
    model.fuse_for_inference()
    model.to(where)
    if quantize == "int8":
        from nmt_cli.inference.quantize import quantize_int8

        return quantize_int8(model)
    if where.type == "cpu" and arithmetic == "fp32":
        from nmt_cli.inference.onednn import use_onednn

        use_onednn(model)
    return model
