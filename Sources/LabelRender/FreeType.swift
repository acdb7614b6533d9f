import CCairo
import Synchronization

/// FreeType wants creating and freeing faces of one library serialized; cairo may free a face
/// (through `CairoFontFace`'s destroy callback) on whichever thread drops its last reference,
/// so every face and library is created and freed under this lock.
private let freeTypeLock = Mutex<Void>(())

/// A FreeType library instance; owns the `FT_Library` and frees it in `deinit`, after the
/// last face opened with it (each face holds its library).
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(RenderError) {
        var library: FT_Library?
        let error = freeTypeLock.withLock { _ in FT_Init_FreeType(&library) }
        guard error == 0, let library else { throw RenderError("cannot start FreeType (error \(error))") }
        handle = library
    }

    deinit {
        let handle = handle
        freeTypeLock.withLock { _ in _ = FT_Done_FreeType(handle) }
    }
}

/// One face of a font file opened with FreeType; owns the `FT_Face` and frees it in `deinit`.
final class FreeTypeFace {
    let library: FreeTypeLibrary
    let handle: FT_Face

    init(library: FreeTypeLibrary, path: String, index: Int) throws(RenderError) {
        var face: FT_Face?
        let error = freeTypeLock.withLock { _ in FT_New_Face(library.handle, path, index, &face) }
        guard error == 0, let face else {
            throw RenderError("cannot open the font '\(path)' (face \(index)) with FreeType (error \(error))")
        }
        self.library = library
        handle = face
    }

    deinit {
        let handle = handle
        freeTypeLock.withLock { _ in _ = FT_Done_Face(handle) }
    }
}

/// The key of the user data that ties a cairo font face to its FreeType face.
nonisolated(unsafe) private let freeTypeFaceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// A cairo font face over a FreeType face: the same font file and face index the layout
/// engine shaped with, so glyph ids index the same glyphs. Owns one reference to the
/// `cairo_font_face_t` and drops it in `deinit`.
///
/// cairo may keep a font face in its caches after its last user lets go, and the `FT_Face`
/// must outlive it: the cairo face holds a retained reference to the `FreeTypeFace` in its
/// user data, released by cairo's destroy callback when cairo frees the face.
final class CairoFontFace {
    let handle: OpaquePointer

    init(_ face: FreeTypeFace) throws(RenderError) {
        // No hinting: outlines as designed at the engine's positions. FT_LOAD_COLOR: color
        // bitmaps (CBDT, as in Noto Color Emoji) load as BGRA and are drawn in their colors.
        let loadFlags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_COLOR)
        let handle = cairo_ft_font_face_create_for_ft_face(face.handle, loadFlags)!
        var status = cairo_font_face_status(handle)
        if status == CAIRO_STATUS_SUCCESS {
            let retained = Unmanaged.passRetained(face).toOpaque()
            status = cairo_font_face_set_user_data(handle, freeTypeFaceKey, retained) { pointer in
                Unmanaged<FreeTypeFace>.fromOpaque(pointer!).release()
            }
            if status != CAIRO_STATUS_SUCCESS { Unmanaged<FreeTypeFace>.fromOpaque(retained).release() }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(handle)
            throw .cairo(status, "cannot use a FreeType face with cairo")
        }
        self.handle = handle
    }

    deinit {
        cairo_font_face_destroy(handle)
    }
}
