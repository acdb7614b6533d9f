#!/usr/bin/env python3
"""Builds the small fonts of the engine's tests: two whose shaping depends on the point size,
and one named as Apple's SF Pro files are.

  Tracked.ttf       family "Labelcat Tracked": an AAT `trak` table (tracking by point size)
  Optical.ttf       family "Labelcat Optical": a variable font with an `opsz` axis that widens
                    every glyph as the optical size grows
  SFProFixture.ttf  family "SF Pro Fixture": no `trak` table (as the SF Pro files Apple
                    publishes): first in the default family list, it is tracked as SF Pro

All have 1000 units per em, hhea ascender 800, descender -200, line gap 0, and the glyphs
space (250 units) and a-z (500 units each), drawn as boxes. The tests read these numbers; the
.ttf files are committed, so the tests need no fontTools. Run with the python3 that has
fontTools (Debian's python3-fonttools):

    /usr/bin/python3 Tests/LabelLayoutTests/Fixtures/make_sized_fonts.py
"""

import os

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import newTable
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry
from fontTools.ttLib.tables.TupleVariation import TupleVariation

HERE = os.path.dirname(os.path.abspath(__file__))
LETTERS = "abcdefghijklmnopqrstuvwxyz"
UPEM = 1000
LETTER_ADVANCE = 500
SPACE_ADVANCE = 250
# trak: tracking in font units per point size (HarfBuzz interpolates between sizes).
TRACKING = {8.0: 100, 12.0: 0, 24.0: -50}
# opsz: at the axis maximum (72) every letter is this many units wider than at the default (12).
OPTICAL_WIDENING = 100


def box(width):
    pen = TTGlyphPen(None)
    pen.moveTo((50, 0))
    pen.lineTo((50, 700))
    pen.lineTo((width - 50, 700))
    pen.lineTo((width - 50, 0))
    pen.closePath()
    return pen.glyph()


def base_font(family):
    names = [".notdef", "space"] + list(LETTERS)
    builder = FontBuilder(UPEM, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({0x20: "space", **{ord(c): c for c in LETTERS}})
    glyphs = {".notdef": box(500), "space": TTGlyphPen(None).glyph(), **{c: box(LETTER_ADVANCE) for c in LETTERS}}
    builder.setupGlyf(glyphs)
    metrics = {".notdef": (500, 50), "space": (SPACE_ADVANCE, 0), **{c: (LETTER_ADVANCE, 50) for c in LETTERS}}
    builder.setupHorizontalMetrics(metrics)
    builder.setupHorizontalHeader(ascent=800, descent=-200, lineGap=0)
    builder.setupNameTable({"familyName": family, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    # The same bytes on every run: a fixed date, not the time of building.
    builder.font["head"].created = builder.font["head"].modified = 3_800_000_000
    builder.font.recalcTimestamp = False
    return builder


def tracked():
    builder = base_font("Labelcat Tracked")
    font = builder.font
    name = font["name"]
    name.setName("Normal", 256, 3, 1, 0x409)
    trak = newTable("trak")
    trak.version = 1.0
    trak.format = 0
    data = TrackData()
    data[0.0] = TrackTableEntry(TRACKING, nameIndex=256)
    trak.horizData = data
    trak.vertData = TrackData()
    font["trak"] = trak
    builder.save(os.path.join(HERE, "Tracked.ttf"))


def optical():
    builder = base_font("Labelcat Optical")
    builder.setupFvar(axes=[("opsz", 6, 12, 72, "Optical size")], instances=[])
    variations = {}
    for glyph in LETTERS:
        # Four outline points, then the four phantom points: moving the second (the advance)
        # right widens the glyph.
        deltas = [(0, 0)] * 4 + [(0, 0), (OPTICAL_WIDENING, 0), (0, 0), (0, 0)]
        variations[glyph] = [TupleVariation({"opsz": (0, 1.0, 1.0)}, deltas)]
    builder.setupGvar(variations)
    builder.save(os.path.join(HERE, "Optical.ttf"))


def sf_pro_named():
    base_font("SF Pro Fixture").save(os.path.join(HERE, "SFProFixture.ttf"))


if __name__ == "__main__":
    tracked()
    optical()
    sf_pro_named()
