"""A document's strings as the one-line texts a translator reads, and back.

A string of a document may hold line breaks (a gettext message of several lines, a JSON value
with ``\\n``) and white space around its text that must stay where it is: gettext's
``msgfmt --check`` refuses a translation that does not begin and end with a line break where
its message does, and a string's indentation is part of what a program prints. So each line of
a string is translated on its own, the white space around it kept, and a blank line is not sent
to the model at all::

    "  Deux lignes :\\nla seconde.\\n"  ->  texts "Deux lignes :", "la seconde."
                                         ->  "  Two lines:\\nthe second one.\\n"
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from nmt_cli.inference.translation import Translation

_OUTER_SPACE = re.compile(r"(\s*)(.*?)(\s*)", re.DOTALL)

# A line of a string: its text's index among the texts, with the white space before and after
# it; or, for a blank line, the line itself (index None).
_Line = tuple[str, int | None, str]


@dataclass(frozen=True)
class Segments:
    """``texts``: what to translate, in order, each one line with no white space around it;
    ``join(translations)``: the strings again, each text replaced by its translation."""

    texts: list[str]
    layout: list[list[_Line]]  # per string, its lines

    @classmethod
    def of(cls, strings: Sequence[str]) -> Segments:
        texts: list[str] = []
        layout: list[list[_Line]] = []
        for string in strings:
            lines: list[_Line] = []
            for line in string.split("\n"):
                before, text, after = _OUTER_SPACE.fullmatch(line).groups()  # type: ignore[union-attr]
                if text:
                    lines.append((before, len(texts), after))
                    texts.append(text)
                else:
                    lines.append((line, None, ""))
            layout.append(lines)
        return cls(texts, layout)

    def join(self, translations: Sequence[str]) -> list[str]:
        """The strings with ``translations[k]`` in the place of ``texts[k]``."""
        if len(translations) != len(self.texts):
            raise ValueError(f"{len(translations)} translations for {len(self.texts)} texts")
        return [
            "\n".join(
                before if k is None else before + translations[k] + after
                for before, k, after in lines
            )
            for lines in self.layout
        ]


class SegmentedDocument:
    """A document whose texts to translate are the lines of its strings (its ``segments``)."""

    segments: Segments

    def sources(self) -> list[str]:
        return self.segments.texts

    def translated(self, translations: list[Translation]) -> list[str]:
        """The document's strings with ``translations`` (of ``sources()``, in order) in place."""
        return self.segments.join([t.text for t in translations])
