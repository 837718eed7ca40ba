import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a file or folder could not be written: the step, the path and the system's error number.
public struct StorageFailure: Error, Equatable, CustomStringConvertible, Sendable {
    /// The step that failed.
    public enum Step: String, Sendable {
        case createFolder = "create the folder"
        case create = "create"
        case write
        case sync = "flush to disk"
        case rename = "rename into place"
    }

    /// The step that failed.
    public let step: Step
    /// The file or folder it failed on.
    public let path: String
    /// `errno` at the failure.
    public let code: Int32

    /// Creates a failure record.
    public init(step: Step, path: String, code: Int32) {
        self.step = step
        self.path = path
        self.code = code
    }

    /// The folder the failure happened in (the folder itself for `createFolder`).
    public var folder: String {
        step == .createFolder ? path : (path as NSString).deletingLastPathComponent
    }

    /// The disk or the user's quota is full.
    public var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT }

    /// "cannot write /a/b (No space left on device)".
    public var description: String {
        "cannot \(step.rawValue) \(path) (\(String(cString: strerror(code))))"
    }
}
