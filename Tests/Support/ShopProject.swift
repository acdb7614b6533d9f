import Foundation

/// A small Xcode project's localized files, as Xcode writes them, for import tests: a
/// `Base.lproj/Main.storyboard` with four labels, its translations in three `*.lproj/Main.strings`
/// (German in UTF-16 with a byte order mark, French and Japanese in UTF-8), and a
/// `Localizable.xcstrings` with a plural and a device variation.
///
/// What does not fit, laid out in the catalog's default family: the German title, the French
/// button, the German `plural.other` of `Localizable:cart.count` (on a label 160 pt wide) and
/// the English `device.ipad` of `Localizable:welcome` on a label 150 pt wide (not on one 400 pt
/// wide with the same key). The Japanese file also has a key no label has; French lacks the body.
public enum ShopProject {
    /// The storyboard's labels: object ID → (text, what the label is).
    public static let title = "ttl-01-abc"
    public static let subtitle = "sub-02-def"
    public static let body = "bdy-03-ghi"
    public static let button = "btn-04-jkl"
    public static let labelIDs = [title, subtitle, body, button]

    /// Label names as `labelcat import` makes them.
    public static func labelName(_ id: String) -> String { "Main.storyboard/\(id)" }

    public static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="vc0-00-000">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="scn-00-000">
                    <objects>
                        <viewController id="vc0-00-000" customClass="CheckoutViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="view-00-000">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label opaque="NO" text="Checkout" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="ttl-01-abc" userLabel="Title">
                                        <rect key="frame" x="20" y="100" width="200" height="26"/>
                                        <fontDescription key="fontDescription" type="boldSystem" pointSize="17"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="26" id="hgt-01-abc"/>
                                        </constraints>
                                    </label>
                                    <label opaque="NO" text="Review your order" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="sub-02-def" userLabel="Subtitle">
                                        <rect key="frame" x="20" y="140" width="300" height="26"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleSubhead"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="26" id="hgt-02-def"/>
                                        </constraints>
                                    </label>
                                    <label opaque="NO" text="Your items ship in two days." lineBreakMode="wordWrap" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="bdy-03-ghi" userLabel="Body">
                                        <rect key="frame" x="20" y="180" width="300" height="21"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="15"/>
                                    </label>
                                    <label opaque="NO" text="Pay" textAlignment="center" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="btn-04-jkl" userLabel="Button">
                                        <rect key="frame" x="20" y="240" width="100" height="26"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="26" id="hgt-04-jkl"/>
                                        </constraints>
                                    </label>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="ttl-01-abc" firstAttribute="leading" secondItem="view-00-000" secondAttribute="leading" constant="20" id="ld0-00-000"/>
                                    <constraint firstItem="ttl-01-abc" firstAttribute="top" secondItem="view-00-000" secondAttribute="top" constant="100" id="tp0-00-000"/>
                                    <constraint firstItem="ttl-01-abc" firstAttribute="width" constant="200" id="wd0-00-000"/>
                                    <constraint firstItem="sub-02-def" firstAttribute="leading" secondItem="view-00-000" secondAttribute="leading" constant="20" id="ld1-00-000"/>
                                    <constraint firstItem="sub-02-def" firstAttribute="top" secondItem="view-00-000" secondAttribute="top" constant="140" id="tp1-00-000"/>
                                    <constraint firstItem="sub-02-def" firstAttribute="width" constant="300" id="wd1-00-000"/>
                                    <constraint firstItem="bdy-03-ghi" firstAttribute="leading" secondItem="view-00-000" secondAttribute="leading" constant="20" id="ld2-00-000"/>
                                    <constraint firstItem="bdy-03-ghi" firstAttribute="top" secondItem="view-00-000" secondAttribute="top" constant="180" id="tp2-00-000"/>
                                    <constraint firstItem="bdy-03-ghi" firstAttribute="width" constant="300" id="wd2-00-000"/>
                                    <constraint firstItem="btn-04-jkl" firstAttribute="leading" secondItem="view-00-000" secondAttribute="leading" constant="20" id="ld3-00-000"/>
                                    <constraint firstItem="btn-04-jkl" firstAttribute="top" secondItem="view-00-000" secondAttribute="top" constant="240" id="tp3-00-000"/>
                                    <constraint firstItem="btn-04-jkl" firstAttribute="width" constant="100" id="wd3-00-000"/>
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """

    public static let german = """
        /* Class = "UILabel"; text = "Checkout"; ObjectID = "ttl-01-abc"; */
        "ttl-01-abc.text" = "Zur Kasse gehen und sofort bezahlen und noch viel mehr";

        /* Class = "UILabel"; text = "Review your order"; ObjectID = "sub-02-def"; */
        "sub-02-def.text" = "Bestellung prüfen";

        /* Class = "UILabel"; text = "Your items ship in two days."; ObjectID = "bdy-03-ghi"; */
        "bdy-03-ghi.text" = "Deine Artikel werden in zwei Tagen versandt, sofern alles vorrätig ist und nichts dazwischenkommt.";

        /* Class = "UILabel"; text = "Pay"; ObjectID = "btn-04-jkl"; */
        "btn-04-jkl.text" = "Zahlen";

        """

    public static let french = """
        /* Class = "UILabel"; text = "Checkout"; ObjectID = "ttl-01-abc"; */
        "ttl-01-abc.text" = "Paiement";
        /* Class = "UILabel"; text = "Review your order"; ObjectID = "sub-02-def"; */
        "sub-02-def.text" = "Vérifiez votre commande";
        /* Class = "UILabel"; text = "Pay"; ObjectID = "btn-04-jkl"; */
        "btn-04-jkl.text" = "Payer maintenant immédiatement, s'il vous plaît";

        """

    public static let japanese = """
        "ttl-01-abc.text" = "お会計";
        "sub-02-def.text" = "注文を確認";
        "bdy-03-ghi.text" = "2日以内に発送します。";
        "btn-04-jkl.text" = "支払う";
        "zzz-99-zzz.text" = "どのラベルにもない";

        """

    public static let stringCatalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "cart.count" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld Artikel"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld Artikel im Warenkorb gespeichert und reserviert"
                        }
                      }
                    }
                  }
                },
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld item"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld items"
                        }
                      }
                    }
                  }
                }
              }
            },
            "welcome" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Willkommen"
                  }
                },
                "en" : {
                  "variations" : {
                    "device" : {
                      "ipad" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Welcome to the shop on your iPad"
                        }
                      },
                      "iphone" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Welcome"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Welcome"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }

        """

    /// `labelcat label set` arguments of the labels keyed to `Localizable.xcstrings` (made before
    /// the import; two share the key `Localizable:welcome`).
    public static let keyedLabels: [[String]] = [
        ["cart.badge", "--key", "Localizable:cart.count", "--frame", "0,0,160,26", "--text", "Cart"],
        ["home.welcome", "--key", "Localizable:welcome", "--frame", "0,40,150,26", "--text", "Welcome"],
        ["tab.welcome", "--key", "Localizable:welcome", "--frame", "0,80,400,26", "--text", "Welcome"],
    ]

    /// Writes the project under `root` (a folder in `directory`); returns the files' paths
    /// relative to `directory`, by name.
    @discardableResult
    public static func write(in directory: TemporaryDirectory, root: String = "Shop") throws -> [String: String] {
        var paths: [String: String] = [:]
        func put(_ name: String, _ relative: String, _ bytes: [UInt8]) throws {
            try directory.write("\(root)/\(relative)", bytes)
            paths[name] = "\(root)/\(relative)"
        }
        try put("storyboard", "Base.lproj/Main.storyboard", Array(storyboard.utf8))
        // Xcode's own strings files: UTF-16, little-endian, with a byte order mark.
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in german.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try put("de", "de.lproj/Main.strings", utf16)
        try put("fr", "fr.lproj/Main.strings", Array(french.utf8))
        try put("ja", "ja.lproj/Main.strings", Array(japanese.utf8))
        try put("catalog", "Localizable.xcstrings", Array(stringCatalog.utf8))
        return paths
    }

    /// The 1-based line of the first line holding `fragment` in `text`, after the first line
    /// holding `after` (when given).
    public static func line(of fragment: String, in text: String, after: String? = nil) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var start = 0
        if let after {
            guard let found = lines.firstIndex(where: { $0.contains(after) }) else { return nil }
            start = found + 1
        }
        return lines[start...].firstIndex { $0.contains(fragment) }.map { $0 + 1 }
    }
}
