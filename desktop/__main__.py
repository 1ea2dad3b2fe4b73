import sys

from battlemap.desktop.cli import main

sys.exit(main())
