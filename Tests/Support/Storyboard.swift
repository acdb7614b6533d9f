/// A storyboard of one scene whose view holds the given labels (each a `text` attribute, an
/// object ID and a frame of that width), with an optional DOCTYPE on line 2: label `i` starts
/// on line `4 + 3 × i`. The tests of hostile files write the attribute values as they want them
/// in the XML (entities, character references) and keep them in text, ids and widths.
public func storyboard(doctype: String = "", labels: [(id: String, text: String, width: String)]) -> String {
    let elements = labels.map { label in
        """
                <label opaque="NO" text="\(label.text)" id="\(label.id)">
                    <rect key="frame" x="0" y="0" width="\(label.width)" height="21"/>
                </label>
        """
    }
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        \(doctype)
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s1"><objects><viewController id="vc1"><view key="view" id="v1"><subviews>
        \(elements.joined(separator: "\n"))
        </subviews></view></viewController></objects></scene></scenes></document>

        """
}
