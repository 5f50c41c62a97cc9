"""Quotation marks: taken out of a line before translation, put back after around the target
words aligned to the words they enclosed.

The tokenizer reads a mark glued to a word as a piece of its own and the word after it in
pieces of letters (``"Ma femme`` is ``▁" M a ▁femme``): the model copied such a word letter by
letter (``"Ma femme a mis...`` gave "Ma wife put...") and closed one kind of mark with another
(``Le fichier « $file$ » n'existe pas`` gave ``' $file$”``). Without its marks the line is
words the model reads well; the marks come back around the run of target words the word
alignment gives them (markup/placement.py, as a page's inline elements), so a pair in is a
pair out, well nested.

Read: pairs of double quotation marks, ``« »``, ``“ ”``, ``„ “`` (or ``„ ”``), German ``» «``
(de-en lost ``»Der Hund«`` with the words inside) and straight ``"``, well
nested, that do not stand inside a protected span (code, a URL, markup keep theirs). A line
whose double marks do not pair up (an inch mark, a quotation a later line closes) is
translated as it is. Written: straight marks stay straight; typographic ones become the target
language's (protect/languages.py: English ``“ ”``, French ``« »``; nested, its inner pair, as
are a quoted label's marks, kept with its span, inside a quotation), or stay as the source
writes them for a target without a table. A closing mark the source set
before punctuation (``"croisés".``, ``« %1 » ?``) goes before the translation's
(``"crusaders".``, ``“%1”?``); else after the enclosed words' punctuation (``« Vraiment ? »``:
``“Really?”``). A straight mark opens prose only: a string in code (``print("bonjour")``)
leaves its line as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from nmt_cli.inference.translation import Translation
from nmt_cli.markup.placement import Enclosure, place_elements
from nmt_cli.protect.languages import LANGUAGES, SPACES

OPENING = {"«": "»", "»": "«", "“": "”", "„": "“", '"': '"'}  # German »Buch« too
# the marks that close a pair: German „ by ” too, as a keyboard set for English types it
CLOSING = {**OPENING, "„": "“”"}
MARKS = frozenset('«»“”„"')
_TRAILING = re.compile(r"[.,;:!?…)\]]+$")
_CLOSING_TAIL = re.compile(r"[.,;:!?…)\]>]+$")  # a word's closing punctuation, a bracket's >
# punctuation a source may set after its closing mark (French with a space: « %1 » ?)
_CLOSED_BEFORE = ".,;:…)]>?!"
# a French elided article or word right before an opening mark: l'« hôte », d'« Accueil »
_ELIDED = re.compile(r"(?<![^\W\d_])(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)['’]$", re.I)
_ARTICLES = ("the", "a", "an")  # what English writes for a French elided article


@dataclass(frozen=True)
class Pair:
    """A pair of marks: the source's opening mark, the punctuation the source set right
    after its closing mark (``""``: none) and the bracket right before its opening mark
    (``("toute une réussite", dit-il)``); ``bare``: a pair that encloses no punctuation at
    its end closes before the punctuation its target words end with (Markdown's emphasis,
    emphasis.py: ``le mot *clé* aussi`` "the *key* word, too", not "*word,*")."""

    opening: str
    after: str
    before: str = ""
    bare: bool = False  # its words without their punctuation: it closes before the target's
    elided: bool = False  # it opens right after a French elided article: l'« hôte »


@dataclass(frozen=True)
class Quoted:
    """A line without its quotation marks.

    text        the line without its marks (and the spaces inside them: ``« Oui »`` is ``Oui``)
    words       for each word of ``text.split()``, the line's word it comes from
    enclosures  the words of ``text`` each pair enclosed, as a tree (markup/placement.py)
    pairs       each enclosure's marks, by its id()
    """

    text: str
    words: tuple[int, ...]
    enclosures: tuple[Enclosure, ...]
    pairs: dict[int, Pair]  # by id() of an Enclosure


def _marks(line: str, spans: Sequence[tuple[int, int]]) -> list[tuple[int, bool]] | None:
    """(position, opens) of each double mark of ``line`` outside ``spans``; None where they do
    not pair up (a straight mark opens prose before a word and closes after one)."""
    stack: list[tuple[int, str]] = []
    found = []
    for i, c in enumerate(line):
        if c not in MARKS or any(a <= i < b for a, b in spans):
            continue
        before = line[i - 1] if i else " "
        after = line[i + 1] if i + 1 < len(line) else " "
        if stack and c in CLOSING[stack[-1][1]] and not (c == '"' and before.isspace()):
            stack.pop()
            found.append((i, False))
        elif c in OPENING and (c != '"' or not after.isspace() and _opens_prose(line, i)):
            stack.append((i, c))
            found.append((i, True))
        else:
            return None
    return found if found and not stack else None


def _opens_prose(line: str, i: int) -> bool:
    """Whether the straight mark at ``i`` opens a quotation in prose: after a space, another
    mark, an elided word (``d'"extrême"``) or a bracket that starts a word; not a string in
    code (``print("bonjour")``, ``{"a": 1}``)."""
    before = line[i - 1] if i else " "
    if before in "([":
        before = line[i - 2] if i > 1 else " "
    return before.isspace() or before in "«“„'’"


def unquoted(line: str, spans: Sequence[tuple[int, int]] = ()) -> Quoted | None:
    """``line`` without its quotation marks (outside ``spans``, its protected spans); None for
    a line with none, or with marks that do not pair up, or a pair that encloses no word."""
    marks = _marks(line, spans)
    if marks is None:
        return None
    chars, origin = [], []  # the text's characters; origin: each one's position in line
    drop = set()
    for i, opens in marks:
        drop.add(i)
        j = i + 1 if opens else i - 1
        while 0 <= j < len(line) and line[j].isspace():  # the spaces inside the pair
            drop.add(j)
            j += 1 if opens else -1
    for i, c in enumerate(line):
        if i in drop:
            nxt = next((k for k in range(i + 1, len(line)) if k not in drop), None)
            if chars and chars[-1].isalnum() and nxt is not None and line[nxt].isalnum():
                chars.append(" ")  # a mark between two words
                origin.append(i)
            continue
        chars.append(c)
        origin.append(i)
    text = "".join(chars)
    line_word = _word_index(line)
    words = tuple(line_word[origin[m.start()]] for m in re.finditer(r"\S+", text))
    return _enclosed(line, text, origin, marks, words)


def _word_index(text: str) -> list[int]:
    """For each character of ``text``, the index of the whitespace word it is in (or follows)."""
    out, n, inside = [], -1, False
    for c in text:
        if not c.isspace() and not inside:
            n += 1
        inside = not c.isspace()
        out.append(max(n, 0))
    return out


def _enclosed(
    line: str, text: str, origin: list[int], marks: list[tuple[int, bool]], words: tuple
) -> Quoted | None:
    """The Quoted line: each pair of ``marks`` as the words of ``text`` it encloses."""
    kept = _word_index(text)
    where = {o: k for k, o in enumerate(origin)}  # line position -> text position
    roots: list[Enclosure] = []
    pairs: dict[int, Pair] = {}
    stack: list[tuple[Enclosure, int, list[Enclosure]]] = []
    for i, opens in marks:
        if opens:
            stack.append((Enclosure(0, 0), i, roots if not stack else stack[-1][0].children))
            continue
        e, start, siblings = stack.pop()
        inside = [where[k] for k in range(start + 1, i) if k in where and not line[k].isspace()]
        if not inside:
            return None
        e.first, e.end = kept[inside[0]], kept[inside[-1]] + 1
        after = line[i + 1 :].lstrip(SPACES)[:1]
        before = line[start - 1] if start else ""
        pairs[id(e)] = Pair(
            line[start],
            after if after in _CLOSED_BEFORE else "",
            before if before in "([<" else "",
            elided=_ELIDED.search(line[:start]) is not None,
        )
        siblings.append(e)
    return Quoted(text, words, tuple(roots), pairs)


def _written(opening: str, depth: int, target: str | None) -> tuple[str, str]:
    """The marks a pair opened by ``opening`` (nested ``depth`` deep) is written with."""
    if opening not in OPENING:  # Markdown's emphasis (emphasis.py): as written
        return opening, opening
    if opening == '"' or target not in LANGUAGES:
        return opening, OPENING[opening]
    marks = LANGUAGES[target].quotes
    return marks[2:] if depth % 2 else marks[:2]


def quoted_as(text: str, target: str | None) -> str:
    """``text``, a name in one pair of double marks (a file's: ``« Mes notes.docx »``), in
    ``target``'s (straight ones stay straight; as written for a target without a table)."""
    if text[:1] not in OPENING or text[0] == '"' or target not in LANGUAGES:
        return text
    left, right = _written(text[0], 0, target)
    return left + text[1:-1].strip(SPACES) + right


def requoted(t: Translation, quoted: Quoted, target: str | None) -> Translation:
    """``t``, the translation of ``quoted.text``, with the marks back around the target words
    aligned to those each pair enclosed (a pair around all the words, around all the
    translation's; a pair whose words the alignment lost is not written), its alignment
    counting the line's source words."""
    words = t.text.split()
    runs = place_elements(quoted.enclosures, t.alignment, len(words), len(quoted.text.split()))
    opening: dict[int, list[tuple[str, str]]] = {}
    closing: dict[int, list[tuple[str, str]]] = {}
    innermost = []  # the runs of the pairs written in outer marks with no pair inside them
    for (e, depth), (start, end) in zip(_with_depths(quoted.enclosures), runs):
        if start == end:
            continue
        pair = quoted.pairs[id(e)]
        run = (start, end)  # a run moved past an article encloses no punctuation of its own
        if pair.elided:
            start, end = _past_article(words, start, end, t.alignment)
        if depth % 2 == 0 and not e.children and pair.opening in OPENING:
            innermost.append((start, end))
        left, right = _written(pair.opening, depth, target)
        opening.setdefault(start, []).append((left, pair.before))
        after = pair.after
        bare = pair.bare or run != (start, end)
        if bare and not after and (tail := _TRAILING.search(words[end - 1])):
            after = tail[0][0]  # before the target word's punctuation
        closing.setdefault(end - 1, []).insert(0, (right, after))
    out, starts = [], []  # starts: where in out[k] the model's word k begins
    for k, word in enumerate(words):
        word = _closed(word, closing.get(k, []))
        lead = ""
        for left, before in reversed(opening.get(k, ())):
            if before and word.startswith(before) and not lead:
                lead, word = before, word[len(before) :]
            word = left + word
        out.append(lead + word)
        starts.append(len(lead) + sum(len(left) for left, _ in opening.get(k, ())))
    text = " ".join(_inner_marks(out, innermost, target))
    # the target word each word became (a mark with a space in it, French "« ", is a word)
    new_word, at, target = _word_index(text), 0, []
    for k, word in enumerate(out):
        target.append(new_word[min(at + starts[k], len(text) - 1)] if word else k)
        at += len(word) + 1
    scores = [0.0] * len(text.split()) if t.word_scores else []
    for k, score in enumerate(t.word_scores[: len(target)]):
        scores[target[k]] = score
    links = [
        (quoted.words[s], target[u])
        for s, u in t.alignment
        if s < len(quoted.words) and u < len(target)
    ]
    return replace(t, text=text, alignment=links, word_scores=scores)


def _past_article(
    words: list[str], start: int, end: int, links: Sequence[tuple[int, int]]
) -> tuple[int, int]:
    """The run ``start:end`` of ``words`` (a translation) of a pair opened after a French
    elided article (``l'« hôte »``: the article is the quoted word's whitespace word, and the
    alignment may link it to the English article alone, "Change “the” host."), without the
    English article it starts with: the rest of the run, or, where the article is all of it,
    the first word after it that no source word is linked to ("the server “host”"), else
    the word after it."""
    if words[start].strip("“\"'(").lower() not in _ARTICLES or start + 1 >= len(words):
        return start, end
    if end - start > 1:
        return start + 1, end
    linked = {u for _, u in links}
    free = next((k for k in range(start + 1, len(words)) if k not in linked), start + 1)
    return free, free + 1


def _inner_marks(words: list[str], runs: list[tuple[int, int]], target: str | None) -> list[str]:
    """``words`` with each pair of ``target``'s outer marks that stands inside a run of
    ``runs`` (a quotation written with them) in its inner marks: a quoted label's, kept with
    its span (``« Cliquez sur “Valider” »``: "“Click ‘Validate’”", not "“Click “Validate””").
    Marks of one character only (not French ``« »``, with their spaces)."""
    marks = LANGUAGES[target].quotes if target in LANGUAGES else ()
    if not runs or len("".join(marks)) != 4:
        return words
    left, right, inner_left, inner_right = marks
    pair = re.compile(f"{left}([^{left}{right}]*){right}")
    words = list(words)
    for start, end in runs:
        run = " ".join(words[start:end])
        a, b = run.find(left), run.rfind(right)  # the quotation's own marks
        if 0 <= a < b:
            inside = pair.sub(lambda m: inner_left + m[1] + inner_right, run[a + 1 : b])
            words[start:end] = (run[: a + 1] + inside + run[b:]).split(" ")
    return words


def _closed(word: str, closing: list[tuple[str, str]]) -> str:
    """``word`` with its closing marks (innermost first, each with the punctuation the source
    set after it): each before the first of the word's closing punctuation that is its own
    (``(short),`` -> ``(short)",``; ``<hôte>`` -> ``<hôte”>`` for ``<« hôte »>``), else at its
    end, and never after an outer one."""
    trailing = _CLOSING_TAIL.search(word)
    tail = trailing.group() if trailing else ""
    at = []
    for _, after in closing:
        cut = tail.find(after) if after else -1
        at.append(len(word) - len(tail) + cut if cut >= 0 else len(word))
    for n in range(len(at) - 2, -1, -1):
        at[n] = min(at[n], at[n + 1])
    for n in sorted(range(len(at)), key=lambda n: (-at[n], -n)):  # from the end, outer first
        word = word[: at[n]] + closing[n][0] + word[at[n] :]
    return word


def _with_depths(enclosures: Sequence[Enclosure], depth: int = 0) -> Iterator[tuple]:
    """Each enclosure in pre-order (place_elements' order) with how deep it is nested."""
    for e in enclosures:
        yield e, depth
        yield from _with_depths(e.children, depth + 1)
