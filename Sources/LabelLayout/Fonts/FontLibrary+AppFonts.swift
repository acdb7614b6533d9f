import CFontconfig

extension FontLibrary {
    /// Makes a font file usable by its family names for the rest of the process, as an app's
    /// own fonts (`UIAppFonts`) are on iOS: fontconfig's application fonts. False when
    /// fontconfig cannot read it as a font. Call it before laying anything out: libraries
    /// cache what their families resolved to. Layouts computed with it depend on it (the
    /// environment fingerprint names application fonts too).
    public static func addApplicationFont(path: String) -> Bool {
        _ = FcInit()
        return FcConfigAppFontAddFile(nil, path) == FcTrue
    }
}
