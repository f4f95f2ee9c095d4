"""The rule systems. Importing this package registers every system and its command-line front end."""
