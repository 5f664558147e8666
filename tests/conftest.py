import sys
from pathlib import Path

# The checkout under test comes first, ahead of any installed copy (worktrees, fresh clones).
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))
