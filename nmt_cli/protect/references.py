"""References of trades outside software that a line quotes as written (spans.py): a model reads
their parts as words and changes them, so each passes through as one span.

    mime        a media type: ``application/json``, ``image/svg+xml``, ``text/*`` (fr-en wrote
                ``application/json`` "applied/json", ``image/jpeg`` "image/ppeg"); its subtype a
                registered one's or marked as one (``vnd.``, ``x-``, ``+xml``), so that no pair
                of words is one (``image/son``, ``audio/video``)
    pair        a currency pair: ``EUR/USD``, ``BTC/EUR`` (fr-en wrote ``L'EUR/USD`` "The
                UR/USDA"); ISO codes only, not ``GUE/NGL``
    article     a French code's article, its part's letter with it: ``art. L. 121-1``,
                ``article R 4127-1``, ``L.3121-27`` (fr-en wrote ``L. 121-1`` "Line. 121-1");
                an arrêté's, ``A. 123-4``, after ``art.`` or ``article`` only (not a list's
                ``A. 12-15 ans``), and no range of years or a count (``D. 26-35 ans``)
    citation    a page or a volume cited: ``p. 12-15``, ``pp. 45-67``, ``vol. 3,``, ``fig. 2``
                (fr-en wrote ``p. 45`` "% 45", ``vol. 12`` "volume. 12"); not Canada's per cent,
                ``9 p. 100``, nor ``son vol. 3 heures`` (a volume's number ends its clause)
    chrono      a race's time, its seconds' mark between seconds and hundredths: ``9"95``,
                ``1'43"21`` (fr-en wrote ``9"95`` "9 “95", the mark a quotation's); not a screen's
                inches, ``15"6`` (one digit after the mark: a measure's, units.py); a match's
                minute, its added time with it: ``(but à la 12')``, ``45'+2`` (fr-en wrote
                "12 '"); not feet and inches (``5'10"``), not a quotation's ``'12'``
    per         a count's time after its slash: ``100 requêtes/min``, ``30 images/s`` (fr-en
                wrote "100 query/mine"); only after a word right after a number, so that no
                slash between words is one (``et/ou``, ``km/h`` is a measure's)
    ticker      a stock's ticker with its exchange's suffix, alone in brackets: ``(MC.PA)``,
                ``(AAPL.O)``, ``(BRK.B)`` (fr-en wrote ``(MC.PA)`` "(UPA)"); a suffix of an
                exchange or a share class only, not an abbreviation's letters (``(S.A.)``)
    numero      a number after French's sign for one, ``n°``: ``n° 123456``, ``N°12``, ``nº 3``
                (fr-en wrote ``Commande n° 123456`` "Command Next 123456"), or German's, ``Nr.
                12345`` (de-en wrote "the number 12345"): English writes ``No. 123456``, German
                ``Nr. 123456``, French ``n° 123456`` (convert_reference); the number as written
    always      a service's hours all day, every day: ``24h/24``, ``7j/7``, ``365j/365``, and
                both, ``24h/24 et 7j/7`` (fr-en kept "24h/24 and 7j/7"): English ``24 hours a
                day``, ``7 days a week``, ``365 days a year``, both ``24/7`` (convert_reference);
                ``7/7``, ``24/24`` so after ``ouvert``, ``disponible``, ``joignable`` only (fr-en
                kept ``Ouvert 7/7`` as written: elsewhere a score, a rating)
"""

from __future__ import annotations

import re

# Top-level media types, and subtypes registered under them that are words too (json, plain)
_TYPES = "application|audio|font|image|message|model|multipart|text|video"
_SUBTYPES = (
    "json|xml|html|plain|css|csv|javascript|ecmascript|pdf|zip|gzip|x-tar|rtf|msword|sql|yaml"
    "|markdown|calendar|octet-stream|form-data|mixed|alternative|related|rfc822|http|png|jpeg"
    "|jpg|gif|webp|bmp|tiff|avif|heic|ico|mpeg|mp4|mp3|ogg|wav|webm|aac|flac|opus|woff2?|ttf|otf"
    "|wasm|graphql|rss|atom|tab-separated-values|event-stream|richtext|enriched|sgml|vcard"
)
_WORDS = r"[a-z0-9]+(?:[.+-][a-z0-9]+)*"  # vnd.ms-excel, not its sentence's full stop
_SUBTYPE = rf"(?:{_SUBTYPES}|(?:vnd|prs|x)[.-]{_WORDS}|{_WORDS}\+(?:xml|json|zip))"
MIME = rf"(?<![\w/.+-])(?:{_TYPES})/(?:{_SUBTYPE}|\*)(?![\w/+-]|\.\w)"

_CURRENCY_CODES = (
    "EUR|USD|GBP|JPY|CHF|CAD|AUD|NZD|CNY|CNH|HKD|SGD|SEK|NOK|DKK|PLN|CZK|HUF|RON|TRY|ZAR|MXN"
    "|BRL|INR|RUB|KRW|ILS|THB|XAU|XAG|BTC|ETH|USDT"
)
PAIR = rf"(?<![\w/])(?:{_CURRENCY_CODES})/(?:{_CURRENCY_CODES})(?![\w/])"

# the letter of a code's part (Législative, Réglementaire, Décret, Arrêté), then the article's
# number: with its full stop and a hyphenated number anywhere (not A, a list's answer, ``A. 12-15
# ans``; not a range of a count, ``D. 26-35 ans``), after art. or article any way
_ARTICLE_NUMBER = r"\d+(?:[-.]\d+)*(?![\w-]|\.\d)"
_COUNT = r"[ \u00a0]?(?:ans|mois|semaines|jours|heures|minutes|personnes|[%€$£])"
ARTICLE = (
    rf"(?<![\w.])[LRD]\. ?\d+(?:-\d+)+(?![\w-]|{_COUNT}(?!\w))"
    rf"|(?:(?<=\b[Aa]rt\. )|(?<=\b[Aa]rticle )|(?<=\b[Aa]rticles ))[LRDA]\.? ?{_ARTICLE_NUMBER}"
)

# a page (not Canada's per cent or per mille: 9 p. 100, Dix p. 100, 5 p. 1000), a figure, a
# volume whose number ends its clause
CITATION = (
    r"(?<![\w.])(?<!\d )(?<!\d\u00a0)(?:pp?|fig)\. ?(?!1000?(?![\d-]))\d+(?:[-–]\d+)?(?![\w-])"
    r"|(?<![\w.])vol\. ?\d+(?=\s*(?:[,;:)\]]|$))"
)

# minutes, seconds and their mark, hundredths: 1'43"21, 9"95 (not a quotation: "12"34); one
# digit after the mark only after minutes (1'43"2): 15"6 is a screen's inches (units.py)
CHRONO = (
    r"(?<![\w.,'’\"])(?:\d{1,2}['’] ?\d{1,2}\"\d{1,3}|\d{1,2}\"\d{2,3})(?![\w\"])"
    r"|(?<![\w.,'’‘\"+-])\d{1,3}['’](?:\+\d{1,2})?(?![\w'’\"+])"  # a minute: 12', 45'+2
)

# a minute, a second, an hour after a counted word: 100 requêtes/min (the word translated)
_COUNTED = "|".join(rf"(?<=\d[ \u00a0][^\W\d_]{{{n}}})" for n in range(2, 16))
PER = rf"(?:{_COUNTED})/(?:min|s|h)(?![\w/])"

# an exchange's suffix (Euronext Paris, Amsterdam, Brussels, Milan, London, Nasdaq, NYSE,
# Xetra, Swiss, Tokyo, Hong Kong, Toronto...) or a share class's letter
_EXCHANGES = "PA|AS|BR|MI|MC|LS|L|O|N|OQ|DE|F|SW|T|HK|TO|ST|CO|HE|OL|VI|AX|SS|SZ|KS|A|B"
TICKER = rf"(?<=\()[A-Z]{{2,5}}\.(?:{_EXCHANGES})(?=\))"

# a number after French's sign for one, n° 123456, N°12, nº 3, or German's, Nr. 12345; its
# number holds a digit
_NUMERO_SIGN = r"(?:[nN][°º]|Nr\.)[ \u00a0]?"
NUMERO = rf"(?<![\w°º]){_NUMERO_SIGN}(?=[\w./-]*\d)\w+(?:[./-]\w+)*"
_NUMERO_SIGNS = {"en": "No. ", "de": "Nr. ", "fr": "n° "}

# all day, every day: 24h/24, 7j/7 (7/7j, 24h/24h too), both in a row (24h/24 et 7j/7)
_ROUND = r"(?:24 ?[hH] ?/ ?24(?: ?[hH])?|7 ?[jJ] ?/ ?7(?: ?[jJ])?|365 ?[jJ] ?/ ?365(?: ?[jJ])?)"
# 7/7, 24/24 alone after the words of a service open (not a score, 7/7 in a set): ouvert 7/7
_OPEN = "|".join(
    rf"(?<=\b{w}{e} )"
    for w in ("[Oo]uvert", "[Dd]isponible", "[Jj]oignable")
    for e in ("", "e", "s", "es")
)
_BARE = r"(?:24 ?/ ?24|7 ?/ ?7)"
ALWAYS = (
    rf"(?:(?<![\w/.,]){_ROUND}|(?:{_OPEN}){_BARE})(?:(?:,| et| and| -)? (?:{_ROUND}|{_BARE}))?"
    r"(?![\w/])"
)
_ALWAYS_EN = {"24": "24 hours a day", "7": "7 days a week", "365": "365 days a year"}

# (kind, pattern, what a line must hold for it), patterns.py's PATTERNS and NEEDS (one a kind);
# each a literal first where it can be, which a search finds fastest
PATTERNS = (
    ("mime", MIME, "/"),
    ("pair", PAIR, "/"),
    ("article", ARTICLE, r"[LRDA]\.? ?\d"),
    ("citation", CITATION, r"\. ?\d"),
    ("chrono", CHRONO, r"\d[\"'’]"),
    ("ticker", TICKER, r"\([A-Z]{2,5}\.[A-Z]"),
    ("per", PER, r"/(?:min|s|h)\b"),
    ("numero", NUMERO, r"[nN][°º]|Nr\."),
    ("always", ALWAYS, r"\d ?[hHjJ]? ?/"),
)


def convert_reference(text: str, kind: str, source: str, target: str) -> str:
    """A ``numero`` span of French or German ``source``, or an ``always`` span of French, as
    ``target`` writes it (English, German, French; any other kind, pair or target: ``text``)."""
    if kind == "numero" and source in ("fr", "de") and target in _NUMERO_SIGNS:
        return _NUMERO_SIGNS[target] + re.sub(_NUMERO_SIGN, "", text, count=1)
    if source != "fr" or kind != "always" or target != "en":
        return text
    counts = re.findall(r"(\d+) ?[hHjJ]? ?/", text)  # 24h/24 et 7j/7: 24, 7; ouvert 7/7
    if {"24", "7"} <= set(counts):
        return "24/7"
    return ", ".join(_ALWAYS_EN[n] for n in counts)
