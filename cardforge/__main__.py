"""`python -m cardforge` runs the command line."""

from cardforge.cli import main

main()
