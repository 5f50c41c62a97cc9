"""Each language's table of conventions (protect/conventions.py describes its fields), one
module a language: en.py, fr.py, de.py, gathered in protect/languages.py (LANGUAGES).
"""
