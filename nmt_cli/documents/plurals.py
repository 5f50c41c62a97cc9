"""gettext's plural forms by language: the ``Plural-Forms`` header a catalogue in that language
needs (the GNU gettext manual, "Plural forms"), so that its plural messages have the number of
forms, and the rule, that ``msgfmt --check`` and a program's ``ngettext`` expect. CLDR's plural
categories (an Android ``<plurals>``'s quantities) are nmt_cli/protect/plural_categories.py's."""

from __future__ import annotations

import re

_ONE_FORM = "nplurals=1; plural=0;"
_ONE_IS_SINGULAR = "nplurals=2; plural=(n != 1);"
_ZERO_AND_ONE_SINGULAR = "nplurals=2; plural=(n > 1);"
_EAST_SLAVIC = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
    "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
)

RULES = {
    **dict.fromkeys("ja ko zh vi th id ms lo my km".split(), _ONE_FORM),
    **dict.fromkeys(
        "en de nl sv da nb nn no fo es it pt el bg fi et he eo hu ca eu gl af sq".split(),
        _ONE_IS_SINGULAR,
    ),
    **dict.fromkeys("fr pt_BR oc".split(), _ZERO_AND_ONE_SINGULAR),
    **dict.fromkeys("ru uk be sr hr bs".split(), _EAST_SLAVIC),
    "lv": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);",
    "ga": "nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);",
    "ro": "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);",
    "lt": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
        "n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
    **dict.fromkeys(("cs", "sk"), "nplurals=3; plural=((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2);"),
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "sl": "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
    "ar": (
        "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
        "n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"
    ),
}

_NPLURALS = re.compile(r"\bnplurals\s*=\s*(\d+)")


def plural_forms(language: str) -> str | None:
    """The Plural-Forms of ``language`` (``fr``, ``pt_BR``, ``pt-BR``), None if unknown."""
    code = language.replace("-", "_")
    return RULES.get(code) or RULES.get(code.split("_")[0].lower())


def count_forms(header: str | None) -> int | None:
    """The number of forms a Plural-Forms header gives (None: none, or not a number)."""
    found = _NPLURALS.search(header or "")
    return int(found.group(1)) if found else None
