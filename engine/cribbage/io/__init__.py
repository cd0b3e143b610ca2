"""The engine's JSON: requests read from the command line or a page, and answers written back."""
