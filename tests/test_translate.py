"""The translation core behind `nmt translate`, with tiny real models and a scripted search.

Search invariants on real models (beam 1 is greedy, n-best lists are sorted and distinct),
long lines truncated with one warning, and --replace-unk: an <unk> in the output becomes the
source word its attention row points to. The command line itself is in test_translate_cli.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from nmt_cli.inference.loading import LoadedModel
from nmt_cli.inference.options import TranslatorOptions
from nmt_cli.inference.translator import AS_GIVEN, Translator
from nmt_cli.model.bundle import load_bundle
from nmt_cli.search import Decoding
from nmt_cli.search.beam import beam_search
from nmt_cli.search.decoding import SearchOptions, translate_ids
from nmt_cli.search.greedy import greedy_search
from nmt_cli.search.hypothesis import Hypothesis
from nmt_cli.vocab import EOS, PAD, UNK

# lines as given: not split into sentences, no span masked
REPLACE_UNK = TranslatorOptions(split=False, protect_spans=False, replace_unk=True)

pytest_plugins = ["model_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

SENTENCES = [
    "Ein Mann läuft im Park.",
    "Eine Frau sitzt am Strand!",
    "Zwei Mädchen tanzen",
    "Ein Hund",
    "Eine Gruppe Männer wartet vor einem Gebäude neben einem Fluss.",
]


def _encode_batch(bundle, lines: list[str]) -> tuple[torch.Tensor, torch.Tensor]:
    seqs = [bundle.tokenizer.encode(line) + [EOS] for line in lines]
    src = torch.full((len(seqs), max(map(len, seqs))), PAD, dtype=torch.long)  # (B, S)
    for r, s in enumerate(seqs):
        src[r, : len(s)] = torch.tensor(s)
    return src, torch.tensor([len(s) for s in seqs])  # (B, S), (B,)


@torch.inference_mode()
def test_beam_of_one_is_greedy_search(model_dir: Path) -> None:
    bundle = load_bundle(model_dir)
    src, lengths = _encode_batch(bundle, SENTENCES)
    max_len = [int(1.5 * (n - 1) + 10) for n in lengths.tolist()]
    model = bundle.model
    greedy = greedy_search(Decoding(model.step, model.start(src, lengths), lengths, max_len))
    beam = beam_search(
        Decoding(model.step, model.start(src, lengths), lengths, max_len), beam_size=1
    )
    for g, (b,) in zip(greedy, beam):
        assert b.tokens == g.tokens
        assert b.finished == g.finished
        assert b.log_prob == pytest.approx(g.log_prob, abs=1e-5)
        torch.testing.assert_close(b.attention, g.attention)


@pytest.mark.parametrize("beam", [1, 3])
def test_batches_searched_side_by_side_give_what_one_after_another_gives(
    model_dir: Path, beam: int
) -> None:
    bundle = load_bundle(model_dir)
    sources = [bundle.tokenizer.encode(line) for line in SENTENCES * 3] + [[]]
    opts = SearchOptions(beam=beam, nbest=beam, batch_size=2)  # 8 batches and an empty source
    heard: list[float] = []
    alone = translate_ids(bundle.model, sources, opts)
    together = translate_ids(bundle.model, sources, opts, on_progress=heard.append, workers=3)
    assert [[h.tokens for h in n] for n in together] == [[h.tokens for h in n] for n in alone]
    assert [[h.score for h in n] for n in together] == [[h.score for h in n] for n in alone]
    assert len(heard) == 8 and heard == sorted(heard) and heard[-1] == 1.0


def test_nbest_lists_are_sorted_and_distinct(model_dir: Path) -> None:
    """At most N translations, best first, each text once (as Moses' ``distinct`` n-best):
    where the beam holds fewer distinct texts than N, fewer are listed."""
    bundle = load_bundle(model_dir)
    translator = Translator(LoadedModel(bundle), SearchOptions(beam=5, nbest=4), AS_GIVEN)
    for results in translator.translate(SENTENCES):
        assert 1 <= len(results) <= 4
        scores = [t.score for t in results]
        assert scores == sorted(scores, reverse=True)
        assert len({t.text for t in results}) == len(results)


def test_long_lines_are_truncated_with_one_warning(short_model_dir: Path) -> None:
    bundle = load_bundle(short_model_dir)  # max_positions 32
    warnings: list[str] = []
    translator = Translator(
        LoadedModel(bundle), SearchOptions(beam=2), AS_GIVEN, warn=warnings.append
    )
    long_line = " ".join(["Ein Mann läuft im Park."] * 40)  # 200 words
    first = translator.translate([long_line, "Ein Hund", long_line])
    second = translator.translate([long_line])  # a later chunk: no second warning
    assert [len(r) for r in first + second] == [1, 1, 1, 1]
    assert len(warnings) == 1 and "longer than the model accepts" in warnings[0]
    assert len(first[0][0].src_pieces) == 31  # max_positions - 1, </s> comes on top


# -- --replace-unk, with a scripted search --------------------------------------------------------


def _scripted(target_pieces: list[str], unk_at: int, attend_to: int, tokenizer):
    """A stand-in for translate_ids: every source gets ``target_pieces`` with <unk> at index
    ``unk_at``; the <unk>'s attention row is one-hot on source piece ``attend_to``, the other
    rows attend to the </s> column."""

    def fake(model, sources, opts, max_out=None, on_progress=None):
        out = []
        for src in sources:
            tokens = [tokenizer.piece_to_id(p) for p in target_pieces]
            tokens[unk_at] = UNK
            attention = torch.zeros(len(tokens) + 1, len(src) + 1)  # (T+1, S+1)
            attention[:, -1] = 1.0
            attention[unk_at] = 0.0
            attention[unk_at, attend_to] = 1.0
            out.append([Hypothesis(tokens, -1.0, -1.0, [-0.25] * 4, attention, True)])
        return out

    return fake


def _piece_of_word(tokenizer, line: str, word: int, last: bool) -> int:
    """Index of the first (or last) subword piece of whitespace word ``word`` of ``line``."""
    ids = tokenizer.encode(line)
    words, n = [], -1
    for i, tid in enumerate(ids):
        n += bool(tokenizer.starts_word(tid) or i == 0)
        words.append(n)
    hits = [i for i, w in enumerate(words) if w == word]
    return hits[-1] if last else hits[0]


@pytest.mark.parametrize(
    ("line", "word", "last_piece"),
    [
        ("Ein Hund läuft im Park.", 1, False),
        ("Ein Hund läuft im Park.", 1, True),  # "Hund" is ▁H un d: any of its pieces counts
        ("Zwei Mädchen tanzen", 1, True),
        ("Ein Mann läuft im Park.", 4, True),
    ],
)
def test_replace_unk_takes_the_most_attended_source_word(
    transformer_model_dir: Path, monkeypatch: pytest.MonkeyPatch, line, word, last_piece
) -> None:
    bundle = load_bundle(transformer_model_dir)
    tok = bundle.tokenizer
    attend_to = _piece_of_word(tok, line, word, last_piece)
    monkeypatch.setattr(
        "nmt_cli.inference.loading.translate_ids",
        _scripted(["▁A", "▁man", "▁runs"], 1, attend_to, tok),
    )
    [[plain]] = Translator(LoadedModel(bundle), SearchOptions(beam=1), AS_GIVEN).translate([line])
    [[replaced]] = Translator(LoadedModel(bundle), SearchOptions(beam=1), REPLACE_UNK).translate(
        [line]
    )
    end = "." if line.endswith(".") else ""  # the source's full stop (typography.py)
    assert plain.text == f"A <unk> runs{end}"
    assert replaced.text == f"A {line.split()[word]} runs{end}"


@pytest.mark.parametrize(
    "line", ["Ein \u200b Hund läuft", "Ein\x1cHund läuft"], ids=["zero-width-word", "x1c"]
)
def test_replace_unk_counts_words_as_the_source_line_does(
    transformer_model_dir: Path, monkeypatch: pytest.MonkeyPatch, line: str
) -> None:
    bundle = load_bundle(transformer_model_dir)
    tok = bundle.tokenizer
    ids, owner, _ = tok.encode_words([line])[0]  # the source exactly as the translator encodes it
    attend_to = len(ids) - 1  # its last piece, which belongs to the last word, "läuft"
    assert owner[attend_to] == len(line.split()) - 1
    monkeypatch.setattr(
        "nmt_cli.inference.loading.translate_ids",
        _scripted(["▁A", "▁man", "▁runs"], 1, attend_to, tok),
    )
    [[t]] = Translator(LoadedModel(bundle), SearchOptions(beam=1), REPLACE_UNK).translate([line])
    assert t.text == "A läuft runs"


def test_translate_ids_keeps_empty_sources_in_place(rnn_model_dir: Path) -> None:
    bundle = load_bundle(rnn_model_dir)
    sources = [bundle.tokenizer.encode(s) for s in ["Ein Hund", "", "Ein Mann"]]
    hyps = translate_ids(bundle.model, sources, SearchOptions(beam=3, nbest=2))
    assert hyps[1][0].tokens == [] and hyps[1][0].score == 0.0
    alone = translate_ids(bundle.model, [sources[2]], SearchOptions(beam=3, nbest=2))
    assert [h.tokens for h in hyps[2]] == [h.tokens for h in alone[0]]
