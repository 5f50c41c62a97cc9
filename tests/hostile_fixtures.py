"""Hostile inputs the readers must refuse in one error and bounded memory."""


def entity_bomb(root: str) -> str:
    """A document type for ``root`` whose entity ``&g;`` expands to 16**6 * 64 characters
    (about 1 GB): the "billion laughs" a safe XML reader never expands."""
    entities = ['<!ENTITY a "' + "a" * 64 + '">']
    for name, inner in zip("bcdefg", "abcdef"):
        entities.append(f'<!ENTITY {name} "{f"&{inner};" * 16}">')
    return f'<?xml version="1.0"?>\n<!DOCTYPE {root} [\n ' + "\n ".join(entities) + "\n]>\n"
