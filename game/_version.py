"""The program's version, in this one place: setuptools reads it for the package's metadata
(pyproject.toml's dynamic version) and `solitaire --version` prints it, so the two never differ."""

__version__ = "1.1.0"
