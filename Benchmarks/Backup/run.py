#!/usr/bin/env python3
"""The backup round trip at scale (Benchmarks/README.md): a release `bookstrack` imports a
synthetic Goodreads library of N books, exports it as a JSON backup and as a compressed one,
restores each into a new database and exports again. Both restored exports must be the same
bytes as the first. Prints the time and peak resident memory of every step.

    Benchmarks/Backup/run.py                       # 100,000 books on SQLite
    Benchmarks/Backup/run.py --books 20000 --database-template "$(scripts/postgres-throwaway start)"
"""
import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Benchmarks/Load"))
import run as load  # noqa: E402  (synthetic_export)


def timed(binary, env, *args):
    """Runs the command under GNU time; returns (seconds, peak resident MB)."""
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M", binary, *args], env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{result.stderr}")
    seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kilobytes) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build/release/bookstrack"))
    parser.add_argument("--books", type=int, default=100_000)
    parser.add_argument("--database-template",
                        help="a postgres:// URL of a server; each step gets its own database on it (default: SQLite files)")
    arguments = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix="bookstrack-backup-"))

    def database(name):
        if not arguments.database_template:
            return str(work / f"{name}.sqlite")
        base = arguments.database_template.rsplit("/", 1)[0]
        subprocess.run(["psql", f"{base}/postgres", "-qc", f"DROP DATABASE IF EXISTS bt_{name}"], check=True)
        subprocess.run(["psql", f"{base}/postgres", "-qc", f"CREATE DATABASE bt_{name}"], check=True)
        return f"{base}/bt_{name}"

    def env(name):
        return dict(os.environ, BOOKSTRACK_DATABASE_URL=database(name), BOOKSTRACK_ENRICHMENT="off")

    rows = []
    source = load.synthetic_export(work / "library.csv", arguments.books)
    first = env("first")
    subprocess.run([arguments.binary, "user", "create", "alice"], env=first, check=True, capture_output=True)
    rows.append(("import Goodreads CSV", os.path.getsize(source), *timed(arguments.binary, first, "import", source, "--user", "alice")))
    exports = {}
    for name, suffix in (("export JSON", "json"), ("export JSON, compressed", "json.gz")):
        path = work / f"backup.{suffix}"
        rows.append((name, None, *timed(arguments.binary, first, "export", "--user", "alice", "-o", str(path))))
        rows[-1] = (rows[-1][0], os.path.getsize(path), *rows[-1][2:])
        exports[suffix] = path
    original = exports["json"].read_bytes()
    same = True
    for suffix, path in exports.items():
        target = env("restored_" + suffix.replace(".", "_"))
        subprocess.run([arguments.binary, "user", "create", "alice"], env=target, check=True, capture_output=True)
        rows.append((f"import backup.{suffix}", os.path.getsize(path),
                     *timed(arguments.binary, target, "import", str(path), "--user", "alice")))
        again = work / f"again-{suffix}.json"
        subprocess.run([arguments.binary, "export", "--user", "alice", "-o", str(again)], env=target, check=True,
                       capture_output=True)
        if again.read_bytes() != original:
            same = False
            print(f"the backup restored from backup.{suffix} exports differently: compare {exports['json']} with {again}")

    print(f"{arguments.books:,} books, {'PostgreSQL' if arguments.database_template else 'SQLite'}")
    print(f"{'step':<28}{'file':>12}{'seconds':>10}{'peak RSS':>12}")
    for name, size, seconds, peak in rows:
        shown = f"{size / 1_048_576:.1f} MB" if size else ""
        print(f"{name:<28}{shown:>12}{seconds:>10.1f}{peak:>9.0f} MB")
    print("RESULT round trip exact" if same else "RESULT round trip DIFFERS")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
