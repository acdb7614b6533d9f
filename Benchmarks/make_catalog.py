#!/usr/bin/env python3
"""Realistic labelcat catalogs for benchmarks and tests.

Fills an initialised catalog (`labelcat init` first) with N labels: mixed scripts and sizes
(the texts of make_corpus.py), screens of ~20 labels, several locales (about a third of the
labels carry de/fr/ja texts), and shared DTCG tokens: typography tokens whose font sizes are
aliases of base size tokens, insets and colors. Most labels refer to a typography token, so
one token edit reaches many labels (font.size.title: about 10% of them). The recompute queue is emptied at the end: layouts are
computed by the benchmark (`labelcat recompute --all`).

    python3 Benchmarks/make_catalog.py --db /tmp/bench.sqlite --labels 1000000 [--seed 1]
"""

import argparse
import json
import random
import sqlite3

import make_corpus

TOKENS = [
    # name, type, value
    ("font.family.body", "fontFamily", ["Noto Sans CJK SC"]),
    ("font.size.small", "dimension", {"value": 13, "unit": "px"}),
    ("font.size.body", "dimension", {"value": 17, "unit": "px"}),
    ("font.size.title", "dimension", {"value": 22, "unit": "px"}),
    ("font.size.caption", "dimension", "{font.size.small}"),
    ("typography.body", "typography", {"fontFamily": "{font.family.body}", "fontSize": "{font.size.body}", "fontWeight": 400}),
    ("typography.title", "typography", {"fontFamily": "{font.family.body}", "fontSize": "{font.size.title}", "fontWeight": 700}),
    ("typography.caption", "typography", {"fontFamily": "{font.family.body}", "fontSize": "{font.size.caption}", "fontWeight": 400, "lineHeight": 1.4}),
    ("spacing.card", "insets", "8 16"),
    ("spacing.none", "insets", "0"),
    ("color.text", "color", "#1B1B1F"),
    ("color.surface", "color", "#FFFFFF"),
]
TYPOGRAPHY = ["{typography.body}"] * 7 + ["{typography.title}"] * 1 + ["{typography.caption}"] * 2
LOCALES = ["de", "fr", "ja"]
MODES = ["wordWrap", "charWrap", "clip", "truncateHead", "truncateTail", "truncateMiddle"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--labels", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    db = sqlite3.connect(args.db)
    db.execute("PRAGMA synchronous = OFF")
    with db:
        db.executemany("INSERT OR REPLACE INTO tokens (name, type, value) VALUES (?, ?, ?)",
                       [(name, kind, json.dumps(value)) for name, kind, value in TOKENS])

        def labels():
            for index in range(args.labels):
                screen, slot = divmod(index, 20)
                width = rng.choice([120, 160, 200, 240, 280, 343, 350, 375])
                height = rng.choice([20, 24, 44, 60, 80, 120, 200])
                font = rng.choice(TYPOGRAPHY) if rng.random() < 0.9 else json.dumps({"size": rng.choice([12, 15, 17, 20])})
                insets = "{spacing.card}" if rng.random() < 0.3 else None
                lines = rng.choice([0, 1, 1, 2, 3])
                yield (f"screen{screen:05d}.label{slot:02d}", make_corpus.make_text(rng), float(16), float(slot * 40),
                       float(width), float(height), font, lines, rng.choice(MODES),
                       rng.choice(["left", "natural", "center"]), rng.choice(["top", "middle", "bottom"]), insets,
                       "{color.text}")

        db.executemany("""INSERT INTO labels (name, text, frame_x, frame_y, frame_width, frame_height, font,
                              number_of_lines, line_break_mode, text_alignment, vertical_alignment, content_insets,
                              text_color) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", labels())

        def texts():
            for index in range(0, args.labels, 3):
                screen, slot = divmod(index, 20)
                for locale in LOCALES:
                    yield (f"screen{screen:05d}.label{slot:02d}", locale, make_corpus.make_text(rng))

        db.executemany("INSERT INTO label_texts (label, locale, text) VALUES (?, ?, ?)", texts())
        db.execute("DELETE FROM recompute_queue")
    db.close()
    print(f"{args.db}: {args.labels} labels, {len(TOKENS)} tokens")


if __name__ == "__main__":
    main()
