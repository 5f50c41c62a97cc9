"""Menu paths: a program's labels joined by arrows, ``Outils ▸ Options ▸ %PRODUCTNAME ▸ Avancé``
(spans.py, kind ``menu``).

A path is one span: the sentence around it is translated with the path as one placeholder
(``cochez <ph0>.``), and each label is translated on its own, as an interface string, between
the arrows as written (inference/menus.py): ``Tools ▸ Options ▸ %PRODUCTNAME ▸ Advanced``.
Read as words of the sentence, a path's labels came out copied, merged or dropped, and its
arrows out of place (fr-en: ``Outils ▸ Options ▸ %PRODUCTNAME ▸ Sécurité ▸ Options ▸ Options
de sécurité`` as "Tools ▸ Options ▸ ▸ S Security Options Tools Tools Options %PRODUCTNAME").

Where a path starts and ends in a sentence:

    arrows       ``▸ ► ▶``, a word of their own; ``>``, ``›`` (a page's breadcrumbs: ``Accueil ›
                 Produits › Chaussures``) and ``→`` too between labels that start
                 with a capital and hold no digit (``Outils > Options``; not ``x > 0``, ``Si
                 Text1 > Text2``, ``Si A > B``); after the last ``→`` only words with a
                 capital (a route: ``Le billet Paris → Lyon coûte 29 €``: ``Paris → Lyon``)
    inner label  between two arrows: one to six words, no sentence punctuation (an ellipsis
                 ending it is its own: ``Imprimer…``), no word that ends a last label before
                 a capital (two paths: ``Affichage ▸ Diapo maîtresse puis Diapo ▸ Nouvelle
                 diapo``; one label: ``Paramètres > Confidentialité et sécurité > Cookies``)
    first label  before the first arrow: the nearest word with a capital, up to two words
                 without one after it (``Barre d'état``), a placeholder before it
                 (``%PRODUCTNAME Writer``); not a capitalised word that another one follows
                 (``Utilisez Insertion ▸ Image``: ``Insertion``)
    last label   after the last arrow: up to four words, to punctuation or to a word that goes
                 on with the sentence (languages.py, ``menu_ends``: French ``et``, ``puis``,
                 ``vous``; English ``and``, ``then``)
A label in quotation marks is a path of one label, translated on its own, its marks with it
(``Cliquez sur « Mettre à jour »``: ``Click “Update”``; read as words of the sentence, fr-en
wrote "Click “Make update and”", its marks around the wrong words): one to eight words (an
option's label is often a clause: ``Cochez « Masquer les fichiers protégés du système
d'exploitation ».``, its seven words read with the sentence, gave "“Select the protected files
of the operating system”."), the first with a capital, no sentence punctuation, right after a
word that names a label (:data:`LABEL_WORDS`: ``bouton``, ``cliquez sur``, ``menu``...), or
after such a label and a conjunction, a comma or both (``« Annuler » ou « OK »``, ``« Suivant
», puis sur « Terminer »``);
so is a yes or a no to type after a verb of typing (logins.TYPING: ``Saisissez « oui » ou
« non »``: ``Enter “yes” or “no”``; any other value to type passes through, logins.py), and a
label with a small first letter after a word that names one (:data:`LABEL_NOUNS`: ``Le
message « fichier introuvable » apparaît.``: ``The message “file not found” appears.``).
"""

from __future__ import annotations

import re

from nmt_cli.protect.languages import SPACES, languages_for
from nmt_cli.protect.logins import TYPING, YES_NO

_UPPER = "A-ZÀ-ÖØ-ÞŒŠŽŸ"
# a word of a label: no space, arrow, bracket, quote, backslash or sentence punctuation (an
# ellipsis may end it); ``Chercher ▸ \([^)]+\)`` ends at its arrow: a regex is no label
_WORD = r"[^\s▸►▶→›<>.,;:!?()\[\]{}«»“”\"\\]+(?:\.\.\.|…)?"
_CAPITAL = rf"(?=[{_UPPER}%$]){_WORD}"  # a capital, or a placeholder (%PRODUCTNAME, $(ARG1))
_SMALL = rf"(?![{_UPPER}%$]){_WORD}"
_NAME = rf"(?=[{_UPPER}%$])(?!\S*\d)(?=\S\S){_WORD}"  # a capital, two letters, no digit
_ARROW = r"\s+[▸►▶]\s+"
_ARROW_CAPITAL = r"\s+[>→›]\s+"  # between labels with a capital (_NAME)
_ARROW_ROUTE = r"\s+→\s+"  # the last one where the last label's words all have a capital
ARROWS = "▸►▶→>›"  # what a line must hold for a path to be looked for
_SPLIT = re.compile(r"(\s+[▸►▶>→›]\s+)")


_LABEL_SPACE = f"[{SPACES}]?"  # French « Oui », its no-break spaces
_LABEL_WORDS = rf"{_WORD}(?:\s+{_WORD}){{0,7}}"  # its first word: cued() tells
LABEL = (  # a label in quotation marks
    rf"«{_LABEL_SPACE}{_LABEL_WORDS}{_LABEL_SPACE}»|“{_LABEL_WORDS}”|\"{_LABEL_WORDS}\""
)
NEEDS = f'[{re.escape(ARROWS)}«“"]'  # what a line must hold for a path or a label
# The words right before a quoted label that name it one (French, English, German): a noun, a
# label whatever its first letter after it (``Le message « fichier introuvable » apparaît.``:
# fr-en wrote "The “file message is not” found."; ``Le message d'erreur « Accès refusé »``:
# "The error message “refused to” display."), or a verb maybe with its preposition (cliquez
# sur, click on, klicken Sie auf)
LABEL_NOUNS = (
    "bouton menu sous-menu onglet case champ fenêtre option icône lien commande message volet "
    "panneau rubrique boîte dialogue élément erreur avertissement "
    "button submenu tab checkbox box field window icon link command panel pane dialog item label "
    "error warning "
    "Schaltfläche Menü Registerkarte Feld Fenster Symbol Befehl Meldung Fehler Warnung"
).split()
LABEL_WORDS = LABEL_NOUNS + (
    "cliquez cliquer appuyez appuyer "
    "sélectionnez sélectionner choisissez choisir cochez cocher décochez décocher activez "
    "activer désactivez désactiver ouvrez ouvrir "
    "click select choose check uncheck enable disable open press "
    "wählen Sie"
).split()
# TYPING (logins.py): the verbs right before a quoted value a user types; a yes or a no after
# them is a label (``Saisissez « oui » ou « non »``: fr-en, given them as words, wrote
# "“Enter” or “not”."), any other value passes through (logins.py)
_CUE = re.compile(
    rf"(?:^|[\s'’])(?i:{'|'.join(LABEL_WORDS + TYPING)})(?:\s+(?i:sur|on|auf))?\s*$"
)
_NOUN_CUE = re.compile(rf"(?:^|[\s'’])(?i:{'|'.join(LABEL_NOUNS)})\s*$")
_TYPED_CUE = re.compile(rf"(?:^|[\s'’])(?i:{'|'.join(TYPING)})\s*$")
_YES_NO = re.compile(rf"(?:{'|'.join(YES_NO)})(?=[{SPACES}»”\"])")
_JOINING = (  # ou, puis sur, and then on
    r"(?i:ou|et|puis|or|and|then|oder|und|dann)(?:\s+(?i:puis|then|dann))?(?:\s+(?i:sur|on|auf))?"
)
# after a label, a comma, a conjunction or both: « Annuler » ou, « Suivant », puis sur
_AFTER_LABEL = re.compile(rf"[»”\"]\s*(?:,\s*(?:{_JOINING})?|{_JOINING})\s*$")
_LABELS = re.compile(LABEL)


def cued(line: str, start: int, seen: dict[int, bool] | None = None) -> bool:
    """Whether the quoted text at ``start`` of ``line`` is a label: from a capital (or a
    placeholder), right after a word of LABEL_WORDS or TYPING; from a small letter, right after
    a word of LABEL_NOUNS (``le message « fichier introuvable »``), or a yes or a no right after
    one of TYPING (``Tapez « oui »``; not ``Tapez « admin »``, a value); or
    after a label and a conjunction, a comma or both (``« Annuler » ou « OK »``,
    ``« Suivant », puis sur « Terminer »``).
    ``seen``: the answers for this line so far (its labels' starts), read and filled, so that
    a line of many labels is read once, not once for each of them."""
    seen = {} if seen is None else seen
    chain, answer = [], False  # the labels joined back to the first, which tells them all
    while start not in seen:
        chain.append(start)
        if _cued_here(line[:start], line[start + 1 :].lstrip(SPACES)):
            answer = True
            break
        before = line[:start]
        joined = _AFTER_LABEL.search(before)
        if joined is None:
            break
        end = joined.start() + 1  # where the label before would end
        earlier = [m for m in _LABELS.finditer(line, 0, end) if m.end() == end]
        if not earlier:
            break
        start = earlier[-1].start()
    else:
        answer = seen[start]
    seen.update(dict.fromkeys(chain, answer))
    return answer


def _cued_here(before: str, quoted: str) -> bool:
    """Whether ``quoted`` (a quoted text, from its first character) is a label by the words
    ``before`` it (cued's first three rules)."""
    first = quoted[:1]
    if first.islower():
        typed = _TYPED_CUE.search(before) is not None and _YES_NO.match(quoted) is not None
        return typed or _NOUN_CUE.search(before) is not None
    return (first.isupper() or first in "%$") and _CUE.search(before) is not None


def pattern_for(language: str | None) -> str:
    """The pattern of a menu path in a text of ``language`` (None: every language's words
    that end a last label)."""
    ends = sorted(
        {w for lang in languages_for(language) for w in lang.menu_ends}, key=lambda w: (len(w), w)
    )
    end = rf"(?i:{'|'.join(map(re.escape, ends[::-1]))})(?![^\s.,;:!?])"
    stop = rf"(?!{end})" if ends else ""
    # between two arrows such a word goes on with the label where a small word follows it
    # (``Confidentialité et sécurité``); before a capital it starts another path
    within = rf"(?!{end}(?!\s+[^\W\d_{_UPPER}]))" if ends else ""

    def path(arrow: str, label: str, capital: str, ends: str = "", more: str = _WORD) -> str:
        first = rf"(?<![^\s(\[«“\"'])(?:%[A-Z]\w*%?\s+)?{capital}(?:\s+{_SMALL}){{0,2}}"
        inner = rf"{label}(?:\s+{within}{_WORD}){{0,5}}"
        last = rf"{label}(?:\s+{stop}{more}){{0,3}}"
        last += rf"(?!\S*{arrow})" if ends else ""  # where an arrow of the other kind goes on
        return rf"{first}(?:{arrow}{inner})*{ends or arrow}{last}"

    paths = [
        path(_ARROW, _WORD, _CAPITAL),
        path(_ARROW_CAPITAL, _NAME, _NAME, r"\s+[>›]\s+"),
        path(_ARROW_CAPITAL, _NAME, _NAME, _ARROW_ROUTE, _NAME),
    ]
    return "|".join([*paths, LABEL])


def menu_parts(text: str) -> tuple[list[str], list[str]]:
    """A menu path's labels, and the arrows between them as written (with their spaces)."""
    parts = _SPLIT.split(text)
    return parts[::2], parts[1::2]


def menu_joined(labels: list[str], arrows: list[str]) -> str:
    """``labels`` between ``arrows`` (one fewer), as menu_parts gave them."""
    out = [labels[0]]
    for arrow, label in zip(arrows, labels[1:]):
        out += [arrow, label]
    return "".join(out)


def same_path(a: str, b: str) -> bool:
    """Whether two menu paths have as many labels (one may be the other translated: a training
    pair's, training/placeholders.py)."""
    return len(menu_parts(a)[0]) == len(menu_parts(b)[0])
