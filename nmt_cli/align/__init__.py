"""Attention read as word alignment: forced attention over sentence pairs (forced.py), from
subword pieces to words (words.py), decision rules from weights to hard links (rules.py),
Pharaoh text and AER (pharaoh.py), an alignment as text: tables, Pharaoh, JSON, CSV
(formats.py), heat maps (plot.py); the word links guided alignment is taught with, mapped onto
subword pieces, and a word aligner's two directions symmetrised (links.py)."""
