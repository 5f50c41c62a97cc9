"""Whether an XLIFF 1.2 or 2.0 file is valid: against the OASIS schemas (xliff-core-1.2-strict.xsd,
xliff-core-2.0.xsd, vendored in tests/xliff_schemas/ and loaded by xmlschema with no network),
and, for 2.0, against the specification's constraints that its schema cannot state (a target needs
the file's trgLang, a subState needs a state and a prefix other than xlf, an <ec> with no startRef
is isolated, unit ids are unique in their file). `problems` names every problem it finds."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import xmlschema
from lxml import etree

SCHEMAS = Path(__file__).resolve().parent / "xliff_schemas"
NS = {
    "1.2": "urn:oasis:names:tc:xliff:document:1.2",
    "2.0": "urn:oasis:names:tc:xliff:document:2.0",
}
XSD = {"1.2": "xliff-core-1.2-strict.xsd", "2.0": "xliff-core-2.0.xsd"}
# Both schemas import the xml: namespace from a URL (1.2) or an OASIS folder (2.0) that is not
# here: it resolves to the vendored copy, and the sandbox refuses anything outside the folder.
XML_NS = ("http://www.w3.org/XML/1998/namespace", str(SCHEMAS / "xml.xsd"))


@functools.cache
def schema(version: str) -> xmlschema.XMLSchema10:
    """The OASIS schema of XLIFF ``version`` ("1.2" or "2.0"), read from tests/xliff_schemas/."""
    return xmlschema.XMLSchema10(
        str(SCHEMAS / XSD[version]),
        base_url=str(SCHEMAS),
        locations=[XML_NS],
        allow="sandbox",
        defuse="always",
    )


def _local(element) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def codes(element) -> list[str]:
    """The inline codes in ``element`` (a source or target), each as its name and id."""
    return sorted(
        f"{_local(c)}#{c.get('id') or c.get('startRef') or c.get('rid') or ''}"
        for c in element.iter()
        if c is not element and isinstance(c.tag, str) and _local(c) != "sub"
    )


def _rules_20(root, problems: list[str]) -> None:
    """The XLIFF 2.0 constraints the schema leaves to the specification (sections 4.2 and 4.3)."""
    ns = NS["2.0"]
    if root.find(f".//{{{ns}}}target") is not None and not root.get("trgLang"):
        problems.append("a <target> in a file with no trgLang")
    for file in root.iter(f"{{{ns}}}file"):
        ids = [u.get("id") for u in file.iter(f"{{{ns}}}unit")]
        if len(ids) != len(set(ids)):
            problems.append(f"line {file.sourceline}: unit ids not unique in their <file>")
    for segment in root.iter(f"{{{ns}}}segment"):
        state, sub = segment.get("state"), segment.get("subState")
        if sub is not None and (state is None or not re.fullmatch(r"[\w.-]+:.+", sub)):
            problems.append(f"line {segment.sourceline}: subState {sub!r}")
        if sub is not None and sub.startswith("xlf:"):
            problems.append(f"line {segment.sourceline}: subState with the reserved xlf prefix")
    for ec in root.iter(f"{{{ns}}}ec"):
        if ec.get("startRef") is None and ec.get("isolated") != "yes":
            problems.append(f"line {ec.sourceline}: <ec> has neither startRef nor isolated")


def problems(data: bytes) -> list[str]:
    """What in the XLIFF document ``data`` breaks its version's schema or rules (see above)."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    root = etree.fromstring(data, parser)
    version = root.get("version")
    if _local(root) != "xliff" or version not in NS or root.tag != f"{{{NS[version]}}}xliff":
        return [f"not XLIFF 1.2 or 2.0: <{root.tag}> version {version!r}"]
    found = [
        f"line {getattr(e.elem, 'sourceline', '?')}: {e.path}: {e.reason}"
        for e in schema(version).iter_errors(root.getroottree())
    ]
    if version == "2.0":
        _rules_20(root, found)
    return found
