"""An ICU MessageFormat plural message in a translation gets the target language's plural
categories (CLDR's, plural_categories.py): its branches are the source's until its spans are
back in place (icu.py, placement.py), then

- a category the target language lacks is dropped: French ``one``/``many``/``other`` is
  English ``one``/``other``;
- a category the target language has and the message lacks is filled with ``other``'s text,
  before ``other``, written as the message writes its branches (``one{`` beside ``other{``):
  English ``one``/``other`` is French ``one``/``many``/``other``; not one whose every number
  an explicit value says (English ``one`` beside ``=1``: never read, and in Flutter the same
  branch as ``=1``);
- ``other``, explicit values (``=0``, ``=1``) and a keyword that is no CLDR category stay.

    {n, plural, =0 {no file} one {# file} many {# of files} other {# files}}      (en)
    {n, plural, =0 {no file} one {# file} other {# files}}

A ``selectordinal`` gets the target's ordinal categories, a ``select`` stays as it is, and a
message inside a branch gets its own; a message without ``other`` (not well formed in ICU's
eyes) stays as the source had it, and so does every message where the target's categories are
not known (no Babel, a language CLDR gives no rules for). Only messages whose structure was a
protected span are read: one inside inline code is the code's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from decimal import Decimal

from nmt_cli.protect import icu
from nmt_cli.protect.languages import LANGUAGES
from nmt_cli.protect.markup_spans import PRIVATE_USE
from nmt_cli.protect.placement import Placement
from nmt_cli.protect.plural_categories import ORDER, category_of, plural_categories
from nmt_cli.protect.spans import Span

_HEAD = re.compile(icu.HEAD)
_NUMBERED = ("plural", "selectordinal")  # the selectors whose keywords are plural categories

# (start, end, text): ``text`` replaces the characters from ``start`` to ``end``
Edit = tuple[int, int, str]


def retarget(
    placed: Placement, spans: Sequence[Span], outputs: Sequence[str], language: str | None
) -> Placement:
    """``placed`` (a translation with its spans in place: span k written as ``outputs[k]``)
    with each plural message whose head is one of its ``spans`` in the categories of the
    target ``language`` (None: not recorded, nothing changes). The words of the text it held
    are those of the new text they became: a branch dropped, its words became none; a branch
    filled from ``other``'s text is new words, that no word of the translation became."""
    heads = [
        placed.span_at[k]
        for k, span in enumerate(spans)
        if span.kind == "icu" and k in placed.span_at and _numbered(outputs[k])
    ]
    if language is None or not heads:
        return placed
    text = placed.text
    origin: list[int | None] = list(range(len(text)))  # per character: placed.text's, or none
    for at in sorted(heads, reverse=True):  # a message's edits move nothing before it
        for start, end, new in _edits(text, at, language):
            text = text[:start] + new + text[end:]
            origin[start:end] = [None] * len(new)
    return _remapped(placed, outputs, text, origin)


# A held element's stand-in (markup/segments.py: an XLIFF code, <x id="INTERPOLATION"/>): a branch
# filled from other's text would show it twice, and a document writes each element once, so
# the new branch lost it ("one { files}"): no branch is added to a message whose other holds one
_HELD = re.compile(f"[{PRIVATE_USE[0]}-{PRIVATE_USE[1]}]")


def _numbered(output: str) -> bool:
    """Whether ``output`` (a piece of a message's structure) opens a plural message."""
    head = _HEAD.match(output)
    return head is not None and head[1] in _NUMBERED


def _edits(text: str, at: int, language: str) -> list[Edit]:
    """The edits that give the message at ``text[at]`` the categories of ``language``, last
    first (none: not a well-formed plural message, no ``other``, or no categories known)."""
    message = icu.message(text, at)
    if message is None or message.selector not in _NUMBERED:
        return []
    categories = plural_categories(language, ordinal=message.selector == "selectordinal")
    branches = message.branches
    keywords = [b.keyword for b in branches]
    if categories is None or "other" not in keywords:
        return []
    table = LANGUAGES.get(re.split("[-_]", language)[0].lower())
    suffixes = dict(table.ordinal_suffixes) if table else {}
    if message.selector == "selectordinal" and set(categories) <= set(suffixes):
        suffixed = _suffixed(text, branches, language, suffixes)
        if suffixed:
            return suffixed
    at = keywords.index("other")
    other = branches[at]
    body = text[other.body[0] : other.body[1]]
    ordinal = message.selector == "selectordinal"
    missing = [
        c for c in categories if c not in keywords and not _covered(c, keywords, language, ordinal)
    ]
    edits: list[Edit] = []
    if missing and not _HELD.search(body):  # an element held in other's text goes once only
        gap, between = _style(text, branches)
        new = "".join(f"{c}{gap}{{{body}}}{between}" for c in missing)
        edits.append((other.start, other.start, new))
    for i, branch in enumerate(branches):
        if branch.keyword in ORDER and branch.keyword not in categories:
            if i + 1 < len(branches):  # up to the next keyword: the space before it stays
                edits.append((branch.start, branches[i + 1].start, ""))
            else:  # the last: from the brace that closes the one before it
                edits.append((branches[i - 1].body[1] + 1, branch.body[1] + 1, ""))
    return sorted(edits, reverse=True)


def _style(text: str, branches: Sequence[icu.Branch]) -> tuple[str, str]:
    """How the message of ``branches`` writes them: what goes between a keyword and its brace
    (``other {``, ``other{``: other's), and between two branches (a space, a line break and
    an indent: the first two's; one branch: a space)."""
    other = next(b for b in branches if b.keyword == "other")
    gap = text[other.start + len(other.keyword) : other.body[0] - 1]
    between = text[branches[0].body[1] + 1 : branches[1].start] if len(branches) > 1 else " "
    return gap, between


def _covered(category: str, keywords: list[str], language: str, ordinal: bool) -> bool:
    """Whether every number of ``category`` in ``language`` is one of the explicit values
    among ``keywords`` (English ``one`` is 1 alone: ``=1`` says it, ``one`` would never be
    read, and Flutter reads ``=1`` and ``one`` as the same branch, the later winning)."""
    explicit = {k[1:] for k in keywords if k.startswith("=")}
    if not explicit:
        return False
    numbers: list[int | Decimal] = [*range(1000), *(Decimal(f"{n}.5") for n in range(10))]
    members = [n for n in numbers if category_of(language, n, ordinal) == category]  # type: ignore[arg-type]
    return bool(members) and all(str(n) in explicit for n in members)


def _suffixed(
    text: str, branches: Sequence[icu.Branch], language: str, suffixes: dict[str, str]
) -> list[Edit]:
    """The edit that writes a selectordinal whose branches each start with the number and a
    suffix (``one {#er} other {#e}``, ``one {#er étage} other {#e étage}``) with the target's
    categories and suffixes (``one {#st floor} two {#nd floor} few {#rd floor} other {#th
    floor}``: a category the message lacks gets other's words), an explicit value's (``=2``)
    its number's (``#nd``); none where a branch does not start so."""
    categories = plural_categories(language, ordinal=True) or ("other",)
    bodies = {b.keyword: text[b.body[0] : b.body[1]] for b in branches}
    leads = {k: icu.ORDINAL_LEAD.match(body) for k, body in bodies.items()}
    if not all(leads.values()):
        return []
    rests = {k: bodies[k][m.end() :] for k, m in leads.items() if m}
    if _HELD.search(rests["other"]) and any(c not in rests for c in categories):
        return []  # an element held in other's words goes once only

    gap, between = _style(text, branches)

    def branch(keyword: str, category: str | None, rest: str) -> str:
        return f"{keyword}{gap}{{#{suffixes[category or 'other']}{rest}}}"

    exact = [k for k in rests if k.startswith("=")]
    new = [branch(k, category_of(language, int(k[1:]), True), rests[k]) for k in exact]
    new += [branch(c, c, rests.get(c, rests["other"])) for c in categories]
    return [(branches[0].start, branches[-1].body[1] + 1, between.join(new))]


def _remapped(
    placed: Placement, outputs: Sequence[str], text: str, origin: list[int | None]
) -> Placement:
    """``placed`` with ``text``, each character of which is ``placed.text``'s ``origin``
    (None: written by the edits), its words, spans' words and spans' places mapped to it,
    character by character: a span's are its output's, a translation word's are those of its
    words that no span wrote (a word may hold both: ``{x}}``, a branch's text and its end)."""
    now: dict[int, int] = {}  # per character of placed.text left in text: its word in text
    moved = {o: c for c, o in enumerate(origin) if o is not None}  # and where it is
    for n, word in enumerate(re.finditer(r"\S+", text)):
        for o in origin[word.start() : word.end()]:
            if o is not None:
                now[o] = n
    spans = {k: range(a, a + len(outputs[k])) for k, a in placed.span_at.items()}
    written = {c for chars in spans.values() for c in chars}
    old = [range(*w.span()) for w in re.finditer(r"\S+", placed.text)]

    def mapped(chars: Iterable[int]) -> list[int]:
        return sorted({now[c] for c in chars if c in now})

    return Placement(
        text,
        [mapped(c for w in words for c in old[w] if c not in written) for words in placed.words],
        {k: mapped(spans[k]) if k in spans else [] for k in placed.span_words},
        placed.span_from,
        {k: moved[a] for k, a in placed.span_at.items() if a in moved},
    )


def in_categories(text: str, language: str) -> str:
    """``text`` with each plural message in it (one inside a branch too) in the categories of
    ``language`` (a message translated branch by branch: inference/icu_lines.py)."""
    for at in sorted((m.start() for m in _HEAD.finditer(text)), reverse=True):
        for start, end, new in _edits(text, at, language):
            text = text[:start] + new + text[end:]
    return text
