import sys

from quarks.cli import main

sys.exit(main())
