import CCairo
import CPNG

/// How pictures are compressed: libpng's row filters and zlib's level and strategy.
///
/// `fast`, the default, was chosen by measuring every filter against levels and strategies on
/// the pictures of a report of about 4,000 findings (docs/benchmarks.md, "PNG settings"): the
/// pictures are flat color with antialiased text, which zlib compresses best unfiltered; at
/// level 3 they take a quarter of the time cairo's writer took and three quarters of the bytes.
public struct PNGSettings: Sendable, Equatable {
    /// A mask of libpng's filters (`LABELCAT_PNG_FILTER_*`).
    public var filters: Int32
    /// zlib's compression level, 0 (store) to 9 (smallest).
    public var level: Int32
    /// zlib's strategy (`Z_DEFAULT_STRATEGY`, `Z_FILTERED`, `Z_RLE`, …).
    public var strategy: Int32

    public init(filters: Int32, level: Int32, strategy: Int32) {
        self.filters = filters
        self.level = level
        self.strategy = strategy
    }

    /// What every picture is written with (docs/benchmarks.md, "PNG settings").
    public static let fast = PNGSettings(filters: Int32(LABELCAT_PNG_FILTER_NONE), level: 3, strategy: Z_DEFAULT_STRATEGY)
}

/// A PNG encoded in memory; owns the bytes libpng's writer allocated and frees them in `deinit`.
public final class PNGData {
    private var bytes: labelcat_png_bytes

    fileprivate init(_ bytes: labelcat_png_bytes) {
        self.bytes = bytes
    }

    deinit {
        labelcat_png_free(&bytes)
    }

    /// The number of bytes.
    public var count: Int { bytes.length }

    /// Calls `body` with the bytes (valid only during the call).
    public func withUnsafeBytes<Result, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: bytes.data, count: bytes.length))
    }
}

extension Canvas {
    /// The picture as a PNG (libpng): with a palette when every pixel is opaque and there are
    /// at most 256 colours, 8-bit RGB when every pixel is opaque, else RGBA.
    public func encodePNG(_ settings: PNGSettings = .fast) throws(RenderError) -> PNGData {
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else { throw RenderError("cannot read the picture's pixels") }
        var bytes = labelcat_png_bytes()
        var message = [CChar](repeating: 0, count: 256)
        let hasAlpha: Int32 = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 ? 0 : 1
        let status = labelcat_png_encode(pixels, Int32(width), Int32(height), cairo_image_surface_get_stride(surface), hasAlpha,
                                         labelcat_png_settings(filters: settings.filters, level: settings.level, strategy: settings.strategy),
                                         &bytes, &message, message.count)
        guard status == 0 else {
            throw RenderError("cannot encode the picture as PNG: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        return PNGData(bytes)
    }
}
