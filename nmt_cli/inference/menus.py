"""Menu paths translated label by label (protect/menus.py finds them, kind ``menu``).

The sentence is translated with each path as one placeholder; each label of every path of a
batch is translated once, as a line of its own (an interface string: ``Avancé`` is "Advanced"),
and the path the placeholder gives back is its labels' translations between its arrows as
written: ``Outils ▸ Options ▸ %PRODUCTNAME ▸ Avancé`` -> ``Tools ▸ Options ▸ %PRODUCTNAME ▸
Advanced``. A run of words shouted in capitals in a line in ordinary case (kind ``capitals``,
protect/names.py ``shouted_words``) is one such label: ``Cliquez sur ENREGISTRER`` -> "Click
SAVE", where the model read "ENREGISTER".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from nmt_cli.protect.menus import menu_joined, menu_parts
from nmt_cli.protect.placeholders import Masked

_ENDS = ".!?"
# the kinds of span whose words are translated as labels: a menu path's, words shouted in
# capitals, words in angle brackets that are no tag (``<dès aujourd'hui>``, their brackets kept)
LABELLED = ("menu", "capitals", "bracketed")


def with_menus(
    masked: Sequence[Masked], translate: Callable[[list[str]], list[str]]
) -> list[Masked]:
    """``masked``, each menu path's output its labels translated by ``translate`` (lines in,
    one text each out; called once, with each label once, where a line holds a path), and each
    shouted run's its translation as a label."""
    parts = {
        span.text: menu_parts(span.text)
        if span.kind == "menu"
        else ([span.text[1:-1]], ["<", ">"])
        if span.kind == "bracketed"
        else ([span.text], [])
        for m in masked
        for span in m.spans
        if span.kind in LABELLED
    }  # each path once: its labels and arrows
    if not parts:
        return list(masked)
    todo = list(dict.fromkeys(label for labels, _ in parts.values() for label in labels))
    done = {label: _as_label(label, text) for label, text in zip(todo, translate(todo))}
    paths = {
        path: done[labels[0]].join(arrows)
        if len(arrows) == len(labels) + 1  # in brackets: <the words>
        else menu_joined([done[label] for label in labels], arrows)
        for path, (labels, arrows) in parts.items()
    }
    out = []
    for m in masked:
        if any(span.kind in LABELLED for span in m.spans):
            outputs = tuple(
                paths[span.text] if span.kind in LABELLED else output
                for span, output in zip(m.spans, m.outputs)
            )
            m = replace(m, outputs=outputs)
        out.append(m)
    return out


def _as_label(label: str, text: str) -> str:
    """A label's translation as a label: no sentence end its source has not (``Avancé``:
    "Advanced", not "Advanced."); the label itself where the translation is empty."""
    text = text.strip()
    if not text:
        return label
    if text[-1] in _ENDS and label[-1:] not in _ENDS and not text.endswith("..."):
        text = text[:-1].rstrip()
    return text or label
