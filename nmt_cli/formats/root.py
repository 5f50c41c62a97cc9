"""What an XML file is, by its root element, before it is parsed: the start tag after its
prolog (declaration, comments, document type, white space), found in the file's first bytes.
`nmt translate` reads an ``.xml`` file whose root is ``<resources>`` as Android strings,
``<xliff>`` as XLIFF (documents/registry.py), and ``--memory``, ``--pairs`` and `nmt score`
read one whose root is ``<tmx>`` or ``<xliff>`` as that memory (pairs.py), the same check."""

from __future__ import annotations

import re

from nmt_cli.errors import InputError
from nmt_cli.formats.encoding import head_text
from nmt_cli.textio import COMPRESSION_ERRORS, is_stream, open_bytes

# What comes before a page's root: a declaration, comments, a document type, white space
PROLOG = re.compile(r"(?:\s+|<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>\[]*(?:\[.*?\])?\s*>)*", re.DOTALL)
VALUE = r"""(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)"""  # an attribute's value, quoted or not
_ROOT_TAG = re.compile(rf"<([\w:.-]+)(?:\s+[\w:.-]+(?:\s*=\s*{VALUE})?)*\s*/?>")
_HEAD = 65536  # bytes read to find a root element: a prolog is never longer


def root_tag(text: str) -> re.Match[str] | None:
    """The root element's start tag in ``text`` (None: the text starts with text); its name
    is group 1."""
    return _ROOT_TAG.match(text, PROLOG.match(text).end())  # type: ignore[union-attr]


def root_element(path: str) -> str | None:
    """The name of the root element of the XML file ``path``, UTF-8, UTF-16 or UTF-32 by its
    byte order mark, gzip or xz decompressed, its namespace prefix dropped (None: not found,
    or not a file that can be read here; its reader then says what is wrong; stdin or a pipe,
    read once, is not looked at)."""
    if str(path) == "-" or is_stream(path):
        return None
    try:
        with open_bytes(path) as f:
            head = head_text(f.read(_HEAD))
    except (InputError, *COMPRESSION_ERRORS):
        return None
    found = root_tag(head)
    return found.group(1).rsplit(":", 1)[-1] if found else None
