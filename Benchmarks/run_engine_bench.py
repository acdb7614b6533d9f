#!/usr/bin/env python3
"""`make bench` driver: labelcat's layout engine vs Pango on the same corpus.

Generates the corpus (make_corpus.py) into --work if needed, then runs, in order:

  a. PANGO corpus.tsv            -> `pango labels=N us_per_label=X total_lines=L`
  b. ENGINE_BENCH corpus.ndjson  -> `engine labels=N us_per_label=X max_rss_mb=Y`
  c. LABELCAT measure corpus.ndjson, stdout to a temp file, timed as a whole process

and prints µs/label, the child's peak RSS (ru_maxrss from wait4) and the speed-up over
Pango for each, with the targets: engine >= 9x faster than Pango with peak RSS < 100 MB,
measure >= 4x faster than Pango. Times are CPU time (user + system): the Pango baseline and
labelcat-bench time their layout loops with the process's CPU clock, measure is timed by its
rusage from wait4; on a shared machine, time spent waiting for a core is nobody's work.
Then ENGINE_BENCH --categories corpus.ndjson: each label at all 12 content size categories
against one (target: at most 4x). Exit 0 whether targets pass or fail (it is a report);
exit 1 if a program fails or its output is wrong. Python stdlib only.

    python3 Benchmarks/run_engine_bench.py --labelcat PATH --engine-bench PATH --pango PATH \\
        [--count 100000] [--work .build/bench]
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATOR = os.path.join(HERE, "make_corpus.py")
SEED = 1

ENGINE_SPEEDUP_TARGET = 9.0
ENGINE_RSS_TARGET_MB = 100.0
MEASURE_SPEEDUP_TARGET = 4.0
CATEGORIES_RATIO_TARGET = 4.0


class BenchError(Exception):
    pass


def generator_digest():
    with open(GENERATOR, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:16]


def ensure_corpus(work, count):
    """Regenerates the corpus unless the stamp says it was made with this count/seed/generator."""
    ndjson = os.path.join(work, "corpus.ndjson")
    tsv = os.path.join(work, "corpus.tsv")
    stamp_path = os.path.join(work, "corpus.stamp")
    want = {"count": count, "seed": SEED, "generator": generator_digest()}
    try:
        with open(stamp_path, encoding="utf-8") as f:
            have = json.load(f)
    except (OSError, ValueError):
        have = None
    if have == want and os.path.exists(ndjson) and os.path.exists(tsv):
        return ndjson, tsv
    print("generating %d-label corpus in %s ..." % (count, work), file=sys.stderr)
    os.makedirs(work, exist_ok=True)
    try:
        os.remove(stamp_path)
    except FileNotFoundError:
        pass
    run = subprocess.run([sys.executable, GENERATOR, "--count", str(count),
                          "--seed", str(SEED), "--out", work])
    if run.returncode != 0:
        raise BenchError("make_corpus.py failed (exit %d)" % run.returncode)
    with open(stamp_path, "w", encoding="utf-8") as f:
        json.dump(want, f)
        f.write("\n")
    return ndjson, tsv


def run_child(argv, stdout):
    """Runs argv to completion; returns (exit code, CPU seconds, peak RSS in MB).

    stderr passes through; stdout goes to the given file object. The child is reaped with
    os.wait4 so its own rusage is read, not the maximum over all children: ru_maxrss (KiB on
    Linux), and its CPU time (user + system).
    """
    try:
        proc = subprocess.Popen(argv, stdout=stdout)
    except OSError as e:
        raise BenchError("cannot run %s: %s" % (argv[0], e))
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)  # keep Popen from waiting again
    return proc.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def describe_exit(code):
    return "killed by signal %d" % -code if code < 0 else "exit %d" % code


def run_key_value(name, argv, expect_prefix):
    """Runs a benchmark program that prints one `prefix key=value ...` line."""
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as out:
        code, _, rss = run_child(argv, out)
        out.seek(0)
        text = out.read()
    if code != 0:
        raise BenchError("%s failed (%s)" % (name, describe_exit(code)))
    for line in text.splitlines():
        fields = line.split()
        if fields and fields[0] == expect_prefix:
            values = dict(f.split("=", 1) for f in fields[1:] if "=" in f)
            try:
                values["us_per_label"] = float(values["us_per_label"])
            except (KeyError, ValueError):
                raise BenchError("%s: no usable us_per_label in %r" % (name, line))
            return values, rss
    raise BenchError("%s printed no `%s ...` line; output was:\n%s" % (name, expect_prefix, text))


def run_measure(labelcat, ndjson, count, work):
    """Times `labelcat measure corpus.ndjson` as a whole process (CPU time) and checks its output."""
    with tempfile.TemporaryFile(mode="w+b", dir=work) as out:
        code, cpu, rss = run_child([labelcat, "measure", ndjson], out)
        if code != 0:
            raise BenchError("labelcat measure failed (%s)" % describe_exit(code))
        out.seek(0)
        lines = errors = 0
        first_error = None
        for raw in out:
            if not raw.strip():
                continue
            lines += 1
            if b'"error"' in raw:
                errors += 1
                first_error = first_error or raw[:300].decode("utf-8", "replace").rstrip()
    if errors:
        raise BenchError("labelcat measure: %d of %d output lines contain \"error\", first: %s"
                         % (errors, lines, first_error))
    if lines != count:
        raise BenchError("labelcat measure wrote %d lines for %d labels" % (lines, count))
    return {"us_per_label": cpu * 1e6 / count, "cpu_s": cpu}, rss


def fmt_ratio(pango_us, us):
    return "%.1f×" % (pango_us / us) if us > 0 else "-"


def run_categories(engine_bench, ndjson):
    """Runs ENGINE_BENCH --categories: one category against all 12, interleaved inside."""
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as out:
        code, _, _ = run_child([engine_bench, "--categories", ndjson], out)
        out.seek(0)
        text = out.read()
    if code != 0:
        raise BenchError("engine bench --categories failed (%s)" % describe_exit(code))
    for line in text.splitlines():
        fields = line.split()
        if fields and fields[0] == "categories":
            values = dict(f.split("=", 1) for f in fields[1:] if "=" in f)
            try:
                return {key: float(values[key]) for key in ("one_us_per_label", "twelve_us_per_label", "ratio")}
            except (KeyError, ValueError):
                raise BenchError("engine bench --categories: no usable figures in %r" % line)
    raise BenchError("engine bench --categories printed no `categories ...` line; output was:\n%s" % text)


def print_categories(values):
    print("labelcat engine, 12 content size categories against one (each label's size scaling with body)")
    print("  one category: %.3f µs/label, 12 categories: %.3f µs/label" % (values["one_us_per_label"], values["twelve_us_per_label"]))
    ok = values["ratio"] <= CATEGORIES_RATIO_TARGET
    print("  12 categories <= %g× one  %s  (%.2f×)" % (CATEGORIES_RATIO_TARGET, "PASS" if ok else "FAIL", values["ratio"]))


def print_report(count, results, pango_us):
    rows = [
        ("pango", "pango layout (C, in-process)"),
        ("engine", "labelcat engine (in-process)"),
        ("measure", "labelcat measure (whole process, NDJSON in/out)"),
    ]
    table = [("", "µs/label", "peak RSS MB", "vs pango")]
    for key, title in rows:
        if key not in results:
            table.append((title, "-", "-", "-"))
            continue
        values, rss = results[key]
        us = values["us_per_label"]
        table.append((title, "%.3f" % us, "%.1f" % rss,
                      fmt_ratio(pango_us, us) if pango_us else "-"))
    widths = [max(len(r[i]) for r in table) for i in range(4)]
    print("labelcat engine vs Pango — %d labels (seed %d), CPU time, median of the rounds" % (count, SEED))
    for r in table:
        print("  " + r[0].ljust(widths[0]) + "".join("  " + c.rjust(w) for c, w in zip(r[1:], widths[1:])))

    if "engine" in results:
        reported = results["engine"][0].get("max_rss_mb")
        if reported is not None:
            print("  (engine bench's own max_rss_mb=%s; the table shows ru_maxrss from wait4)" % reported)

    checks = []
    if pango_us and "engine" in results:
        values, rss = results["engine"]
        speedup = pango_us / values["us_per_label"] if values["us_per_label"] > 0 else float("inf")
        checks.append(("engine >= %g× faster than pango" % ENGINE_SPEEDUP_TARGET,
                       speedup >= ENGINE_SPEEDUP_TARGET, "%.1f×" % speedup))
        checks.append(("engine peak RSS < %g MB" % ENGINE_RSS_TARGET_MB,
                       rss < ENGINE_RSS_TARGET_MB, "%.1f MB" % rss))
    if pango_us and "measure" in results:
        us = results["measure"][0]["us_per_label"]
        speedup = pango_us / us if us > 0 else float("inf")
        checks.append(("measure >= %g× faster than pango" % MEASURE_SPEEDUP_TARGET,
                       speedup >= MEASURE_SPEEDUP_TARGET, "%.1f×" % speedup))
    if checks:
        print("targets:")
        width = max(len(c[0]) for c in checks)
        for what, ok, actual in checks:
            print("  %s  %s  (%s)" % (what.ljust(width), "PASS" if ok else "FAIL", actual))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--labelcat", required=True, help="labelcat executable")
    ap.add_argument("--engine-bench", required=True, help="in-process engine benchmark executable")
    ap.add_argument("--pango", required=True, help="pango-baseline executable")
    ap.add_argument("--count", type=int, default=100000)
    ap.add_argument("--work", default=os.path.join(".build", "bench"))
    ap.add_argument("--rounds", type=int, default=3,
                    help="run the three steps this many times, interleaved, and report each one's median")
    args = ap.parse_args()
    if args.count < 1:
        ap.error("--count must be at least 1")

    results = {}
    failures = []
    try:
        ndjson, tsv = ensure_corpus(args.work, args.count)
    except BenchError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1

    steps = [
        ("pango", lambda: run_key_value("pango baseline", [args.pango, tsv], "pango")),
        ("engine", lambda: run_key_value("engine bench", [args.engine_bench, ndjson], "engine")),
        ("measure", lambda: run_measure(args.labelcat, ndjson, args.count, args.work)),
    ]
    # The machine is shared and noisy: interleave the steps over several rounds so each
    # sees the same conditions, and report each step's median round.
    runs = {key: [] for key, _ in steps}
    for round_number in range(1, max(1, args.rounds) + 1):
        for key, step in steps:
            if failures:
                break
            print("round %d: running %s ..." % (round_number, key), file=sys.stderr)
            try:
                result = step()
            except BenchError as e:
                failures.append(str(e))
                print("error: %s" % e, file=sys.stderr)
                continue
            labels = result[0].get("labels")
            if labels is not None and labels != str(args.count):
                failures.append("%s reported labels=%s, expected %d" % (key, labels, args.count))
                print("error: %s" % failures[-1], file=sys.stderr)
            runs[key].append(result)
    for key, measured in runs.items():
        if measured:
            measured.sort(key=lambda result: result[0]["us_per_label"])
            results[key] = measured[len(measured) // 2]

    pango_us = results["pango"][0]["us_per_label"] if "pango" in results else None
    print_report(args.count, results, pango_us)
    if not failures:
        print("running engine --categories ...", file=sys.stderr)
        try:
            print_categories(run_categories(args.engine_bench, ndjson))
        except BenchError as e:
            failures.append(str(e))
            print("error: %s" % e, file=sys.stderr)
    if failures:
        print("%d step(s) failed; see errors above" % len(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
