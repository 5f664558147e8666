"""Our rater against the Java programs setters use, whole processes timed in turn.

    python benchmarks/vs_java.py [--samples qqwing_simple.txt:1000,...] [--rounds 2]
                                 [--anchors DIR] [--hodoku-py PYTHON]

For each sample (the first N puzzles of a shipped collection; by default qqwing_simple 1000,
qqwing_expert 200, top1465 100, sudoku17 500) times, as whole processes (start-up included:
what a user waits for), one after the other, ``--rounds`` times:

- ``row``: ``sudoku rate FILE --jobs 1`` (the default row: both scales);
- ``hodoku``: ``sudoku rate FILE --jobs 1 --columns puzzle,level,score`` (HoDoKu's path alone);
- ``se``: ``sudoku rate FILE --jobs 1 --columns puzzle,rating,ep,ed`` (SE's path alone);
- ``jar``: the HoDoKu 2.2 jar (``/bs``, rating only);
- ``serate``: Sudoku Explainer's batch rater (serate 2022.3.24);
- ``hodoku-py`` (with ``--hodoku-py``, the Python of a venv that has it): HoDoKu's Python port.

The Java programs come from ``--anchors`` (default ``../shared/anchors`` beside the
repository; see its README) and are skipped with a message when Java or the jars are missing.
Our sources are compiled to bytecode first, as an installed copy has them. Prints puzzles
per second (the best round of each) and the ratios the project tracks:
row/jar, hodoku/jar, se/serate, hodoku/hodoku-py. Quote runs made while nothing else runs on
the machine: under load the JVMs lose far more than a Python process.
"""
from __future__ import annotations

import argparse
import compileall
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SAMPLES = "qqwing_simple.txt:1000,qqwing_expert.txt:200,top1465.txt:100,sudoku17.txt:500"


def puzzles(name: str, n: int) -> list[str]:
    """The first ``n`` puzzles of a shipped collection, as 81-character lines."""
    out = []
    with open(ROOT / "puzzles" / name) as fh:
        for line in fh:
            s = line.strip().split(",")[0].split()[0] if line.strip() else ""
            if len(s) == 81 and all(ch in "0123456789." for ch in s):
                out.append(s.replace(".", "0"))
                if len(out) == n:
                    break
    return out


def precompile(*folders: Path) -> None:
    """Our sources in ``folders`` compiled to bytecode, as an installed copy has them (pip
    compiles them at install time): with PYTHONDONTWRITEBYTECODE set, each process would
    otherwise compile the whole package again (0.14 s a start)."""
    for folder in folders:
        compileall.compile_dir(str(folder), quiet=1)


def commands(anchors: Path, hodoku_py: str | None) -> dict[str, list[str] | None]:
    """Each contender's command line (FILE stands for the puzzle file's name), or None when
    it cannot run here."""
    ours = [sys.executable, "-m", "sudoku_logic", "rate", "FILE", "--jobs", "1", "--no-progress"]
    java = shutil.which("java")
    jar = anchors / "hodoku.jar"
    se_jars = [anchors / "serate.jar", anchors / "json-simple.jar"]
    out: dict[str, list[str] | None] = {
        "row": ours + ["--format", "csv"],
        "hodoku": ours + ["--format", "csv", "--columns", "puzzle,level,score"],
        "se": ours + ["--format", "csv", "--columns", "puzzle,rating,ep,ed"],
        "jar": None, "serate": None, "hodoku-py": None,
    }
    if java and jar.exists():
        out["jar"] = [java, "-Xmx512m", "-Djava.util.logging.config.file=/dev/null", "-jar", str(jar),
                      "/o", "stdout", "/bs", "FILE"]
    if java and all(j.exists() for j in se_jars):
        out["serate"] = [java, "-Xrs", "-Xmx500m", "-cp", ":".join(map(str, se_jars)),
                         "diuf.sudoku.test.serate", "--format=%g,%r,%p,%d", "--input=FILE"]
    if hodoku_py and (anchors / "run_hodokupy.py").exists():
        out["hodoku-py"] = [hodoku_py, str(anchors / "run_hodokupy.py"), "FILE", "100000"]
    return out


def run(cmd: list[str], workdir: Path, name: str, expect: int) -> float:
    """Seconds the whole process took; raises if it failed or rated too few puzzles."""
    argv = [a.replace("FILE", name) if a in ("FILE", "--input=FILE") else a for a in cmd]
    t0 = time.perf_counter()
    res = subprocess.run(argv, cwd=workdir, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    lines = [ln for ln in res.stdout.splitlines() if ln[:1].isdigit() or ln[:1] == "."]
    if res.returncode != 0 or len(lines) < expect:
        raise RuntimeError(f"{argv[0]} ... exit {res.returncode}, {len(lines)} of {expect} rows: "
                           f"{res.stderr.strip()[-300:]}")
    return dt


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--samples", default=DEFAULT_SAMPLES, help="NAME:N,... (default: %(default)s)")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--anchors", default=os.environ.get("SUDOKU_ANCHORS", str(ROOT.parent / "shared" / "anchors")))
    ap.add_argument("--hodoku-py", help="the Python of a venv with hodoku-py installed")
    ap.add_argument("--only", help="contenders to run, e.g. se,serate (default: all that can run)")
    args = ap.parse_args(argv)
    cmds = commands(Path(args.anchors), args.hodoku_py)
    if args.only:
        keep = set(args.only.split(","))
        cmds = {k: (v if k in keep else None) for k, v in cmds.items()}
    for k in ("jar", "serate"):
        if cmds[k] is None and (not args.only or k in args.only):
            print(f"note: {k} skipped (no java, or no jar in {args.anchors})", file=sys.stderr)
    names = [k for k, v in cmds.items() if v is not None]
    precompile(*(ROOT / folder for folder in ("sudoku_logic", "strategies", "grading")))
    print(f"{'sample':<22}" + "".join(f"{k:>11}" for k in names) +
          "   row/jar hodoku/jar se/serate hodoku/py   (puzzles/s, best of "
          f"{args.rounds}, whole processes)", flush=True)
    for spec in args.samples.split(","):
        name, n = spec.split(":")
        ps = puzzles(name, int(n))
        with tempfile.TemporaryDirectory() as d:
            work = Path(d)
            (work / "in.txt").write_text("\n".join(ps) + "\n")
            best: dict[str, float] = {}
            for _ in range(args.rounds):
                for k in names:  # in turn, so that a drift of the machine's speed hits all alike
                    dt = run(cmds[k], work, "in.txt", len(ps))
                    best[k] = min(best.get(k, dt), dt)
        rate = {k: len(ps) / best[k] for k in names}

        def ratio(a: str, b: str) -> str:
            return f"{rate[a] / rate[b]:9.2f}x" if a in rate and b in rate else f"{'-':>10}"
        print(f"{name + '[:' + n + ']':<22}" + "".join(f"{rate[k]:11.1f}" for k in names) + "  " +
              ratio("row", "jar") + ratio("hodoku", "jar") + ratio("se", "serate") + ratio("hodoku", "hodoku-py"),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
