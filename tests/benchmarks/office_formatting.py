"""Formatting kept, and text quality, when sentences are translated as Word paragraphs.

Each sentence of a French test set becomes a paragraph of a .docx with, at random (seeded),
one to three words in bold, another one to three in italic, and in one paragraph of three a
word or two linked; the document is translated by a model as `nmt translate` translates it
(documents/translate.py: translate_document), read back, and measured:

- formatting kept: the share of paragraphs whose set of run looks (bold, italic, link target)
  is the source's, each look on at least one word;
- BLEU of the paragraphs' text against the references, beside BLEU of the same sentences
  translated as plain lines by the same model.

    python tests/benchmarks/office_formatting.py --model fr-en \
        --src ../shared/data/news/fr-en/newstest2013.fr \
        --ref ../shared/data/news/fr-en/newstest2013.en --lines 300

Not a test: it translates the set twice.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from office_fixtures import docx_entries, para, run, zipped  # noqa: E402

from nmt_cli.documents.office.docx import DOCX, read_docx  # noqa: E402
from nmt_cli.documents.office.runs import Link, Run  # noqa: E402
from nmt_cli.documents.translate import translate_document  # noqa: E402
from nmt_cli.evaluation import score_corpus  # noqa: E402
from nmt_cli.inference.options import LoadOptions  # noqa: E402
from nmt_cli.inference.translator import Translator  # noqa: E402

LOOKS = ("<w:b/>", "<w:i/>")


def formatted(sentence: str, rng: random.Random) -> str:
    """``sentence`` as a paragraph with a bold span, an italic one and maybe a link."""
    words = sentence.split()
    marks = [None] * len(words)
    for look in [*LOOKS, "link"] if rng.random() < 1 / 3 else LOOKS:
        free = [k for k, m in enumerate(marks) if m is None]
        if not free:
            break
        start = rng.choice(free)
        for k in range(start, min(start + rng.randint(1, 3), len(words))):
            if marks[k] is None:
                marks[k] = look
            else:
                break
    runs = []
    for k, (word, look) in enumerate(zip(words, marks)):
        last = k + 1 == len(words)
        space = "" if last else " "
        inside = not last and marks[k + 1] == look  # a space between two words of a span
        text = word + (space if inside else "")
        if look == "link":
            runs.append(f'<w:hyperlink r:id="rId9">{run(text)}</w:hyperlink>')
        else:
            runs.append(run(text, look or ""))
        if space and not inside:
            runs.append(run(space))
    return para(*runs)


def looks(items, link=None) -> set:
    out = set()
    for item in items:
        if isinstance(item, Run) and item.text.strip():
            out.add((item.key, link))
        elif isinstance(item, Link):
            out |= looks(item.items, "link")
    return out


def runs_text(items) -> str:
    return "".join(
        i.text if isinstance(i, Run) else runs_text(i.items) if isinstance(i, Link) else ""
        for i in items
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default="fr-en")
    parser.add_argument("--src", type=Path, required=True)
    parser.add_argument("--ref", type=Path, required=True)
    parser.add_argument("--lines", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sources = args.src.read_text(encoding="utf-8").splitlines()[: args.lines]
    refs = args.ref.read_text(encoding="utf-8").splitlines()[: args.lines]
    rng = random.Random(args.seed)
    body = "".join(formatted(s.replace("&", "&amp;").replace("<", "&lt;"), rng) for s in sources)
    document = read_docx(zipped(docx_entries(body)), "set.docx")
    translator = Translator.load(LoadOptions(args.model, threads=2))
    start = time.perf_counter()
    out = read_docx(translate_document(translator, document, DOCX), "set.docx")
    seconds = time.perf_counter() - start
    before = [p for part in document.parts[:1] for _, p in part.paragraphs]
    after = [p for part in out.parts[:1] for _, p in part.paragraphs]
    kept = sum(looks(p.items) == looks(q.items) for p, q in zip(before, after, strict=True))
    texts = [runs_text(q.items) for q in after]
    plain = [nbest[0].text for nbest in translator.translate(sources)]
    [as_document] = score_corpus(texts, [refs], ["bleu"])
    [as_lines] = score_corpus(plain, [refs], ["bleu"])
    print(f"paragraphs: {len(before)}, formatting kept: {kept} ({100 * kept / len(before):.1f}%)")
    print(f"BLEU as paragraphs: {as_document}")
    print(f"BLEU as plain lines: {as_lines}")
    print(f"document translated in {seconds:.1f} s")


if __name__ == "__main__":
    main()
