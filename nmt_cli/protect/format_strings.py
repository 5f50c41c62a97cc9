"""Placeholders of format strings: the slots a program fills in a message (spans.py, kind
``placeholder``), protected in every mode (plain lines, ``--markup``, pages, catalogues).

One pattern covers every convention GNU gettext names a format flag for, and a few more:

    c, php, perl, lua, awk, tcl, objc, javascript, go, python
                ``%s``, ``%d``, ``%-5.2f``, ``%lld``, ``%1$s`` (positional), ``%@`` (objc),
                ``%(name)s`` ``%r`` (python), ``%j`` ``%O`` (javascript), ``%v`` ``%T`` ``%q`` (go),
                ``%Y`` ``%H`` ``%M`` ``%D`` ``%R`` (strftime's date and time),
                ``%%`` (a literal per cent sign, which the string must keep)
    qt, kde, ycp, smalltalk, LibreOffice
                ``%1`` ... ``%99``, Qt's ``%L1`` and plural ``%n`` / ``%Ln``
    boost       ``%1%``
    LibreOffice ``%PRODUCTNAME``, ``%STYLE_NAME%``, ``%SAVE IN SELECTION%``, ``%name``,
                ``%num%`` (a word after ``%``; of three letters or more where it starts in lower
                case, not ``%s``; capitals apart, closed by ``%``), ``$(ARG1)``, ``$1$``
    ruby, Rails ``%{name}``, ``%<name>s``, ``%<name>.2f``
    gcc-internal ``%<#pragma%>`` (quoted code, whole), ``%qs``, ``%qE``, ``%q#D``, ``%+D``,
                ``%D``, ``%K``, ``%<``, ``%>``
    python-brace, perl-brace, rust, csharp, java (MessageFormat), ICU simple arguments
                ``{}``, ``{0}``, ``{name}``, ``{0:>5}``, ``{obj.attr!r}``, ``{0,number}``,
                ``{0,number,#.##}``, ``{0,-10:C}``
    i18next, Mustache, Handlebars, Jinja, Django, Twig, Liquid, Angular
                ``{{count}}``, ``{{- name}}``, ``{{ user.name }}``, ``{{val, number}}``, a
                template's tags whole: ``{{ var|filter }}``, ``{{#each items}}``, ``{{/each}}``,
                ``{{> partial}}``, ``{{{raw}}}``, ``{% if x %}``, ``{%- endfor -%}``,
                ``{# comment #}``; the text between two tags is translated (fr-en wrote
                ``{% if x %}Bonjour{% endif %}`` as "{% x %}Bonjour{% indif %}", ``{{{raw}}}`` as
                "< {{raw}} >"). gettext names no flag for them, but web applications'
                catalogues and i18n JSON files hold them
    sh, perl, php
                ``$VAR``, ``$name``, ``${VAR}``, ``${VAR:-x}`` (not ``$US``, a currency)
    javascript, Spring, Terraform
                ``${user.name}`` (a template literal's, a property's: fr-en wrote ``Bonjour
                ${user.name}`` "Yellow $ {user.name}")
    WebExtension ``$name$``, ``$USER$``
    scheme, lisp ``~a``, ``~S``, ``~5d``, ``~%``, a run of them (``~a~%``); not a letter
                marked in a word (LibreOffice's access keys ``Coupe~r``, ``3~d``,
                ``~Sélection``)

Braces glued to a brace placeholder are the string's and pass through with it (the model
wrote one as "<" or ">", or dropped it): .NET's and MessageFormat's escaped ``{{0}``, ``{0}}``,
``{{{0}}}`` (GLUED, a built-in kind only: in a document, an ICU message's ``{name}}`` is a
placeholder and the end of a branch, icu.py); and Ant's and Android data binding's ``@{name}``
(fr-en wrote "<{nom}").

Placeholders joined by a colon and no space are one value, one span as written (JOINED): a host
and its port ``%s:%d``, a file, its line and column ``%s:%d:%d``, ``{host}:{port}``.

What each is not: a space after ``%`` (French ``50 % des``) is text, not printf's space flag,
and a per cent sign after a number is one, whatever follows it (``5 %du PIB``, ``50 %50 %``);
``%1`` before a word is Qt's, not printf's with a width (``%1guillemets%2``).

Non-positional placeholders of one convention are filled in their order of the string (the
first ``%s`` takes the first argument): ``order_group`` names the group a placeholder keeps its
source order in, so that a translation that swaps two of them is put right (placement.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

# printf's conversions: c's, objc's @, javascript's j O, go's v T q, wide C S; and strftime's,
# which take no argument of their own (a date's parts, in any order: %D, %R, the week's %V %U
# %W too), and gcc-internal-format's bare %D (a declaration), %V (its qualifiers) and %K (a
# location): "%D est déclaré ici" came back "% D is declared here", which msgfmt refuses
_ARGUMENTS = "diouxXeEfFgGaAcCsSpn@jOvTqb"
_CONVERSIONS = _ARGUMENTS + "YyHIMmBZzDRVUWK"
# not a per cent sign: after a number (5 %du PIB, 50 %50 %), save one that is a placeholder's
# (%1 %2 %3: not "1 %" then 2)
_AFTER_NUMBER = (
    r"(?<!\d)(?:(?<!\d[ \u00a0\u202f])|(?<=%[1-9][ \u00a0\u202f])"
    r"|(?<=%L[1-9][ \u00a0\u202f])|(?<=%[1-9]\d[ \u00a0\u202f]))"
)
_PRINTF = (
    rf"{_AFTER_NUMBER}%(?![1-9]\d?[A-Za-z]{{2}})(?:[1-9]\d*\$)?(?:\([\w.-]+\))?[-#0+']*"
    r"(?:[1-9]\d*|\*(?:[1-9]\d*\$)?)?"
    r"(?:\.(?:\d+|\*(?:[1-9]\d*\$)?))?(?:hh|ll|I64|I32|[hlLqjztI])?"
    rf"[{_CONVERSIONS}]"
)
# scheme's and lisp's directives, a run of them (~a, ~S, ~5d, ~a~%); not an access key: 3~d,
# ~Sélection (nor, for the same reason, read as one: inference/access_keys.py)
LISP = r"(?<![^\W_])(?:~(?:\d+|'.)?(?:,\d*)*[:@]{0,2}[aAsSdDbBoOxXfFeEgGcCrRpP%&~])+(?!\w)"
_FORMAT_STRINGS = (  # the first that matches is taken: %FILENAME before printf's %F
    # LibreOffice's %PRODUCTNAME, %DATE%, and %SAVE IN SELECTION% (words apart: closed by %)
    rf"{_AFTER_NUMBER}%[A-Z][A-Z0-9_]{{2,}}(?:(?: [A-Z][A-Z0-9_]*)+%|%?)(?![A-Za-z0-9_])",
    rf"{_AFTER_NUMBER}%[a-z][a-z0-9_]{{2,}}%?(?!\w)",  # and its %name, %value, %num%
    # gcc-internal-format's quoted code whole, %<#pragma%> (the model wrote "%<#pragma %>"),
    # and its flagged conversions: %qs, %qE, %q#D, %+D, %#T (printf has no D nor V)
    rf"{_AFTER_NUMBER}%<(?:(?!%[<>])[^\n]){{1,80}}?%>",
    rf"{_AFTER_NUMBER}%(?:q[+#]*|[+#]+)[A-Za-z]",
    _PRINTF,
    # python's %r (repr), %(name)r: printf has no r ("%(folder)r" came back "%(folder) r")
    rf"%\([\w.-]+\)[-#0+]*\d*(?:\.\d+)?r|{_AFTER_NUMBER}%[-#0+]*\d*(?:\.\d+)?r(?![A-Za-z])",
    r"%%",
    rf"{_AFTER_NUMBER}%L?(?:[1-9]\d?|n)%?(?!\d)",  # Qt, KDE, LibreOffice; boost's %1%
    r"%\{[A-Za-z_]\w*\}",  # ruby, Rails
    r"%<[A-Za-z_]\w*>(?:[-#0+]*\d*(?:\.\d+)?[diouxXeEfgGaAcsp])?",  # ruby's named printf
    rf"{_AFTER_NUMBER}%[<>]",  # gcc-internal-format's quotes, one alone
    r"@\{[A-Za-z_][\w.]*\}",  # Ant's, Android data binding's @{name}
    r"\{\{\{[^{}\n]+\}\}\}",  # Handlebars' and Mustache's {{{raw}}}, first: not {{raw}}
    r"\{\{[^{}\n]+\}\}",  # i18next, Mustache, Jinja: {{count}}, {{#each items}}, {{ v|f }}
    r"\{%[-+]?\s*[A-Za-z_](?:(?!%\})[^{}\n])*%\}",  # Jinja's, Django's, Liquid's {% if x %}
    r"\{#[^{}\n]*#\}",  # their comment, {# x #} (not ICU's {#})
    r"\{[\w.\[\]]*(?:![rsa])?(?::[^{}\n]*)?\}",  # python-brace, rust, csharp, {0}
    r"\{\s*\w+\s*,\s*-?\w+(?:\s*[,:][^{}\n]*)?\}",  # MessageFormat's {0,number}, C#'s {0,-10}
    # sh ${VAR}; javascript's template literals, Spring's, Terraform's ${user.name}
    r"\$\{[#!]?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?:[:#%/^,@\[][^{}\n]*)?\}",
    r"\$\([A-Za-z_][\w.-]*\)",  # LibreOffice's $(ARG1), make's $(CC)
    r"\$[A-Za-z0-9_@]+\$",  # WebExtension $name$, LibreOffice $1$
    r"\$(?!(?:US|CA|AU|NZ|HK|SG|NT|[ACRZM])\b)[A-Za-z_][A-Za-z0-9_]*",  # sh, perl, php
    LISP,
)
PATTERN = "|".join(f"(?:{p})" for p in _FORMAT_STRINGS)
GLUED = r"\{+\{[\w.]*\}\}*|\{[\w.]*\}\}+"  # {{0}, {0}}, {{{0}}}: braces glued to a placeholder
# placeholders joined by a colon and no space, one value as written: a host and its port
# (``%s:%d``: fr-en wrote "serveur %s:%d" as "%s connection: %d", the pair torn apart), an
# hour and its minutes (``%H:%M``), a file, its line and column (``%s:%d:%d``)
JOINED = rf"(?:{PATTERN})(?::(?:{PATTERN}))+"
_JOINED = re.compile(JOINED)
_ONE = re.compile(PATTERN)
# What a line must hold for the pattern to match in it (patterns.NEEDS)
NEEDS = r"[%{$~]"

_SEQUENTIAL_PRINTF = re.compile(
    rf"%(?!\d+\$|\(|%)[-#0+']*(?:\d+|\*)?(?:\.(?:\d+|\*))?\D*[{_ARGUMENTS}r]"
)
_AUTO_BRACE = re.compile(r"\{(?:![rsa])?(?::[^{}]*)?\}")
_LISP_ARGUMENT = re.compile(r"~[\d,':@]*[aAsSdDbBoOxXfFeEgGcCrRpP]")


def order_group(text: str) -> str | None:
    """The group of placeholders, filled by their order in the string, that ``text`` belongs to
    (``printf``: ``%s``, ``%-5d``, ``%@``, not ``%1$s`` nor ``%(name)s``; ``brace``: ``{}``,
    ``{:>5}``; ``lisp``: a run holding ``~a``; placeholders JOINED, ``%s:%d``: their group
    where they share one); None for a named or numbered one, which the translation may move."""
    if text == "%n":
        return None  # Qt's plural count, not printf's %n, in a message
    if ":" in text and not _ONE.fullmatch(text) and _JOINED.fullmatch(text):  # %s:%d
        groups = {order_group(m[0]) for m in _ONE.finditer(text)}
        return groups.pop() if len(groups) == 1 else None
    if _SEQUENTIAL_PRINTF.fullmatch(text):
        return "printf"
    if _AUTO_BRACE.fullmatch(text):
        return "brace"
    if text.startswith("~") and _LISP_ARGUMENT.search(text):
        return "lisp"
    return None


class _Span(Protocol):
    kind: str
    text: str


def order_groups(spans: Sequence[_Span]) -> list[str | None]:
    """The order group of each of a line's spans (placement.py): a placeholder's, or a user's
    span that is one (a document's placeholders are a user's patterns); ``icu`` for the pieces
    of an ICU message's structure (icu.py), which keep their order; None for the rest."""
    return [
        "icu"
        if s.kind == "icu"
        else order_group(s.text)
        if s.kind in ("placeholder", "user")
        else order_group(s.text.split()[0])  # a placeholder with a unit: %s Ko
        if s.kind == "measure" and s.text[0] in "%{$~"
        else None
        for s in spans
    ]
