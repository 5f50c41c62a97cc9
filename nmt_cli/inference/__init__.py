"""Inference: a trained model put to use. A model is loaded one way for `nmt translate`,
`nmt score` and `nmt align` (loading.py: weights on their device in their arithmetic,
tokenizer, limits, length penalty, languages, the search; the threads set in one place); the
translator turns lines into translations (translator.py) with typed options whose defaults are
the command line's (options.py, torch-free: the commands read it at start-up); forced decoding
scores given pairs (scoring.py, pairs.py); protection.py drives nmt_cli/protect/ around the
search.
"""
