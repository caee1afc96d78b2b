"""A package per page of the site (``ui.pages.play``: its ``logic``, ``view``, ``setup``,
``words`` …); a page never imports another page (tests/ui/test_ui_structure.py)."""
