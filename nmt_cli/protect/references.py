"""References of trades outside software that a line quotes as written (spans.py): a model reads
their parts as words and changes them, so each passes through as one span.

    mime        a media type: ``application/json``, ``image/svg+xml``, ``text/*`` (fr-en wrote
                ``application/json`` "applied/json", ``image/jpeg`` "image/ppeg"); its subtype a
                registered one's or marked as one (``vnd.``, ``x-``, ``+xml``), so that no pair
                of words is one (``image/son``, ``audio/video``)
    pair        a currency pair: ``EUR/USD``, ``BTC/EUR`` (fr-en wrote ``L'EUR/USD`` "The
                UR/USDA"); ISO codes only, not ``GUE/NGL``
    article     a French code's article, its part's letter with it: ``art. L. 121-1``,
                ``article R 4127-1``, ``L.3121-27`` (fr-en wrote ``L. 121-1`` "Line. 121-1")
"""

from __future__ import annotations

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
# number: with its full stop and a hyphenated number anywhere, after art. or article any way
_ARTICLE_NUMBER = r"\d+(?:[-.]\d+)*(?![\w-]|\.\d)"
ARTICLE = (
    r"(?<![\w.])[LRDA]\. ?\d+(?:-\d+)+(?![\w-])"
    rf"|(?:(?<=\b[Aa]rt\. )|(?<=\b[Aa]rticle )|(?<=\b[Aa]rticles ))[LRDA]\.? ?{_ARTICLE_NUMBER}"
)

# (kind, pattern, what a line must hold for it), spans.py's PATTERNS and NEEDS (one a kind)
PATTERNS = (
    ("mime", MIME, rf"\b(?:{_TYPES})/"),
    ("pair", PAIR, r"[A-Z]{3}/[A-Z]{3}"),
    ("article", ARTICLE, r"\b[LRDA]\.? ?\d"),
)
