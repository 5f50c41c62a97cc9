"""Finding the spans of a line that must pass through translation unchanged.

A span is found on the raw line, before sentence splitting and case restoration. Its kinds, in
the order ties are broken (their patterns: patterns.py; each module named describes its kinds
at length):

    term        a source term of the user's glossary (glossary.py)
    menu        a menu path, a program's labels joined by arrows: ``Outils ▸ Options ▸ Avancé``,
                or one label in quotation marks after a word that names it (``cliquez sur
                « Mettre à jour »``): the one kind whose words are translated, each label on its
                own (menus.py, inference/menus.py)
    mask        a format mask: a date's or a time's, ``JJ/MM/AAAA``, ``[HH]:MM``, in the target
                language's letters where written in the source's, and a number's, ``#,##0.00``,
                ``0.00 $;(0.00 $)``, ``[$€-40C] # ##0,00``, as written (masks.py)
    markup      tags and entities, escaped (``&lt;em&gt;``, ``&amp;``) or not (``<br/>``),
                comments (``<!-- x -->``), runs of private-use characters (an icon font's
                glyphs; what nmt_cli/markup/ puts where an inline ``<code>`` element was), a
                menu path's arrows (``▸``) and symbols standing alone (``Outils > Options``,
                ``= 1``, ``###``, ``—``) or bracketed (``(~)``, ``(@, <)``, ``(< 4``) or
                around a placeholder (``<%1>``), signs wherever they stand (``©``, ``™``, ``≤``,
                ``✓``, emoji), a currency symbol with no amount (``en €``): no model reads them
                as text (fr-en wrote "=", ``©`` "�", ``€`` "#"; access keys, ``~Fichier``,
                ``&Aide``, are taken out before the spans are found: inference/access_keys.py;
                markup_spans.py)
    code        inline code: ```x```, reST ````literal```` and ``:role:`target```, JSON, whole
    icu         the structure of an ICU MessageFormat plural or select message, in pieces, each
                branch's text left to translate: ``{count, plural, one {``, ``#``,
                ``} other {``, ``}}`` (icu.py)
    placeholder a format string's placeholder, of every convention GNU gettext names a format
                flag for and more (format_strings.py): ``%s``, ``%1$s``, ``%(name)s``, ``%@``,
                ``%1``, ``{0}``, ``{name}``, ``{{count}}``, ``%{name}``, ``$VAR``, ``${VAR}``,
                ``$name$``, ``%PRODUCTNAME``, a template's tags (``{% if x %}``), with the
                braces glued to it (``{0}}``); placeholders joined by a colon whole (``%s:%d``)
    url         ``https://...``, ``ftp://...``, a scheme alone (``« https:// »``: fr-en wrote
                "“Https:///”"), ``www....``, a host name and a path
                (``github.com/nmt/cli``), a scheme without slashes (``about:config``,
                ``tel:+33123456789``, ``magnet:?xt=...``) (closing punctuation left out)
    email       ``name@example.org``, ``mailto:name@example.org``
    status      an HTTP status, its code and English reason phrase: ``503 Service Unavailable``
                (http_status.py)
    shell       a command line that quotes an argument or chains commands, with its quotes:
                ``grep -r "mot clé" src/``, ``ls -l | wc -l`` (commands.py; not ``more "x"``)
    command     a command line that starts with a well-known program and goes on with options or
                paths: ``ls -la /var/log``, ``git status``, ``pip install -U nmt-cli`` (commands.py)
    shortcode, account, setting, requirement, option, directory, class, sql, formula, regex,
    prompt, console, synopsis, statement, cell, drive, vim, ip, wiki, expression, method,
    merge, prefix, splat (code.py):
                ``:sparkles:``, ``FR 40 303 265 045``, ``LANG=fr_FR.UTF-8``, ``numpy>=1.24,<2``,
                ``--beam=5``, ``build/out/``, ``FileNotFoundError``, ``SELECT nom FROM t;``,
                ``=SOMME(A1:A3)`` (its functions named in the target language: functions.py),
                ``\\bchat\\b``, ``>>> print(x)``, ``$ make``, ``If...Then...Else``, ``$C:$D$2``
                (functions.py), ``C:``, ``:wq``, ``fe80::1%eth0``, ``[[Accueil]]``, ``if (a && b)``,
                ``getByName``, ``!56``, ``commence par sk-``, ``**kwargs``
    mime, pair, article, citation, chrono, ticker, per, numero, always (references.py):
                ``application/json``, ``EUR/USD``, ``L. 121-1``, ``p. 12-15``, ``9"95``,
                ``(MC.PA)``, ``100 requêtes/min``, ``n° 12`` (``No. 12``), ``24h/24`` (``24/7``)
    path        ``/var/log``, ``~/notes``, ``../a/b``, ``C:\\Temp``, ``%APPDATA%\\Mozilla``,
                ``$HOME/docs``, ``docs/index.html``, placeholders inside (``/home/%s/.config``,
                ``C:\\Users\\%USERNAME%\\AppData``, ``/var/log/{name}.log``) (code.py)
    css         a CSS framework's class names, a run of them: ``btn btn-primary``,
                ``fa-solid fa-house``, ``col-md-6 text-center`` (css_classes.py)
    file        a file or host name with an extension, ``rapport.pdf``, ``*.jar`` (files.py)
    qualified   a dotted name of three parts or more, ``com.sun.star.util.Date``, or of two,
                one in humps, ``ScriptForge.UI``; a name in its scope, ``std::vector<int>``
    handle, login, value  ``@name``, a user name ``jean.dupont``, a quoted value after a word
                that names its kind, ``l'utilisateur « admin »`` (logins.py)
    hashtag     ``#name``, ``#Saint-Valentin``
    route       names joined by an en dash, no space, as written: ``Paris–Lyon``, ``Châtelet–Les
                Halles`` (fr-en wrote "The Paris row", "Châtelet Halles")
    working     working hours or days, French's: ``48 h ouvrées``, ``5 jours ouvrés`` (English
                ``48 working hours``, ``5 business days``: working_time.py)
    ago         a time ago, French ``il y a 2 h`` (``2 hours ago``: durations.py)
    era         a year of an era, French's: ``52 av. J.-C.``, ``476 apr. J.-C.`` (English ``52 BC``,
                ``AD 476``: eras.py)
    time        a clock time as the source language writes it (languages.py): French ``14 h 30``,
                ``14h30``, ``9 h``, ``9h-12h``, ``à 14 heures``, German ``9.30 Uhr`` (hours
                0-23); one among words that make it a duration is one (``dure 2h15``, ``2 h de
                retard``, ``dure 2 heures``), as are hours written out, ``48 heures`` (durations.py)
    amount      a number with a currency symbol before or after it, or for its decimal mark, and
                after a slash what it is a price of: ``12,50 €``, ``€12.50``, ``1 200 $``,
                ``12€50``, ``15 €/mois`` (numbers.py gives its written form, the symbol where the
                target language puts it: ``€15/month``)
    phone       digits in groups (spaces, dots or hyphens), no one number: ``01 23 45 67 89``,
                and digits after the words that dial them (``SMS au 36 179``: languages.py)
    measure     a number or placeholder, a unit: ``-5,5 °C``, ``16 Go`` (French's own), ``%1 Ko``,
                a screen's ``15"6`` (``15.6"`` in English: units.py)
    dimensions  a size, numbers joined by ``×``, its unit after them: ``1920×1080 px``, ``3×4 m``
                (each number and the unit as the target writes them: dimensions.py)
    duration    a measure in a sentence whose unit the target writes as a word there: French
                ``sous 14 j`` is ``within 14 days`` (units.py; ``14 j`` alone: ``14 d``), and
                hours among a duration's words, ``en 48 h`` (``48 hours``: durations.py)
    number      ``2025``, ``14,8``, ``27 306,5``, ``1,234.5`` (numbers.py gives its written form);
                a number, amount or measure includes a minus or plus-minus sign or an
                approximation's tilde that starts it (``-3``, ``-12,50 €``, ``±0,5 mm``, ``~5
                min``; not the hyphen of ``5-7``)
    scientific  a number in scientific notation: ``1,5e-3`` (``1.5e-3``: scientific.py)
    ordinal     ``1er``, ``3e`` (French), ``21st`` (English), French Roman ``XVIIe`` (numbers.py),
                German ``2.`` after an article (``den 2. Platz``; languages.py)
    address     a house number with French ``bis``, ``ter``, ``quater``: ``12 bis``, a street
                address: ``12 rue de la Paix`` (kept: addresses.py)
    keys        a keyboard shortcut: ``Ctrl+Alt+Suppr``, ``Maj + F10``, ``Cmd-C``, ``%MOD1+Maj+F9``,
                its keys named as the target language names them (keys.py)
    script      a word in another script than the source's: ``π``, ``µs``, ``привет`` (languages.py)
    weekdays    a range of weekdays, French's: ``lun.-ven.``, ``lundi-vendredi``, each day as the
                target language names it (``Mon.-Fri.``: weekdays.py)
    title       a doctor's or a professor's title after French's article, with the name after
                it: ``le Dr Lefèvre``, written ``Dr Lefèvre`` in English (titles.py)
    letter      a letter on its own, a label or a variable: ``plan B``, ``E+`` (letters.py)
    identifier  a word with digits joined by ``- – _ . / : #`` or ``+ @ = ~ * ^ |`` (``SKU-88-X``,
                ``2000–2022``, ``abc1++d2``, ``P@ssw0rd``), ``-O2``, ``g++``, ``max_len``, a
                licence key in capitals (``ABCD-EFGH-IJKL``)
    symbol      a word holding a sign its model spells in bytes (a finder given
                ``spelled_in_bytes``), whole: ``{*}``, ``~.~``, ``green×256`` (symbols.py)
    user        a match of a user's pattern (``--protect REGEX``), before all others

The kinds that read a language's conventions (time, measure, ordinal, address, keys, script:
one table a language, languages.py) run with its table for a source in that language, with every
language's where it is not recorded: German ``von 12 bis 14`` holds no house number.

Where spans overlap, the one that starts first wins, then the longest, then the kind listed
first (a term inside a URL is the URL's); a user's patterns come first.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from nmt_cli.protect import code, commands, durations, icu, menus, symbols, tags
from nmt_cli.protect.glossary import term_pattern
from nmt_cli.protect.patterns import KINDS, NEEDS, PATTERNS, patterns_for
from nmt_cli.protect.units import in_words, inch_marks

__all__ = ["KINDS", "NEEDS", "PATTERNS", "Span", "SpanFinder", "compile_patterns", "patterns_for"]

_KEY = re.compile(r"[A-Z0-9]{4,}(?:-[A-Z0-9]{4,}){2,}")  # a licence key's groups of capitals
_TRIMMED = ("url", "command", "path", "shell", "setting", "requirement")  # may end in a stop
_compiled = functools.cache(re.compile)  # a kind's pattern, compiled where a line first needs it


def _is_identifier(text: str) -> bool:
    # a word of letters only (most words: isalpha is one C call) holds no digit; g++, clang++; a
    # licence key in capitals, ABCD-EFGH-IJKL-MNOP (fr-en wrote "ABCD-EFH-IKJK-MNOP")
    if "_" in text or not text.isalpha() and any(c.isdigit() for c in text) or "++" in text:
        return True
    return text.count("-") >= 2 and text.isupper() and bool(_KEY.fullmatch(text))


@dataclass(frozen=True)
class Span:
    """``line[start:end]``, of ``kind``."""

    start: int
    end: int
    kind: str
    text: str


def compile_patterns(patterns: Iterable[str], flag: str = "--protect") -> list[re.Pattern]:
    """The user's patterns compiled; ValueError naming the first that is not a regex."""
    compiled = []
    for p in patterns:
        try:
            compiled.append(re.compile(p))
        except re.error as e:
            raise ValueError(f"{flag} {p!r}: not a regular expression ({e})") from None
    return compiled


class SpanFinder:
    """``find(line)``: the protected spans of ``line``, in order, none overlapping: the matches
    of the user's ``patterns`` (not one that cuts an ICU message: icu.yielding), the glossary's
    source ``terms``, and the kinds above, those of a language's conventions for the source
    ``language`` only (None: every language's), and given ``spelled_in_bytes``
    (model/spelling.py), the words of kind ``symbol``."""

    def __init__(
        self,
        patterns: Sequence[str] = (),
        terms: Iterable[str] = (),
        language: str | None = None,
        spelled_in_bytes: Callable[[str], set[str]] | None = None,
    ):
        self.spelled_in_bytes = spelled_in_bytes
        self.user = compile_patterns(patterns)
        self.kinds = list(patterns_for(language))  # compiled where a line needs them (_compiled)
        self.needs = {kind: re.compile(p) for kind, p in NEEDS.items()}
        if (terms_found := term_pattern(terms)) is not None:
            self.kinds.insert(0, ("term", terms_found))
        self.icu = [kind for kind, _ in self.kinds].index("icu")  # its rank
        self.cues = durations.cues_for(language)  # "toutes les 4 h", "à 14 heures"

    def find(self, line: str) -> list[Span]:
        met = {kind: needs.search(line) for kind, needs in self.needs.items()}  # NEEDS, once a kind
        built_in = [
            durations.timed(line, s, self.cues) if kind in ("time", "duration") else s
            for rank, (kind, p) in enumerate(self.kinds)
            if met.get(kind, True)
            for s in _matches(p, line, kind, rank)
        ]
        built_in = [s for s in built_in if s is not None]
        user = [s for p in self.user for s in _matches(p, line, "user", -1)]
        tags = [(t.start, t.end) for t in built_in if t.kind == "markup"]
        user = [u for u in user if not any(a <= u.start and u.end <= b for a, b in tags)]  # <a %s>
        user = _leftmost_longest(icu.yielding(user, built_in, self.icu))
        found = [s for s in built_in if not any(s.start < u.end and u.start < s.end for u in user)]
        spans = user + [
            Span(s.start, s.end, "duration", s.text)
            if s.kind == "measure"
            and (in_words(s.text, line) or durations.in_hours(line, s, self.cues))
            else s  # sous 14 j: 14 days (units.py); en 48 h: 48 hours
            for s in _leftmost_longest(icu.structure_first(found, self.icu))
        ]
        if self.spelled_in_bytes and (signs := symbols.signs(self.spelled_in_bytes(line))):
            spans = _with_symbols(line, spans, signs)
        return sorted(spans, key=lambda s: s.start)


# a Markdown emphasis that opens, its star or two glued to a word (not a glob's ``*.txt``)
_EMPHASIS_OPENS = re.compile(r"(?:^|(?<=[\s(\[«“\"'‘]))(\*\*?)(?=\w)")
_STOP_STARS = re.compile(r"\.(\*\*?)$")  # a full stop, then the closing star or two


def _closes_emphasis(line: str, start: int, end: int) -> bool:
    """Whether ``line[start:end]``, read as a regex, is a word whose one wildcard run is the full
    stop and star(s) that close an emphasis opened before them (``*Il fait froid.*``: fr-en
    wrote ``Attention : *il fait froid.* Couvrez-vous.`` "Wait: *il is froid.* C open.")."""
    closing = _STOP_STARS.search(line, start, end)
    if closing is None or code.regex_sign(line[start : closing.start()].lstrip("*")):
        return False
    stars = closing[1]
    return any(
        m[1] == stars and "*" not in line[m.end() : closing.start()]
        for m in _EMPHASIS_OPENS.finditer(line, 0, closing.start())
    )


# words in angle brackets, two at least, and nothing else (not <mon document.odt>: a file)
_WORDS_IN_BRACKETS = re.compile(r"<[^\W\d_][\w'’-]*(?: [\w'’-]+)+>")


@dataclass(frozen=True)
class _Ranked(Span):
    rank: int = 0


def _matches(pattern: re.Pattern | str, line: str, kind: str, rank: int) -> Iterable[_Ranked]:
    labels: dict[int, bool] = {}  # the line's quoted labels read so far (menus.cued)
    for m in _compiled(pattern).finditer(line):
        if kind == "identifier" and not _is_identifier(m[0]):
            continue  # most words of a line, skipped before any work on them
        if kind == "shell" and not commands.is_shell(m[0]):
            continue
        if kind == "regex" and _closes_emphasis(line, m.start(), m.end()):
            continue  # *Il fait froid.*: a sentence's stop in emphasis, no wildcard run
        if kind == "menu" and m[0][0] in '«“"' and not menus.cued(line, m.start(), labels):
            continue  # a quotation, not a label
        if kind == "measure" and '"' in m[0] and m.start() + m[0].find('"') not in inch_marks(line):
            continue  # a quotation's closing mark: "Étape 2", "12"34
        if kind == "icu":  # a message's structure: its pieces
            for a, b, piece in icu.pieces(line, m.start()):
                yield _Ranked(a, b, piece, line[a:b], rank)
            continue
        start, end = m.span()
        text = line[start:end]
        if kind == "markup" and _WORDS_IN_BRACKETS.fullmatch(text) and not tags.is_tag(text, line):
            kind = "bracketed"  # <dès aujourd'hui>: words in angle brackets, no tag (tags.py)
        if kind in _TRIMMED:
            text = code.trim_closing(text)
        start, end = start + len(text) - len(text.lstrip()), start + len(text.rstrip())
        if end > start and (kind != "identifier" or _is_identifier(line[start:end])):
            yield _Ranked(start, end, kind, line[start:end], rank)


def _leftmost_longest(candidates: list[_Ranked]) -> list[Span]:
    """Non-overlapping spans: the earliest start first, then the longest, the lowest rank."""
    chosen: list[Span] = []
    for c in sorted(candidates, key=lambda c: (c.start, c.start - c.end, c.rank)):
        if not chosen or c.start >= chosen[-1].end:
            chosen.append(Span(c.start, c.end, c.kind, c.text))
    return chosen


def _with_symbols(line: str, spans: list[Span], signs: set[str]) -> list[Span]:
    """``spans`` and the words of ``line`` holding one of ``signs`` (symbols.py), whole."""
    spans = sorted(spans, key=lambda s: s.start)
    found = list(symbols.taken(line, signs, spans))
    gone = {k for _, _, inside in found for k in inside}
    kept = [s for k, s in enumerate(spans) if k not in gone]
    return kept + [Span(a, b, "symbol", line[a:b]) for a, b, _ in found]
