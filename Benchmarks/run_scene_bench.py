#!/usr/bin/env python3
"""`make bench` driver for Auto Layout in the catalog: what solving scenes costs against laying
their texts out, in the same run.

Generates storyboards of SCENES scenes (one per file) of LABELS labels each, as Xcode writes
them: a vertical chain of labels, every other one pinned to both margins of the root view, the
others to its leading margin only, each 8 points below the one above; with texts in LOCALES
locales (`.lproj/NAME.strings`, longer than the English). Imports them into two catalogs:

  A. as imported: every label in its scene, laid out on DEVICES devices (the `devices`
     setting), so each recompute solves every scene per device x locale;
  B. the same labels and texts with their scenes removed: each laid out once, in the frame IB
     saved (the text layout alone).

Then times `labelcat recompute --all --force` on each (best of REPEATS) and reports
solve / layout = (A / DEVICES - B) / B: what solving (building the scene's constraints, measuring
every label's intrinsic size, solving, two passes) adds to laying one device's texts out. The
issue's scale is 100 scenes x 20 labels x 10 locales x 3 devices.

    python3 Benchmarks/run_scene_bench.py --labelcat .build/release/labelcat [--scenes 100] [--work .build/bench]
"""

import argparse
import os
import shutil
import subprocess
import sys
import time

DEVICES = ["iPhone SE (3rd generation)", "iPhone 16", "iPhone 16 Pro Max"]
WORDS = ["Order", "delivery", "account", "settings", "privacy", "payment", "history", "basket",
         "notifications", "welcome", "profile", "shipping", "returns", "help"]


def run(argv):
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode not in (0, 1):
        sys.exit("%s: exit %d: %s" % (" ".join(argv[:4]), proc.returncode, proc.stderr.decode()[-500:]))
    return proc.stdout.decode()


def best(argv, repeats):
    times = []
    for _ in range(repeats):
        start = time.monotonic()
        run(argv)
        times.append(time.monotonic() - start)
    return min(times)


def label_xml(scene, index):
    ident = "s%02d-LB-%03d" % (scene, index)
    text = " ".join(WORDS[(scene + index + k) % len(WORDS)] for k in range(1 + index % 3))
    return ident, text, """
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="%s" textAlignment="natural" lineBreakMode="tailTruncation" numberOfLines="%d" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="%s">
                                <rect key="frame" x="16" y="%d" width="200" height="20.5"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>""" % (text, 0 if index % 4 == 0 else 1, ident, 20 + index * 28)


def storyboard(scene, labels):
    views, constraints, texts = [], [], []
    previous = None
    for index in range(labels):
        ident, text, xml = label_xml(scene, index)
        views.append(xml)
        texts.append((ident, text))
        constraints.append('<constraint firstItem="%s" firstAttribute="leading" secondItem="root-%d" secondAttribute="leadingMargin" id="%s-l"/>' % (ident, scene, ident))
        if index % 2 == 0:
            constraints.append('<constraint firstAttribute="trailingMargin" secondItem="%s" secondAttribute="trailing" id="%s-t"/>' % (ident, ident))
        if previous is None:
            constraints.append('<constraint firstItem="%s" firstAttribute="top" secondItem="safe-%d" secondAttribute="top" constant="8" id="%s-v"/>' % (ident, scene, ident))
        else:
            constraints.append('<constraint firstItem="%s" firstAttribute="top" secondItem="%s" secondAttribute="bottom" constant="8" id="%s-v"/>' % (ident, previous, ident))
        previous = ident
    xml = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
    <device id="retina6_12" orientation="portrait" appearance="light"/>
    <scenes>
        <scene sceneID="scene-%d">
            <objects>
                <viewController id="vc-%d" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="root-%d">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>%s
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="safe-%d"/>
                        <constraints>
                            %s
                        </constraints>
                    </view>
                </viewController>
            </objects>
        </scene>
    </scenes>
</document>
""" % (scene, scene, scene, "".join(views), scene, "\n                            ".join(constraints))
    return xml, texts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labelcat", required=True)
    parser.add_argument("--scenes", type=int, default=100)
    parser.add_argument("--labels", type=int, default=20)
    parser.add_argument("--locales", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--work", default=".build/bench")
    args = parser.parse_args()
    root = os.path.join(args.work, "scenes")
    shutil.rmtree(root, ignore_errors=True)
    app = os.path.join(root, "App")
    locales = ["de", "fr", "es", "it", "nl", "pt-BR", "sv", "pl", "ru", "ja", "ko", "zh-Hans"][:args.locales]
    os.makedirs(os.path.join(app, "Base.lproj"))
    for locale in locales:
        os.makedirs(os.path.join(app, locale + ".lproj"))
    for scene in range(args.scenes):
        xml, texts = storyboard(scene, args.labels)
        name = "Screen%03d" % scene
        with open(os.path.join(app, "Base.lproj", name + ".storyboard"), "w") as f:
            f.write(xml)
        for number, locale in enumerate(locales):
            with open(os.path.join(app, locale + ".lproj", name + ".strings"), "w") as f:
                for ident, text in texts:
                    longer = text + " " + " ".join(WORDS[(number + k) % len(WORDS)] for k in range(1 + number % 4))
                    f.write('"%s.text" = "%s";\n' % (ident, longer))
    catalogs = {}
    for name in ("A", "B"):
        path = os.path.join(root, name + ".sqlite")
        run([args.labelcat, "--db", path, "init"])
        run([args.labelcat, "--db", path, "import", app])
        catalogs[name] = path
    run([args.labelcat, "--db", catalogs["A"], "settings", "set", "devices", ",".join(DEVICES)])
    subprocess.run(["sqlite3", catalogs["B"], "DELETE FROM scene_labels; DELETE FROM scenes;"], check=True)
    run([args.labelcat, "--db", catalogs["B"], "recompute", "--all"])
    layouts = {name: int(subprocess.run(["sqlite3", path, "SELECT count(*) FROM layouts"], stdout=subprocess.PIPE,
                                        check=True).stdout) for name, path in catalogs.items()}
    solved = best([args.labelcat, "--db", catalogs["A"], "recompute", "--all", "--force"], args.repeats)
    plain = best([args.labelcat, "--db", catalogs["B"], "recompute", "--all", "--force"], args.repeats)
    per_device = solved / len(DEVICES)
    print("scenes: %d scenes x %d labels x %d locales (+ base) x %d devices" % (args.scenes, args.labels, len(locales), len(DEVICES)))
    print("  with Auto Layout  %8d layouts  %7.2f s  (%.2f s a device)" % (layouts["A"], solved, per_device))
    print("  text layout alone %8d layouts  %7.2f s" % (layouts["B"], plain))
    print("  solve / layout    %8.2f   (solving adds this much to laying one device's texts out; aim <= 1)"
          % ((per_device - plain) / plain))


if __name__ == "__main__":
    main()
