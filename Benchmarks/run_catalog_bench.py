#!/usr/bin/env python3
"""`make bench` driver for the catalog: bulk recompute, the service, and the write ceiling.

On a generated catalog of N labels (make_catalog.py; several locales, shared tokens):

  1. `labelcat recompute --all --force`: labels/s and layouts/s, and peak RSS; against the
     same definitions laid out without a catalog: the catalog's labels exported resolved
     (`label export --resolved`), one NDJSON line per layout (its "locale"), laid out by one
     `labelcat measure` process (wall time: one core) and by the engine in-process
     (`labelcat-bench`, CPU time per layout; on every core: cores / that time). Two rounds,
     interleaved, the better of each;
  2. the write ceiling: a bare prepared INSERT loop (Python's sqlite3, executemany) writing
     the same layout rows into an empty table of the same shape and indexes, same pragmas
     (WAL, synchronous=NORMAL, 64 MiB cache); recompute's rows/s as a share of it;
  3. the queue: every label moved a point (one queue entry per label, every layout's inputs
     changed), then `labelcat serve --once` drains it: the same rows as a forced recompute, as
     an import's layout phase writes them; twice, interleaved with `recompute --all --force`,
     the better of each, and the ratio (≥ 1: the queue as fast as recompute);
  4. `labelcat recompute --all --verify` (every input hash checked) and a no-op
     `labelcat recompute --all` (the freshness record answers): seconds;
  5. a token edit made with the sqlite3 module that reaches ~10% of the labels
     (font.size.title), then `labelcat serve --once`: labels/s;
  6. latency: `labelcat serve --poll-ms 20` running, 100 single-label UPDATEs, each timed
     until its layout row is recomputed (a new input hash): median and 95th percentile;
  7. content size categories: two copies of the catalog with 30% of the labels in the body
     text style (Dynamic Type), one keeping the `large` category, one three
     (large, extraExtraExtraLarge, accessibilityExtraExtraExtraLarge);
     `recompute --all --force` of each, interleaved (2 rounds, the better of each): seconds,
     layouts written, and the ratio 3 categories / 1.

Python stdlib only. Prints a table; exits 1 only when a program fails.

    python3 Benchmarks/run_catalog_bench.py --labelcat .build/release/labelcat \
        [--engine-bench .build/release/labelcat-bench] [--labels 100000]
"""

import json

import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(argv, **kwargs):
    """Runs argv; returns (wall seconds, peak RSS MB, stdout)."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    out = proc.stdout.read().decode()
    err = proc.stderr.read().decode()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0,):
        sys.exit("%s failed (exit %d): %s" % (" ".join(argv), proc.returncode, err[-500:]))
    return wall, usage.ru_maxrss / 1024.0, out


def make_catalog(labelcat, path, labels):
    stamp = path + ".stamp"
    migrations = sorted(os.listdir(os.path.join(HERE, "..", "migrations")))
    want = "%d %s %s" % (labels, os.path.getmtime(os.path.join(HERE, "make_catalog.py")), " ".join(migrations))
    if os.path.exists(path) and os.path.exists(stamp) and open(stamp).read() == want:
        return
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    print("generating a catalog of %d labels ..." % labels, file=sys.stderr)
    run([labelcat, "--db", path, "init"])
    subprocess.run([sys.executable, os.path.join(HERE, "make_catalog.py"), "--db", path, "--labels", str(labels)],
                   check=True, stdout=subprocess.DEVNULL)
    with open(stamp, "w") as f:
        f.write(want)


LAYOUT_COLUMNS = ("label, locale, variant, category, x, y, width, height, line_count, needed_line_count, truncated, "
                  "shrunk, font_size, lines, error, input_hash, computed_at, intrinsic_width, intrinsic_height")


def insert_ceiling(path, work):
    """Rows/s of a bare prepared INSERT loop writing the catalog's layout rows: the same rows,
    into a table of the same shape and indexes, with labelcat's pragmas, 2,048 labels' rows
    (4,096) per transaction."""
    source = sqlite3.connect(path)
    rows = source.execute("SELECT %s FROM layouts ORDER BY label, locale, variant, category" % LAYOUT_COLUMNS).fetchall()
    source.close()
    target_path = os.path.join(work, "insert-ceiling.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(target_path + suffix):
            os.remove(target_path + suffix)
    target = sqlite3.connect(target_path, isolation_level=None)
    target.execute("PRAGMA journal_mode = WAL")
    target.execute("PRAGMA synchronous = NORMAL")
    target.execute("PRAGMA cache_size = -65536")
    target.execute("""CREATE TABLE layouts (label TEXT NOT NULL, locale TEXT NOT NULL, variant TEXT NOT NULL,
                      category TEXT NOT NULL, x REAL, y REAL, width REAL, height REAL, line_count INTEGER,
                      needed_line_count INTEGER, truncated INTEGER, shrunk INTEGER, font_size REAL, lines TEXT,
                      error TEXT, input_hash TEXT NOT NULL, computed_at TEXT NOT NULL, intrinsic_width REAL,
                      intrinsic_height REAL, PRIMARY KEY (label, locale, variant, category)) WITHOUT ROWID""")
    target.execute("CREATE INDEX layouts_truncated ON layouts (label, locale, variant, category) WHERE truncated")
    insert = "INSERT INTO layouts VALUES (%s)" % ", ".join("?" * 19)
    start = time.monotonic()
    for offset in range(0, len(rows), 4096):
        target.execute("BEGIN IMMEDIATE")
        target.executemany(insert, rows[offset:offset + 4096])
        target.execute("COMMIT")
    seconds = time.monotonic() - start
    target.close()
    return len(rows) / seconds, len(rows)


def layout_definitions(labelcat, path, work):
    """The catalog's layouts as definitions without references, one NDJSON line per layout
    (each text of each label: its "locale"; the catalog's one category, large). Returns (file, count)."""
    exported = os.path.join(work, "catalog-definitions.ndjson")
    with open(exported, "wb") as out:
        subprocess.run([labelcat, "--db", path, "label", "export", "--resolved"], stdout=out, check=True)
    corpus = os.path.join(work, "catalog-layouts.ndjson")
    count = 0
    with open(exported) as source, open(corpus, "w") as out:
        for line in source:
            definition = json.loads(line)
            for locale in [""] + sorted(definition.get("texts", {})):
                definition["locale"] = locale
                out.write(json.dumps(definition, ensure_ascii=False, separators=(",", ":")) + "\n")
                count += 1
    os.remove(exported)
    return corpus, count


def measure_rate(labelcat, corpus, count, work):
    """Layouts/s of one `labelcat measure` process over the corpus (wall time, output to a file)."""
    with open(os.path.join(work, "catalog-measure.out"), "wb") as out:
        start = time.monotonic()
        subprocess.run([labelcat, "measure", corpus], stdout=out, check=True)
        seconds = time.monotonic() - start
    os.remove(os.path.join(work, "catalog-measure.out"))
    return count / seconds


def engine_rate(engine_bench, corpus):
    """Layouts/s of the engine in-process on every core: cores / CPU time per layout."""
    _, _, out = run([engine_bench, corpus])
    fields = dict(item.split("=", 1) for item in out.split()[1:])
    return (os.cpu_count() or 1) * 1e6 / float(fields["us_per_label"])


THREE_CATEGORIES = "large,extraExtraExtraLarge,accessibilityExtraExtraExtraLarge"


def categories_ratio(labelcat, path, work, rounds=2):
    """`recompute --all --force` with one content size category and with three, on copies of the
    catalog where 30% of the labels use the body text style: (seconds, layouts) of each."""
    copies = {}
    for count, categories in ((1, "large"), (3, THREE_CATEGORIES)):
        copy = os.path.join(work, "catalog-categories-%d.sqlite" % count)
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(copy + suffix):
                os.remove(copy + suffix)
        shutil.copyfile(path, copy)
        db = sqlite3.connect(copy, isolation_level=None)
        db.execute("""UPDATE labels SET font = '{"family": "Noto Sans CJK SC", "textStyle": "body"}' WHERE name GLOB '*[0-2]'""")
        db.close()
        run([labelcat, "--db", copy, "settings", "set", "categories", categories])
        run([labelcat, "--db", copy, "recompute", "--all"])
        copies[count] = copy
    times = {1: [], 3: []}
    for _ in range(rounds):
        for count in (1, 3):
            seconds, _, _ = run([labelcat, "--db", copies[count], "recompute", "--all", "--force"])
            times[count].append(seconds)
    result = {}
    for count in (1, 3):
        layouts = sqlite3.connect(copies[count]).execute("SELECT count(*) FROM layouts").fetchone()[0]
        result[count] = (min(times[count]), layouts)
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(copies[count] + suffix):
                os.remove(copies[count] + suffix)
    return result


def queue_drain(labelcat, path):
    """Seconds of `serve --once` draining a queue that names every label once, as an import
    that edits every label leaves it: every label moved down a point (the labels_updated
    trigger queues each), so every layout's inputs changed: the rows `recompute --all --force`
    writes, through the queue (an import's layout phase)."""
    db = sqlite3.connect(path, isolation_level=None)
    old_hashes = {row[0] for row in db.execute("SELECT input_hash FROM layouts")}
    db.execute("UPDATE labels SET frame_y = frame_y + 1")
    queued = db.execute("SELECT count(*) FROM recompute_queue").fetchone()[0]
    labels = db.execute("SELECT count(*) FROM labels").fetchone()[0]
    db.close()
    seconds, _, _ = run([labelcat, "--db", path, "serve", "--once"])
    db = sqlite3.connect(path)
    stale = sum(1 for row in db.execute("SELECT input_hash FROM layouts") if row[0] in old_hashes)
    left = db.execute("SELECT count(*) FROM recompute_queue").fetchone()[0]
    db.close()
    if queued != labels or left or stale:
        sys.exit("queue drain: %d entries queued for %d labels, %d left, %d layouts not rewritten" % (queued, labels, left, stale))
    return seconds


def latency(labelcat, path, edits=100):
    service = subprocess.Popen([labelcat, "--db", path, "serve", "--poll-ms", "20"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.5)
        db = sqlite3.connect(path, isolation_level=None, timeout=30)
        names = [row[0] for row in db.execute("SELECT name FROM labels ORDER BY name LIMIT ?", (edits,))]
        samples = []
        for index, name in enumerate(names):
            text = "latency probe %d at %.6f" % (index, time.time())
            hash_query = "SELECT input_hash FROM layouts WHERE label = ? AND locale = ''"
            old = db.execute(hash_query, (name,)).fetchone()
            start = time.monotonic()
            db.execute("UPDATE labels SET text = ? WHERE name = ?", (text, name))
            while True:
                row = db.execute(hash_query, (name,)).fetchone()
                if row != old:
                    break
                if time.monotonic() - start > 30:
                    sys.exit("latency: the layout of %s was not recomputed within 30 s" % name)
                time.sleep(0.002)
            samples.append(time.monotonic() - start)
        db.close()
    finally:
        service.terminate()
        service.wait()
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--labelcat", required=True)
    ap.add_argument("--engine-bench", help="labelcat-bench, for the engine's rate on the same definitions")
    ap.add_argument("--labels", type=int, default=100000)
    ap.add_argument("--work", default=os.path.join(".build", "bench"))
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    labelcat = os.path.abspath(args.labelcat)
    path = os.path.join(args.work, "catalog-%d.sqlite" % args.labels)
    make_catalog(labelcat, path, args.labels)

    print("recompute --all --force ...", file=sys.stderr)
    force_s, force_rss, _ = run([labelcat, "--db", path, "recompute", "--all", "--force"])
    layouts = sqlite3.connect(path).execute("SELECT count(*) FROM layouts").fetchone()[0]
    print("the same definitions: measure, engine, recompute --all --force (2 rounds) ...", file=sys.stderr)
    corpus, corpus_layouts = layout_definitions(labelcat, path, args.work)
    measure_rates, engine_rates = [], []
    for _ in range(2):
        measure_rates.append(measure_rate(labelcat, corpus, corpus_layouts, args.work))
        if args.engine_bench:
            engine_rates.append(engine_rate(os.path.abspath(args.engine_bench), corpus))
        seconds, rss, _ = run([labelcat, "--db", path, "recompute", "--all", "--force"])
        force_s, force_rss = min(force_s, seconds), max(force_rss, rss)
    os.remove(corpus)
    print("queue drain of every label (serve --once) and recompute --all --force, interleaved ...", file=sys.stderr)
    drain_s, again_s = [], []
    for _ in range(2):
        drain_s.append(queue_drain(labelcat, path))
        again_s.append(run([labelcat, "--db", path, "recompute", "--all", "--force"])[0])
    print("recompute --all --verify ...", file=sys.stderr)
    verify_s, verify_rss, _ = run([labelcat, "--db", path, "recompute", "--all", "--verify"])
    print("no-op recompute --all ...", file=sys.stderr)
    noop_s, noop_rss, _ = run([labelcat, "--db", path, "recompute", "--all"])

    print("token edit + serve --once ...", file=sys.stderr)
    db = sqlite3.connect(path, isolation_level=None)
    reached = db.execute("SELECT count(*) FROM label_dependencies WHERE token = 'font.size.title'").fetchone()[0]
    size = db.execute("SELECT json_extract(value, '$.value') FROM tokens WHERE name = 'font.size.title'").fetchone()[0]
    db.execute("UPDATE tokens SET value = json_set(value, '$.value', ?) WHERE name = 'font.size.title'", (23 if size != 23 else 22,))
    db.close()
    serve_s, serve_rss, _ = run([labelcat, "--db", path, "serve", "--once"])

    print("latency ...", file=sys.stderr)
    median, p95 = latency(labelcat, path)
    print("content size categories: 1 and 3 ...", file=sys.stderr)
    categories = categories_ratio(labelcat, path, args.work)
    # Last: it holds every row in this process's memory, which a child forked afterwards would
    # count in its own peak RSS.
    print("bare INSERT loop ...", file=sys.stderr)
    ceiling, ceiling_rows = insert_ceiling(path, args.work)

    rate = args.labels / force_s
    rows_rate = layouts / force_s
    print("labelcat catalog — %d labels, %d layouts (several locales per label)" % (args.labels, layouts))
    table = [
        ("recompute --all --force", "%.2f s" % force_s, "%d labels/s, %d layouts/s" % (rate, rows_rate), "%.0f MB" % force_rss),
        ("one `labelcat measure` process, same definitions", "", "%d layouts/s (%d layouts)" % (max(measure_rates), corpus_layouts), ""),
        ("recompute layouts/s vs one measure process", "", "%.2f×" % (rows_rate / max(measure_rates)), ""),
    ] + ([
        ("engine in-process on %d cores, same definitions" % (os.cpu_count() or 1), "", "%d layouts/s" % max(engine_rates), ""),
        ("recompute layouts/s vs the engine on every core", "", "%.0f%%" % (100 * rows_rate / max(engine_rates)), ""),
    ] if engine_rates else []) + [
        ("queue drain of every label (serve --once, an import's layout phase)", "%.2f s" % min(drain_s),
         "%d layouts/s" % (layouts / min(drain_s)), ""),
        ("queue drain vs recompute --all --force (same rows, interleaved)", "", "%.2f×" % (min(again_s) / min(drain_s)), ""),
        ("bare INSERT loop (write ceiling)", "", "%d rows/s (%d rows)" % (ceiling, ceiling_rows), ""),
        ("recompute rows/s vs ceiling", "", "%.0f%%" % (100 * rows_rate / ceiling), ""),
        ("no-op recompute --all (freshness record)", "%.3f s" % noop_s, "", "%.0f MB" % noop_rss),
        ("recompute --all --verify (every hash checked)", "%.2f s" % verify_s, "%d labels/s" % (args.labels / verify_s), "%.0f MB" % verify_rss),
        ("token edit (~10%%: %d labels) → serve --once" % reached, "%.2f s" % serve_s, "%d labels/s" % (reached / serve_s), "%.0f MB" % serve_rss),
        ("external edit → fresh layout (100 edits)", "", "median %.0f ms, p95 %.0f ms" % (median * 1000, p95 * 1000), ""),
        ("recompute --all --force, 1 category (30% text style)", "%.2f s" % categories[1][0], "%d layouts" % categories[1][1], ""),
        ("recompute --all --force, 3 categories", "%.2f s" % categories[3][0], "%d layouts" % categories[3][1], ""),
        ("3 categories / 1 category", "", "%.2f×" % (categories[3][0] / categories[1][0]), ""),
    ]
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    for row in table:
        print("  " + row[0].ljust(widths[0]) + "  " + row[1].rjust(widths[1]) + "  " + row[2].ljust(widths[2]) + "  " + row[3].rjust(widths[3]))
    print("targets (1M labels): ≥ 200,000 labels/s and ≥ 30% of the ceiling; no-op ≤ 2 s; latency median ≤ 200 ms; RSS ≤ 256 MB;"
          " 3 categories ≤ 2.5× 1 category;\n"
          "  recompute ≥ 2× one measure process and ≥ 50% of the engine on every core (same definitions)")


if __name__ == "__main__":
    main()
