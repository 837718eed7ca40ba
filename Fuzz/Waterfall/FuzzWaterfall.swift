import CascadeLayout
import Foundation

/// libFuzzer entry: the bytes are a program of up to 6 `WaterfallLayout` operations (append, insert,
/// delete, move, height and sizing changes, width and configuration changes, height providers,
/// queries) over values that include NaN, ±∞, 0, negative and huge numbers. After every
/// operation the layout must hold its invariants; a violation traps:
/// - every item has one finite frame inside the content, columns have equal widths, items in
///   one column never overlap (`LayoutChecks.waterfallViolations`);
/// - the item counts follow the operations (every item exactly once);
/// - rect queries return each element once and equal a brute-force scan;
/// - at the end, the incrementally updated layout equals one built from scratch from the same
///   items (unless `keepsColumnsOnHeightChange`, whose result depends on the history by design).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    var program = WaterfallProgram(input: &input)
    program.run(input: &input)
    return 0
}

/// The fuzz bytes, read from the front; past the end every read is 0.
struct FuzzInput {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func flag() -> Bool { byte() & 1 == 1 }

    /// A small integer that may be negative or past any end: -2 ... 5 (an index past the end of
    /// a section of up to 5 items, or of the sections).
    mutating func smallIndex() -> Int { Int(byte() % 8) - 2 }

    /// A length: one of the hostile values, or 0 ... 8191.875 in eighths.
    mutating func length() -> CGFloat {
        let first = Int(byte())
        if first < Self.specials.count { return Self.specials[first] }
        return CGFloat((first - Self.specials.count) << 8 | Int(byte())) / 8
    }

    static let specials: [CGFloat] = [
        0, -0.0, 1, 10, 0.5, 375, 1280, .nan, .infinity, -.infinity, -1, -1e300, 1e6, 1e9, 1e300,
        .greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e-300, 33.333_333_333_333_33,
    ]
}

/// One fuzz case: a layout, the item counts its operations should leave, and the checks.
struct WaterfallProgram {
    let layout: WaterfallLayout
    /// Items per section as the operations' documented semantics leave them.
    var counts: [Int] = []
    /// The height provider's answers, indexed by (item + width) so the provider is a pure function.
    var providedHeights: [CGFloat] = []

    /// `FUZZ_TRACE=1` prints each operation (to read a crash input).
    static let trace = getenv("FUZZ_TRACE") != nil

    /// Bounds that keep one execution cheap (about a millisecond under ASan at 32 items, 10
    /// operations and 14 sections; the checks after each operation scale with all three) while
    /// every hostile value stays reachable: they live in the lengths and configurations, not
    /// in the counts.
    static let maximumItems = 24
    static let maximumOperations = 6
    static let maximumSections = 6

    init(input: inout FuzzInput) {
        layout = WaterfallLayout(
            configuration: Self.configuration(&input), containerWidth: input.length())
    }

    mutating func run(input: inout FuzzInput) {
        var operations = 0
        while !input.isAtEnd, operations < Self.maximumOperations {
            operations += 1
            let before = input.index
            step(&input)
            if Self.trace {
                let bytes = input.bytes[before..<input.index].map { String($0) }.joined(separator: " ")
                fputs("op [\(bytes)] → counts \((0..<layout.numberOfSections).map(layout.numberOfItems))\n", stderr)
            }
            check(&input)
        }
        // Once per case: building a second layout after every operation would halve the rate.
        if !layout.configuration.keepsColumnsOnHeightChange {
            checkEqualsFromScratch(LayoutChecks.allElements(of: layout))
        }
    }

    // MARK: Operations

    private mutating func step(_ input: inout FuzzInput) {
        switch input.byte() % 12 {
        case 0:
            let section = input.smallIndex()
            let items = self.items(&input)
            layout.appendItems(items, toSection: section)
            ensure(max(0, section))
            counts[max(0, section)] += items.count
        case 1:
            let path = ItemPath(section: input.smallIndex(), item: input.smallIndex())
            let items = self.items(&input)
            layout.insertItems(items, at: path)
            ensure(max(0, path.section))
            counts[max(0, path.section)] += items.count
        case 2:
            var paths: [ItemPath] = []
            for _ in 0..<Int(input.byte() % 5) {
                paths.append(ItemPath(section: input.smallIndex(), item: input.smallIndex()))
            }
            layout.deleteItems(at: paths)
            for path in Set(paths.filter(exists)) { counts[path.section] -= 1 }
        case 3:
            let source = ItemPath(section: input.smallIndex(), item: input.smallIndex())
            let destination = ItemPath(section: input.smallIndex(), item: input.smallIndex())
            layout.moveItem(from: source, to: destination)
            if exists(source) {
                counts[source.section] -= 1
                ensure(max(0, destination.section))
                counts[max(0, destination.section)] += 1
            }
        case 4:
            layout.updateHeight(of: ItemPath(section: input.smallIndex(), item: input.smallIndex()), to: input.length())
        case 5:
            let path = ItemPath(section: input.smallIndex(), item: input.smallIndex())
            layout.updateItem(item(&input), at: path)
        case 6:
            layout.setContainerWidth(input.length())
        case 7:
            let items = self.items(&input)
            guard counts.count < Self.maximumSections else { break }
            layout.appendSection(items)
            counts.append(items.count)
        case 8:
            var sections: [[WaterfallItem]] = []
            for _ in 0..<Int(input.byte() % 4) { sections.append(items(&input)) }
            layout.replaceAll(sections: sections)
            counts = sections.map(\.count)
        case 9:
            layout.setConfiguration(Self.configuration(&input))
        case 10:
            providedHeights = (0..<Int(input.byte() % 8)).map { _ in input.length() }
            let heights = providedHeights
            layout.heightProvider = heights.isEmpty ? nil : Self.provider(heights)
            layout.invalidateProvidedHeights()
        default:
            break  // a query-only step: the checks below run their rects
        }
    }

    private mutating func ensure(_ section: Int) {
        while counts.count <= section { counts.append(0) }
    }

    private func exists(_ path: ItemPath) -> Bool {
        counts.indices.contains(path.section) && path.item >= 0 && path.item < counts[path.section]
    }

    private func items(_ input: inout FuzzInput) -> [WaterfallItem] {
        let room = Self.maximumItems - counts.reduce(0, +)
        let count = min(max(0, room), Int(input.byte() % 16))
        return (0..<count).map { _ in item(&input) }
    }

    private func item(_ input: inout FuzzInput) -> WaterfallItem {
        let kind = input.byte()
        let fullSpan = kind & 0x10 != 0
        switch kind % 3 {
        case 0: return .height(input.length(), fullSpan: fullSpan)
        case 1: return .size(CGSize(width: input.length(), height: input.length()), fullSpan: fullSpan)
        default: return .provided(fullSpan: fullSpan)
        }
    }

    private static func provider(_ heights: [CGFloat]) -> (ItemPath, CGFloat) -> CGFloat {
        { path, width in
            let key = UInt(bitPattern: path.item &+ path.section &* 7) &+ UInt(truncatingIfNeeded: width.bitPattern)
            return heights[Int(key % UInt(heights.count))]
        }
    }

    static func configuration(_ input: inout FuzzInput) -> WaterfallConfiguration {
        let bits = input.byte()
        var configuration = WaterfallConfiguration(
            section: style(&input),
            placement: [.shortestColumn, .leftToRight, .rightToLeft][Int(bits % 3)],
            direction: bits & 0x04 != 0 ? .rightToLeft : .leftToRight,
            flow: bits & 0x08 != 0 ? .continuous : .classic,
            pinsHeaders: bits & 0x10 != 0,
            minimumContentHeight: bits & 0x20 != 0 ? input.length() : 0,
            keepsColumnsOnHeightChange: bits & 0x40 != 0,
            displayScale: bits & 0x80 != 0 ? input.length() : 2)
        for _ in 0..<Int(input.byte() % 3) {
            configuration.sectionOverrides[input.smallIndex()] = style(&input)
        }
        return configuration
    }

    static func style(_ input: inout FuzzInput) -> WaterfallSectionStyle {
        let bits = input.byte()
        let columnChoices = [1, 2, 3, 4, 0, -3, 7, 600, Int.max, Int.min]
        let columns: ColumnCount =
            bits & 0x01 != 0
            ? .adaptive(minimumWidth: input.length()) : .fixed(columnChoices[Int(input.byte()) % columnChoices.count])
        func insets(_ on: Bool) -> LayoutInsets {
            on
                ? LayoutInsets(top: input.length(), left: input.length(), bottom: input.length(), right: input.length())
                : .zero
        }
        return WaterfallSectionStyle(
            columns: columns,
            columnSpacing: bits & 0x02 != 0 ? input.length() : 10,
            rowSpacing: bits & 0x04 != 0 ? input.length() : 10,
            insets: insets(bits & 0x08 != 0),
            headerHeight: bits & 0x10 != 0 ? input.length() : 0,
            headerInsets: insets(bits & 0x20 != 0),
            footerHeight: bits & 0x40 != 0 ? input.length() : 0,
            footerInsets: insets(bits & 0x80 != 0))
    }

    // MARK: Checks

    private func check(_ input: inout FuzzInput) {
        let problems = LayoutChecks.waterfallViolations(layout)
        guard problems.isEmpty else { fatalError("invariants: \(problems.prefix(3))") }
        let expectedSections = counts.count
        guard layout.numberOfSections == expectedSections,
            (0..<expectedSections).allSatisfy({ layout.numberOfItems(inSection: $0) == counts[$0] })
        else {
            fatalError("counts \((0..<layout.numberOfSections).map(layout.numberOfItems)) expected \(counts)")
        }
        // Unpinned frames (a non-finite visible top pins nothing).
        let plain = LayoutChecks.allElements(of: layout)
        // Unbounded both ways (content edges ± 1 would vanish in rounding at 1e300).
        let everything = CGRect(x: -CGFloat.infinity, y: -.infinity, width: .infinity, height: .infinity)
        let items = checkQuery(everything, visibleTop: -.infinity, elements: plain).keys.filter { $0.kind == .item }
        if items.count != layout.totalItemCount {
            let frames = plain.prefix(4).map { "\($0.id) \($0.frame)" }
            fatalError("query \(everything) found \(items.count) of \(layout.totalItemCount) items: \(frames)")
        }
        let size = layout.contentSize
        let band = CGRect(
            x: size.width * CGFloat(input.byte()) / 255 - 5, y: size.height * CGFloat(input.byte()) / 255 - 50,
            width: input.length(), height: input.length())
        let top = input.flag() ? band.minY : size.height * CGFloat(input.byte()) / 255
        let pinned = LayoutChecks.allElements(of: layout) { layout.pinnedHeaderFrame(section: $0, visibleTop: top) }
        _ = checkQuery(band, visibleTop: top, elements: pinned)
    }

    /// The query's elements, after checking each is returned once and that they equal a scan
    /// of `elements` (every element with headers pinned for `visibleTop`).
    private func checkQuery(_ rect: CGRect, visibleTop: CGFloat, elements: [LayoutElement]) -> [ElementID: CGRect] {
        guard let found = LayoutChecks.dictionary(layout.elements(in: rect, pinningHeadersTo: visibleTop)) else {
            fatalError("an element returned twice for \(rect)")
        }
        let brute = LayoutChecks.bruteForceIDs(in: rect, elements: elements)
        guard found == brute else {
            let missing = brute.keys.filter { found[$0] == nil }.prefix(3)
            let extra = found.keys.filter { brute[$0] == nil }.prefix(3)
            fatalError("query \(rect) top \(visibleTop): missing \(missing), extra \(extra)")
        }
        return found
    }

    /// Traps unless a layout built at once from the same items has the same frames as `mine`.
    private func checkEqualsFromScratch(_ mine: [LayoutElement]) {
        let fresh = WaterfallLayout(configuration: layout.configuration, containerWidth: layout.containerWidth)
        fresh.heightProvider = providedHeights.isEmpty ? nil : Self.provider(providedHeights)
        fresh.replaceAll(
            sections: (0..<layout.numberOfSections).map { section in
                (0..<layout.numberOfItems(inSection: section)).map {
                    layout.item(at: ItemPath(section: section, item: $0))!
                }
            })
        let theirs = LayoutChecks.allElements(of: fresh)
        guard mine.count == theirs.count else {
            fatalError("from scratch: \(theirs.count) elements, incremental \(mine.count)")
        }
        for (a, b) in zip(mine, theirs) where a.id != b.id || !Self.close(a.frame, b.frame) {
            fatalError("from scratch \(b.id) \(b.frame), incremental \(a.id) \(a.frame)")
        }
    }

    private static func close(_ a: CGRect, _ b: CGRect) -> Bool {
        func near(_ x: CGFloat, _ y: CGFloat) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        return near(a.minX, b.minX) && near(a.minY, b.minY) && near(a.width, b.width) && near(a.height, b.height)
    }
}
