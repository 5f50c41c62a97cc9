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
# Emoji (inference/emoji.py reads them here): the blocks of emoji and of symbols and dingbats
# (😊, ☀, ✅), and the signs of the blocks below shown as emoji wherever they stand (⌚, ⏰, ⏳,
# ◽, ⬛, ⭐, ⭕); EMOJI_SELECTED, those shown as emoji when a variation selector (U+FE0F)
# follows them (▶️, ⬆️, ↩️, ⏭️, Ⓜ️, ©️, ™️), as they stand alone not (▶, ©: signs)
EMOJI = (
    "\u231a\u231b\u23e9-\u23ec\u23f0\u23f3\u25fd\u25fe\u2600-\u27bf\u2b1b\u2b1c\u2b50\u2b55"
    "\U0001f000-\U0001faff"
)
EMOJI_SELECTED = (
    "\u00a9\u00ae\u2122\u2194-\u2199\u21a9\u21aa\u2328\u23cf\u23ed-\u23ef\u23f1\u23f2"
    "\u23f8-\u23fa\u24c2\u25aa\u25ab\u25b6\u25c0\u25fb\u25fc\u2b05-\u2b07"
)
# Signs a model writes byte by byte or not at all, a run of them a span wherever it stands (fr-en
# wrote © as "�", ✓ as "���", ≤ not at all, ½ as "1#2"): ©, ®, ™, fractions, arrows, operators,
# technical signs (⌘, ⏎), enclosed numbers (①), shapes, emoji (symbols and dingbats: ★, ♥, ✓);
# and U+FFFD, a character a decoder could not read (HTML's &#0;), which the model dropped
SIGNS = (
    "\u00a9\u00ae\u2117\u2120\u2122\u00bc-\u00be\u2150-\u215f\u00a7\u00b6"  # © ® ™ ½ § ¶
    "\u2190-\u21ff\u2200-\u22ff\u2300-\u23ff\u2460-\u24ff\u25a0-\u25ff\u2b00-\u2bff"
    f"{EMOJI}\ufffd"
)
JOINERS = "\ufe0f\u200d"  # what joins a sign to the next: a variation selector, a zero-width joiner
# a run of signs, with their joiners and skin tones
_SIGN_RUN = f"[{SIGNS}](?:[{SIGNS}{JOINERS}]|[\U0001f3fb-\U0001f3ff])*"  # ❤️, 👍🏽, 👨‍💻
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
# What a line must hold for markup to be in it (patterns.NEEDS)
MARKUP_NEEDS = (
    rf"[<&\x1b{PRIVATE_USE[0]}-{PRIVATE_USE[1]}{SYMBOLS}{BRACKETS}{SIGNS}]|{_LONE_CURRENCY}"
)
