"""What guided alignment costs per training step: the same batches with and without it.

    python tests/benchmarks/guided_cost.py --links RUN/teacher/links.txt [--steps 40]

Takes the first ``--pairs`` Hansards training pairs and their teacher links (a run's cached
``teacher/links.txt``; Hansards starts after Tatoeba's 159,756 lines in the default model's
run, ``--offset``), builds batches as `nmt train` does, and times forward + backward + Adam of
the default model's Transformer (d 256, 3 + 3 layers, vocabulary 8,000) in bf16 and fp32,
without the alignment loss, with it, and with it on the full-context pass (one more decoder pass
up to the alignment layer), on identical batches (building each batch, and its link
tensor with guidance, is timed too). The teacher itself (eflomal) is a
one-off cost before training, reported by `nmt train`. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import torch
import torch.nn.functional as F

from nmt_cli.align.links import NORMALISED_WORD, LinksFile
from nmt_cli.hardware.precision import autocast
from nmt_cli.model import ModelConfig, build_model
from nmt_cli.model.tokenizer import Tokenizer
from nmt_cli.training.batching import epoch_batches, make_batch
from nmt_cli.training.data import CorpusFiles, load_corpora
from nmt_cli.training.loss import guided_alignment_loss
from nmt_cli.vocab import PAD

HANSARDS = Path(__file__).resolve().parents[3] / "shared" / "data" / "hansards"
MODEL = dict(arch="transformer", hidden_size=256, heads=4, ff_size=1024, enc_layers=3,
             dec_layers=3, dropout=0.1, share_embeddings=True, tie_embeddings=True)  # fmt: skip


def sample(args, work: Path) -> CorpusFiles:
    files = {}
    for side in ("fr", "en"):
        with gzip.open(HANSARDS / f"train.{side}.gz", "rt", encoding="utf-8") as f:
            files[side] = work / f"s.{side}"
            files[side].write_text("".join(itertools.islice(f, args.pairs)), encoding="utf-8")
    with open(args.links, encoding="utf-8") as f:
        links = itertools.islice(f, args.offset, args.offset + args.pairs)
        (work / "links").write_text("".join(links), encoding="utf-8")
    return CorpusFiles(str(files["fr"]), str(files["en"]))


VARIANTS = {
    "without guidance": {},
    "guided": {"guided_alignment": True},
    "guided, full context": {"guided_alignment": True, "full_context_alignment": True},
}


def time_steps(data, batches, variant: dict, precision: str) -> float:
    torch.manual_seed(1)
    guided = bool(variant)
    model = build_model(ModelConfig(**MODEL, **variant), 8000, 8000)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True)
    model.train()
    times = []
    source = data if guided else replace(data, links=None)  # no link tensors without guidance
    for index in batches:
        t0 = time.perf_counter()
        batch = make_batch(source, index)
        opt.zero_grad(set_to_none=True)
        with autocast(precision, "cpu"):
            logits, attention = model(batch.src, batch.src_lengths, batch.tgt_in)
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)).float(),
                               batch.tgt_out.reshape(-1), ignore_index=PAD,
                               label_smoothing=0.1, reduction="sum") / batch.ntokens  # fmt: skip
        if guided:
            loss = loss + 0.05 * guided_alignment_loss(attention, batch.links)
        loss.backward()
        opt.step()
        times.append(time.perf_counter() - t0)
    return statistics.median(times[3:])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--links", type=Path, required=True, help="a run's teacher/links.txt")
    ap.add_argument("--offset", type=int, default=159_756, help="first Hansards line in it")
    ap.add_argument("--pairs", type=int, default=20_000)
    ap.add_argument("--tokenizer", type=Path, default=Path("pretrained/fr-en/tokenizer.json"))
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    tok = Tokenizer.load(args.tokenizer)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = sample(args, Path(tmp))
        t0 = time.perf_counter()
        teacher = LinksFile(str(Path(tmp) / "links"), NORMALISED_WORD)  # eflomal's words
        data = load_corpora([corpus], tok, 100, guided=True, teacher=teacher)
        load_s = time.perf_counter() - t0
    batches = epoch_batches(data, 4096, seed=1, epoch=1)[: args.steps]
    print(f"{args.pairs:,} Hansards pairs; links mapped to pieces in {load_s:.1f} s; "
          f"{len(batches)} batches of 4,096 tokens, {args.threads} threads")  # fmt: skip
    print("| precision | " + " | ".join(f"{name} (ms/step)" for name in VARIANTS) + " |")
    print("|---" * (1 + len(VARIANTS)) + "|")
    for precision in ("bf16", "fp32"):
        ms = [1000 * time_steps(data, batches, v, precision) for v in VARIANTS.values()]
        cells = [f"{ms[0]:.0f}"] + [f"{m:.0f} ({100 * (m / ms[0] - 1):+.1f}%)" for m in ms[1:]]
        print(f"| {precision} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
