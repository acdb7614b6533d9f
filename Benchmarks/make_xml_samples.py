#!/usr/bin/env python3
"""Writes a large storyboard and a large Xcode XLIFF, for XML reading benchmarks.

    python3 Benchmarks/make_xml_samples.py --labels 20000 --units 100000 --out .build/bench

Writes OUT/Big.storyboard (one scene per 20 labels, labels as Interface Builder writes them)
and OUT/Big.xliff (trans-units of a strings table, a stringsdict and a String Catalog).
"""
import argparse
import os
import random
from xml.sax.saxutils import escape, quoteattr

FONTS = [
    '<fontDescription key="fontDescription" type="system" pointSize="17"/>',
    '<fontDescription key="fontDescription" type="boldSystem" pointSize="20"/>',
    '<fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>',
    '<fontDescription key="fontDescription" name="AvenirNext-DemiBold" family="Avenir Next" pointSize="15"/>',
]
WORDS = "account settings sign in continue cancel message photo share profile notification privacy".split()


def object_id(rng):
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "-".join("".join(rng.choice(letters) for _ in range(n)) for n in (3, 2, 3))


def text(rng, count):
    return " ".join(rng.choice(WORDS) for _ in range(count))


def storyboard(rng, labels):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" '
           'targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">',
           '    <scenes>']
    for scene in range(0, labels, 20):
        out.append(f'        <scene sceneID="{object_id(rng)}">')
        out.append('            <objects>')
        out.append(f'                <viewController id="{object_id(rng)}" sceneMemberID="viewController">')
        out.append(f'                    <view key="view" contentMode="scaleToFill" id="{object_id(rng)}">')
        out.append('                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>')
        out.append('                        <subviews>')
        for index in range(scene, min(scene + 20, labels)):
            lines = rng.choice(["", ' numberOfLines="0"', ' numberOfLines="2"'])
            out.append(f'                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" '
                       f'horizontalHuggingPriority="251" verticalHuggingPriority="251" text={quoteattr(text(rng, rng.randint(1, 8)))} '
                       f'textAlignment="natural" lineBreakMode="tailTruncation"{lines} baselineAdjustment="alignBaselines" '
                       f'adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="{object_id(rng)}">')
            out.append(f'                                <rect key="frame" x="20" y="{40 * (index % 20)}" width="353" height="21"/>')
            out.append('                                ' + rng.choice(FONTS))
            out.append('                                <color key="textColor" red="0.1" green="0.2" blue="0.3" alpha="1" '
                       'colorSpace="custom" customColorSpace="sRGB"/>')
            out.append('                                <nil key="highlightedColor"/>')
            out.append('                            </label>')
        out.append('                        </subviews>')
        out.append('                    </view>')
        out.append('                </viewController>')
        out.append('            </objects>')
        out.append('        </scene>')
    out.append('    </scenes>')
    out.append('</document>')
    return "\n".join(out) + "\n"


def xliff(rng, units):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">',
           '  <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">',
           '    <header>',
           '      <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.0" build-num="15A240d"/>',
           '    </header>',
           '    <body>']
    for index in range(units):
        source = text(rng, rng.randint(1, 8))
        out.append(f'      <trans-unit id="screen{index // 50}.item{index}" xml:space="preserve">')
        out.append(f'        <source>{escape(source)}</source>')
        out.append(f'        <target state="translated">{escape(source.upper())}</target>')
        out.append(f'        <note>Shown on screen {index // 50}</note>')
        out.append('      </trans-unit>')
    out.append('    </body>')
    out.append('  </file>')
    out.append('</xliff>')
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--labels", type=int, default=20000)
    parser.add_argument("--units", type=int, default=100000)
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    rng = random.Random(14)
    os.makedirs(arguments.out, exist_ok=True)
    with open(os.path.join(arguments.out, "Big.storyboard"), "w", encoding="utf-8") as out:
        out.write(storyboard(rng, arguments.labels))
    with open(os.path.join(arguments.out, "Big.xliff"), "w", encoding="utf-8") as out:
        out.write(xliff(rng, arguments.units))


if __name__ == "__main__":
    main()
