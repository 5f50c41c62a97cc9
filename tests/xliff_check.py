"""A structural check of XLIFF 1.2 and 2.0 files, after the OASIS schemas (xliff-core-1.2-strict.xsd
and xliff_core_2.0.xsd): which element may hold which, in what order, the attributes each must
have, the values of states and qualifiers, and the 2.0 rules that a schema cannot say (a target
needs trgLang, a subState needs a state and a prefix, unit ids unique in their file). No Python
package ships the schemas themselves for an offline xmlschema run, so this is what the tests
validate against; it names every problem it finds."""

from __future__ import annotations

import re

from lxml import etree

NS = {
    "1.2": "urn:oasis:names:tc:xliff:document:1.2",
    "2.0": "urn:oasis:names:tc:xliff:document:2.0",
}
STATES_12 = set(
    "final needs-adaptation needs-l10n needs-review-adaptation needs-review-l10n "
    "needs-review-translation needs-translation new signed-off translated".split()
)
QUALIFIERS_12 = set(
    "exact-match fuzzy-match id-match leveraged-glossary leveraged-inherited leveraged-mt "
    "leveraged-repository leveraged-tm mt-suggestion rejected-grammar rejected-inaccurate "
    "rejected-length rejected-spelling tm-suggestion".split()
)
STATES_20 = {"initial", "translated", "reviewed", "final"}
# inline elements: which may hold text and codes (paired), which hold native code (text, <sub>)
INLINE_12 = {"g": "paired", "mrk": "paired", "x": "empty", "bx": "empty", "ex": "empty"}
INLINE_12 |= {"bpt": "native", "ept": "native", "ph": "native", "it": "native"}
INLINE_20 = {"pc": "paired", "mrk": "paired", "ph": "empty", "sc": "empty", "ec": "empty"}
INLINE_20 |= {"sm": "empty", "em": "empty", "cp": "empty"}
NEEDS_12 = {"g": "id", "x": "id", "bx": "id", "ex": "id", "bpt": "id", "ept": "id"}
NEEDS_12 |= {"ph": "id", "it": "id", "mrk": "mtype"}
NEEDS_20 = {"pc": "id", "ph": "id", "sc": "id", "sm": "id", "mrk": "id", "em": "startRef"}
NEEDS_20 |= {"cp": "hex"}


def _local(element) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def _children(element) -> list:
    return [c for c in element if isinstance(c.tag, str)]


def _order(element, allowed: str, problems: list[str]) -> None:
    """The children of ``element`` match the regular expression ``allowed`` over their names
    (each followed by a space)."""
    names = "".join(f"{_local(c)} " for c in _children(element))
    if not re.fullmatch(allowed, names):
        problems.append(f"line {element.sourceline}: <{_local(element)}> holds {names!r}")


def _inline(element, version: str, problems: list[str]) -> None:
    table, needs = (INLINE_12, NEEDS_12) if version == "1.2" else (INLINE_20, NEEDS_20)
    for child in _children(element):
        name = _local(child)
        where = f"line {child.sourceline}: <{name}>"
        if child.tag != f"{{{NS[version]}}}{name}" or name not in table:
            problems.append(f"{where} is no inline element of XLIFF {version}")
            continue
        if name in needs and child.get(needs[name]) is None:
            problems.append(f"{where} has no {needs[name]}")
        if name == "ec" and child.get("startRef") is None and child.get("isolated") != "yes":
            problems.append(f"{where} has neither startRef nor isolated")
        if name == "it" and child.get("pos") not in ("open", "close"):
            problems.append(f"{where} has no pos")
        if table[name] == "empty" and (len(child) or (child.text or "").strip()):
            problems.append(f"{where} must be empty")
        elif table[name] == "native":
            if any(_local(c) != "sub" for c in _children(child)):
                problems.append(f"{where} holds more than native code")
        else:
            _inline(child, version, problems)


def codes(element) -> list[str]:
    """The inline codes in ``element`` (a source or target), each as its name and id."""
    return sorted(
        f"{_local(c)}#{c.get('id') or c.get('startRef') or c.get('rid') or ''}"
        for c in element.iter()
        if c is not element and isinstance(c.tag, str) and _local(c) != "sub"
    )


def _check_12(root, problems: list[str]) -> None:
    _order(root, r"(file )+", problems)
    for file in root.iter(f"{{{NS['1.2']}}}file"):
        for attribute in ("original", "source-language", "datatype"):
            if file.get(attribute) is None:
                problems.append(f"line {file.sourceline}: <file> has no {attribute}")
        _order(file, r"(header )?body ", problems)
    for group in root.iter(f"{{{NS['1.2']}}}group"):
        _order(
            group,
            r"((context-group|count-group|note|prop) )*((group|trans-unit|bin-unit) )+",
            problems,
        )
    for unit in root.iter(f"{{{NS['1.2']}}}trans-unit"):
        if not unit.get("id"):
            problems.append(f"line {unit.sourceline}: <trans-unit> has no id")
        _order(
            unit,
            r"source (seg-source )?(target )?((context-group|count-group|note|alt-trans) )*",
            problems,
        )
        for side in _children(unit):
            if _local(side) in ("source", "target"):
                _inline(side, "1.2", problems)
            if _local(side) == "target":
                state, qualifier = side.get("state"), side.get("state-qualifier")
                if state and state not in STATES_12 and not state.startswith("x-"):
                    problems.append(f"line {side.sourceline}: state {state!r}")
                if qualifier and qualifier not in QUALIFIERS_12 and not qualifier.startswith("x-"):
                    problems.append(f"line {side.sourceline}: state-qualifier {qualifier!r}")


def _check_20(root, problems: list[str]) -> None:
    if not root.get("srcLang"):
        problems.append("<xliff> has no srcLang")
    _order(root, r"(file )+", problems)
    ns = NS["2.0"]
    if root.find(f".//{{{ns}}}target") is not None and not root.get("trgLang"):
        problems.append("a <target> in a file with no trgLang")
    for file in root.iter(f"{{{ns}}}file"):
        if not file.get("id"):
            problems.append(f"line {file.sourceline}: <file> has no id")
        _order(file, r"(skeleton )?(\S+ )*?(notes )?((unit|group) )+", problems)
        ids = [u.get("id") for u in file.iter(f"{{{ns}}}unit")]
        if len(ids) != len(set(ids)) or None in ids:
            problems.append(f"line {file.sourceline}: unit ids missing or not unique")
    for unit in root.iter(f"{{{ns}}}unit"):
        _order(unit, r"(notes )?(originalData )?((segment|ignorable) )+", problems)
    for segment in root.iter(f"{{{ns}}}segment"):
        _order(segment, r"source (target )?", problems)
        state, sub = segment.get("state"), segment.get("subState")
        if state is not None and state not in STATES_20:
            problems.append(f"line {segment.sourceline}: state {state!r}")
        if sub is not None and (state is None or not re.fullmatch(r"[\w.-]+:.+", sub)):
            problems.append(f"line {segment.sourceline}: subState {sub!r}")
        if sub is not None and sub.startswith("xlf:"):
            problems.append(f"line {segment.sourceline}: subState with the reserved xlf prefix")
        for side in _children(segment):
            _inline(side, "2.0", problems)


def problems(data: bytes) -> list[str]:
    """What in the XLIFF document ``data`` breaks its version's schema (see above)."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    root = etree.fromstring(data, parser)
    version = root.get("version")
    if _local(root) != "xliff" or version not in NS or root.tag != f"{{{NS[version]}}}xliff":
        return [f"not XLIFF 1.2 or 2.0: <{root.tag}> version {version!r}"]
    found: list[str] = []
    (_check_12 if version == "1.2" else _check_20)(root, found)
    return found
