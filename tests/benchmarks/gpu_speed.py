"""GPU speed of nmt train and nmt translate, against a plain PyTorch step of the same shape.

Training: `nmt train` runs a few hundred steps of each shape on a corpus sample (at most 20 MB)
and its steady target tokens/s (median of the log windows after the first) is set against a
reference step written here plainly: nn.Transformer layers (pre-norm), tied embeddings and
output, autocast, fused AdamW, F.cross_entropy with label smoothing 0.1, unguided; its batches
have the shapes nmt train builds from the same sample (the run's tokenizer, length buckets of
the same budget), filled with random tokens. Shapes:

    base      d 512, 8 heads, ff 2048, 6+6 layers, 8k tied vocabulary, bf16, 25,000 tokens
    shipped   the shipped fr-en's 6+2 shape, 12,000 tokens, fp32 and bf16

and, to calibrate, the reference step on fixed batches of 800 pairs of 32 + 32 tokens (random
tokens, the shape of the figure the GPU issue started from).

Translation: `nmt translate --device cuda` of the shipped fr-en on newstest2013, beam 5 and
greedy: the whole process, and the search alone (in this process, model loaded, sentences/s);
start-up: the process translating one line, and CUDA's own initialisation alone. Given the
CPU's beam-5 output of the same lines and the references, the lines the GPU translates alike
and both BLEU scores.

    python tests/benchmarks/gpu_speed.py --src SAMPLE.fr --tgt SAMPLE.en \\
        --newstest ../shared/data/news/fr-en/newstest2013.fr \\
        [--cpu-output CPU.en --reference ../shared/data/news/fr-en/newstest2013.en]
    python tests/benchmarks/gpu_speed.py ... --dry-run   # tiny, on the CPU, in a minute or two

Not a test: its figures depend on the machine. One process; under 8 minutes on one GPU.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import torch
import torch.nn.functional as F
from torch import nn

from nmt_cli.buckets import length_batches
from nmt_cli.model.bundle import load_bundle, read_config
from nmt_cli.model.tokenizer import Tokenizer
from nmt_cli.search.decoding import SearchOptions, translate_ids

NMT = [sys.executable, "-m", "nmt_cli"]  # this interpreter's nmt_cli
FR_EN = Path(__file__).resolve().parents[2] / "pretrained" / "fr-en"
MAX_SAMPLE = 20 * 1024 * 1024

BASE = dict(hidden_size=512, heads=8, ff_size=2048, enc_layers=6, dec_layers=6)
LAYOUT = ("hidden_size", "heads", "ff_size", "enc_layers", "dec_layers")
SHIPPED = {k: getattr(read_config(FR_EN)[0], k) for k in LAYOUT}  # fr-en's 6+2
SHAPES = {  # name: (model table, precision, batch tokens)
    "base bf16": (BASE, "bf16", 25_000),
    "shipped fp32": (SHIPPED, "fp32", 12_000),
    "shipped bf16": (SHIPPED, "bf16", 12_000),
}
TINY = dict(hidden_size=32, heads=2, ff_size=64, enc_layers=2, dec_layers=1)


def toml(name: str, values: dict) -> str:
    return f"[{name}]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in values.items())


def train_nmt(args, work: Path, name: str, shape: tuple) -> tuple:
    """nmt train's steady target tokens/s, and its run directory."""
    model, precision, tokens = shape
    run = work / name.replace(" ", "-")
    model = {"arch": "transformer", "tie_embeddings": True, "pre_norm": True, **model}
    train = dict(max_steps=args.steps, log_every=max(args.steps // 10, 1), valid_every=10**9)
    train.update(batch_tokens=tokens, precision=precision, vocab_size=args.vocab, epochs=1000)
    train.update(valid_at_epoch_end=False, patience=0, device=args.device)
    (work / "cfg.toml").write_text(toml("model", model) + toml("train", train))
    cmd = [*NMT, "train", "--config", str(work / "cfg.toml"), "-q", "--overwrite"]
    cmd += ["--src", args.src, "--tgt", args.tgt, "--output", str(run)]
    cmd += ["--tokenizer", str(work / "tokenizer.json")]
    cmd += ["--valid-src", str(work / "valid.src"), "--valid-tgt", str(work / "valid.tgt")]
    subprocess.run(cmd, check=True)
    records = [json.loads(x) for x in (run / "metrics.jsonl").read_text().splitlines()]
    windows = [r["tokens_per_s"] for r in records if "tokens_per_s" in r]
    return statistics.median(windows[1:] or windows), run


class Reference(nn.Module):
    """The plain step's model: embeddings tied to the output, nn.Transformer (pre-norm)."""

    def __init__(self, vocab: int, c: dict):
        super().__init__()
        d = c["hidden_size"]
        self.embed = nn.Embedding(vocab, d)
        self.core = nn.Transformer(
            d, c["heads"], c["enc_layers"], c["dec_layers"], c["ff_size"], dropout=0.1,
            batch_first=True, norm_first=True,
        )  # fmt: skip

    def forward(self, src, tgt):
        causal = self.core.generate_square_subsequent_mask(tgt.size(1), device=tgt.device)
        out = self.core(self.embed(src), self.embed(tgt), tgt_mask=causal, tgt_is_causal=True)
        return out @ self.embed.weight.t()  # (B, T, V)


def reference_tokens_per_s(args, work: Path, shape: tuple) -> float:
    """The plain step's target tokens/s on the batch shapes nmt train builds from the sample."""
    model, precision, tokens = shape
    tok = Tokenizer.load(work / "tokenizer.json")
    lines = zip(*(Path(p).read_text(encoding="utf-8").splitlines() for p in (args.src, args.tgt)))
    pairs = list(lines)[: args.steps * 200]
    src, tgt = tok.encode_batch([s for s, _ in pairs]), tok.encode_batch([t for _, t in pairs])
    lengths = [(len(s) + 1, len(t) + 1) for s, t in zip(src, tgt)]
    shapes = [(len(b), max(lengths[i][0] for i in b), max(lengths[i][1] for i in b),
               sum(lengths[i][1] for i in b))  # real target tokens, as nmt train counts them
              for b in length_batches(lengths, tokens, seed=1)][: args.steps]  # fmt: skip
    return reference_rate(args, model, precision, tok.vocab_size, shapes)


def reference_rate(args, model: dict, precision: str, vocab: int, shapes: list) -> float:
    """The plain step's target tokens/s over batches of ``shapes``: (sentences, source length,
    target length, real target tokens) each, filled with random tokens."""
    device = torch.device(args.device)
    ref = Reference(vocab, model).to(device).train()
    opt = torch.optim.AdamW(ref.parameters(), lr=1e-4, fused=True)
    dtype = torch.bfloat16 if precision == "bf16" else torch.float32
    done, start = 0, None
    for k, (b, s, t, real) in enumerate(shapes):
        if k == len(shapes) // 10:  # the first tenth warms up
            torch.cuda.synchronize() if device.type == "cuda" else None
            done, start = 0, time.perf_counter()
        x = torch.randint(4, vocab, (b, s), device=device)
        y = torch.randint(4, vocab, (b, t + 1), device=device)
        with torch.autocast(device.type, dtype=dtype, enabled=precision == "bf16"):
            logits = ref(x, y[:, :-1])
        gold = y[:, 1:].flatten()
        loss = F.cross_entropy(logits.float().flatten(0, 1), gold, label_smoothing=0.1)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        done += real
    torch.cuda.synchronize() if device.type == "cuda" else None
    return done / (time.perf_counter() - start)


def translate_figures(args, work: Path, beam: int) -> tuple[float, float, float]:
    """(whole-process seconds, search seconds, search sentences/s) of fr-en on newstest; the
    process's output is left in work/gpu-beam{beam}.txt."""
    lines = Path(args.newstest).read_text(encoding="utf-8").splitlines()[: args.lines]
    text = "".join(f"{x}\n" for x in lines).encode("utf-8")
    t0 = time.perf_counter()
    cmd = [*NMT, "translate", "-m", str(FR_EN), "--device", args.device, "-k", str(beam)]
    out = subprocess.run(cmd, input=text, check=True, capture_output=True).stdout
    whole = time.perf_counter() - t0
    (work / f"gpu-beam{beam}.txt").write_bytes(out)
    bundle = load_bundle(FR_EN)
    model = bundle.model.to(args.device)
    ids = bundle.tokenizer.encode_batch(lines)
    opts = SearchOptions(beam=beam, batch_tokens=SearchOptions().tokens_per_batch(args.device))
    translate_ids(model, ids[:50], opts)  # warm up
    torch.cuda.synchronize() if args.device == "cuda" else None
    t0 = time.perf_counter()
    translate_ids(model, ids, opts)
    torch.cuda.synchronize() if args.device == "cuda" else None
    search = time.perf_counter() - t0
    return whole, search, len(lines) / search


def start_up(args) -> tuple[float, float]:
    """(seconds for `nmt translate` of one line, seconds for CUDA's own initialisation)."""
    t0 = time.perf_counter()
    cmd = [*NMT, "translate", "-m", str(FR_EN), "--device", args.device, "Bonjour."]
    subprocess.run(cmd, check=True, capture_output=True)
    one_line = time.perf_counter() - t0
    init = "import torch; torch.zeros(1, device='cuda'); torch.cuda.synchronize()"
    t0 = time.perf_counter()
    if args.device == "cuda":
        subprocess.run([sys.executable, "-c", init], check=True)
    return one_line, time.perf_counter() - t0


def compare_with_cpu(args, work: Path) -> None:
    """How many lines the GPU's beam-5 output shares with the CPU's, and both BLEU scores."""
    import sacrebleu

    gpu = (work / "gpu-beam5.txt").read_text(encoding="utf-8").splitlines()
    cpu = Path(args.cpu_output).read_text(encoding="utf-8").splitlines()[: len(gpu)]
    same = sum(a == b for a, b in zip(gpu, cpu))
    print(f"GPU beam 5 = CPU beam 5 on {same} of {len(gpu)} lines ({100 * same / len(gpu):.2f}%)")
    if args.reference:
        refs = Path(args.reference).read_text(encoding="utf-8").splitlines()[: len(gpu)]
        for name, hyps in (("GPU", gpu), ("CPU", cpu)):
            print(f"BLEU {name}: {sacrebleu.corpus_bleu(hyps, [refs]).score:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", required=True, help="corpus sample, source side (<= 20 MB)")
    ap.add_argument("--tgt", required=True, help="corpus sample, target side")
    ap.add_argument("--newstest", required=True, help="newstest2013.fr (French source lines)")
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--vocab", type=int, default=8000)
    ap.add_argument("--lines", type=int, default=3000, help="newstest lines to translate")
    ap.add_argument("--dry-run", action="store_true", help="tiny, on the CPU: that it runs")
    ap.add_argument("--cpu-output", help="the CPU's beam-5 translation of the same lines")
    ap.add_argument("--reference", help="newstest2013.en, for BLEU of both")
    args = ap.parse_args()
    shapes = SHAPES
    if args.dry_run:
        args.device, args.steps, args.vocab, args.lines = "cpu", 20, 500, 20
        shapes = {name: (TINY, p, 600) for name, (_, p, _) in SHAPES.items() if p == "fp32"}
    if sum(Path(p).stat().st_size for p in (args.src, args.tgt)) > MAX_SAMPLE:
        sys.exit("gpu_speed.py: the sample is over 20 MB; give a smaller one")
    gpu = torch.cuda.get_device_name() if args.device == "cuda" else "none (CPU)"
    print(f"device: {args.device}; GPU: {gpu}; torch {torch.__version__}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        translation(args, work)
        training(args, work, shapes)


def translation(args, work: Path) -> None:
    one_line, init = start_up(args)
    print(f"start-up: nmt translate of one line {one_line:.1f} s, of which CUDA's own "
          f"initialisation {init:.1f} s", flush=True)  # fmt: skip
    for beam in (5, 1):
        whole, search, rate = translate_figures(args, work, beam)
        print(f"translate fr-en, {args.lines} lines, beam {beam}: whole process {whole:.1f} s, "
              f"search {search:.1f} s = {rate:,.0f} sentences/s", flush=True)  # fmt: skip
    if args.cpu_output:
        compare_with_cpu(args, work)


def training(args, work: Path, shapes: dict) -> None:
    for side, path in (("src", args.src), ("tgt", args.tgt)):
        head = Path(path).read_text(encoding="utf-8").splitlines()[:20]
        (work / f"valid.{side}").write_text("".join(f"{x}\n" for x in head), encoding="utf-8")
    tokenizer = [*NMT, "tokenizer", "train", args.src, args.tgt, "--vocab-size", str(args.vocab)]
    subprocess.run([*tokenizer, "--output", str(work / "tokenizer.json")], check=True)
    references: dict[tuple, float] = {}
    for label, shape in shapes.items():
        try:
            ours, _ = train_nmt(args, work, label, shape)
        except subprocess.CalledProcessError as e:
            print(f"train {label}: nmt train failed ({e.returncode})", flush=True)
            continue
        key = (json.dumps(shape[0], sort_keys=True), shape[1], shape[2])
        if key not in references:
            references[key] = reference_tokens_per_s(args, work, shape)
        ref = references[key]
        figures = f"nmt train {ours:,.0f} target tokens/s, reference step {ref:,.0f}"
        print(f"train {label}, {shape[2]:,}-token batches: {figures}, ratio {ours / ref:.2f}x")
    # Calibration: the base shape's reference step on one fixed batch shape, 800 x (32 + 32)
    model, precision, _ = next(iter(shapes.values()))
    fixed = reference_rate(args, model, precision, args.vocab, [(800, 32, 32, 800 * 33)] * 50)
    print(
        f"reference step, fixed batches of 800 x 32 + 32 random tokens: {fixed:,.0f} target "
        f"tokens/s; most GPU memory reserved {torch.cuda.max_memory_reserved() / 2**30:.1f} GiB"
        if args.device == "cuda"
        else f"reference step, fixed batches: {fixed:,.0f} tokens/s"
    )


if __name__ == "__main__":
    main()
