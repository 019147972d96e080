"""The project's tools: the build's steps (`buildkit` and `pagecode`, imported by build.py),
the lesson makers and the ahead-of-time compile run under node. A package, so that build.py's
`tools.buildkit` is this folder's and never another installed `tools`."""
