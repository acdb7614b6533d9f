import CCairo
#if canImport(Glibc)
import Glibc
import LabelModel
#endif

/// Why a picture could not be made or written.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    /// What failed, for callers that can suggest a way out.
    public enum Kind: Sendable, Equatable {
        /// The picture's size in pixels is beyond what cairo can make.
        case tooLarge(width: Int, height: Int)
        /// The picture would be less than a pixel wide or high.
        case tooSmall(width: Int, height: Int)
        case other
    }

    public let kind: Kind
    public let description: String

    public init(_ description: String, kind: Kind = .other) {
        self.description = description
        self.kind = kind
    }

    /// "cairo: out of memory" style messages for a cairo status.
    static func cairo(_ status: cairo_status_t, _ what: String) -> RenderError {
        RenderError("\(what): \(String(cString: cairo_status_to_string(status)))")
    }
}

/// A picture in device pixels: a cairo ARGB32 image surface, which this object owns and
/// destroys in `deinit`.
///
/// ARGB32 (rather than RGB24) keeps color glyphs (Noto Color Emoji's bitmaps) in color.
public final class Canvas {
    /// The largest side cairo's image surfaces accept.
    public static let maximumSide = 32767

    let surface: OpaquePointer
    /// Size in pixels.
    public let width: Int
    public let height: Int

    /// A transparent canvas of `width × height` pixels.
    public init(width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide else {
            let kind: RenderError.Kind = width > Self.maximumSide || height > Self.maximumSide
                ? .tooLarge(width: width, height: height) : .tooSmall(width: width, height: height)
            throw RenderError("a picture of \(width) × \(height) pixels cannot be made (each side must be 1 to \(Self.maximumSide))",
                              kind: kind)
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(status, "cannot make a \(width) × \(height) picture")
        }
        self.surface = surface
        self.width = width
        self.height = height
    }

    /// Reads a PNG file.
    public init(contentsOfPNG path: String) throws(RenderError) {
        let surface = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(status, "cannot read '\(path)'")
        }
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Writes the picture as PNG (`encodePNG`) to a file, or to standard output for "-". A file is written
    /// whole or not at all: the PNG goes to a temporary file beside it, which is synced and
    /// then renamed over `path`, so a full disk or a failed write leaves no partial picture
    /// (and an older picture at `path` as it was). A path that is there and is not a regular
    /// file — a symbolic link, a device, a FIFO, a folder — is refused, never replaced
    /// (docs/security.md).
    public func writePNG(to path: String) throws(RenderError) {
        cairo_surface_flush(surface)
        if path == "-" {
            try writePNG(to: 1, name: "standard output")
            return
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFLNK: throw RenderError("'\(path)' is a symbolic link; a picture is written to a new file or over a regular file, never through a link")
            case S_IFDIR: throw RenderError("'\(path)' is a folder; give the picture's file name")
            default: throw RenderError("'\(path)' is not a regular file (a device, a FIFO or a socket); a picture is written to a new file or over a regular file")
            }
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(directory).\(file).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Self.writeError(path, errno) }
        var failure: RenderError?
        do throws(RenderError) {
            try writePNG(to: descriptor, name: "'\(path)'")
            guard fsync(descriptor) == 0 else { throw Self.writeError(path, errno) }
        } catch {
            failure = error
        }
        if close(descriptor) != 0, failure == nil { failure = Self.writeError(path, errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw Self.writeError(path, failure)
        }
    }

    private static func writeError(_ path: String, _ failure: Int32) -> RenderError {
        RenderError("cannot write '\(path)': \(String(cString: strerror(failure)))")
    }

    /// Encodes the picture (`encodePNG`) and writes its bytes to a descriptor.
    private func writePNG(to descriptor: Int32, name: String) throws(RenderError) {
        let png = try encodePNG()
        let failure = png.withUnsafeBytes { bytes -> Int32 in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
        guard failure == 0 else { throw RenderError("cannot write \(name): \(String(cString: strerror(failure)))") }
    }

    /// The color of one pixel, alpha not premultiplied.
    public func pixel(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the \(width) × \(height) picture")
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        let value = (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        // ARGB32 and RGB24 are native-endian 32-bit words; RGB24's top byte is unused.
        let alpha = format == CAIRO_FORMAT_RGB24 ? 255 : UInt32(value >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let premultiplied = (value >> shift) & 0xFF
            guard alpha > 0 else { return 0 }
            return UInt8(min(255, (premultiplied * 255 + alpha / 2) / alpha))
        }
        return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: UInt8(alpha))
    }
}

/// A cairo drawing context on a canvas; owns the `cairo_t` and destroys it in `deinit`.
final class DrawingContext {
    let cairo: OpaquePointer
    /// The canvas is kept alive as long as the context draws on it.
    let canvas: Canvas

    init(_ canvas: Canvas) throws(RenderError) {
        let cairo = cairo_create(canvas.surface)!
        let status = cairo_status(cairo)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cairo)
            throw .cairo(status, "cannot draw")
        }
        self.cairo = cairo
        self.canvas = canvas
    }

    deinit {
        cairo_destroy(cairo)
    }

    /// Throws when any drawing so far failed (cairo records the first error and stops).
    func check(_ what: String) throws(RenderError) {
        let status = cairo_status(cairo)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(status, what) }
    }

    func setColor(_ color: Color) {
        cairo_set_source_rgba(cairo, Double(color.red) / 255, Double(color.green) / 255,
                              Double(color.blue) / 255, Double(color.alpha) / 255)
    }

    /// Fills a rectangle in user space.
    func fill(_ rect: Rect, _ color: Color) {
        setColor(color)
        cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cairo)
    }
}

/// cairo font options: no hinting (glyph outlines as designed, at the positions the engine
/// computed) and grayscale antialiasing. Owns the `cairo_font_options_t`.
final class FontOptions {
    let handle: OpaquePointer

    init() throws(RenderError) {
        let handle = cairo_font_options_create()!
        let status = cairo_font_options_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_options_destroy(handle)
            throw .cairo(status, "cannot make font options")
        }
        cairo_font_options_set_hint_style(handle, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(handle, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(handle, CAIRO_ANTIALIAS_GRAY)
        self.handle = handle
    }

    deinit {
        cairo_font_options_destroy(handle)
    }
}
