"""An office document's zip package, read within limits and written back, and its XML parts
read safely.

A package is read whole from its bytes, before anything is translated: a file that is not a
zip, a truncated or damaged one, an encrypted or legacy (OLE) one, or one whose entries would
expand past the limits (a zip bomb: too many entries, too many bytes in all, or an entry that
expands more than MAX_RATIO times) is one PackageError naming it, and nothing is written; so is
one whose content types, relationships or manifest are not well-formed XML (copied as they were,
they made a translation that Word and LibreOffice refuse to open). The
limits are checked on the sizes the zip declares, and an entry is never read past its declared
size (zipfile stops there), so a 50 kB file that claims or holds 4 GiB costs no memory.

Written back, the package keeps every entry in its order with its name, date, compression and
attributes; an entry not given anew is its old bytes (byte-identical after decompression), so
an ODF ``mimetype`` stays first and stored, and macros (``vbaProject.bin``) are as they were.

An XML part is read with lxml, no entity expanded, no DTD loaded, nothing fetched, no huge
tree; a part with a document type declaration is refused (no office part has one). A changed
part is written with its own XML declaration, as it was written.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from dataclasses import dataclass

from nmt_cli.errors import InputError

MAX_ENTRIES = 10_000
MAX_TOTAL = 512 * 2**20  # bytes, all entries decompressed
MAX_RATIO = 200  # decompressed / compressed, for an entry over RATIO_FLOOR bytes
RATIO_FLOOR = 2**20
OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # legacy .doc/.ppt/.xls, and encrypted OOXML
ZIP = b"PK\x03\x04"


NOTHING_WRITTEN = "; nothing was written"  # how every error of a package ends


class PackageError(InputError):
    """``name`` cannot be read as a ``kind`` (.docx, .pptx, .odt): why."""

    def __init__(self, name: str, message: str):
        super().__init__(f"{name}: {message}{NOTHING_WRITTEN}")


def _lxml():
    try:
        from lxml import etree
    except ImportError:  # the optional extra
        raise InputError("office documents need lxml: pip install 'nmt-cli[office]'") from None
    return etree


@dataclass
class Package:
    """The entries of a zip package (``infos``, in order), each entry's bytes read on demand
    within the limits checked when it was opened."""

    name: str
    kind: str
    data: bytes
    infos: list[zipfile.ZipInfo]

    @classmethod
    def read(cls, data: bytes, name: str, kind: str) -> Package:
        if data.startswith(OLE):
            found = "encrypted" if "EncryptionInfo".encode("utf-16-le") in data else "legacy"
            raise PackageError(name, _OLE_MESSAGE[found].format(kind=kind))
        if not data.startswith(ZIP):
            raise PackageError(name, f"not a {kind} file (not a zip package)")
        try:
            infos = zipfile.ZipFile(io.BytesIO(data)).infolist()
        except (zipfile.BadZipFile, zlib.error, EOFError, ValueError) as e:
            raise PackageError(name, f"a truncated or damaged {kind} file ({e})") from None
        _check_limits(name, infos)
        seen: set[str] = set()
        if twice := next(
            (i.filename for i in infos if i.filename in seen or seen.add(i.filename)), None
        ):
            raise PackageError(name, f"a damaged {kind} file: its entry {twice} is there twice")
        if any(i.flag_bits & 0x1 for i in infos):
            raise PackageError(name, f"an encrypted {kind} file: save it without a password")
        package = cls(name, kind, data, infos)
        for path in package.names():
            if _is_structure(path):
                package.part(path)  # not well formed: the error (copied, it broke the copy)
        return package

    def names(self) -> list[str]:
        return [i.filename for i in self.infos]

    def entry(self, path: str) -> bytes:
        """The decompressed bytes of entry ``path`` (a damaged one: PackageError)."""
        info = next(i for i in self.infos if i.filename == path)
        try:
            with zipfile.ZipFile(io.BytesIO(self.data)) as z, z.open(info) as f:
                out = f.read(info.file_size + 1)
        except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError) as e:
            raise PackageError(self.name, f"a damaged {self.kind} file at {path} ({e})") from None
        if len(out) != info.file_size:
            raise PackageError(self.name, f"a damaged {self.kind} file at {path}")
        return out

    def part(self, path: str):
        """Entry ``path`` parsed as XML (lxml's tree)."""
        return parse_xml(self.entry(path), f"{self.name}:{path}")

    def written(self, changed: dict[str, bytes]) -> bytes:
        """The package again, ``changed[path]`` in the place of those entries."""
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as z:
            for info in self.infos:
                name = info.filename
                data = changed[name] if name in changed else self.entry(name)
                copy = zipfile.ZipInfo(info.filename, info.date_time)
                for attr in ("compress_type", "external_attr", "create_system", "comment"):
                    setattr(copy, attr, getattr(info, attr))
                copy.extra = info.extra
                z.writestr(copy, data)
            with zipfile.ZipFile(io.BytesIO(self.data)) as source:
                z.comment = source.comment
        return out.getvalue()


_OLE_MESSAGE = {
    "encrypted": "an encrypted {kind} file: save it without a password",
    "legacy": "a legacy binary Office file (.doc, .ppt, .xls), not {kind}: save it as {kind}",
}


def _is_structure(path: str) -> bool:
    """Whether entry ``path`` says what the package holds, read before any part by Word,
    PowerPoint and LibreOffice, which refuse the file (or "repair" it) when it is not well
    formed: an OOXML package's content types and its parts' relationships (``_rels/.rels``,
    ``word/_rels/document.xml.rels``: an image's, a link's, a header's target), an ODF
    package's manifest."""
    return path in ("[Content_Types].xml", "META-INF/manifest.xml") or path.endswith(".rels")


def _check_limits(name: str, infos: list[zipfile.ZipInfo]) -> None:
    if len(infos) > MAX_ENTRIES:
        raise PackageError(name, f"{len(infos)} zip entries, more than {MAX_ENTRIES} (a zip bomb?)")
    total = sum(i.file_size for i in infos)
    if total > MAX_TOTAL:
        raise PackageError(name, f"expands to {total} bytes, more than {MAX_TOTAL} (a zip bomb?)")
    for i in infos:
        if i.file_size > RATIO_FLOOR and i.file_size > MAX_RATIO * max(i.compress_size, 1):
            raise PackageError(
                name, f"{i.filename} expands more than {MAX_RATIO} times (a zip bomb?)"
            )


def parse_xml(data: bytes, where: str):
    """``data`` as an XML tree, read safely (no entity, DTD or network); InputError naming
    ``where`` if it is not well formed or declares a document type, which ends as a
    PackageError's does (nothing is written)."""
    etree = _lxml()
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    try:
        tree = etree.fromstring(data, parser).getroottree()
    except etree.XMLSyntaxError as e:
        line, column = e.position if e.position else (e.lineno, 0)
        said = re.sub(r",? line \d+, column \d+.*\Z", "", e.msg or str(e))  # lxml's: where
        raise InputError(
            f"{where}:{line}: not well-formed XML: {said} (column {column}){NOTHING_WRITTEN}"
        ) from None
    if tree.docinfo.doctype or tree.docinfo.internalDTD is not None:
        raise InputError(
            f"{where}: a document type declaration, which no office part has{NOTHING_WRITTEN}"
        )
    return tree


def serialized(tree, original: bytes) -> bytes:
    """``tree`` as bytes, after the XML declaration (and the white space after it) that
    ``original``, the part it was read from, starts with, in the encoding it declares (a
    part declared windows-1252 was written UTF-8 under it: "Café" read back "CafÃ©")."""
    etree = _lxml()
    head, encoding = b"", "UTF-8"
    if original.startswith(b"<?xml"):
        end = original.index(b"?>") + 2
        while end < len(original) and original[end : end + 1] in b" \t\r\n":
            end += 1
        head, encoding = original[:end], tree.docinfo.encoding or "UTF-8"
    return head + etree.tostring(tree, encoding=encoding, xml_declaration=False)
