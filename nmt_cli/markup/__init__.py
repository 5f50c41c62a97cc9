"""Markup through translation: HTML and XML pages, and lines with inline tags.

A page is read with a real parser into a tree (reading.py, tree.py; which HTML elements are
blocks, void or verbatim: elements.py) and cut into blocks; the inline content of a block is one
segment (segments.py): its text, without tags, is what the model translates (sentence by
sentence, protected spans kept), and its inline elements are put back around the target words
aligned to the source words they enclosed (placement.py), always well formed. What an HTML
element's attributes say (``translate="no"``): attributes.py; those whose values are text
(``title``, ``alt``...), translated: attribute_texts.py. A row of links or controls, each
translated on its own (a nav bar, a breadcrumb trail): rows.py. The page as a whole, and lines
with inline tags: pages.py. Torch-free: the caller gives the translation.
"""
