"""Files of translation units, one module per format: each reads a file into its units (an id,
the source text, the target text if any, with inline codes as tags the markup path reads) and
writes it back with new targets; the same units give the sentence pairs that training,
scoring and alignment read from translation memories. XML is parsed with entity expansion,
external entities and network access off. Torch-free.

    pairs.py    a pair file's format (format_of) and its pairs (read_pairs), whatever it is
    po.py       gettext catalogues (.po, .pot, .mo): parse_catalogue, read_catalogue, pairs
    tmx.py      TMX 1.4 memories: read_units (TmxUnit), pairs
    xliff.py    XLIFF 1.2 and 2.0: read_units (XliffUnit), pairs
    xliff_write.py   XLIFF targets written back: write_targets
    sdl_status.py    the Trados status of the segments written (a machine's draft)
    xliff_tools.py   the statuses CAT tools (Trados, memoQ, Phrase) write in XLIFF 1.2
    lines.py    TAB and JSON lines of pairs
    memory.py   what the readers share: FormatError, sides by language, counts, markers off
    inline.py   TMX and XLIFF inline codes, and the text a model reads of a segment
    xml.py      lxml streamed with safe settings
    root.py     an XML file's root element, read before it is parsed: what the file is
"""
