"""Markup through translation, measured on a small development set of tagged paragraphs.

The set is made, the same every run, from newstest2013's French lines (../shared/data, with
their English references): 20 paragraphs (``--paragraphs``) of one or two consecutive lines
of 10 to 30 words, inside an HTML page (title, heading, paragraphs, white space between them),
in which a seeded generator wraps words and phrases in the inline tags of news pages: links
with their address, <strong>, <em>, <b>, <i>, <span class>, <abbr title>, one tag inside
another, a <br/> between the two lines of a paragraph, an <img .../> before a word, a number in
<code>; the trailing punctuation of a phrase stays outside its tag, as pages write it.
``--write PATH`` saves the page and its translation.

Prints, for the tagged paragraphs: the share whose tags come out as the source's (names and
attributes, each element inside the same parent: the tree), the share whose tags come out in
the source's order too, the elements that lost all their words, whether the page and each
paragraph parse back well formed, whether each <code> is verbatim; and BLEU of the paragraphs'
text (tags taken out, entities read) against the references, beside BLEU of the same text
without its tags translated as plain lines (`nmt translate`'s default options).

    python tests/benchmarks/markup_devset.py --model fr-en

Not a test: it takes a minute or two and its figures depend on the model.
"""

from __future__ import annotations

import argparse
import html
import random
import re
import time
from html.parser import HTMLParser
from pathlib import Path

import sacrebleu

from nmt_cli.align.rules import DEFAULT_RULE, RULES, LinkRule
from nmt_cli.documents.lines import aligned_translations
from nmt_cli.inference.options import LoadOptions
from nmt_cli.inference.translator import Translator
from nmt_cli.markup.elements import VOID
from nmt_cli.markup.pages import Page

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "news" / "fr-en"
INLINE = [
    ('<a href="https://www.example.fr/actualites/{n}.html">', "</a>"),
    ("<strong>", "</strong>"),
    ("<em>", "</em>"),
    ("<b>", "</b>"),
    ("<i>", "</i>"),
    ('<span class="nom">', "</span>"),
    ('<abbr title="note {n}">', "</abbr>"),
]


def paragraphs(n: int = 20) -> tuple[list[list[str]], list[str]]:
    """``n`` paragraphs of newstest2013 (one or two consecutive lines of 10 to 30 words, spread
    over the set), and the reference of each (its lines' references joined)."""
    src = (DATA / "newstest2013.fr").read_text(encoding="utf-8").splitlines()
    ref = (DATA / "newstest2013.en").read_text(encoding="utf-8").splitlines()
    fits = [k for k in range(len(src) - 1) if 10 <= len(src[k].split()) <= 30]
    out, refs = [], []
    for k in fits[100 :: len(fits) // (n + 5)][:n]:
        two = len(out) % 2 == 1 and 10 <= len(src[k + 1].split()) <= 30
        lines = [src[k], src[k + 1]] if two else [src[k]]
        out.append(lines)
        refs.append(" ".join(ref[k : k + len(lines)]))
    return out, refs


def tagged(line: str, rng: random.Random, n: int) -> str:
    """``line`` with 1 to 3 phrases wrapped in inline tags (maybe one inside another), maybe an
    image before a word and a number in <code>; punctuation at a phrase's end stays out."""
    words = [html.escape(w, quote=False) for w in line.split()]
    opens, closes = [""] * len(words), [""] * len(words)
    free = set(range(len(words)))
    for _ in range(rng.randint(1, 3)):
        length = rng.choice([1, 1, 2, 3])
        start = rng.randrange(len(words))
        span = range(start, min(start + length, len(words)))
        if not set(span) <= free or any(c.isdigit() for w in span for c in words[w]):
            continue
        free -= set(span)
        open_, close = rng.choice(INLINE)
        opens[span[0]] += open_.format(n=n)
        closes[span[-1]] = close + closes[span[-1]]
        if len(span) > 1 and rng.random() < 0.4:
            inner = rng.choice(list(span))
            opens[inner] += "<em>" if "<em>" not in open_ else "<b>"
            closes[inner] = ("</em>" if "<em>" not in open_ else "</b>") + closes[inner]
    out = []
    for k, w in enumerate(words):
        core = w.rstrip('.,;:!?»"')
        punct = w[len(core) :]
        if k in free and re.fullmatch(r"\d[\d,.]*", core) and rng.random() < 0.5:
            core = f"<code>{core}</code>"
        if k in free and k and rng.random() < 0.04:
            out.append(f'<img src="/img/{n}-{k}.png" alt="illustration"/>')
        out.append(opens[k] + (core + closes[k] + punct if closes[k] else core + punct))
    return " ".join(out)


def make_page(paras: list[list[str]], seed: int = 1) -> tuple[str, list[str]]:
    """The page, and the HTML inside each paragraph's <p>."""
    rng = random.Random(seed)
    inner = []
    for n, lines in enumerate(paras):
        parts = [tagged(line, rng, n) for line in lines]
        inner.append(
            ("<br/>\n    " if len(parts) > 1 and rng.random() < 0.5 else "\n    ").join(parts)
        )
    body = "\n\n".join(f'  <p id="p{n}">\n    {p}\n  </p>' for n, p in enumerate(inner))
    page = (
        '<!DOCTYPE html>\n<html lang="fr">\n<head>\n  <meta charset="utf-8">\n'
        "  <title>Actualités</title>\n</head>\n<body>\n  <h1>Les <em>nouvelles</em> du jour</h1>\n"
        f"{body}\n</body>\n</html>\n"
    )
    return page, inner


class _Tags(HTMLParser):
    """The tags of a text (start tags as written), and whether they nest."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.tree: list = [[]]  # a stack of children lists
        self.well_formed = True
        self.open: list[str] = []
        self.text: list[str] = []
        self.feed(text)
        self.close()
        self.well_formed &= not self.open

    def handle_starttag(self, tag, attrs):
        self.tags.append(self.get_starttag_text())
        node = (self.get_starttag_text(), [])
        self.tree[-1].append(node)
        if tag not in VOID:
            self.open.append(tag)
            self.tree.append(node[1])

    def handle_startendtag(self, tag, attrs):
        self.tags.append(self.get_starttag_text())
        self.tree[-1].append((self.get_starttag_text(), []))

    def handle_endtag(self, tag):
        self.tags.append(f"</{tag}>")
        if not self.open or self.open.pop() != tag:
            self.well_formed = False
        elif len(self.tree) > 1:
            self.tree.pop()

    def handle_data(self, data):
        self.text.append(data)

    def shape(self, nodes=None):
        """The tree of tags, each element's children in no order."""
        nodes = self.tree[0] if nodes is None else nodes
        return sorted((tag, self.shape(children)) for tag, children in nodes)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="fr-en")
    ap.add_argument("--paragraphs", type=int, default=20)
    ap.add_argument("--links", default=DEFAULT_RULE, choices=RULES, help="the alignment's rule")
    ap.add_argument("--write", type=Path, help="save the page and its translation here")
    args = ap.parse_args()
    paras, refs = paragraphs(args.paragraphs)
    page_text, inner = make_page(paras)
    translator = Translator.load(LoadOptions(args.model), link_rule=LinkRule(args.links))
    start = time.perf_counter()
    page = Page(page_text, "html")
    done = aligned_translations(translator)(page.texts())
    out_page = page.render(done)
    seconds = time.perf_counter() - start
    outs = [s.render(t) for s, t in zip(page.segments, done)][2:]  # past the title and <h1>
    plain = [" ".join("".join(_Tags(p).text).split()) for p in [*page.texts()[:2], *inner]]
    start = time.perf_counter()
    plain_out = [nbest[0].text for nbest in translator.translate(plain)][2:]
    plain_seconds = time.perf_counter() - start
    if args.write:
        args.write.mkdir(parents=True, exist_ok=True)
        (args.write / "dev.fr.html").write_text(page_text, encoding="utf-8")
        (args.write / "dev.en.html").write_text(out_page, encoding="utf-8")
    pairs = [(_Tags(a), _Tags(b)) for a, b in zip(inner, outs)]
    n_tagged = sum(bool(a.tags) for a, _ in pairs)
    tree = sum(a.shape() == b.shape() for a, b in pairs if a.tags)
    order = sum(a.tags == b.tags for a, b in pairs if a.tags)
    elements = sum(len(re.findall(r"<(?!/|br|img|code)[^>]*>", p)) for p in inner)
    emptied = sum(len(re.findall(r"<(?!/)[^>]*[^/]></", p)) for p in outs)
    codes = re.findall(r"<code>.*?</code>", "".join(inner))
    verbatim = sum("".join(outs).count(c) >= 1 for c in codes)
    texts = [" ".join("".join(b.text).split()) for _, b in pairs]
    print(f"{len(pairs)} paragraphs ({n_tagged} tagged, {elements} inline elements with words)")
    print(f"tag tree as the source's: {tree}/{n_tagged} ({100 * tree / n_tagged:.1f}%)")
    print(f"tags in the source's order too: {order}/{n_tagged} ({100 * order / n_tagged:.1f}%)")
    print(f"elements that lost all their words: {emptied}")
    print(
        f"page well formed: {_Tags(out_page).well_formed}; "
        f"paragraphs well formed: {sum(b.well_formed for _, b in pairs)}/{len(pairs)}"
    )
    print(f"<code> verbatim: {verbatim}/{len(codes)}")
    print(
        f"BLEU with markup (text of the output): {sacrebleu.corpus_bleu(texts, [refs]).score:.2f}"
    )
    print(
        f"BLEU of the same text as plain lines:  "
        f"{sacrebleu.corpus_bleu(plain_out, [refs]).score:.2f}"
    )
    same = sum(a.split() == b.split() for a, b in zip(texts, plain_out))
    print(f"paragraphs whose text is the plain translation's: {same}/{len(pairs)}")
    print(f"seconds: the page {seconds:.1f}, its text as plain lines {plain_seconds:.1f}")


if __name__ == "__main__":
    main()
