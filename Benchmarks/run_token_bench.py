#!/usr/bin/env python3
"""`make bench` driver for design tokens: how `labelcat token import` scales.

  1. DTCG files of 5,000 and 50,000 tokens (groups of 100; dimensions, numbers, colors, and
     typography tokens whose members are aliases; a fifth of the tokens are aliases, in chains
     up to 5 deep), each imported into a new catalog holding 200 labels that use them: seconds
     (best of 5 interleaved rounds), and the ratio 50k / 5k, which is ~10 when the import is linear (it was ~100
     when every token scanned all the others);
  2. a chain of 1,000 aliases (the deepest labelcat follows) imported, and the issue's chain of
     100,000 aliases refused: seconds and peak RSS.

Python stdlib only. Prints a table; exits 1 when a program fails or behaves otherwise.

    python3 Benchmarks/run_token_bench.py --labelcat .build/release/labelcat [--work .build/bench]
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time


def run(argv):
    """Runs argv, which must succeed."""
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        sys.exit("%s: exit %d: %s" % (" ".join(argv[:4]), proc.returncode, proc.stderr.decode()[-500:]))


def timed(argv, expect_status=0):
    """Runs argv; returns (wall seconds, peak RSS MB, stderr)."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    err = proc.stderr.read().decode()
    code = os.waitstatus_to_exitcode(status)
    if code != expect_status:
        sys.exit("%s: exit %d (expected %d): %s" % (" ".join(argv[:4]), code, expect_status, err[-500:]))
    return wall, usage.ru_maxrss / 1024.0, err


def design_tokens(count, seed=1):
    """A DTCG document of `count` tokens in groups of 100."""
    rng = random.Random(seed)
    root = {}
    names = []
    for index in range(count):
        group, slot = divmod(index, 100)
        kind = ["dimension", "dimension", "number", "color", "typography"][index % 5]
        name = "set%04d.%s%02d" % (group, kind, slot)
        earlier = [other for other in names[-400:] if other[1] == kind]
        if earlier and rng.random() < 0.2 and kind != "typography":
            value = "{%s}" % rng.choice(earlier)[0]  # an alias (chains form as aliases pick aliases)
        elif kind == "dimension":
            value = {"value": rng.randint(1, 64), "unit": "px"}
        elif kind == "number":
            value = rng.randint(0, 5)
        elif kind == "color":
            value = "#%06X" % rng.randint(0, 0xFFFFFF)
        else:
            sizes = [other[0] for other in names[-400:] if other[1] == "dimension"]
            value = {"fontFamily": "Noto Sans CJK SC", "fontSize": "{%s}" % rng.choice(sizes) if sizes else "17px",
                     "fontWeight": rng.choice([400, 700])}
        root.setdefault("set%04d" % group, {})[name.split(".")[1]] = {"$type": kind, "$value": value}
        names.append((name, kind))
    return root, names


def chain(aliases):
    group = {"$type": "number"}
    for index in range(aliases):
        group["t%d" % index] = {"$value": "{c.t%d}" % (index + 1)}
    group["t%d" % aliases] = {"$value": 5}
    return {"c": group}


def new_catalog(labelcat, work, name):
    path = os.path.join(work, name)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    run([labelcat, "--db", path, "init"])
    return path


def write_json(work, name, document):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        json.dump(document, f)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--labelcat", required=True)
    ap.add_argument("--work", default=os.path.join(".build", "bench"))
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    labelcat = os.path.abspath(args.labelcat)

    files = {}
    for count in (5000, 50000):
        document, names = design_tokens(count)
        # 200 labels using typography tokens of the file.
        typography = [name for name, kind in names[:1000] if kind == "typography"]
        labels = [{"name": "bench.label%03d" % index, "text": "令牌 %d" % index,
                   "frame": {"x": 0, "y": 0, "width": 200, "height": 40}, "font": "{%s}" % typography[index % len(typography)]}
                  for index in range(200)]
        files[count] = (write_json(args.work, "tokens-%d.json" % count, document),
                        write_json(args.work, "labels-%d.json" % count, labels))
    # Rounds interleave the sizes (the machine is shared: its speed drifts); each size's best counts.
    best = {}
    for _ in range(args.rounds):
        for count, (tokens, _) in files.items():
            catalog = new_catalog(labelcat, args.work, "tokens-%d.sqlite" % count)
            seconds, rss, _ = timed([labelcat, "--db", catalog, "token", "import", tokens])
            best[count] = min(best.get(count, (seconds, rss)), (seconds, rss))
    results = {}
    for count, (tokens, labels) in files.items():
        # The same file again into that catalog, now with labels using its tokens: nothing changed.
        catalog = os.path.join(args.work, "tokens-%d.sqlite" % count)
        run([labelcat, "--db", catalog, "label", "import", labels])
        again, again_rss, _ = timed([labelcat, "--db", catalog, "token", "import", tokens])
        results[count] = best[count] + (again, again_rss)

    deepest = write_json(args.work, "chain-1000.json", chain(1000))
    catalog = new_catalog(labelcat, args.work, "chain.sqlite")
    deep_s, deep_rss, _ = timed([labelcat, "--db", catalog, "token", "import", deepest])
    too_deep = write_json(args.work, "chain-100000.json", chain(100000))
    catalog = new_catalog(labelcat, args.work, "chain.sqlite")
    refused_s, refused_rss, refused_err = timed([labelcat, "--db", catalog, "token", "import", too_deep], expect_status=1)
    if "longer than" not in refused_err:
        sys.exit("the 100,000-alias chain was refused for another reason: " + refused_err)

    print("labelcat token import (new catalog; best of %d)" % args.rounds)
    small, large = results[5000], results[50000]
    table = [
        ("5,000 tokens", "%.3f s" % small[0], "%.0f MB" % small[1]),
        ("50,000 tokens", "%.3f s" % large[0], "%.0f MB" % large[1]),
        ("ratio 50k / 5k (linear: ~10)", "%.1f×" % (large[0] / small[0]), ""),
        ("the 5,000 again, unchanged (200 labels use them)", "%.3f s" % small[2], "%.0f MB" % small[3]),
        ("the 50,000 again, unchanged (200 labels use them)", "%.3f s" % large[2], "%.0f MB" % large[3]),
        ("a chain of 1,000 aliases (the maximum)", "%.3f s" % deep_s, "%.0f MB" % deep_rss),
        ("a chain of 100,000 aliases (refused)", "%.3f s" % refused_s, "%.0f MB" % refused_rss),
    ]
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    for row in table:
        print("  " + row[0].ljust(widths[0]) + "  " + row[1].rjust(widths[1]) + "  " + row[2].rjust(widths[2]))
    print("target: the 50k / 5k ratio about 10 (linear), not about 100 (quadratic)")


if __name__ == "__main__":
    main()
