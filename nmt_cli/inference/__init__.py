"""Inference: a trained model put to use.

``options.py`` holds how a model is loaded and what the translator does besides the search
(torch-free: the commands read it at start-up).
"""
