"""Training throughput, nmt-cli against Joey NMT 2.3.0, in one run on this machine.

For each family (the reference RNN: bi-GRU, emb 256, hidden 512, additive attention in a
decoder with input feeding; the reference Transformer: 3+3 layers, d 256, 4 heads, ff 1024) both
toolkits train on Multi30k de-en for the same number of steps with 2 threads, batches of about
the same number of tokens and the peer kit's optimizer settings (Adam, betas 0.9/0.999). The
script prints steady-state target tokens per second (median of the logged windows after the
first 20% of steps), the realised target tokens per step, and validation perplexity at the
last step.

Each toolkit reports perplexity per token of its own subword vocabulary (Joey: SentencePiece
BPE; nmt-cli: HuggingFace BPE), and the two split the validation text into different numbers
of tokens, so per-token perplexities do not compare. The script also prints perplexity per
word: exp(validation NLL summed over the set / (whitespace words + one end of sentence per
line)), the same denominator for both; that is the figure to compare.

    bash ../shared/peers/joeynmt/setup.sh /tmp/joey     # once: Joey in its own venv
    python tests/benchmarks/train_speed.py --peer /tmp/joey --steps 300
    python tests/benchmarks/train_speed.py --precisions fp32,bf16 --families transformer

With ``--keep DIR`` the runs stay in DIR: ``nmt-FAMILY/`` (an nmt-cli model directory) and
``joey-FAMILY.decode.yaml`` (a Joey config that loads the trained checkpoint with beam 5), the
two inputs of translate_speed.py for same-size, same-steps models.

Not a test: it takes minutes and its figures depend on the machine.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nmt_cli.model.tokenizer import Tokenizer

HERE = Path(__file__).resolve()
DATA = HERE.parents[3] / "shared" / "data" / "multi30k"

# The same model in both toolkits. Joey's "bahdanau" RNN decoder is Luong-structured: the new
# state is the query, the attentional vector o_t is fed back into the next step (input feeding),
# and scores are additive. That is nmt-cli's style "luong" with attention "additive", not its
# "bahdanau" style (query s_{t-1}, context fed into the cell).
FAMILIES = {
    "rnn": {
        "nmt": {
            "arch": "rnn",
            "cell": "gru",
            "bidirectional": True,
            "emb_size": 256,
            "hidden_size": 512,
            "attention": "additive",
            "style": "luong",
            "input_feeding": True,
            "dropout": 0.2,
        },
        "joey_encoder": {
            "type": "recurrent",
            "rnn_type": "gru",
            "embeddings": {"embedding_dim": 256},
            "hidden_size": 512,
            "bidirectional": True,
            "dropout": 0.2,
            "num_layers": 1,
        },
        "joey_decoder": {
            "type": "recurrent",
            "rnn_type": "gru",
            "embeddings": {"embedding_dim": 256},
            "hidden_size": 512,
            "dropout": 0.2,
            "hidden_dropout": 0.2,
            "num_layers": 1,
            "input_feeding": True,
            "init_hidden": "bridge",
            "attention": "bahdanau",
        },
    },
    "transformer": {
        "nmt": {
            "arch": "transformer",
            "hidden_size": 256,
            "heads": 4,
            "ff_size": 1024,
            "enc_layers": 3,
            "dec_layers": 3,
            "dropout": 0.1,
        },
        "joey_encoder": {
            "type": "transformer",
            "num_layers": 3,
            "num_heads": 4,
            "embeddings": {"embedding_dim": 256},
            "hidden_size": 256,
            "ff_size": 1024,
            "dropout": 0.1,
            "layer_norm": "pre",
        },
        "joey_decoder": {
            "type": "transformer",
            "num_layers": 3,
            "num_heads": 4,
            "embeddings": {"embedding_dim": 256},
            "hidden_size": 256,
            "ff_size": 1024,
            "dropout": 0.1,
            "layer_norm": "pre",
        },
    },
}


def toml_table(name: str, values: dict) -> str:
    lines = [f"[{name}]"]
    for k, v in values.items():
        lines.append(f"{k} = {json.dumps(v) if not isinstance(v, bool) else str(v).lower()}")
    return "\n".join(lines) + "\n"


@functools.cache
def valid_targets() -> list[str]:
    return (DATA / "val.en").read_text(encoding="utf-8").splitlines()


def word_ppl(token_ppl: float, tokens: int) -> float:
    """Per-token perplexity over ``tokens`` validation tokens as perplexity per word of val.en."""
    words = sum(len(line.split()) + 1 for line in valid_targets())  # + </s>, as both count
    return math.exp(math.log(token_ppl) * tokens / words)


def steady(values: list[float]) -> float:
    return statistics.median(values[len(values) // 5 :] or values)


def run_nmt(
    family: str,
    steps: int,
    batch_tokens: int,
    threads: int,
    work: Path,
    batch_sort: str = "source",
    precision: str = "fp32",
) -> dict:
    # nmt-FAMILY for the default order (translate_speed.py reads it), else nmt-FAMILY-ORDER;
    # -PRECISION appended for other than fp32
    name = f"nmt-{family}" if batch_sort == "source" else f"nmt-{family}-{batch_sort}"
    name += "" if precision == "fp32" else f"-{precision}"
    cfg = work / f"{name}.toml"
    train = {
        "batch_sort": batch_sort,
        "max_steps": steps,
        "valid_every": steps,
        "batch_tokens": batch_tokens,
        "threads": threads,
        "log_every": 10,
        "lr": 1e-3 if family == "rnn" else 5e-4,
        "schedule": "constant" if family == "rnn" else "inverse_sqrt",
        "warmup_steps": 0 if family == "rnn" else 1000,
        "label_smoothing": 0.0,
        "adam_betas": [0.9, 0.999],  # the peer kit's config (nmt-cli's default is 0.98)
        "vocab_size": 8000,
        "epochs": 1000,
        "patience": 0,
        "precision": precision,
    }
    cfg.write_text(toml_table("model", FAMILIES[family]["nmt"]) + toml_table("train", train))
    run = work / name
    nmt = Path(sys.executable).parent / "nmt"
    cmd = [
        str(nmt),
        "train",
        "--config",
        str(cfg),
        "--quiet",
        "--output",
        str(run),
        "--overwrite",
        "--src",
        str(DATA / "train.de"),
        "--tgt",
        str(DATA / "train.en"),
        "--valid-src",
        str(DATA / "val.de"),
        "--valid-tgt",
        str(DATA / "val.en"),
    ]
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True)
    wall = time.perf_counter() - t0
    records = [json.loads(x) for x in (run / "metrics.jsonl").read_text().splitlines()]
    windows = [r["tokens_per_s"] for r in records if "tokens_per_s" in r]
    per_step = [r["tokens"] / r["steps"] for r in records if "steps" in r]  # per log window
    valid = [r for r in records if "valid_ppl" in r][-1]
    tok = Tokenizer.load(run / "tokenizer.json")
    tokens = sum(len(ids) + 1 for ids in tok.encode_batch(valid_targets()))  # + </s>
    return {
        "tok_s": steady(windows),
        "tokens_per_step": statistics.mean(per_step),
        "valid_ppl": valid["valid_ppl"],
        "word_ppl": word_ppl(valid["valid_ppl"], tokens),
        "wall_s": wall,
    }


def _seconds(clock: str, millis: str) -> float:
    h, m, sec = map(int, clock.split(":"))
    return h * 3600 + m * 60 + sec + int(millis) / 1000


def run_joey(
    family: str, steps: int, batch_tokens: int, threads: int, peer: Path, work: Path
) -> dict:
    base = (peer / "rnn_multi30k_deen.yaml").read_text()
    python = peer / "venv" / "bin" / "python"
    model_dir = work / f"joey-{family}"
    # Edit the peer kit's config with PyYAML from Joey's own venv.
    edit = f"""
import sys, yaml
cfg = yaml.safe_load(sys.stdin.read())
cfg["model_dir"] = {str(model_dir)!r}
cfg["model"]["encoder"] = {FAMILIES[family]["joey_encoder"]!r}
cfg["model"]["decoder"] = {FAMILIES[family]["joey_decoder"]!r}
t = cfg["training"]
t.update(updates={steps}, validation_freq={steps}, logging_freq=10, batch_type="token",
         batch_size={batch_tokens}, label_smoothing=0.0, overwrite=True)
if {family!r} == "transformer":
    t.update(scheduling="warmupinversesquareroot", learning_rate=5e-4, learning_rate_warmup=1000)
cfg["testing"]["beam_size"] = 1
if sys.argv[1] == "decode":  # for translate_speed.py: the trained model, beam 5
    cfg["testing"].update(load_model={str(model_dir / "best.ckpt")!r}, beam_size=5)
print(yaml.safe_dump(cfg))
"""
    for purpose, name in (
        ("train", f"joey-{family}.yaml"),
        ("decode", f"joey-{family}.decode.yaml"),
    ):
        cfg_text = subprocess.run(
            [str(python), "-c", edit, purpose],
            input=base,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        (work / name).write_text(cfg_text)
    cfg = work / f"joey-{family}.yaml"
    env = {**os.environ, "OMP_NUM_THREADS": str(threads), "MKL_NUM_THREADS": str(threads)}
    t0 = time.perf_counter()
    proc = subprocess.run(
        [str(python), "-m", "joeynmt", "train", str(cfg), "--skip-test"],
        env=env,
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - t0
    log = proc.stdout + proc.stderr
    if proc.returncode != 0:
        raise SystemExit(f"joey failed:\n{log[-3000:]}")
    # "2026-11-23 12:31:07,861 - ... Step:       20, ... Tokens per Sec:      868, ..."
    logged = re.findall(
        r"(\d\d:\d\d:\d\d),(\d{3}) - .*Step:\s+(\d+),.*Tokens per Sec:\s+([0-9.]+)", log
    )
    windows = [float(tps) for *_, tps in logged]
    # Joey does not log tokens per step: rate x window duration / window steps estimates it.
    per_step = []
    for (t0, ms0, s0, _), (t1, ms1, s1, tps) in zip(logged, logged[1:]):
        secs = _seconds(t1, ms1) - _seconds(t0, ms0)
        if secs > 0 and int(s1) > int(s0):
            per_step.append(float(tps) * secs / (int(s1) - int(s0)))
    valid = (model_dir / "validations.txt").read_text().splitlines()[-1]
    ppl = float(re.search(r"ppl: ([0-9.]+)", valid).group(1))
    # Joey's validation tokens: its SentencePiece model on val.en, + </s> per line.
    count = f"""
import sentencepiece as spm, yaml
cfg = yaml.safe_load(open({str(cfg)!r}))
sp = spm.SentencePieceProcessor(model_file=cfg["data"]["trg"]["tokenizer_cfg"]["model_file"])
lines = open({str(DATA / "val.en")!r}, encoding="utf-8").read().splitlines()
print(sum(len(sp.encode(line)) + 1 for line in lines))
"""
    counted = subprocess.run([str(python), "-c", count], capture_output=True, text=True, check=True)
    tokens = int(counted.stdout)
    return {
        "tok_s": steady(windows),
        "tokens_per_step": statistics.mean(per_step) if per_step else float("nan"),
        "valid_ppl": ppl,
        "word_ppl": word_ppl(ppl, tokens),
        "wall_s": wall,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peer", type=Path, help="WORK_DIR of the peer kit setup.sh (else no Joey)")
    ap.add_argument(
        "--precisions", default="fp32", help="nmt-cli precisions to run, e.g. fp32,bf16"
    )
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--batch-tokens", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--families", default="rnn,transformer")
    ap.add_argument(
        "--keep", type=Path, help="keep the runs here (for translate_speed.py), not in a temp dir"
    )
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if args.keep:
            work = args.keep
            work.mkdir(parents=True, exist_ok=True)
        kits = [(f"nmt-cli {p}", run_nmt, p) for p in args.precisions.split(",")]
        if args.peer:
            kits.append(("joeynmt", run_joey, None))
        for family in args.families.split(","):
            for kit, fn, precision in kits:
                if fn is run_joey:
                    r = fn(family, args.steps, args.batch_tokens, args.threads, args.peer, work)
                else:
                    r = fn(
                        family, args.steps, args.batch_tokens, args.threads, work,
                        precision=precision,
                    )  # fmt: skip
                rows.append((family, kit, r))
                print(
                    f"{family:12} {kit:8} {r['tok_s']:8.0f} tok/s  "
                    f"{r['tokens_per_step']:6.0f} tok/step  valid ppl "
                    f"{r['valid_ppl']:8.2f} per token, {r['word_ppl']:8.2f} per word  "
                    f"{r['wall_s']:6.0f} s wall",
                    flush=True,
                )
    print(
        "\n| family | toolkit | target tok/s | target tok/step | valid ppl per token @ step "
        "| valid ppl per word | wall s |"
    )
    print("|---|---|---|---|---|---|---|")
    for family, kit, r in rows:
        print(
            f"| {family} | {kit} | {r['tok_s']:,.0f} | {r['tokens_per_step']:,.0f} | "
            f"{r['valid_ppl']:.2f} @ {args.steps} | {r['word_ppl']:.2f} "
            f"| {r['wall_s']:.0f} |"
        )
    for family in args.families.split(","):
        mine = {k: r for f, k, r in rows if f == family}
        base = mine[kits[0][0]]
        for kit, r in mine.items():
            if kit != kits[0][0]:
                ratio = r["tok_s"] / base["tok_s"]
                ppl = 100 * (r["word_ppl"] / base["word_ppl"] - 1)
                who = f"{family}: {kit} / {kits[0][0]}"
                print(f"{who}: tokens/s {ratio:.2f}x, valid ppl per word {ppl:+.1f}%")


if __name__ == "__main__":
    main()
