"""Files of translation units, one module per format: each reads a file into its units (an id,
the source text, the target text if any, with inline codes as tags the markup path reads) and
writes the file back with new targets; the same units give the sentence pairs that training,
scoring and alignment read from translation memories. XML is parsed with entity expansion,
external entities and network access off. Torch-free.
"""
