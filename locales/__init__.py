"""Translation catalogs: one TOML file per language (en.toml is the reference)."""
