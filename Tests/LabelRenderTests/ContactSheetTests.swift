import LabelLayout
import LabelRender
import Testing

#if canImport(Glibc)
import Glibc
import LabelModel
#endif

/// Contact sheets come out about square: the columns are chosen from the number of cells and
/// their sizes, so the sheet's width over its height is near 1.
@Suite("Contact sheets")
struct ContactSheetTests {
    /// Width over height, as a distance from square: 2 and ½ are both 2.
    static func squareness(_ size: Size) -> Double {
        max(size.width / size.height, size.height / size.width)
    }

    static let cellSizes: [Size] = [
        Size(width: 350, height: 30), Size(width: 200, height: 80), Size(width: 350, height: 200),
        Size(width: 100, height: 400), Size(width: 160, height: 20), Size(width: 600, height: 17),
    ]

    /// Labels of mixed sizes (a fixed pseudo-random sequence).
    static func mixedSizes(_ count: Int) -> [Size] {
        var state: UInt64 = 0x9E3779B97F4A7C15
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Size(width: Double(40 + (state >> 33) % 400), height: Double(15 + (state >> 13) % 200))
        }
    }

    @Test("The columns chosen make the sheet as square as any column count would; within 2:1 when a square can be had",
          arguments: 0...cellSizes.count)
    func aboutSquare(_ sizeIndex: Int) {
        for count in [2, 3, 4, 5, 7, 9, 12, 16, 20, 31, 45, 64, 100, 150, 257] {
            let sizes = sizeIndex < Self.cellSizes.count ? Array(repeating: Self.cellSizes[sizeIndex], count: count) : Self.mixedSizes(count)
            let columns = Renderer.squareColumns(sizes)
            let sheet = Renderer.sheetSize(sizes, columns: columns)
            let best = (1...count).map { Self.squareness(Renderer.sheetSize(sizes, columns: $0)) }.min()!
            #expect(abs(Self.squareness(sheet) - best) < 1e-9,
                    "\(count) cells like \(sizes[0]): \(columns) columns make \(sheet), \(Self.squareness(sheet)):1; the best is \(best):1")
            // One column is the narrowest a sheet can be: if it is still wider than tall, one column it is.
            let narrowest = Renderer.sheetSize(sizes, columns: 1)
            if narrowest.height >= narrowest.width, count >= 4 {
                #expect(Self.squareness(sheet) <= 2, "\(count) cells like \(sizes[0]): \(sheet)")
            } else if narrowest.height < narrowest.width {
                #expect(columns == 1)
            }
        }
    }

    /// The sheet: 45 one-line labels came out 8,070 × 1,737 px.
    @Test("45 one-line labels make an about square picture")
    func fortyFiveLabels() throws {
        let cells = try (0..<45).map { index in
            var label = LabelDefinition(name: "sheet.\(index)", frame: Rect(x: 0, y: 0, width: 345, height: 28))
            label.text = "Label \(index)"
            label.font = FontSpec(families: ["DejaVu Sans"], size: 17)
            return SheetCell(picture: try LabelPicture(definition: label, engine: engine), caption: label.name)
        }
        let canvas = try Renderer(engine: engine).renderSheet(cells, scale: 2)
        let ratio = Double(canvas.width) / Double(canvas.height)
        #expect(ratio > 0.5 && ratio < 2, "\(canvas.width) × \(canvas.height) px")
    }

    @Test("Given columns are honoured")
    func givenColumns() throws {
        let sizes = Array(repeating: Size(width: 200, height: 80), count: 10)
        for columns in [1, 3, 10] {
            let size = Renderer.sheetSize(sizes, columns: columns)
            let rows = (10 + columns - 1) / columns
            #expect(size.width == Renderer.Sheet.padding + Double(columns) * (200 + Renderer.Sheet.padding))
            #expect(size.height == Renderer.Sheet.padding
                    + Double(rows) * (80 + Renderer.Sheet.captionGap + Renderer.Sheet.captionHeight + Renderer.Sheet.padding))
        }
    }
}
