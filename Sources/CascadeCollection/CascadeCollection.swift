// The headless collection view: snapshots and diffing, viewport and virtualization, prefetch,
// scroll physics, carousel and tab-pager state. It speaks to layouts through
// `CascadeLayout.CollectionLayout`, so every client of this module also sees the layout types.
@_exported import CascadeLayout
