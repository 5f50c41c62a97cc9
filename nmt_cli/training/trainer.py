"""The training loop. It knows no screen: progress leaves through :class:`Callbacks`.

One optimiser step per batch: teacher-forced forward, label-smoothed cross-entropy per target
token, backward, gradient clipping, Adam with the configured learning-rate schedule. Validation
(loss, perplexity, and BLEU/chrF of decoded output) runs every ``valid_every`` steps, at each
epoch end (unless ``valid_at_epoch_end`` is false) and when the run ends; the best model is written
to the run directory, a resumable checkpoint after every validation.
"""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

import torch

import nmt_cli.training.checkpoint as ckpt
from nmt_cli.buckets import length_batches
from nmt_cli.hardware.precision import autocast, pad_matmul_rows
from nmt_cli.model.bundle import WEIGHTS_FILE, write_meta, write_weights
from nmt_cli.model.kernels import Kernels, kernels_for, use_kernels
from nmt_cli.output import write_text_atomic
from nmt_cli.search.decoding import SearchOptions, translate_ids
from nmt_cli.training.batching import epoch_batches, make_batch
from nmt_cli.training.config import TrainConfig
from nmt_cli.training.data import ParallelData
from nmt_cli.training.distributed import World
from nmt_cli.training.log_window import LogWindow
from nmt_cli.training.loss import cross_entropy, guided_alignment_loss
from nmt_cli.training.prefetch import prefetch
from nmt_cli.training.swaps import swap_epoch
from nmt_cli.vocab import PAD

CHECKPOINTS = "checkpoints"
METRICS_FILE = "metrics.jsonl"


@dataclass
class Progress:
    """Counters that make a run resumable (saved in every checkpoint)."""

    step: int = 0
    epoch: int = 1
    batches_done: int = 0  # batches of the current epoch already trained on
    best: float | None = None
    best_step: int = 0
    bad_validations: int = 0
    plateau_scale: float = 1.0
    plateau_bad: int = 0
    seconds: float = 0.0  # in training steps
    elapsed: float = 0.0  # wall clock of the whole loop, validation included
    target_tokens: int = 0
    last_validation_step: int = -1
    stopped: str = ""


class Callbacks:
    """Hooks for a user interface; the defaults do nothing."""

    def on_start(self, info: dict[str, Any]) -> None: ...
    def on_step(self, metrics: dict[str, Any]) -> None: ...
    def on_validation(self, metrics: dict[str, Any]) -> None: ...
    def on_message(self, text: str) -> None: ...


class Trainer:
    # The clock (seconds) that max_minutes, the timings and tokens/s read; a test sets its own,
    # as how long a step takes depends on the machine.
    clock = staticmethod(time.perf_counter)

    def __init__(
        self,
        model,
        tokenizer,
        train: ParallelData,
        valid: ParallelData,
        config: TrainConfig,
        run_dir: Path,
        callbacks: Callbacks | None = None,
        meta: dict[str, Any] | None = None,
        world: World | None = None,
        kernels: Kernels | None = None,
    ):
        self.world = world or World()
        self.device = torch.device(self.world.device)
        self.model = model.to(self.device)
        self.kernels = kernels or kernels_for(self.device)  # nmt_cli/model/kernels.py
        use_kernels(self.model, self.kernels)
        if config.precision == "bf16" and self.device.type == "cpu":
            pad_matmul_rows(self.model)  # bf16 kernels per shape: see nmt_cli/hardware/precision.py
        self.train_model = self.world.wrap(model)  # DDP when distributed, else the model
        self.tokenizer = tokenizer
        self.train_data = train
        self.valid_data = valid
        self.cfg = config
        self.run_dir = run_dir
        self.cb = callbacks or Callbacks()
        self.meta = meta or {}
        self.progress = Progress()
        self.stop_requested = ""  # set from a signal handler: stop after the current step
        self.origin: float | None = None  # the clock's reading where the run's time began
        decay, no_decay = [], []
        for name, p in model.named_parameters():
            (no_decay if p.dim() < 2 or "norm" in name else decay).append(p)
        self.optimizer = torch.optim.AdamW(
            [
                {"params": decay, "weight_decay": config.weight_decay},
                {"params": no_decay, "weight_decay": 0.0},
            ],
            lr=config.lr,
            betas=tuple(config.adam_betas),
            eps=1e-9,
            # one kernel for all parameters: about 10% of a step saved on CPU (torch >= 2.4)
            fused=self.kernels.fused_adam,
        )

    # -- resuming ----------------------------------------------------------------------------

    def resume(self) -> bool:
        """Continue from the newest complete checkpoint, if any."""
        root = self.run_dir / CHECKPOINTS
        ckpt.clean_temporaries(root)
        found = ckpt.list_checkpoints(root)
        if not found:
            return False
        saved = ckpt.load_checkpoint(found[-1], self.model, self.optimizer)
        self.progress = Progress(**saved)
        self.progress.stopped = ""  # _loop says again whether it may go on (ended)
        self._truncate_metrics(self.progress.step)
        self.cb.on_message(f"resumed from {found[-1]} (step {self.progress.step:,})")
        return True

    def _truncate_metrics(self, step: int) -> None:
        path = self.run_dir / METRICS_FILE
        if not path.is_file():
            return
        kept = []
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                if json.loads(line).get("step", 0) <= step:
                    kept.append(line)
            except json.JSONDecodeError:
                continue  # a line cut by a kill
        write_text_atomic(path, "".join(k + "\n" for k in kept))

    # -- the loop ----------------------------------------------------------------------------

    def losses(self, batch, smoothing: float) -> tuple[torch.Tensor, torch.Tensor | None]:
        """Summed cross-entropy of the batch, and (guided alignment) the alignment loss per
        linked target token."""
        with autocast(self.cfg.precision, self.world.device):
            logits, attention = self.train_model(batch.src, batch.src_lengths, batch.tgt_in)
        # (B*T, V) logits, in bfloat16 under mixed precision; the loss is float32 (loss.py)
        ce = cross_entropy(
            logits.reshape(-1, logits.size(-1)),
            batch.tgt_out.reshape(-1),
            smoothing,
            PAD,
            fused=self.kernels.fused,
        )
        return ce, None if batch.links is None else guided_alignment_loss(attention, batch.links)

    def fit(self) -> Progress:
        cfg, p = self.cfg, self.progress
        # Adam's second moments of rarely updated rows (embeddings) sink into subnormal floats,
        # which x86 CPUs compute 10-100x slower; flushing them to zero changes nothing else.
        torch.set_flush_denormal(True)
        batches_per_epoch = len(self._batches(1))
        total = cfg.max_steps or cfg.epochs * batches_per_epoch
        self.cb.on_start(
            {"total_steps": total, "batches_per_epoch": batches_per_epoch, "start_step": p.step}
        )
        # Only rank 0 writes; the others' records (identical but for their batches) go nowhere.
        path = self.run_dir / METRICS_FILE if self.world.is_main else Path(os.devnull)
        with open(path, "a", encoding="utf-8") as metrics_file:
            try:
                self._loop(total, metrics_file)
            except KeyboardInterrupt:
                self.cb.on_message(f"interrupted at step {p.step:,}: saving a checkpoint")
                metrics_file.flush()
                self.checkpoint()
                raise
        return p

    def _batches(self, epoch: int) -> list[list[int]]:
        """This process's batches of ``epoch`` (all of them unless distributed)."""
        cfg = self.cfg
        if cfg.name_swap_share > 0 and self.train_data.named:
            data, share = self.train_data, cfg.name_swap_share  # its max_len: a Transformer's
            swap_epoch(data, self.tokenizer, cfg.seed, epoch, share, data.max_len)
        return self.world.share(
            epoch_batches(
                self.train_data,
                cfg.batch_tokens,
                cfg.seed,
                epoch,
                cfg.batch_sort,
                cfg.placeholder_share,
            )  # fmt: skip
        )

    def _step(self, batch, window: LogWindow) -> None:
        """One optimiser step on ``batch``, its figures added to ``window`` on the device (no
        host wait)."""
        cfg, p = self.cfg, self.progress
        lr = cfg.lr_at(p.step + 1, p.plateau_scale)  # this is optimiser step p.step + 1
        for group in self.optimizer.param_groups:
            group["lr"] = lr
        self.optimizer.zero_grad(set_to_none=True)
        loss, align_loss = self.losses(batch, cfg.label_smoothing)
        objective = loss / batch.ntokens
        if align_loss is not None:
            objective = objective + cfg.guided_weight * align_loss
        objective.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(self.model.parameters(), cfg.clip_norm)
        self.optimizer.step()
        p.step += 1
        p.batches_done += 1
        p.target_tokens += batch.ntokens * self.world.size  # all ranks together (about)
        window.add(batch.ntokens, self.world.size, lr, loss, grad_norm, align_loss)

    def _log(self, window: LogWindow, metrics_file, total: int) -> None:
        """A record of the steps since the last one: the only place the loop reads the device."""
        p = self.progress
        record = {"step": p.step, "epoch": p.epoch, **window.record(self.clock())}
        metrics_file.write(json.dumps(record) + "\n")
        metrics_file.flush()
        self.cb.on_step({**record, "total_steps": total})

    def _loop(self, total: int, metrics_file) -> None:
        cfg, p = self.cfg, self.progress
        p.stopped = self.ended()  # resumed after its end: no step more
        window = LogWindow(self.clock())
        self.origin = origin = window.start - p.elapsed  # p.elapsed = clock() - origin
        try:
            while p.epoch <= cfg.epochs and not p.stopped:
                self._epoch(window, origin, metrics_file, total)
                if p.stopped:
                    break
                if cfg.valid_at_epoch_end and p.last_validation_step != p.step:
                    self.validate_and_save(metrics_file)  # under the epoch it ends
                if p.stopped or p.epoch >= cfg.epochs:  # the last: saved with its batches done
                    break
                p.epoch += 1
                p.batches_done = 0
        finally:  # also at an interrupt: the steps since the last log line are logged
            if window.steps:
                self._log(window, metrics_file, total)
        if not p.stopped:
            p.stopped = f"finished {cfg.epochs} epochs"
        if p.last_validation_step != p.step:
            self.validate_and_save(metrics_file)

    def ended(self) -> str:
        """Why a resumed run trains no further under its settings, and the option that would
        let it ("": it goes on). A run stopped by a limit stays stopped until that limit is
        raised (or, for --patience, set to 0)."""
        cfg, p = self.cfg, self.progress
        if cfg.max_steps and p.step >= cfg.max_steps:
            why, flag = f"reached max_steps {cfg.max_steps:,}", "--max-steps"
        elif cfg.max_minutes and p.elapsed >= cfg.max_minutes * 60:
            why, flag = f"reached max_minutes {cfg.max_minutes:g}", "--max-minutes"
        elif cfg.patience and p.bad_validations >= cfg.patience:
            why = f"early stopping: no better {cfg.early_stop_metric} in {cfg.patience} validations"
            flag = "--patience"
        else:
            return ""
        return f"the run had ended: {why} (a larger {flag} trains it further)"

    def _epoch(self, window: LogWindow, origin: float, metrics_file, total: int) -> None:
        """The rest of this epoch's batches, built ahead (prefetch.py), until a stop."""
        cfg, p = self.cfg, self.progress
        build = partial(make_batch, self.train_data)
        batches = prefetch(build, self._batches(p.epoch)[p.batches_done :], self.device)
        try:
            for batch in batches:
                t0 = self.clock()
                self.model.train()
                self._step(batch, window)
                if p.step % cfg.log_every == 0:
                    self._log(window, metrics_file, total)
                p.seconds += self.clock() - t0
                if p.step % cfg.valid_every == 0:
                    self.validate_and_save(metrics_file)
                if self.stop_requested:
                    raise KeyboardInterrupt(self.stop_requested)
                p.elapsed = self.clock() - origin
                if cfg.max_minutes and p.elapsed >= cfg.max_minutes * 60 and not p.stopped:
                    p.stopped = f"reached max_minutes {cfg.max_minutes:g}"
                if cfg.max_steps and p.step >= cfg.max_steps and not p.stopped:
                    p.stopped = f"reached max_steps {cfg.max_steps:,}"
                if p.stopped:
                    return
        finally:
            batches.close()  # stops the thread that builds them

    # -- validation and saving ---------------------------------------------------------------

    @torch.inference_mode()
    def evaluate(self) -> dict[str, Any]:
        """Loss and perplexity by teacher forcing; BLEU and chrF of decoded output."""
        from nmt_cli.evaluation import score_corpus

        self.model.eval()
        data = self.valid_data
        lengths = [(len(s), len(t) + 1) for s, t in zip(data.src, data.tgt)]
        total_loss, total_tokens = 0.0, 0
        for index in length_batches(lengths, self.cfg.batch_tokens):
            batch = make_batch(data, index).to(self.device)
            total_loss += self.losses(batch, 0.0)[0].item()
            total_tokens += batch.ntokens
        loss = total_loss / total_tokens
        opts = SearchOptions(
            beam=self.cfg.valid_beam,
            max_len_a=self.cfg.valid_max_len_a,
            max_len_b=self.cfg.valid_max_len_b,
        )
        with autocast(self.cfg.precision, self.world.device):
            sources = [list(s[:-1]) for s in data.src]
            # outputs within the model's positions (as nmt translate's: inference/loading.py)
            hyps = translate_ids(self.model, sources, opts, self.model.config.max_positions - 2)
        text = [self.tokenizer.decode(h[0].tokens) for h in hyps]
        bleu, chrf = score_corpus(text, [data.tgt_text], ["bleu", "chrf"])
        return {
            "valid_loss": loss,
            "valid_ppl": math.exp(min(loss, 50.0)),
            "valid_bleu": bleu.score,
            "valid_chrf": chrf.score,
            "examples": list(zip(data.src_text[:3], text[:3])),
        }

    def validate_and_save(self, metrics_file) -> None:
        cfg, p = self.cfg, self.progress
        t0 = self.clock()
        result = self.evaluate()
        examples = result.pop("examples")  # for the callback; not a metric
        score = result[f"valid_{cfg.early_stop_metric}"]
        better = p.best is None or (score > p.best if cfg.higher_is_better else score < p.best)
        if better:
            p.best, p.best_step, p.bad_validations, p.plateau_bad = score, p.step, 0, 0
            self.save_best(result)
        else:
            p.bad_validations += 1
            p.plateau_bad += 1
            if cfg.schedule == "plateau" and p.plateau_bad >= cfg.plateau_patience:
                p.plateau_scale *= cfg.plateau_factor
                p.plateau_bad = 0
            if cfg.patience and p.bad_validations >= cfg.patience:
                p.stopped = (
                    f"early stopping: no better {cfg.early_stop_metric} in "
                    f"{cfg.patience} validations"
                )
        p.last_validation_step = p.step
        record = dict(
            result,
            step=p.step,
            epoch=p.epoch,
            best=p.best,
            best_step=p.best_step,
            improved=better,
            seconds=self.clock() - t0,
            lr=cfg.lr_at(max(p.step, 1), p.plateau_scale),
        )
        metrics_file.write(json.dumps(record) + "\n")
        metrics_file.flush()
        self.cb.on_validation({**record, "examples": examples, "metric": cfg.early_stop_metric})
        self.checkpoint()

    def save_best(self, result: dict[str, Any]) -> None:
        """The best model so far, and meta.json with its validation ``result``."""
        if not self.world.is_main:
            return
        write_weights(self.run_dir / WEIGHTS_FILE, self.model)
        best = {"step": self.progress.step, "epoch": self.progress.epoch, **result}
        meta = {**self.meta, "best": best, "training_seconds": round(self.progress.seconds, 1)}
        write_meta(self.run_dir, meta)

    def checkpoint(self) -> None:
        if not self.world.is_main:
            return
        if self.origin is not None:  # the time spent until now, which --max-minutes counts
            self.progress.elapsed = self.clock() - self.origin
        root = self.run_dir / CHECKPOINTS
        ckpt.save_checkpoint(
            root, self.progress.step, self.model, self.optimizer, asdict(self.progress)
        )
        ckpt.prune(root, self.cfg.keep_last)
