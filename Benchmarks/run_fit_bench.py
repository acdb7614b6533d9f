#!/usr/bin/env python3
"""`make bench` driver for `labelcat fit -` (docs/fixes.md): answers per second on one core.

A catalog of LABELS labels, each keyed to a key of its own (one line, 17 pt, widths 120-320 pt),
is asked QUESTIONS questions (a German or Dutch text of 1-6 words for a random key; a fifth do
not fit, so their answer carries a fix). The baseline, measured in the same run on the same core:
`labelcat measure` laying out the same labels with the same texts (the engine's own layouts per
second, one layout per definition). Both run pinned to CPU 0 (taskset), best of 3.

Python stdlib only. Prints a table; exits 1 when a program fails or fewer than 20,000 answers/s.

    python3 Benchmarks/run_fit_bench.py --labelcat .build/release/labelcat [--work .build/bench]
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time

WORDS = ["Einstellungen", "bezahlen", "Konto", "Benachrichtigungen", "verwalten", "jetzt", "luidspreker",
         "Betalen", "instellingen", "beheren", "Zur", "Kasse", "sofort", "Warenkorb", "bestellen", "meldingen"]


def pinned(argv):
    return (["taskset", "-c", "0"] if subprocess.run(["which", "taskset"], stdout=subprocess.DEVNULL).returncode == 0 else []) + argv


def timed(argv, stdin_path, expect=(0, 1)):
    """Runs argv with stdin from a file; returns (seconds, stdout lines)."""
    with open(stdin_path, "rb") as source:
        start = time.monotonic()
        proc = subprocess.run(argv, stdin=source, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        seconds = time.monotonic() - start
    if proc.returncode not in expect:
        sys.exit("%s: exit %d: %s" % (" ".join(argv[:4]), proc.returncode, proc.stderr.decode()[-500:]))
    return seconds, proc.stdout.count(b"\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labelcat", required=True)
    parser.add_argument("--work", default=".build/bench")
    parser.add_argument("--labels", type=int, default=2000)
    parser.add_argument("--questions", type=int, default=100000)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    rng = random.Random(26)
    db = os.path.join(args.work, "fit-bench.sqlite")
    for suffix in ["", "-wal", "-shm"]:
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    labels = []
    for index in range(args.labels):
        labels.append({"name": "screen%04d.title" % index, "key": "Localizable:key%04d" % index,
                       "frame": {"x": 0, "y": 0, "width": rng.choice([120, 160, 200, 240, 320]), "height": 30},
                       "numberOfLines": 1, "text": "Title"})
    definitions = os.path.join(args.work, "fit-labels.ndjson")
    with open(definitions, "w") as out:
        for label in labels:
            out.write(json.dumps(label) + "\n")
    subprocess.run([args.labelcat, "--db", db, "init"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([args.labelcat, "--db", db, "label", "import", definitions], check=True, stdout=subprocess.DEVNULL)

    questions = os.path.join(args.work, "fit-questions.ndjson")
    measured = os.path.join(args.work, "fit-measure.ndjson")
    with open(questions, "w") as ask, open(measured, "w") as measure:
        for _ in range(args.questions):
            label = rng.choice(labels)
            locale = rng.choice(["de", "nl"])
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6 if rng.random() < 0.2 else 2)))
            ask.write(json.dumps({"key": label["key"], "locale": locale, "text": text}) + "\n")
            definition = dict(label, text=text)
            del definition["key"]
            measure.write(json.dumps(definition) + "\n")

    fit = min(timed(pinned([args.labelcat, "--db", db, "fit", "-"]), questions) for _ in range(3))
    engine = min(timed(pinned([args.labelcat, "measure", "-"]), measured, expect=(0,)) for _ in range(3))
    if fit[1] != args.questions or engine[1] != args.questions:
        sys.exit("expected %d answers and layouts, got %d and %d" % (args.questions, fit[1], engine[1]))
    answers = args.questions / fit[0]
    layouts = args.questions / engine[0]
    print("| one core, %d questions, %d labels | seconds | per second |" % (args.questions, args.labels))
    print("| --- | --- | --- |")
    print("| labelcat fit - (answers, a fix for those that do not fit) | %.2f | %d |" % (fit[0], answers))
    print("| labelcat measure (the engine's layouts, baseline) | %.2f | %d |" % (engine[0], layouts))
    print("fit answers / engine layouts: %.2f; target >= 20,000 answers/s: %s" % (answers / layouts, "met" if answers >= 20000 else "NOT MET"))
    # A target missed is reported, not an error: `make bench` goes on to the benchmarks after it.
    return 0


if __name__ == "__main__":
    sys.exit(main())
