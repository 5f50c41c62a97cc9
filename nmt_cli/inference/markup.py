"""HTML and XML through a Translator: the text of each block of a page (or of a line with
inline tags) translated as a line is (split into sentences, protected spans kept, inline code
among them), with its word alignment read by the translator's link rule (`nmt align`'s default
unless another is chosen); nmt_cli/markup/ puts the markup back."""

from __future__ import annotations

from collections.abc import Sequence

from nmt_cli.inference.translation import Translation
from nmt_cli.markup.pages import TranslateSegments, translate_markup, translate_markup_lines


def aligned_translations(translator) -> TranslateSegments:
    """``translate_segments`` for nmt_cli/markup/: the best translation of each text by
    ``translator`` (a translator.Translator), with its word alignment."""

    def translate(texts: list[str]) -> list[Translation]:
        return [nbest[0] for nbest in translator.translate(texts, with_alignment=True)]

    return translate


def translate_page(translator, page: str, dialect: str, where: str = "-") -> str:
    """A page of ``dialect`` (html or xml) translated with its markup kept (markup/pages.py)."""
    return translate_markup(page, dialect, aligned_translations(translator), where)


def translate_lines(
    translator, lines: Sequence[str], dialect: str, where: str = "-", first: int = 1
) -> list[str]:
    """Lines with inline tags of ``dialect``, one out for each in (markup/pages.py)."""
    return translate_markup_lines(lines, dialect, aligned_translations(translator), where, first)
