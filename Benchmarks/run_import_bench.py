#!/usr/bin/env python3
"""`make bench` driver for `labelcat import`: a String Catalog's texts written into a catalog.

  1. a String Catalog of K keys x L locales (make_xcstrings.py: plurals, device variations,
     substitutions; ~1.15 M texts for 100,000 x 10) and a catalog of K labels keyed to them
     (`Localizable:KEY`), laid out beforehand: the labels exist, only their texts are new;
  2. `labelcat import Localizable.xcstrings` on a copy of that catalog: the seconds labelcat
     reports for reading and writing the texts (one transaction), and separately for laying
     them out afterwards (a chunk of labels per transaction); the whole process's peak RSS;
  3. the write ceiling: a bare prepared INSERT loop (Python's sqlite3, executemany) writing the
     same key_texts rows (read back from the imported catalog, in the order the import wrote
     them: the file's order) into an empty table of the same shape and primary key, with
     labelcat's pragmas (WAL, synchronous=NORMAL, 64 MiB cache), in one transaction, measured in
     the same run; the import's rows/s as a share of it.

Rounds are interleaved (import, ceiling, import, ...); each figure is the median round.

Python stdlib only. Prints a table; exits 1 only when a program fails.

    python3 Benchmarks/run_import_bench.py --labelcat .build/release/labelcat [--keys 100000 --locales 10]
"""

import argparse
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(argv, **kwargs):
    """Runs argv, which must succeed; returns (wall seconds, stdout)."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)
    out, err = proc.communicate()
    wall = time.monotonic() - start
    if proc.returncode != 0:
        sys.exit("%s failed (exit %d): %s" % (" ".join(argv), proc.returncode, err.decode()[-500:]))
    return wall, out.decode()


def timed(argv):
    """Runs argv, which must succeed; returns (wall seconds, peak RSS MB, stdout)."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.read().decode()
    err = proc.stderr.read().decode()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("%s failed: %s" % (" ".join(argv), err[-500:]))
    return wall, usage.ru_maxrss / 1024.0, out


def remove(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def copy_catalog(source, target):
    remove(target)
    shutil.copyfile(source, target)


def prepare(labelcat, work, keys, locales):
    """The String Catalog and a laid-out catalog of its keyed labels (cached by their inputs)."""
    strings = os.path.join(work, "import-%dx%d" % (keys, locales), "Localizable.xcstrings")
    template = os.path.join(work, "import-%d-labels.sqlite" % keys)
    stamp = template + ".stamp"
    migrations = sorted(os.listdir(os.path.join(HERE, "..", "migrations")))
    want = "%d %d %s %s" % (keys, locales, os.path.getmtime(os.path.join(HERE, "make_xcstrings.py")), " ".join(migrations))
    if os.path.exists(strings) and os.path.exists(template) and os.path.exists(stamp) and open(stamp).read() == want:
        return strings, template
    os.makedirs(os.path.dirname(strings), exist_ok=True)
    print("generating a String Catalog of %d keys x %d locales ..." % (keys, locales), file=sys.stderr)
    subprocess.run([sys.executable, os.path.join(HERE, "make_xcstrings.py"), "--keys", str(keys), "--locales", str(locales),
                    "--out", strings], check=True)
    print("a catalog of %d keyed labels, laid out ..." % keys, file=sys.stderr)
    remove(template)
    run([labelcat, "--db", template, "init"])
    db = sqlite3.connect(template)
    with db:
        db.executemany(
            "INSERT INTO labels (name, key, text, frame_x, frame_y, frame_width, frame_height, number_of_lines) VALUES (?, ?, ?, 16, ?, 343, 44, 2)",
            (("screen%05d.item%d" % (index // 50, index), "Localizable:screen%d.item%d.title" % (index // 50, index),
              "Item %d" % index, float(index % 50 * 50)) for index in range(keys)))
        db.execute("DELETE FROM recompute_queue")
    db.close()
    run([labelcat, "--db", template, "recompute", "--all"])
    with open(stamp, "w") as f:
        f.write(want)
    return strings, template


def imported(labelcat, template, strings, target):
    """One import into a copy of the template: (text seconds, layout seconds, wall, RSS MB, rows)."""
    copy_catalog(template, target)
    wall, rss, out = timed([labelcat, "--db", target, "import", strings])
    texts = re.search(r"\((\d+) written, \d+ unchanged\) in ([0-9.]+) s", out)
    layouts = re.search(r"Laid out (\d+) layouts? of (\d+) labels? in ([0-9.]+) s", out)
    if not texts or not layouts:
        sys.exit("unexpected output of labelcat import: " + out)
    return float(texts.group(2)), float(layouts.group(3)), wall, rss, int(texts.group(1)), int(layouts.group(1))


TEXT_COLUMNS = "key, locale, variant, text, file, line"


def ceiling(source, work):
    """Rows/s and rows of the bare INSERT loop, run in a Python process of its own: the rows it
    holds must not count in the peak RSS of a labelcat forked from this one afterwards."""
    _, out = run([sys.executable, os.path.abspath(__file__), "--ceiling", source, "--work", work])
    rate, rows = out.split()
    return float(rate), int(rows)


def insert_loop(source, work):
    """Rows/s of a bare prepared INSERT loop writing source's key_texts rows into an empty table
    of the same shape, one transaction."""
    db = sqlite3.connect(source)
    # In the order the import wrote them: the order of the file (its lines), then by key.
    rows = db.execute("SELECT %s FROM key_texts ORDER BY file, line, key, locale, variant" % TEXT_COLUMNS).fetchall()
    db.close()
    target_path = os.path.join(work, "import-ceiling.sqlite")
    remove(target_path)
    target = sqlite3.connect(target_path, isolation_level=None)
    target.execute("PRAGMA journal_mode = WAL")
    target.execute("PRAGMA synchronous = NORMAL")
    target.execute("PRAGMA cache_size = -65536")
    target.execute("""CREATE TABLE key_texts (key TEXT NOT NULL CHECK (instr(key, ':') > 1), locale TEXT NOT NULL,
                      variant TEXT NOT NULL DEFAULT '', text TEXT NOT NULL, file TEXT, line INTEGER,
                      PRIMARY KEY (key, locale, variant)) WITHOUT ROWID""")
    start = time.monotonic()
    target.execute("BEGIN IMMEDIATE")
    target.executemany("INSERT INTO key_texts VALUES (?, ?, ?, ?, ?, ?)", rows)
    target.execute("COMMIT")
    seconds = time.monotonic() - start
    target.close()
    remove(target_path)
    return len(rows) / seconds, len(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--labelcat")
    parser.add_argument("--keys", type=int, default=100000)
    parser.add_argument("--locales", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", default=os.path.join(".build", "bench"))
    parser.add_argument("--ceiling", metavar="CATALOG", help="only run the bare INSERT loop on CATALOG's texts (used by the driver)")
    args = parser.parse_args()
    if args.ceiling:
        rate, rows = insert_loop(args.ceiling, args.work)
        print(rate, rows)
        return
    os.makedirs(args.work, exist_ok=True)
    if not args.labelcat:
        parser.error("--labelcat is required")
    labelcat = os.path.abspath(args.labelcat)
    strings, template = prepare(labelcat, args.work, args.keys, args.locales)
    target = os.path.join(args.work, "import-target.sqlite")

    imports, ceilings = [], []
    for round_number in range(args.rounds):
        print("round %d: import ..." % (round_number + 1), file=sys.stderr)
        imports.append(imported(labelcat, template, strings, target))
        print("round %d: bare INSERT loop ..." % (round_number + 1), file=sys.stderr)
        ceilings.append(ceiling(target, args.work))
    remove(target)

    text_s = statistics.median(r[0] for r in imports)
    layout_s = statistics.median(r[1] for r in imports)
    wall_s = statistics.median(r[2] for r in imports)
    rss = max(r[3] for r in imports)
    rows = imports[0][4]
    layouts = imports[0][5]
    ceiling_rate = statistics.median(c[0] for c in ceilings)
    import_rate = rows / text_s
    size = os.path.getsize(strings) / 1e6
    print("labelcat import — a String Catalog of %d keys x %d locales (%.0f MB), %d labels keyed to them"
          % (args.keys, args.locales, size, args.keys))
    table = [
        ("import: read and write the texts (one transaction)", "%.2f s" % text_s, "%d rows/s (%d rows)" % (import_rate, rows)),
        ("import: lay out the labels written (chunks)", "%.2f s" % layout_s, "%d layouts" % layouts),
        ("import: whole process", "%.2f s" % wall_s, "peak RSS %.0f MB" % rss),
        ("bare INSERT loop, same rows (write ceiling)", "%.2f s" % (rows / ceiling_rate), "%d rows/s" % ceiling_rate),
        ("import's texts rows/s vs ceiling", "", "%.0f%%" % (100 * import_rate / ceiling_rate)),
    ]
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    for row in table:
        print("  " + row[0].ljust(widths[0]) + "  " + row[1].rjust(widths[1]) + "  " + row[2])
    print("targets: texts at >= 30% of the ceiling; peak RSS < 300 MB")


if __name__ == "__main__":
    main()
