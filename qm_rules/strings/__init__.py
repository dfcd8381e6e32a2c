"""The engine's words, one module a part (see :mod:`qm_rules.i18n`)."""
