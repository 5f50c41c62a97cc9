"""Protected spans: the parts of a line that must pass through translation unchanged (URLs,
addresses, code, identifiers, numbers...). They are found on the raw line (spans.py), replaced
by placeholders the model copies (placeholders.py), and put back in the translation, by the
placeholder or, where the model dropped or repeated one, by the attention alignment
(placement.py). Numbers keep their value and take the target language's written form
(numbers.py). A user's glossary (glossary.py) makes its source terms spans too, each put back
as its target term. Torch-free: training may use the same detector on its data.
"""
