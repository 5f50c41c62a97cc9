"""The statuses CAT tools write into their XLIFF 1.2 files, beside XLIFF's own (xliff.py reads
them into each unit): Trados' ``<sdl:seg>`` of each segment (``conf``, ``origin``, ``locked``),
memoQ's ``mq:status`` and ``mq:locked`` of a unit, Phrase's (Memsource) ``m:confirmed`` and
``m:locked`` (``m:trans-origin``, ``m:score``: a memory's exact match, a translator's words, no
draft). What each means for a unit: whether it is to be left as it is (locked, or approved by a
reviewer), a draft to review, not translated whatever its target holds, and why it gives no
training pair.
"""

from __future__ import annotations

import re

from nmt_cli.formats.xml import local

SDL = "http://sdl.com/FileTypes/SdlXliff/1.0"  # Trados' own: a segment's status, <sdl:seg>
MEMOQ = "MQXliff"  # memoQ's namespace: a unit's status and lock, on its <trans-unit>
MEMOQ_STATUS = f"{{{MEMOQ}}}status"
PHRASE = "http://www.memsource.com/mxlf/2.0"  # Phrase's (Memsource): m:confirmed, m:locked
SDL_MACHINE = frozenset(("mt", "nmt", "adaptive-mt", "automated-translation"))  # its origins

_LOCKED = frozenset(("locked", "true", "yes", "1"))
_MEMOQ_REVIEWED = re.compile(r"reviewer\d*confirmed|proofread", re.I)


def locked(tu, segmented) -> frozenset[str]:
    """XliffUnit.locked of a trans-unit ``tu`` whose seg-source is ``segmented`` (or None)."""
    said = (tu.get(f"{{{tool}}}locked") or "" for tool in (MEMOQ, PHRASE))
    if any(s.lower() in _LOCKED for s in said) or _MEMOQ_REVIEWED.match(tu.get(MEMOQ_STATUS, "")):
        return frozenset(("",))
    statuses = tu.iter(f"{{{SDL}}}seg")
    found = frozenset(
        s.get("id") or ""
        for s in statuses
        if s.get("locked") in _LOCKED or (s.get("conf") or "").startswith("Approved")
    )
    mids = {m.get("mid") for m in seg_marks(segmented)} if segmented is not None else set()
    return frozenset(("",)) if found and mids <= found else found


_MEMOQ_REVIEW = frozenset(("rejected", "machinetranslated", "assembledfromfragments"))


def review(tu) -> frozenset[str]:
    """XliffUnit.review of a trans-unit ``tu``."""
    status = (tu.get(MEMOQ_STATUS) or "").lower()
    percent = tu.get(f"{{{MEMOQ}}}percent") or ""
    fuzzy = status == "pretranslated" and percent.isdigit() and int(percent) < 100
    if status in _MEMOQ_REVIEW or fuzzy or _phrase_draft(tu):
        return frozenset(("",))
    confs = ((s.get("id") or "", s.get("conf") or "") for s in tu.iter(f"{{{SDL}}}seg"))
    return frozenset(mid for mid, conf in confs if conf == "Draft" or conf.startswith("Rejected"))


def _phrase_draft(tu) -> bool:
    """Whether Phrase has ``tu`` as a draft: not confirmed, its target a machine's or a
    memory's fuzzy match, not its exact one (``m:trans-origin="tm"``, ``m:score`` 1.0, or 1.01
    in context: as memoQ's 100%), nor a translator's being written (``interactive``: as
    memoQ's PartiallyEdited). Before, --retranslate fuzzy gave those a machine's words."""
    origin = (tu.get(f"{{{PHRASE}}}trans-origin") or "").lower()
    if confirmed(tu) is not False or origin == "interactive":
        return False
    score = tu.get(f"{{{PHRASE}}}score") or ""
    exact = re.fullmatch(r"\d+(?:\.\d+)?", score) is not None and float(score) >= 1
    return not (origin == "tm" and exact)


def confirmed(tu) -> bool | None:
    """XliffUnit.confirmed of a trans-unit ``tu``."""
    said = tu.get(f"{{{PHRASE}}}confirmed")
    return None if said is None else said.lower() not in ("", "0", "false")


def blank(tu) -> frozenset[str]:
    """XliffUnit.blank of a trans-unit ``tu``."""
    statuses = tu.iter(f"{{{SDL}}}seg")
    return frozenset(s.get("id") or "" for s in statuses if sdl_reason(s) == "untranslated")


def seg_marks(element) -> list:
    """The ``<mrk mtype="seg">`` segments under ``element`` (Trados' segmentation), in order."""
    return [e for e in element.iter() if local(e.tag) == "mrk" and e.get("mtype") == "seg"]


def sdl_reason(status) -> str | None:
    """Why a Trados segment (its ``<sdl:seg>``; None: a file not of Trados) gives no pair:
    no ``conf`` (not translated), ``Draft``, ``Rejected*``, an ``origin`` a machine's."""
    if status is None:
        return None
    conf = status.get("conf") or ""
    if conf in ("", "Unspecified"):
        return "untranslated"
    if conf.startswith("Rejected"):
        return "rejected"
    if status.get("origin") in SDL_MACHINE:
        return "machine translation"
    return "needs review" if conf == "Draft" else None


def memoq_reason(status: str) -> str | None:
    """Why a memoQ unit of ``status`` gives no pair: only a confirmed one (by its translator, a
    reviewer, a proofreader) does; one not started, rejected, a machine's or pre-translated
    from a memory and not confirmed does not."""
    folded = status.lower()
    if "confirmed" in folded or "proofread" in folded:
        return None
    if "notstarted" in folded:
        return "untranslated"
    if "rejected" in folded:
        return "rejected"
    return "machine translation" if "machine" in folded else "not confirmed"
