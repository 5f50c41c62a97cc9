"""Documents of the protected-span development set, translated and checked (spans_dev.py).

tests/benchmarks/data/ holds documents written for the set: pages (``page_*.html``: inline
tags with attributes, nested, ``<br/>`` and ``<img/>``, entities, lists, a table, ``<code>``
and ``<pre>``), a gettext catalogue (``messages.po``: python-format and brace placeholders, a
plural entry, ``msgctxt``, a translated, a fuzzy and an obsolete entry, a multi-line string,
reST inline markup), JSON lines (``strings.jsonl``: localisation strings with placeholders,
inline tags, an address, a hashtag) and Markdown (``guide.md``: a front matter, headings,
lists, a quotation, a table, a code block, code spans, links, an image, emphasis). Each is
translated by ``nmt translate -i FILE -o OUT`` with the default options, and checked here with
parsers of their own, not nmt_cli's:

- pages: well formed (every end tag closes the element open, nothing left open); the same
  blocks (p, li, td, headings...), and in each block holding inline elements the same tag tree
  (names, attributes, nesting; siblings in any order); ``code`` and ``pre`` contents verbatim;
  the entities written as often;
- catalogue: polib reads it, ``msgfmt --check`` passes (where installed); every entry is there
  with its ``msgctxt``, comments, references and flags; entries that had a translation (fuzzy
  too) keep it; each filled ``msgstr`` holds its ``msgid``'s placeholders;
- JSON lines: every line an object with the input's keys in the same order, every other field
  equal, and the translated text holding its placeholders and tags;
- Markdown, read by markdown-it-py: the same blocks and inline elements in the same order (the
  lines a paragraph is wrapped in aside), code blocks and code spans verbatim, every link and
  image to the same destination, the front matter as it was, each block's placeholders kept.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import polib
from markdown_it import MarkdownIt

DATA = Path(__file__).resolve().parent / "data"
BLOCKS = set("p li td th dt dd h1 h2 h3 h4 h5 h6 title caption figcaption".split())
VOID = set("area base br col embed hr img input link meta param source track wbr".split())
VERBATIM = {"code", "pre", "script", "style"}
# what a string's translation must hold as its source does: printf and Python format
# placeholders, str.format fields, tags, URLs, addresses, handles, hashtags, reST inline code
PLACEHOLDER = re.compile(
    r"%(?:\([\w]+\))?[-#0+]*\d*(?:\.\d+)?[sdifr%]|\{\w*\}|</?[A-Za-z][^<>]*>"
    r"|https?://[^\s<>\"]+[\w/]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<!\w)[@#]\w+"
    r"|:\w+:`[^`]+`|``[^`]+``"
)
Translate = Callable[..., list[str]]


class PageShape(HTMLParser):
    """A page as the checks see it: for each block, the tree of its inline elements; the
    contents of code and pre; the entities; whether every element closes in order."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=False)
        self.open: list[str] = []
        self.well_formed = True
        self.blocks: list[list] = []  # each block's inline tree: [(name, attrs, children)]
        self.stack: list[list] = []  # the children lists open inside the current block
        self.verbatim: list[str] = []
        self.entities: Counter = Counter()
        self.feed(text)
        self.close()
        self.well_formed &= not self.open

    def handle_starttag(self, tag, attrs):
        if tag in BLOCKS:
            self.blocks.append([])
            self.stack = [self.blocks[-1]]
        elif self.stack:
            node = (tag, tuple(sorted(attrs)), [])
            self.stack[-1].append(node)
            if tag not in VOID:
                self.stack.append(node[2])
        if tag in VERBATIM:
            self.verbatim.append("")
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        if self.stack and tag not in BLOCKS:
            self.stack[-1].append((tag, tuple(sorted(attrs)), []))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.open or self.open.pop() != tag:
            self.well_formed = False
        if tag in BLOCKS:
            self.stack = []
        elif len(self.stack) > 1:
            self.stack.pop()

    def handle_data(self, data):
        if any(t in VERBATIM for t in self.open):
            self.verbatim[-1] += data

    def handle_entityref(self, name):
        self.entities[f"&{name};"] += 1
        self.handle_data(f"&{name};")

    def handle_charref(self, name):
        self.entities[f"&#{name};"] += 1
        self.handle_data(f"&#{name};")


def tree(nodes: list) -> list:
    """An inline tree with each element's children in no order."""
    return sorted((name, attrs, tree(children)) for name, attrs, children in nodes)


def check_page(source: str, output: str) -> dict:
    src, out = PageShape(source), PageShape(output)
    tagged = [k for k, b in enumerate(src.blocks) if b]
    same = len(src.blocks) == len(out.blocks)
    kept = [k for k in tagged if same and tree(src.blocks[k]) == tree(out.blocks[k])]
    return {
        "well formed": out.well_formed,
        "blocks": f"{len(out.blocks)}/{len(src.blocks)}",
        "tag tree kept": f"{len(kept)}/{len(tagged)}",
        "not kept": [k for k in tagged if k not in kept],
        "verbatim": f"{sum(c in out.verbatim for c in src.verbatim)}/{len(src.verbatim)}",
        "entities as often": src.entities == out.entities,
        "entities": (dict(src.entities), dict(out.entities)),
    }


def held(source: str, translation: str) -> list[str]:
    """The placeholders of ``source`` that ``translation`` does not hold as often."""
    missing = Counter(PLACEHOLDER.findall(source)) - Counter(PLACEHOLDER.findall(translation))
    return sorted(missing.elements())


def _msgfmt(path: Path) -> str:
    if shutil.which("msgfmt") is None:
        return "msgfmt not installed"
    run = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True)
    return "passes" if run.returncode == 0 else run.stderr.decode().strip()


def check_po(source: Path, output: Path) -> dict:
    src, out = polib.pofile(str(source)), polib.pofile(str(output))
    by_key = {(e.msgctxt, e.msgid, e.obsolete): e for e in out}
    missing, changed, placeholders = [], [], []
    for e in src:
        o = by_key.get((e.msgctxt, e.msgid, e.obsolete))
        if o is None:
            missing.append(e.msgid)
            continue
        same = (e.comment, e.tcomment, e.occurrences) == (o.comment, o.tcomment, o.occurrences)
        if not same or set(e.flags) != set(o.flags) or e.translated() and e.msgstr != o.msgstr:
            changed.append(e.msgid)
        if e.msgid_plural:
            pairs = [(e.msgid if k == 0 else e.msgid_plural, s) for k, s in o.msgstr_plural.items()]
        else:
            pairs = [(e.msgid, o.msgstr)]
        placeholders += [(o.msgid, held(a, b)) for a, b in pairs if held(a, b)]
    filled = sum(bool(o.translated()) for o in out if not o.obsolete)
    return {
        "polib reads it": True,
        "msgfmt --check": _msgfmt(output),
        "entries": f"{len(out)}/{len(src)}",
        "translated": f"{filled}/{sum(not e.obsolete for e in src)}",
        "missing": missing,
        "changed": changed,
        "placeholders lost": placeholders,
        "language": out.metadata.get("Language"),
    }


def check_jsonl(source: Path, output: Path, field: str = "text") -> dict:
    src = [json.loads(s) for s in source.read_text(encoding="utf-8").splitlines()]
    out = [json.loads(s) for s in output.read_text(encoding="utf-8").splitlines()]
    keys = sum(list(a) == list(b) for a, b in zip(src, out))
    others = sum(
        {k: v for k, v in a.items() if k != field} == {k: v for k, v in b.items() if k != field}
        for a, b in zip(src, out)
    )
    lost = [(b["key"], held(a[field], b[field])) for a, b in zip(src, out)]
    return {
        "objects": f"{len(out)}/{len(src)}",
        "same keys in order": f"{keys}/{len(src)}",
        "other fields equal": f"{others}/{len(src)}",
        "placeholders kept": f"{sum(not m for _, m in lost)}/{len(src)}",
        "placeholders lost": [(k, m) for k, m in lost if m],
    }


def _markdown(text: str) -> tuple[list, list, list, list]:
    """What Markdown reads in ``text``: its structure ((type, markup) of blocks and inline
    elements, line breaks inside a paragraph aside), its code, its destinations, and the text
    of each block."""
    structure, code, places, texts = [], [], [], []
    for t in MarkdownIt("commonmark").enable(["table", "strikethrough"]).parse(text):
        structure.append((t.type, t.markup))
        if t.type in ("fence", "code_block"):
            code.append(t.content)
        for c in t.children or []:
            if c.type not in ("text", "softbreak"):
                structure.append((c.type, c.markup))
            if c.type == "code_inline":
                code.append(c.content)
            if c.type in ("link_open", "image"):
                places.append((c.attrs.get("href"), c.attrs.get("src"), c.attrs.get("title")))
        if t.type == "inline":
            texts.append(t.content)
    return structure, code, places, texts


def check_markdown(source: str, output: str) -> dict:
    src, out = _markdown(source), _markdown(output)
    same = src[0] == out[0]
    lost = [(a, held(a, b)) for a, b in zip(src[3], out[3]) if same and held(a, b)]
    return {
        "same structure": same,
        "code verbatim": f"{sum(c in out[1] for c in src[1])}/{len(src[1])}",
        "destinations": f"{sum(p in out[2] for p in src[2])}/{len(src[2])}",
        "front matter": all(  # as written, but its title (markdown_front_matter.py)
            a == b or a.startswith("title: ") and b.startswith("title: ")
            for a, b in zip(source.split("\n")[:4], output.split("\n")[:4])
        ),
        "blocks with their placeholders": f"{len(src[3]) - len(lost)}/{len(src[3])}",
        "placeholders lost": lost,
    }


def check_documents(model: str, work: Path, translate: Translate) -> None:
    """Each document of DATA translated into ``work`` and checked; the findings printed."""
    for source in sorted(DATA.glob("page_*.html")):
        output = work / f"{source.stem}.en.html"
        translate(model, source, output)
        report = check_page(source.read_text("utf-8"), output.read_text("utf-8"))
        print(f"\n## {source.name}: {report}")
    output = work / "messages.en.po"
    translate(model, DATA / "messages.po", output)
    print(f"\n## messages.po: {check_po(DATA / 'messages.po', output)}")
    output = work / "strings.en.jsonl"
    translate(model, DATA / "strings.jsonl", output)
    print(f"\n## strings.jsonl: {check_jsonl(DATA / 'strings.jsonl', output)}")
    output = work / "guide.en.md"
    translate(model, DATA / "guide.md", output)
    report = check_markdown((DATA / "guide.md").read_text("utf-8"), output.read_text("utf-8"))
    print(f"\n## guide.md: {report}")
