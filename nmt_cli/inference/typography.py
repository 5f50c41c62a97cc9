"""The source's typography that the tokenizer or the model takes away, given back.

NFKC writes the ellipsis character ``…`` (U+2026) as three full stops, so a model never reads
nor writes it: ``Chargement en cours…`` came out as ``Loading...``. Interface strings write it
(``Enregistrer sous…``), and a translator keeps the source's form: where the source writes
``…`` and never ``...``, each ``...`` of the translation, up to the source's count, becomes
``…``. A source that writes ``...`` keeps its translation as the model wrote it.

A sentence that ends with a full stop keeps it where its translation ends in a word (a letter,
a digit or a placeholder: not after a quote, a bracket or other punctuation), and one that ends
with an exclamation mark keeps it there too, or where its translation ends with a full stop
after a word instead: `Merci pour votre commande !` gave "Thank you for your command." (a
question mark the model wrote as a full stop is left as written). The model learned
from interface strings whose English drops the French full stop, and dropped it where the
reference keeps it: `Prévisualise les graphiques animés, tels que les images GIF.` gave
"Previews animated graphics such as GIF images"; a localizer's check of end punctuation
(translate-toolkit's ``endpunc``) flags it. Of the 41 translations it changed on the shipped
model's card and development sets, 40 have a reference that ends with the full stop, and one
with `."` (docs/benchmarks.md, "A sentence's full stop").

The other way round, a text that ends in a word (a letter, a digit or a placeholder: an
interface label, a heading, a caption) gets no full stop the model ended its translation with:
`Mettre à jour maintenant` gave "Move update now.", `Sélectionner un fichier pour le cadre
flottant` "Select a file for the floating frame." (docs/benchmarks.md, "A full stop the source
has not").

A text that ends with a closing bracket keeps it where its translation opens one more than it
closes: `Saisissez votre mot de passe (8 caractères minimum).` gave "Enter your password (8
minimum characters.", the model's bracket lost after the number's placeholder.

A closing bracket written against another (``(voir [Aide] (chapitre 3)) avant``), the model
wrote once: "(see [Help] (chapter 3) before"; where the translation's brackets are the source's
but for such brackets, each goes back after the bracket it followed in the source.

A dash standing between words is the source's typography, and the model learned English that
writes a hyphen there: `Aide – Paramètres` gave "Help - Parameters". Where the source writes an
en or em dash standing alone (spaces or the line's ends around it) and no hyphen standing
alone, each hyphen standing alone in the translation, up to the count of the source's dashes
the translation lacks, becomes the source's dash, in the source's order.

An ampersand standing between words in the source stands so in the translation: the model
writes ``&`` as a piece glued to the word before it, `Le chat & le chien dorment.` gave "The
cat& dog sleeping." (a name's ``AT&T``, glued on both sides, is left as written).

English that writes a date's month before its day writes a comma before its year: the model
wrote `Mis à jour le 4 décembre 2026` as "... on December 4 2026"; now "December 4, 2026".
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection

from nmt_cli.inference.articles import agreed
from nmt_cli.inference.casing import capital_first, small_first
from nmt_cli.protect.languages import LANGUAGES
from nmt_cli.protect.no_break import keep_no_break_spaces
from nmt_cli.protect.placeholders import RESERVED_NAME

ELLIPSIS = "\u2026"
BROKEN = "\ufffd"  # what decoding writes for bytes that make no character
_BROKEN_IN_WORD = re.compile(rf"{BROKEN}+(?=[^\s{BROKEN}])|(?<=[^\s{BROKEN}]){BROKEN}+")
_LONE_DASH = re.compile(r"(?<!\S)[\u2013\u2014](?!\S)")  # an en or em dash between words
_LONE_HYPHEN = re.compile(r"(?<!\S)-(?!\S)")
_DOTS = re.compile(r"(?<!\.)\.\.\.(?!\.)")  # three full stops, not part of a longer run
_HELD = re.compile(rf"{RESERVED_NAME}|\d+")  # a placeholder (or a fallback's digits), a number
_WORD_END = re.compile(rf"(?:\w|{RESERVED_NAME})$")  # a letter, a digit or a placeholder ends it
# a closing bracket that ends a text, before its end punctuation; a text's end punctuation
_CLOSED_END = re.compile(r"([)\]])[\s\u00a0\u202f]*[.!?…:;]*$")
_END_PUNCTUATION = re.compile(r"[.!?…:;]+$")
_OPENING_OF = {")": "(", "]": "["}
# words written with a full stop that ends them, kept where a translation ends with one
# a sentence's end, then placeholders only: "Enregistré.<ph0>" (a string's trailing \n)
_STOP_THEN_HELD = re.compile(rf"[.!?…]\s*(?:{RESERVED_NAME}\s*)+$")
_HELD_NAME = re.compile(RESERVED_NAME)
_ABBREVIATIONS = frozenset("etc Inc Ltd Co Corp Jr Sr St vs approx".split())
# an English date, month first, without the comma before its year: December 4 2026
_GLUED_AMPERSAND = re.compile(r"(?<=\w)&(?= )|(?<= )&(?=\w)")  # cat& dog, cat &dog
_MONTH_DAY_YEAR = re.compile(
    rf"\b((?:{'|'.join(LANGUAGES['en'].months)}) (?:[12]\d|3[01]|[1-9]))( \d{{4}})\b(?!,\d)"
)


def keep_ellipsis(source: str, text: str) -> str:
    """``text`` with its ``...`` written ``…`` where ``source`` writes ``…`` (and not ``...``)."""
    wanted = source.count(ELLIPSIS)
    if not wanted or "..." in source:
        return text
    return _DOTS.sub(ELLIPSIS, text, count=wanted)


def keep_dashes(source: str, text: str) -> str:
    """``text`` with its hyphens standing alone written as the en or em dashes that stand alone
    in ``source`` (and that ``text`` lacks), where ``source`` has no hyphen standing alone."""
    if _LONE_HYPHEN.search(source):
        return text
    dashes = _LONE_DASH.findall(source)
    lacked = Counter(dashes) - Counter(_LONE_DASH.findall(text))
    wanted = []
    for dash in dashes:  # the source's order
        if lacked[dash] > 0:
            lacked[dash] -= 1
            wanted.append(dash)
    given = iter(wanted)
    return _LONE_HYPHEN.sub(lambda m: next(given, m[0]), text)


def keep_full_stop(source: str, text: str) -> str:
    """``text`` with the full stop that ends ``source`` (not an ellipsis), where it ends in a
    letter, a digit or a placeholder (``... vers <ph2>.``: "... to <ph2>") and lost none of the
    source's placeholders and numbers (a span the model dropped is put back at the end, after
    the full stop: "POST. 45"); and with the exclamation mark that ends ``source`` (not ``!!``,
    ``?!``) where it ends so or with a full stop after a word instead (``Merci pour votre
    commande !``: "Thank you for your command.")."""
    end, out = source.rstrip(), text.rstrip()
    mark = "." if end.endswith(".") and not end.endswith("..") else ""
    mark = "!" if _exclaims(end) else mark
    if mark == "!" and _stop_after_word(out):
        out = out[:-1]  # the model's full stop for the source's exclamation mark
    if not mark or not _WORD_END.search(out):
        return text
    return text if lost_held(source, text) else out + mark


def exclaimed(source: str, text: str) -> str:
    """``text``, a translation of ``source`` written before (a model's memory: memory.py),
    with the exclamation mark that ends ``source`` (not ``!!``, ``?!``) where it ends with a
    full stop after a word instead (``Merci !``: "Thank you."), as keep_full_stop gives it."""
    out = text.rstrip()
    return out[:-1] + "!" if _exclaims(source.rstrip()) and _stop_after_word(out) else text


def _exclaims(source: str) -> bool:
    return source.endswith("!") and not source.endswith(("!!", "?!"))


def _stop_after_word(text: str) -> bool:
    """Whether ``text`` ends with a full stop after a word: not an ellipsis, nor an
    abbreviation's (``etc.``, ``p.m.``)."""
    if not text.endswith(".") or text.endswith(".."):
        return False
    last = (text[:-1].split()[-1:] or [""])[0]
    return bool(_WORD_END.search(last)) and "." not in last and last not in _ABBREVIATIONS


def drop_full_stop(source: str, text: str) -> str:
    """``text`` without the full stop that ends it where ``source`` ends in a word (a letter, a
    digit, a placeholder): not an ellipsis, nor an abbreviation's (``etc.``, ``p.m.``)."""
    out = text.rstrip()
    if not _WORD_END.search(source.rstrip()) or not out.endswith(".") or out.endswith(".."):
        return text
    words = out[:-1].split()
    last = words[-1] if words else ""
    if not _WORD_END.search(last) or "." in last or last in _ABBREVIATIONS:
        return text
    if _STOP_THEN_HELD.search(source.rstrip()) and not _HELD_NAME.fullmatch(last):
        return text  # the source's stop, its trailing span put first: "Enregistré.\n"
    return out[:-1]


def keep_closing_bracket(source: str, text: str) -> str:
    """``text`` with the closing bracket it lost where ``source`` ends with one (before its
    end punctuation, if any) and ``text`` opens as many as ``source`` and closes one fewer: put
    back against its last word, before its end punctuation. The model dropped it after a
    placeholder inside: `Saisissez votre mot de passe (8 caractères minimum).` gave "Enter your
    password (8 minimum characters."."""
    m = _CLOSED_END.search(source.rstrip())
    if m is None:
        return text
    closing = m[1]
    opening = _OPENING_OF[closing]
    count = source.count(opening)
    if source.count(closing) != count or text.count(opening) != count:
        return text  # the source's unbalanced, or the model wrote another opening bracket
    if text.count(closing) != count - 1:
        return text
    out = text.rstrip()
    end = _END_PUNCTUATION.search(out)
    at = end.start() if end else len(out)
    if at == 0 or out[at - 1].isspace():
        return text
    return out[:at] + closing + out[at:] + text[len(out) :]


def keep_bracket_runs(source: str, text: str) -> str:
    """``text`` with the closing brackets it lost that ``source`` writes right after another
    closing bracket (``))``, ``])``), each put back after the bracket it followed, where the
    rest of its brackets are the source's, in order, and it then closes every one it opens."""
    brackets = [(k, c) for k, c in enumerate(source) if c in "()[]"]
    written = [(k, c) for k, c in enumerate(text) if c in "()[]"]
    if len(written) >= len(brackets) or not _balanced(c for _, c in brackets):
        return text
    after, j = [], 0  # the text's positions after which a lost bracket goes back
    for i, (k, c) in enumerate(brackets):
        follows = j and written[j - 1][1] in _OPENING_OF and brackets[i - 1][0] == k - 1
        if j < len(written) and written[j][1] == c:
            j += 1
        elif c in _OPENING_OF and follows:  # a closing bracket after the one it followed
            after.append((written[j - 1][0] + 1, c))
        else:
            return text
    out = text
    for at, c in reversed(after):
        out = out[:at] + c + out[at:]
    return out if j == len(written) and _balanced(c for c in out if c in "()[]") else text


def _balanced(brackets) -> bool:
    """Whether ``brackets`` (a sequence of ``()[]``) each close the last one open."""
    stack: list[str] = []
    for c in brackets:
        if c in _OPENING_OF.values():
            stack.append(c)
        elif not stack or stack.pop() != _OPENING_OF[c]:
            return False
    return not stack


def finished(source: str, text: str, target: str | None, written: Collection[str]) -> str:
    """``text``, the translation of ``source`` (a sentence) into ``target``, with the source's
    ellipsis, full stop and dashes as above, its no-break spaces that bind two words
    (protect/no_break.py), its words without a broken character the source has not
    (U+FFFD: the model wrote bytes that make no character, as for ``Šternberk`` "�berternberk";
    a word of nothing else stays, the words' count is the alignment's and scores'), its
    first letter small where the source's is (casing.py: ``written``, the words the model's
    training targets held) and a capital where the source starts with a capitalised word, and
    into English each ``a`` or ``an`` agreeing with its word (articles.py), the closing
    brackets the model lost (one that ends the source, one written against another) and the
    spaces around an ampersand standing alone in the source."""
    text = drop_full_stop(source, keep_full_stop(source, keep_ellipsis(source, text)))
    text = keep_bracket_runs(source, keep_closing_bracket(source, text))
    text = keep_no_break_spaces(source, keep_dashes(source, text))
    if " & " in source:  # an ampersand standing alone: not glued to a word in the translation
        text = _GLUED_AMPERSAND.sub(lambda m: " &" if text[m.start() - 1] != " " else "& ", text)
    if BROKEN in text and BROKEN not in source:  # bytes of no character: nothing to print
        text = _BROKEN_IN_WORD.sub("", text)
    text = capital_first(source, small_first(source, text, target, written), written)
    return comma_before_year(source, agreed(text)) if target == "en" else text


def spans_written(source: str, text: str, target: str | None) -> str:
    """``text``, the translation of ``source`` once its spans are back in place (a number is
    one: inference/protection.py), with the no-break spaces their joins lost and, into English,
    a comma before a date's year."""
    text = keep_no_break_spaces(source, text)
    return comma_before_year(source, text) if target == "en" else text


def comma_before_year(source: str, text: str) -> str:
    """``text``, English, with a comma between each date's day and year where its month comes
    first (the module's docstring), unless ``source`` writes the date so itself."""
    return _MONTH_DAY_YEAR.sub(lambda m: m[0] if m[0] in source else f"{m[1]},{m[2]}", text)


def lost_held(source: str, text: str) -> bool:
    """Whether ``text`` lacks one of the placeholders (``<ph0>``, or a fallback's digits) or
    numbers of ``source``, a masked sentence or one of its translations."""
    return bool(Counter(_HELD.findall(source)) - Counter(_HELD.findall(text)))
