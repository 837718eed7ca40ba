import CascadeLayout

extension WaterfallLayout {
    /// Brings the layout's items in line with new data using a snapshot changeset, so a
    /// load-more that appends a page relayouts only the new items.
    ///
    /// `newSections` is the complete new item list (what the snapshot now holds). Deletes and
    /// move sources are removed in one call, then inserts and move destinations are inserted
    /// in runs of consecutive paths, then reloads replace their item's sizing. When sections
    /// changed, or the changes are scattered over more than `maximumRuns` runs (each run
    /// relayouts from its first item), everything is laid out again with `replaceAll` instead.
    /// Either way the frames equal a layout built from scratch from `newSections`.
    ///
    /// - Complexity: O(m·C + C log n) for the m items after the first change, per run; an
    ///   append of k items costs O(k·C + C log n).
    public func apply(_ changes: SnapshotChangeset, newSections: [[WaterfallItem]], maximumRuns: Int = 8) {
        let additions = (changes.items.inserts + changes.items.moves.map(\.to)).sorted()
        var runs: [(start: ItemPath, count: Int)] = []
        for path in additions {
            if let last = runs.last, last.start.section == path.section, last.start.item + last.count == path.item {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((path, 1))
            }
        }
        let sameSections = changes.sections.isEmpty && numberOfSections == newSections.count
        guard sameSections, runs.count <= maximumRuns,
            Self.pathsExist(additions + changes.items.reloads, in: newSections)
        else {
            replaceAll(sections: newSections)
            return
        }
        let removals = changes.items.deletes + changes.items.moves.map(\.from)
        if !removals.isEmpty { deleteItems(at: removals) }
        for run in runs {
            let items = newSections[run.start.section][run.start.item..<run.start.item + run.count]
            insertItems(Array(items), at: run.start)
        }
        for path in changes.items.reloads {
            updateItem(newSections[path.section][path.item], at: path)
        }
    }

    private static func pathsExist(_ paths: [ItemPath], in sections: [[WaterfallItem]]) -> Bool {
        paths.allSatisfy { sections.indices.contains($0.section) && sections[$0.section].indices.contains($0.item) }
    }
}
