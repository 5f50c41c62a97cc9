"""Attention read as word alignment: forced attention over sentence pairs (forced.py), from
subword pieces to words and hard links (words.py), Pharaoh text and AER (pharaoh.py), heat maps
(plot.py)."""
