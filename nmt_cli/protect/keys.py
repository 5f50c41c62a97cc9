"""Keyboard shortcuts: what a shortcut span is made of (spans.py, kind ``keys``), and its keys'
names in the target language.

A shortcut starts with a modifier (``Ctrl``, ``Alt``, ``Shift``, a language's own, French
``Maj``, German ``Strg``; LibreOffice's ``%MOD1`` ... ``%MOD4``, Ctrl or Cmd and Alt or Option
as the system has them) and goes on with keys joined by ``+`` or ``-`` (``Ctrl+Alt+Suppr``,
``Maj + F10``, ``Cmd-C``, ``%MOD1+Maj+F9``; a Mac's signs too, ``⌘+Maj+4``, or glued to its key,
``⌥⌘Échap``: fr-en wrote "⌘+Maj+4", "⌥⌘Échap"). A key is a word, or a name of several words of
the source language's table (``Flèche vers le bas``, ``Page précédente``).

Each language names some keys its own way (languages.py, ``keys``: the language's name, the
name English gives the key); a shortcut is written with the target language's names, its joins
and its other keys (``F10``, ``C``, ``Ctrl``, a placeholder) as written, as a localizer writes
them:

    fr -> en   Ctrl+Alt+Suppr -> Ctrl+Alt+Del     Maj+Flèche vers le bas -> Shift+Down Arrow
    de -> en   Strg+Umschalt+Entf -> Ctrl+Shift+Del
    en -> fr   Shift+Enter -> Maj+Entrée

A key written in lower case keeps it (``%MOD2+flèche`` -> ``%MOD2+arrow``).
"""

from __future__ import annotations

import re

from nmt_cli.protect.languages import LANGUAGES, SPACES, languages_for

_MOD = "%MOD[1-4]"  # LibreOffice's modifiers, as the system names them (Ctrl or Cmd, ...)
_SIGNS = "[⌃⌥⇧⌘]"  # a Mac's modifiers, as its menus write them: joined (⌘+Maj+4) or glued (⇧⌘Z)
# Keys a shortcut starts with in every language, as regexes (and each language's own names)
_MODIFIERS = [
    *"Ctrl Alt AltGr Shift Cmd Command Option Opt Fn Win Super Meta".split(),
    _MOD,
    _SIGNS,
]
# The names English gives the keys that other languages name their own way
ENGLISH = (
    "Ctrl",
    "Shift",
    "Command",
    "Del",
    "Delete",
    "Enter",
    "Return",
    "Space",
    "Esc",
    "Insert",
    "Home",
    "End",
    "Backspace",
    "Hyphen",
    "Tab",
    "Page Up",
    "Page Down",
    "Up Arrow",
    "Down Arrow",
    "Left Arrow",
    "Right Arrow",
    "Arrow",
    "Caps Lock",
    "Print Screen",
)
_SPACE = f"[{SPACES}]"
JOIN = rf"(?:{_SPACE}?\+{_SPACE}?|-)"  # between the keys of a shortcut


def modifiers_for(code: str | None) -> list[str]:
    """The keys a shortcut of a text in language ``code`` starts with, as regexes (all
    languages' for None)."""
    return _MODIFIERS + [re.escape(m) for lang in languages_for(code) for m in lang.modifiers]


def names_for(code: str | None) -> list[str]:
    """The keys' names of several words a shortcut of a text in ``code`` may hold, longest
    first (all languages' and English's for None)."""
    if code == "en":
        names = set(ENGLISH)
    else:
        names = {own for lang in languages_for(code) for own, _ in lang.keys}
        names |= set(ENGLISH) if code is None else set()
    return sorted((n for n in names if " " in n), key=lambda n: (-len(n), n))


def pattern_for(code: str | None) -> str:
    """The pattern of a shortcut of a text in ``code`` (spans.py), or of a key of the
    language's table named alone after its words for one (``la touche Échap``, ``appuyez sur
    Entrée``: converted like a shortcut's)."""
    names = _alternation(names_for(code))
    several = [rf"(?i:{names})(?!\w)"] if names else []
    key = "(?:" + "|".join([*several, _MOD, r"\w+"]) + ")"
    shortcut = rf"(?<![\w+-])(?:{'|'.join(modifiers_for(code))}){JOIN}{key}(?:{JOIN}{key})*"
    glued = rf"(?<![\w+-]){_SIGNS}+{key}(?!\w)"  # ⌥⌘Échap
    return "|".join([shortcut, glued, *_alone(code)])


def _alternation(names) -> str:
    """``names`` (keys' names) as alternatives of a pattern, in their order, any space of a
    name any of the language's spaces."""
    return "|".join(re.escape(n).replace(r"\ ", _SPACE) for n in names)


def _template(words: str, key: str) -> str:
    """``words`` (a language's ``touche {}``) as a pattern around ``key``."""
    before, after = (re.escape(part).replace(r"\ ", _SPACE) for part in words.split("{}"))
    return f"{before}{key}{after}"


def _alone(code: str | None) -> list[str]:
    """The patterns of a key of ``code``'s table named alone: any of its names with the
    language's words for a key (``touche Échap``, the words in the span), its usual name (the
    first) after a verb, a name that is no word anywhere, any of its names listed after a key
    named as one (``appuyez sur Fin ou Début``: _listed); none without a language or a table."""
    lang = LANGUAGES.get(code or "")
    if lang is None or not lang.keys:
        return []
    usual: dict[str, str] = {}
    for name, english in lang.keys:
        usual.setdefault(english, name)

    def one_of(names) -> str:
        return f"(?:{_alternation(sorted(set(names), key=lambda n: (-len(n), n)))})"

    out = [
        rf"(?<![\w-]){_template(words, one_of(n for n, _ in lang.keys))}(?![\w+-])"
        for words in lang.key_words
    ]
    # one lookbehind a verb: each is of fixed width
    verbs = "|".join(rf"(?<=(?<![\w-]){re.escape(v)}{_SPACE})" for v in lang.key_verbs)
    if verbs:
        out.append(rf"(?:{verbs}){one_of(usual.values())}(?![\w+-])")
    if lang.keys_alone:  # a name that is no word, anywhere: ``deux fois sur Échap``
        out.append(rf"(?<![\w.-]){one_of(lang.keys_alone)}(?![\w+-])")
    names = {n for n, _ in lang.keys}
    initials = "".join(sorted({n[0] for n in names}))
    out.append(rf"(?<= )(?=[{initials}]){_listed(lang, usual.values())}{one_of(names)}(?![\w+-])")
    return out


def _listed(lang, usual) -> str:
    """A lookbehind: after a key named as a key (a shortcut's last, ``Ctrl+Fin``; a usual name
    after a verb, ``appuyez sur Fin``; a name after the language's words for a key, ``touche
    Fin``) and a list's join: ``Appuyez sur Fin ou Début`` (fr-en wrote "End or Start"), not
    ``Début ou Fin de saison``; one lookbehind for each width, as a lookbehind is of fixed
    width. The language's own joins, written with plain spaces: every join of every language,
    each space any of three, made thousands of character sets that took 0.4 s to compile at
    each start of `nmt translate`."""
    joins = [", ", *(f" {w} " for w in lang.list_joins)]  # the language's own: a few to compile
    every = [n for n, _ in lang.keys]
    cued = [(f"{v} ", usual) for v in lang.key_verbs]
    cued += [(w[:-2], every) for w in lang.key_words if w.endswith(" {}")]
    by_width: dict[tuple[int, bool], list[str]] = {}
    for cue, names in [*cued, *((join, every) for join in ("+", "+ ", "-"))]:
        for name in sorted(set(names)):
            for join in joins:
                place = (len(cue + name + join), cue[0].isalpha())
                by_width.setdefault(place, []).append(re.escape(cue + name + join))
    guard = r"(?<![\w-])"  # a word's cue starts a word
    found = [rf"(?<={guard if word else ''}(?:{'|'.join(a)}))" for (_, word), a in by_width.items()]
    return "(?:" + "|".join(found) + ")"


# what a line holds for a shortcut or a key named alone to be in it (patterns.py's NEEDS)
NEEDS = "|".join(
    [
        r"[+-]",
        _SIGNS,
        *sorted(
            {
                re.escape(w.replace("{}", "").strip(" -"))
                for x in LANGUAGES.values()
                for w in x.key_words + x.key_verbs + x.keys_alone
            }
        ),
    ]
)


def _english(key: str, source: str) -> str | None:
    """The name English gives ``key`` of ``source`` (None: ``source`` does not name it)."""
    if source == "en":
        return next((e for e in ENGLISH if e.casefold() == key.casefold()), None)
    own = LANGUAGES[source].keys if source in LANGUAGES else ()
    return next((english for name, english in own if name.casefold() == key.casefold()), None)


def _named(english: str, target: str) -> str | None:
    """The name ``target`` gives the key English names ``english`` (None: no name of its own)."""
    if target == "en":
        return english
    own = LANGUAGES[target].keys if target in LANGUAGES else ()
    return next((name for name, same in own if same == english), None)


def convert_keys(text: str, source: str, target: str) -> str:
    """A shortcut of ``source`` (spans.py, kind ``keys``) written with ``target``'s names of its
    keys; a key named with the source's words for a key (``touche Échap``) with the target's
    (``Esc key``), where it has some."""
    words = LANGUAGES[source].key_words if source in LANGUAGES else ()
    for place, template in enumerate(words):
        named = re.fullmatch(_template(template, "(.+)"), text)
        if named and target in LANGUAGES and LANGUAGES[target].key_words:
            key = convert_keys(named.group(1), source, target)
            return LANGUAGES[target].key_words[place].format(key)
    parts = re.split(f"({JOIN})", text)
    for i in range(0, len(parts), 2):
        signs, key = re.fullmatch(f"({_SIGNS}*)(.*)", parts[i], re.S).groups()
        english = _english(re.sub(_SPACE, " ", key), source)
        name = _named(english, target) if english else None
        if name is not None:
            parts[i] = signs + (name.lower() if key[:1].islower() else name)
    return "".join(parts)
