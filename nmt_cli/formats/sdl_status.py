"""Trados' own status of the segments nmt writes into an SDLXLIFF file: each segment whose
target a model wrote gets ``conf="Draft" origin="mt"`` on its ``<sdl:seg>`` (before, it kept
no ``conf``: Trados showed a machine's words as "Not Translated", with nothing to filter them
by; read back for training, a draft of a machine's gives no pair either way); one a
translation memory gave, an exact match's ``conf="Draft" origin="tm" percent="100"`` (before,
it was marked a machine's too).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from nmt_cli.formats.inline import model_text
from nmt_cli.formats.xliff_splice import with_attributes
from nmt_cli.formats.xliff_tools import SDL, seg_marks
from nmt_cli.formats.xml import local, safe_parser

# a match's rate and kind, and the memory it came from, go with the words they were of
MACHINE_DRAFT = {
    "conf": "Draft",
    "origin": "mt",
    "percent": None,
    "text-match": None,
    "origin-system": None,
}
MEMORY_DRAFT = {**MACHINE_DRAFT, "origin": "tm", "percent": "100"}  # to review, as 1.2's state
_UNIT = re.compile(rb"<(?:[\w.-]+:)?trans-unit\b.*?</(?:[\w.-]+:)?trans-unit\s*>", re.S)
_SEG = re.compile(rb"<[\w.-]+:seg\b[^>]*>")
_ID = re.compile(rb"""\sid\s*=\s*["']([^"']*)["']""")


def marked(
    before: bytes,
    after: bytes,
    remembered: Collection[object] = (),
    written: Collection[tuple[int, str]] = (),
) -> bytes:
    """``after`` (``before``, an SDLXLIFF file in UTF-8, with targets written) with each
    segment whose target it changed, or ``written`` holds (its unit's position, its ``mid``:
    translated again, to the same text or not), marked a machine's draft, or a translation
    memory's where ``remembered`` holds its unit's position (from 0) or id, or (position, its
    ``mid``); any other file as it is. Before, a segment translated again to the text it
    had kept its status: a fuzzy match's rate, or "Translated" where --retranslate all gave
    a translator's words back as a machine's."""
    if SDL.encode() not in before:
        return after
    written = frozenset(written)
    old, new = _targets(before), _targets(after)
    units = list(_UNIT.finditer(after))
    if len(units) != len(new) or len(old) != len(new):
        return after  # not laid out as Trados writes it: left as it is
    out, at = [], 0
    for k, (found, was, now) in enumerate(zip(units, old, new)):
        changed = {
            mid
            for mid, text in now.items()
            if text and (was.get(mid) != text or (k, mid) in written)
        }
        if not changed:
            continue
        uid = _ID.search(found.group()[: found.group().index(b">")])
        whole = k in remembered or uid is not None and uid[1].decode() in remembered
        memory = {mid for mid in changed if whole or (k, mid) in remembered}
        out += [after[at : found.start()], _SEG.sub(_marker(changed, memory), found.group())]
        at = found.end()
    return b"".join(out) + after[at:]


def _marker(changed: set[str], memory: set[str]):
    def mark(seg: re.Match) -> bytes:
        tag = seg.group()
        mid = _ID.search(tag)
        if mid is None or mid[1].decode() not in changed:
            return tag
        return with_attributes(tag, MEMORY_DRAFT if mid[1].decode() in memory else MACHINE_DRAFT)

    return mark


def _targets(data: bytes) -> list[dict[str, str]]:
    """For each trans-unit, in order, the text of each ``<mrk mtype="seg">`` of its target, by
    its ``mid``."""
    from lxml import etree

    root = etree.fromstring(data, safe_parser())
    found = []
    for unit in (e for e in root.iter() if local(e.tag) == "trans-unit"):
        target = next((c for c in unit if local(c.tag) == "target"), None)
        segments = [] if target is None else seg_marks(target)
        found.append({m.get("mid") or "": model_text(m) for m in segments})
    return found
