"""UI strings, one module a part of the UI; each defines ``STRINGS`` (see :mod:`qm_tui.i18n`)."""
