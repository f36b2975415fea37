"""The migration steps, one file each, named by the version they lead to (``v07_…`` takes a database
from v6 to v7). ``db/migrations/__init__.py`` imports them in order; each registers itself on
``MIGRATIONS``.
"""
