#!/usr/bin/env python3
"""`make bench` driver for `labelcat check` with a project file: how much of a first run a second
one costs.

  1. a project of F String Catalogs (make_xcstrings.py, K/F keys x L locales each, one table per
     file) and a labelcat.yml whose `labels` entry makes a label of every key (`*:*`, width
     `device - 32`, text style body, two lines);
  2. `labelcat check` three times in the project folder, each timed whole (wall clock):
     first (no catalog: everything imported and laid out), again with nothing changed, and
     after one file was edited (one text in it changed);
  3. the two later runs as shares of the first, in wall-clock and in CPU time (user + system:
     on a machine shared with other work, wall time is mostly waiting). Targets: nothing
     changed <= 5 %, one file changed <= 20 %.

Python stdlib only. Prints a table; exits 1 only when a program fails.

    python3 Benchmarks/run_project_bench.py --labelcat .build/release/labelcat [--keys 100000 --files 20 --locales 3]
"""

import argparse
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def check(labelcat, folder):
    """`labelcat check --format json` in folder (exit 0 or 1); returns (wall seconds, CPU seconds
    (user + system), its first line on stderr)."""
    start = time.monotonic()
    proc = subprocess.Popen([labelcat, "check", "--format", "json"], cwd=folder, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    err = proc.stderr.read().decode()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit("labelcat check failed: %s" % err[-500:])
    return wall, usage.ru_utime + usage.ru_stime, err.strip().splitlines()[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labelcat", required=True)
    parser.add_argument("--keys", type=int, default=100000)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--locales", type=int, default=3)
    parser.add_argument("--work", default=".build/bench")
    args = parser.parse_args()
    labelcat = os.path.abspath(args.labelcat)

    project = os.path.join(args.work, "project")
    shutil.rmtree(project, ignore_errors=True)
    per_file = args.keys // args.files
    for index in range(args.files):
        folder = os.path.join(project, "App", "Feature%02d" % index)
        os.makedirs(folder)
        subprocess.run([sys.executable, os.path.join(HERE, "make_xcstrings.py"), "--keys", str(per_file),
                        "--locales", str(args.locales), "--seed", str(index),
                        "--out", os.path.join(folder, "Feature%02d.xcstrings" % index)], check=True)
    with open(os.path.join(project, "labelcat.yml"), "w") as file:
        file.write('sources: [App/]\nlabels:\n  - keys: "*:*"\n'
                   '    frame: {width: device - 32, height: auto}\n'
                   '    font: {textStyle: body}\n    numberOfLines: 2\n')

    first, first_cpu, first_note = check(labelcat, project)
    unchanged, unchanged_cpu, unchanged_note = check(labelcat, project)
    edited_file = os.path.join(project, "App", "Feature00", "Feature00.xcstrings")
    with open(edited_file, encoding="utf-8") as file:
        text = file.read()
    marker = '"value" : "'
    at = text.index(marker) + len(marker)
    with open(edited_file, "w", encoding="utf-8") as file:
        file.write(text[:at] + "Edited " + text[at:])
    edited, edited_cpu, edited_note = check(labelcat, project)

    print("labelcat check with labelcat.yml: %d keys in %d String Catalogs x %d locales, a code label per key"
          % (per_file * args.files, args.files, args.locales))
    print("  %-20s %9s %9s %9s %9s" % ("run", "wall s", "of first", "CPU s", "of first"))
    for name, seconds, cpu in [("first (no catalog)", first, first_cpu), ("nothing changed", unchanged, unchanged_cpu),
                               ("one file changed", edited, edited_cpu)]:
        print("  %-20s %9.2f %8.1f%% %9.2f %8.1f%%" % (name, seconds, 100.0 * seconds / first, cpu, 100.0 * cpu / first_cpu))
    for note in (first_note, unchanged_note, edited_note):
        print("  " + note)
    # On a shared machine wall time is mostly waiting for a core: the CPU shares are the fair ones.
    print("  targets (CPU): nothing changed <= 5%%: %s; one file changed <= 20%%: %s"
          % ("met" if unchanged_cpu <= 0.05 * first_cpu else "MISSED", "met" if edited_cpu <= 0.20 * first_cpu else "MISSED"))


if __name__ == "__main__":
    main()
