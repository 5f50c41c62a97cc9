"""The kind ``markup`` of spans.py: tags, entities, comments, an icon font's glyphs, symbols
standing alone and signs wherever they stand, a currency symbol with no amount (spans.py's
docstring lists them): no model reads them as text."""

from __future__ import annotations

import re

from nmt_cli.protect import format_strings
from nmt_cli.protect.languages import CURRENCIES

_LONE_CURRENCY = f"[{re.escape(CURRENCIES.replace('$', ''))}]"  # no amount's: markup (not $)
PRIVATE_USE = ("\ue000", "\uf8ff")  # the Basic Multilingual Plane's private-use area
SYMBOLS = re.escape("<>*#|=~^@▸►▶→—•‣·")  # a run as a word of its own is a span (not braces)
BRACKETS = re.escape("{}()[]")  # one bracket alone as a word, too (« { » requis; not {} or }})
# Signs a model writes byte by byte or not at all, a run of them a span wherever it stands (fr-en
# wrote © as "�", ✓ as "���", ≤ not at all, ½ as "1#2"): ©, ®, ™, fractions, arrows, operators,
# technical signs (⌘, ⏎), enclosed numbers (①), shapes, symbols and dingbats (★, ♥, ✓), emoji;
# and U+FFFD, a character a decoder could not read (HTML's &#0;), which the model dropped
SIGNS = (
    "\u00a9\u00ae\u2117\u2120\u2122\u00bc-\u00be\u2150-\u215f\u00a7\u00b6"  # © ® ™ ½ § ¶
    "\u2190-\u21ff\u2200-\u22ff\u2300-\u23ff\u2460-\u24ff\u25a0-\u27bf\u2b00-\u2bff"
    "\U0001f000-\U0001faff\ufffd"
)
# a variation selector (U+FE0F), a zero-width joiner (U+200D), a skin tone
_SIGN_RUN = f"[{SIGNS}](?:[{SIGNS}\ufe0f\u200d]|[\U0001f3fb-\U0001f3ff])*"  # ❤️, 👍🏽, 👨‍💻
MARKUP = (
    r"&lt;/?[A-Za-z][\w:.-]*(?:\s(?:(?!&gt;)[^<>])*)?/?&gt;"
    r"|</?[A-Za-z][\w:.-]*(?:\s[^<>]*)?/?>"
    r"|&(?:amp;)*(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});"  # &amp;lt;
    rf"|[{PRIVATE_USE[0]}-{PRIVATE_USE[1]}]+|(?<!\S)(?:[{SYMBOLS}]+|[{BRACKETS}])(?=[.,;:!?]*(?:\s|$))"
    rf"|(?<=[(\[])[{SYMBOLS}]+(?=[.,;:]\s| ?\d)"  # a list's first: (@, <), a bound: (< 40 kg)
    rf"|{_SIGN_RUN}|(?<=[(\[«“\"'])[{SYMBOLS}]+(?=[)\]»”\"'])"  # ©, ✓; (~), "*"
    rf"|<(?:{format_strings.PATTERN})>|<!--(?:(?!-->).)*-->|{_LONE_CURRENCY}"  # <%1>, €
    r"|\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # a terminal's colours
)
# What a line must hold for markup to be in it (spans.NEEDS)
MARKUP_NEEDS = (
    rf"[<&\x1b{PRIVATE_USE[0]}-{PRIVATE_USE[1]}{SYMBOLS}{BRACKETS}{SIGNS}]|{_LONE_CURRENCY}"
)
