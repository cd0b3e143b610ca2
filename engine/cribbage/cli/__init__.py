"""The command line: ``python3 -m cribbage`` (commands) and its localized help."""
