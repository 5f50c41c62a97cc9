"""What `nmt translate` reads, and the one path each input takes through a translator: plain
lines (streamed, one line out for every line in), lines with inline markup (``--markup``), and
documents, read whole and written back in the same format with their texts translated.
    translate.py  an input read (a document before the model loads), its options checked, and
                  translated: translate_document and translate_text, the Python API's way in
    lines.py      plain lines and --markup lines, a chunk at a time

    registry.py   the formats, by name and extension (plain text lines stay the default)
    document.py   what a format is and a document does; reading an input whole; DocumentError
    strings.py    a document's strings as one-line texts for the translator, and back
    jsonl.py      JSON lines: a field of each object translated
    po.py         gettext catalogues (.po, .pot) with polib; plurals.py, their plural forms
    srt.py        SubRip subtitles: numbers and timings kept, lines joined and wrapped again
    pages.py      HTML and XML pages (nmt_cli/markup/), their lang made the target language
    localization.py  i18n JSON, Java .properties, Android strings.xml, Apple .strings
                  (nmt_cli/formats/), written back with only their texts changed
    xliff.py      XLIFF 1.2 and 2.0: targets filled, inline codes kept (formats/xliff.py)
    binary.py     office documents read and written as bytes; any other binary file refused
    office/       .docx, .pptx, .odt, .xlsx, .ods: a zip package within limits, each paragraph
                  one text with its runs' formatting as inline markup
    options.py    the settings (--input-format, --field, --retranslate, --mark-fuzzy)
"""
