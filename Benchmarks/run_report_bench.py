#!/usr/bin/env python3
"""`make bench` driver for `labelcat report`: the HTML report of a check with thousands of findings.

  1. a catalog of N labels (make_catalog.py; about one finding per label: 4,000 labels give
     about 4,200 findings and 4,700 pictures), laid out beforehand (`recompute --all`);
  2. the baseline: `labelcat check --format json` on it (the same check the report runs);
  3. `labelcat report --out DIR` into a new folder (cold: every picture drawn) and again into the
     same folder with nothing changed (warm: every picture reused);
  4. the page opened in headless Chromium (`--dump-dom`), against a blank page opened the same
     way.

Rounds are interleaved (check, cold report, warm report); each figure is the median round, in
wall-clock seconds (CPU seconds, user + system, beside them: this machine is shared). The
targets (issue 25): cold report <= check + 1 ms per finding; warm <= 1.5 x check + 0.2 s; the page
within 2 s of a blank page.

Python stdlib only. Prints a table; exits 1 only when a program fails.

    python3 Benchmarks/run_report_bench.py --labelcat .build/release/labelcat [--labels 4000]
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CHROMIUM = "/usr/bin/chromium"


def run(argv, ok=(0,)):
    """Runs argv, whose exit status must be in `ok`; returns (wall seconds, stdout, CPU seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in ok:
        sys.exit("%s failed (exit %d): %s" % (" ".join(argv), proc.returncode, proc.stderr.decode()[-500:]))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, proc.stdout.decode(), cpu


def prepare(labelcat, work, labels):
    """A laid-out catalog of `labels` generated labels (cached by its inputs)."""
    path = os.path.join(work, "report-%d.sqlite" % labels)
    stamp = path + ".stamp"
    migrations = sorted(os.listdir(os.path.join(HERE, "..", "migrations")))
    want = "%d %s %s" % (labels, os.path.getmtime(os.path.join(HERE, "make_catalog.py")), " ".join(migrations))
    if os.path.exists(path) and os.path.exists(stamp) and open(stamp).read() == want:
        return path
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    run([labelcat, "--db", path, "init"])
    run([sys.executable, os.path.join(HERE, "make_catalog.py"), "--db", path, "--labels", str(labels)])
    run([labelcat, "--db", path, "recompute", "--all"])
    with open(stamp, "w") as file:
        file.write(want)
    return path


def chromium(page, profile):
    """Seconds for headless Chromium to load `page` and dump its DOM."""
    seconds, _, _ = run([CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                      "--user-data-dir=" + profile, "--dump-dom", page])
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--labelcat", required=True)
    parser.add_argument("--labels", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", default=".build/bench")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    labelcat = os.path.abspath(args.labelcat)
    print("report bench: catalog of %d labels ..." % args.labels, file=sys.stderr)
    db = prepare(labelcat, args.work, args.labels)
    _, out, _ = run([labelcat, "--db", db, "check", "--format", "json"], ok=(0, 1))
    findings = len([line for line in out.splitlines() if line.strip()])

    checks, colds, warms = [], [], []
    cpu = {"check": [], "cold": [], "warm": []}
    # Each round writes a new folder of its own, and the rounds' folders go only after the last
    # round: ext4 does not reuse an inode within 30 s of freeing it (`recently_deleted`), and a
    # cold report made just after deleting the previous round's 4,700 pictures spent a third of
    # its CPU in the kernel stepping over them: the bench's doing, not a report's.
    for stale in [name for name in os.listdir(args.work) if name.startswith("report-out")]:
        shutil.rmtree(os.path.join(args.work, stale), ignore_errors=True)
    out_dirs = [os.path.join(args.work, "report-out-%d" % (index + 1)) for index in range(args.rounds)]
    for round_index, out_dir in enumerate(out_dirs):
        print("round %d: check, cold report, warm report ..." % (round_index + 1), file=sys.stderr)
        for name, times, argv in [("check", checks, [labelcat, "--db", db, "check", "--format", "json"]),
                                  ("cold", colds, [labelcat, "--db", db, "report", "--out", out_dir]),
                                  ("warm", warms, [labelcat, "--db", db, "report", "--out", out_dir])]:
            wall, _, seconds = run(argv, ok=(0, 1))
            times.append(wall)
            cpu[name].append(seconds)
    out_dir = out_dirs[-1]
    check, cold, warm = statistics.median(checks), statistics.median(colds), statistics.median(warms)
    images = os.path.join(out_dir, "images")
    pictures = [name for name in os.listdir(images) if name.endswith(".png")]
    megabytes = sum(os.path.getsize(os.path.join(images, name)) for name in pictures) / 1e6

    page_s = blank_s = None
    if os.access(CHROMIUM, os.X_OK):
        with tempfile.TemporaryDirectory(prefix="labelcat-bench-chromium") as profile:
            blank = os.path.join(profile, "blank.html")
            with open(blank, "w") as file:
                file.write("<!DOCTYPE html><title>blank</title>\n")
            pages, blanks = [], []
            for _ in range(args.rounds):
                blanks.append(chromium("file://" + blank, os.path.join(profile, "profile")))
                pages.append(chromium("file://" + os.path.abspath(os.path.join(out_dir, "index.html")),
                                      os.path.join(profile, "profile")))
            page_s, blank_s = statistics.median(pages), statistics.median(blanks)

    cold_target = check + 0.001 * findings
    warm_target = 1.5 * check + 0.2
    print()
    median_cpu = {name: statistics.median(values) for name, values in cpu.items()}
    print("| %d labels, %d findings, %d pictures (%.1f MB) | wall s | CPU s | target (wall) | |" % (args.labels, findings, len(pictures), megabytes))
    print("|---|---:|---:|---:|---|")
    print("| `check --format json` (baseline) | %.2f | %.2f | | |" % (check, median_cpu["check"]))
    print("| `report`, new folder (every picture drawn) | %.2f | %.2f | %.2f | %s |" % (cold, median_cpu["cold"], cold_target, "met" if cold <= cold_target else "**missed**"))
    print("| `report` again, nothing changed | %.2f | %.2f | %.2f | %s |" % (warm, median_cpu["warm"], warm_target, "met" if warm <= warm_target else "**missed**"))
    if page_s is not None:
        print("| the page in headless Chromium (`--dump-dom`) | %.2f | | %.2f | %s |" % (page_s, blank_s + 2, "met" if page_s <= blank_s + 2 else "**missed**"))
        print("| a blank page the same way (baseline) | %.2f | | | |" % blank_s)
    print()
    print("cold report: check + %.2f ms per finding; warm report: %.2f x check" % ((cold - check) * 1000 / max(findings, 1), warm / check))
    for folder in out_dirs[:-1]:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
