"""The README's Python API example, run line by line: each commented value must be what the
line gives. ``python tests/readme_example.py README.md`` runs it as a script (exit 1 on a
difference); the tests import :func:`check`."""

from __future__ import annotations

import re
import sys
from pathlib import Path


def check(readme: str) -> int:
    """Run the example of ``readme``'s "Python API" section; the number of values compared.
    Raises AssertionError at the first line whose value is not the one its comment gives."""
    block = readme.split("## Python API", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    env: dict = {}
    checked = 0
    for line in block.strip().splitlines():
        code, _, comment = line.partition("  # ")
        if not code.strip():
            continue
        if "=" in code.split("(")[0] or code.startswith("import"):
            exec(code, env)
            continue
        value = eval(code, env)
        expected = re.split(r" \(", comment.strip(), maxsplit=1)[0]
        assert repr(value) == expected, (code, value, expected)
        checked += 1
    return checked


if __name__ == "__main__":
    print(f"{check(Path(sys.argv[1]).read_text())} values as the README gives them")
