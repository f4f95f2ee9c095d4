"""The command line: thin; parses arguments, calls the core, renders with Rich."""
