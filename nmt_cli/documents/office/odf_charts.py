"""The titles of the charts an OpenDocument text or spreadsheet embeds: each chart is an object
of the package (``Object 1/content.xml``, its root's body an ``office:chart``), and its title,
its subtitle and its axes' titles (``chart:title``, ``chart:subtitle``) are paragraphs, read
and written as the document's own are (odt.py). They stayed in the source's language, as a
Word document's or a workbook's chart titles did before (docx.py, xlsx.py).

Not read: the chart's own table (``table:table`` in the object), which holds its categories and
series names as the sheet's cells gave them when it was saved (LibreOffice reads them from the
cells again), as a workbook's chart's categories are not.
"""

from __future__ import annotations

from collections.abc import Callable

from nmt_cli.documents.office.document import Part
from nmt_cli.documents.office.odt_styles import TEXT
from nmt_cli.documents.office.package import Package
from nmt_cli.documents.office.runs import Paragraph

CHART = "urn:oasis:names:tc:opendocument:xmlns:chart:1.0"
_TITLES = (f"{{{CHART}}}title", f"{{{CHART}}}subtitle")


def chart_parts(package: Package, paragraph: Callable[[object, str], Paragraph]) -> list[Part]:
    """The parts of ``package``'s chart objects that hold a title with words, each title's
    paragraphs read by ``paragraph`` (a paragraph element, where it stands)."""
    out = []
    for path in package.names():
        if path.count("/") != 1 or not path.endswith("/content.xml"):
            continue  # an object's own part: Object 1/content.xml
        tree = package.part(path)
        if next(tree.getroot().iter(f"{{{CHART}}}chart"), None) is None:
            continue  # another kind of object (a formula's)
        part = Part(path, tree)
        where = f"{package.name}:{path}"
        for title in tree.getroot().iter(*_TITLES):
            for p in title.iter(f"{{{TEXT}}}p"):
                read = paragraph(p, where)
                if read.texts():
                    part.paragraphs.append((p, read))
        if part.paragraphs:
            out.append(part)
    return out
