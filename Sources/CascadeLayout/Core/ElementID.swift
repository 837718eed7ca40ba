import Foundation

/// The position of an item: a section and an item within it.
///
/// A two-`Int` value instead of Foundation's `IndexPath`, which on Linux is an enum over an
/// array and allocates for many shapes; layouts create and compare millions of these.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section index.
    public var section: Int
    /// The item index within `section`.
    public var item: Int

    /// Creates a path to `item` in `section`.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    public var description: String { "[\(section), \(item)]" }
}

/// What a layout element is: an item cell, or a section's header or footer view.
public enum ElementKind: UInt8, Hashable, Sendable {
    /// A cell for one data item.
    case item
    /// A section header (supplementary view).
    case header
    /// A section footer (supplementary view).
    case footer
}

/// Identifies one element of a layout: an item, or a section's header or footer.
///
/// For headers and footers `path.item` is always 0.
public struct ElementID: Hashable, Sendable, CustomStringConvertible {
    /// The kind of element.
    public var kind: ElementKind
    /// Its position; `item` is 0 for headers and footers.
    public var path: ItemPath

    /// Creates an identifier.
    public init(kind: ElementKind, path: ItemPath) {
        self.kind = kind
        self.path = kind == .item ? path : ItemPath(section: path.section, item: 0)
    }

    /// The identifier of an item.
    public static func item(_ item: Int, section: Int = 0) -> ElementID {
        ElementID(kind: .item, path: ItemPath(section: section, item: item))
    }

    /// The identifier of a section header.
    public static func header(section: Int) -> ElementID {
        ElementID(kind: .header, path: ItemPath(section: section, item: 0))
    }

    /// The identifier of a section footer.
    public static func footer(section: Int) -> ElementID {
        ElementID(kind: .footer, path: ItemPath(section: section, item: 0))
    }

    public var description: String {
        switch kind {
        case .item: "item\(path)"
        case .header: "header[\(path.section)]"
        case .footer: "footer[\(path.section)]"
        }
    }
}
