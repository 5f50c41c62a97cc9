"""A line holding ICU MessageFormat messages, translated branch by branch (issue 52).

Each message's branches are translated each as a line of its own, and the text around the
messages as a line where each message stands as a placeholder (``{icu0}``), as translate-toolkit
and Weblate translate a message's variants; then each message is written again with its
argument, selector, keywords and quoting as they were, each branch's text translated (its spaces
kept, a ``#`` of a plural's branch passed through as a placeholder), the plural categories the
target language's (protect/icu_categories.py). A message inside a branch is a line of its own's
(this module again). Read in one sentence, the model wrote a branch's words outside its braces
or in the next branch (``{gender, select, female {Elle est partie} other {Il est parti}}`` gave
"She is part {gender, select, female {} other {He left}}").

    Vous avez {n, plural, =0 {aucun fichier} one {# fichier} other {# fichiers}}.
    texts:  "Vous avez {icu0}."  "aucun fichier"  "{icu1} fichier"  "{icu1} fichiers"
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nmt_cli.inference.recall import as_whole
from nmt_cli.inference.translation import Translation
from nmt_cli.protect import icu
from nmt_cli.protect.icu_categories import in_categories

_LETTER = re.compile(r"[^\W\d_]")
_HEAD = re.compile(icu.HEAD)


@dataclass(frozen=True)
class IcuLine:
    """A line's messages: ``outer``, the line with each message as a placeholder (None: the
    line is messages and spaces only), ``texts``, each branch's words to translate, in order,
    ``messages``, each message's (start, end) in the line, and the placeholders used."""

    line: str
    outer: str | None
    messages: tuple[tuple[int, int], ...]
    bodies: tuple[tuple[int, int], ...]  # each branch with words: its text's place
    number: str  # the placeholder a plural branch's "#" is written as
    tokens: tuple[str, ...]  # each message's placeholder in ``outer``


def icu_line(line: str, starts: list[int]) -> IcuLine | None:
    """``line`` read for its messages, those opening at ``starts`` (where the span finder
    found one: not inside inline code); None where none is well formed."""
    messages, bodies, at = [], [], 0
    for start in sorted(starts):
        message = icu.message(line, start) if start >= at else None
        if message is None:
            continue
        messages.append((start, message.end))
        for branch in message.branches:
            a, b = branch.body
            words = line[a:b]
            ordinal = message.selector == "selectordinal"
            if ordinal and (found := icu.ORDINAL_LEAD.match(words)):  # "#er": the target's
                a, words = a + found.end(), words[found.end() :]  # suffix (icu_categories)
            if _LETTER.search(words):
                lead = len(words) - len(words.lstrip())
                bodies.append((a + lead, a + len(words.rstrip())))
        at = message.end
    if not messages:
        return None
    n = 0
    while any(f"{{icu{k}}}" in line for k in range(n, n + len(messages) + 1)):
        n += len(messages) + 1
    tokens = tuple(f"{{icu{n + k}}}" for k in range(len(messages)))
    pieces, last = [], 0
    for (start, end), token in zip(messages, tokens):
        pieces += [line[last:start], token]
        last = end
    outer = "".join([*pieces, line[last:]])
    words = outer
    for token in tokens:
        words = words.replace(token, "")
    number = f"{{icu{n + len(messages)}}}"
    return IcuLine(
        line,
        outer if _LETTER.search(words) else None,
        tuple(messages),
        tuple(bodies),
        number,
        tokens,
    )


def texts(parts: IcuLine) -> list[str]:
    """What to translate for ``parts``: its outer text (if it has words), then each branch's."""
    branches = [_numbered(parts.line[a:b], parts.number) for a, b in parts.bodies]
    return ([parts.outer] if parts.outer is not None else []) + branches


def rebuilt(parts: IcuLine, translated: list[str], language: str | None) -> str:
    """The line of ``parts`` from ``translated`` (as ``texts`` lists them): each message
    with its branches' translations, in the target ``language``'s categories, in the outer
    text's translation where its placeholder is (at its end if the model lost it)."""
    found = iter(translated)
    outer = next(found) if parts.outer is not None else None
    line, new = parts.line, {}
    for a, b in parts.bodies:
        new[a, b] = next(found).replace(parts.number, "#")
    messages = []
    for start, end in parts.messages:
        text, last = [], start
        for a, b in parts.bodies:
            if start <= a and b <= end:
                text += [line[last:a], new[a, b]]
                last = b
        message = "".join([*text, line[last:end]])
        messages.append(in_categories(message, language) if language else message)
    if outer is None:
        pieces, last = [], 0
        for (start, end), message in zip(parts.messages, messages):
            pieces += [line[last:start], message]
            last = end
        return "".join([*pieces, line[last:]])
    for token, message in zip(parts.tokens, messages):
        outer = outer.replace(token, message, 1) if token in outer else f"{outer} {message}"
    return outer


def _numbered(text: str, number: str) -> str:
    """``text`` (a branch's) with each ``#`` outside braces and ICU quotes as ``number``."""
    out, depth, quoted = [], 0, False
    for i, c in enumerate(text):
        if c == "'" and (quoted or text[i + 1 : i + 2] in ("{", "}", "#")):
            quoted = not quoted
        elif not quoted and c == "{":
            depth += 1
        elif not quoted and c == "}":
            depth -= 1
        out.append(number if c == "#" and depth == 0 and not quoted else c)
    return "".join(out)


def translate_icu(translator, lines: list[str], with_alignment: bool, on_progress):
    """Each line's translations (translator.py's ``_translate_new`` of ``lines``), those that
    hold a message translated branch by branch; None where no line holds one."""
    found = [_parts(translator, x) for x in lines]
    if not any(found):
        return None
    parts = [texts(p) if p else [line] for line, p in zip(lines, found)]
    out = iter(
        translator.translate([x for part in parts for x in part], with_alignment, on_progress)
    )
    language = translator.loaded.languages[1] if translator.loaded.languages else None
    result = []
    for line, p, part in zip(lines, found, parts):
        done = [next(out) for _ in part]
        if p is None:
            result.append(done[0])
            continue
        text = rebuilt(p, [nbest[0].text if nbest else "" for nbest in done], language)
        result.append([Translation(source=line, text=text, score=0.0)])
    as_whole(translator, [nbest[0] for nbest, p in zip(result, found) if p], with_alignment)
    return result


def _parts(translator, line: str) -> IcuLine | None:
    """``line``'s messages where its spans (the translator's) open one."""
    if translator.protection is None or not _HEAD.search(line):
        return None
    spans = translator.protection.finder.find(line)
    return icu_line(line, [s.start for s in spans if s.kind == "icu" and line[s.start] == "{"])
