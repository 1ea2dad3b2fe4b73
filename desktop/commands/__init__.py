"""One module per ``battlemap`` subcommand: ``add_arguments(parser)`` and ``run(args) -> int``."""
