import Foundation

extension WaterfallLayout {
    // MARK: Geometry

    /// Resolves every section's style against the container width, decides which sections
    /// join in continuous flow, and makes sure there is a lane per column.
    ///
    /// - Complexity: O(S).
    func refreshGeometry() {
        var maxColumns = 0
        for index in sections.indices {
            let geometry = SectionGeometry(
                style: configuration.style(forSection: index), containerWidth: containerWidth)
            sections[index].geometry = geometry
            let joins =
                configuration.flow == .continuous && index > 0
                && geometry.canJoin(after: sections[index - 1].geometry)
            sections[index].joinsPrevious = joins
            sections[index].chainStart = joins ? sections[index - 1].chainStart : index
            maxColumns = max(maxColumns, geometry.columnCount)
        }
        if lanes.count < maxColumns { lanes.append(contentsOf: repeatElement(Lane(), count: maxColumns - lanes.count)) }
    }

    // MARK: Relayout

    /// Places every item from `item` of `section` to the end, and every header and footer
    /// from that section on. What comes before is left untouched.
    ///
    /// - Complexity: O(m·C + C log n + S) for the m items placed.
    func relayout(fromSection section: Int, item: Int) {
        guard section < sections.count else { return }
        revision &+= 1
        let global = sections[section].start + item
        truncateLanes(at: global)
        var state: PlacementState
        var current = section
        if item > 0 || sections[section].joinsPrevious {
            // Carry on inside a chain of columns.
            state = resumeState(before: global, chainStart: sections[section].chainStart)
            placeItems(section: section, from: item, state: &state)
            finishSection(section, state: &state)
            current += 1
        } else {
            let level = section == 0 ? 0 : sections[section - 1].bottom
            state = PlacementState(columns: 0, top: level, level: level)
        }
        while current < sections.count {
            startSection(current, state: &state)
            placeItems(section: current, from: 0, state: &state)
            finishSection(current, state: &state)
            current += 1
        }
    }

    /// Drops every lane position of items from `global` on and fixes the bottom of each lane's
    /// new last block.
    ///
    /// - Complexity: O(C log n).
    func truncateLanes(at global: Int) {
        records.withUnsafeBufferPointer { records in
            guard records.baseAddress != nil else {
                for lane in lanes.indices { lanes[lane] = Lane() }
                spanLane = Lane()
                return
            }
            for lane in lanes.indices {
                lanes[lane].truncate(at: global)
                lanes[lane].refreshBottom(ofPosition: lanes[lane].items.count - 1, records: records)
            }
            spanLane.truncate(at: global)
            spanLane.refreshBottom(ofPosition: spanLane.items.count - 1, records: records)
        }
    }

    /// The placement state just before item `global`, rebuilt from the lanes.
    ///
    /// - Complexity: O(C log n).
    func resumeState(before global: Int, chainStart: Int) -> PlacementState {
        let chain = sections[chainStart]
        let geometry = chain.geometry
        var bandStart = chain.start
        var state = PlacementState(columns: geometry.columnCount, top: chain.itemsTop, level: chain.top)
        let spanPosition = spanLane.lowerBound(global) - 1
        if spanPosition >= 0, Int(spanLane.items[spanPosition]) >= chain.start {
            let span = Int(spanLane.items[spanPosition])
            let bottom = y(ofItem: span) + Double(records[span].height)
            bandStart = span + 1
            state = PlacementState(columns: geometry.columnCount, top: bottom + geometry.rowSpacing, level: chain.top)
            state.maxBottom = bottom
        }
        // Read once (each read of the class's stored array is an exclusivity check, and a
        // lane taken out of it a retain of its four arrays).
        let lanes = self.lanes
        // Only the round-robin placements read `placedInBand` (a second search per lane).
        let countsBand = configuration.placement != .shortestColumn
        for column in 0..<geometry.columnCount {
            let position = lanes[column].lowerBound(global) - 1
            guard position >= 0, Int(truncatingIfNeeded: lanes[column].items[position]) >= bandStart else { continue }
            let index = Int(truncatingIfNeeded: lanes[column].items[position])
            let bottom = y(ofItem: index) + Double(records[index].height)
            state.next[column] = bottom + geometry.rowSpacing
            state.maxBottom = max(state.maxBottom, bottom)
            if countsBand { state.placedInBand += position + 1 - lanes[column].lowerBound(bandStart) }
        }
        return state
    }

    /// Lays out a section's header and sets up its columns, or carries on the previous
    /// section's columns when it joins them.
    func startSection(_ index: Int, state: inout PlacementState) {
        if sections[index].joinsPrevious {
            let chain = sections[index].chainStart
            sections[index].top = sections[chain].top
            sections[index].itemsTop = sections[chain].itemsTop
            sections[index].headerY = sections[chain].itemsTop
            return
        }
        let geometry = sections[index].geometry
        var y = state.level
        sections[index].top = y
        sections[index].headerY = Self.placeBand(height: geometry.headerHeight, insets: geometry.headerInsets, at: &y)
        y += geometry.insets.top
        sections[index].itemsTop = y
        state = PlacementState(columns: geometry.columnCount, top: y, level: state.level)
    }

    /// Places a header or footer band at `y` and moves `y` below it; returns the band's top. An
    /// empty band takes no room, its insets included.
    private static func placeBand(height: Double, insets: LayoutInsets, at y: inout Double) -> Double {
        guard height > 0 else { return y }
        let top = y + Double(insets.top)
        y = top + (height + Double(insets.bottom))
        return top
    }

    /// Ends a section: a section whose successor joins it stays open; otherwise the chain is
    /// levelled below its tallest column, the footer placed, and the chain's bottom recorded.
    func finishSection(_ index: Int, state: inout PlacementState) {
        let geometry = sections[index].geometry
        if index + 1 < sections.count, sections[index + 1].joinsPrevious {
            sections[index].footerY = state.maxBottom
            sections[index].bottom = state.maxBottom
            return
        }
        var y = state.maxBottom + geometry.insets.bottom
        sections[index].footerY = Self.placeBand(height: geometry.footerHeight, insets: geometry.footerInsets, at: &y)
        let chain = sections[index].chainStart
        for member in chain...index { sections[member].bottom = y }
        state.level = y
    }
}
