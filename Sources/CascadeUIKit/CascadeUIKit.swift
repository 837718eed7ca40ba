// The UIKit/AVFoundation host. It compiles on Apple platforms only; on Linux this target is
// empty so the package graph stays the same everywhere.
#if canImport(UIKit)
    import UIKit
    import CascadeCollection
    import CascadeFeed
    import CascadeImages
    import CascadePlayer
#endif
