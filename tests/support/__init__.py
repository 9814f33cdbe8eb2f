"""Helpers shared by the tests: Jupyter servers (``servers``), Lab/Voila page helpers (``lab``) and
notebook files (``notebooks``). Importable as ``support.*`` because ``tests/conftest.py`` puts ``tests/``
on sys.path."""
