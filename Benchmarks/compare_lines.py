#!/usr/bin/env python3
"""Fidelity check: labelcat's line counts against Pango's on the benchmark corpus.

Pango shapes with HarfBuzz too, so for the same font, size and width most labels should need
the same number of lines. Differences come from rules where labelcat follows UIKit
rather than Pango: `charWrap` fills a line to the last grapheme that fits (Pango's char mode
prefers word boundaries), a word wider than the line is broken (Pango lets it overflow), and
a line that fits to within a millionth of a point (Pango measures in 1/1024 units). Prints the
agreement per break mode and the first differing labels.

    python3 Benchmarks/compare_lines.py --labelcat .build/release/labelcat \\
        --pango .build/bench/pango-baseline --work .build/bench [--count 20000]
"""
import argparse
import collections
import json
import os
import subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--labelcat", required=True)
    ap.add_argument("--pango", required=True)
    ap.add_argument("--work", default=os.path.join(".build", "bench"))
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--show", type=int, default=8)
    args = ap.parse_args()
    with open(os.path.join(args.work, "corpus.tsv"), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for _, line in zip(range(args.count), f)]
    with open(os.path.join(args.work, "corpus.ndjson"), encoding="utf-8") as f:
        definitions = [line for _, line in zip(range(args.count), f)]
    tsv = os.path.join(args.work, "compare.tsv")
    with open(tsv, "w", encoding="utf-8") as f:
        f.writelines("\t".join(row) + "\n" for row in rows)
    pango = subprocess.run([args.pango, tsv, "--lines"], check=True, capture_output=True, text=True).stdout.split("\n")[1:]
    # Unlimited lines and height: compare the lines the whole text needs.
    unlimited = []
    for line in definitions:
        definition = json.loads(line)
        definition["numberOfLines"] = 0
        if definition["lineBreakMode"] != "charWrap":
            definition["lineBreakMode"] = "wordWrap"
        unlimited.append(json.dumps(definition, ensure_ascii=False))
    out = subprocess.run([args.labelcat, "measure", "-"], input="\n".join(unlimited), check=True,
                         capture_output=True, text=True).stdout.splitlines()
    totals, same, shown = collections.Counter(), collections.Counter(), 0
    for row, pango_lines, layout in zip(rows, pango, out):
        mode = "charWrap" if row[4] == "charWrap" else "wordWrap"
        totals[mode] += 1
        ours = json.loads(layout)["neededLineCount"]
        if ours == int(pango_lines):
            same[mode] += 1
        elif shown < args.show:
            shown += 1
            print("  differs (%s, %s pt wide, %s pt): Pango %s lines, labelcat %d: %s"
                  % (mode, row[0], row[2], pango_lines, ours, row[5][:70]))
    for mode in sorted(totals):
        print("%-9s %6d labels, same line count as Pango: %.1f%%" % (mode, totals[mode], 100 * same[mode] / totals[mode]))
    print("all       %6d labels, same line count as Pango: %.1f%%" % (sum(totals.values()), 100 * sum(same.values()) / sum(totals.values())))


if __name__ == "__main__":
    main()
