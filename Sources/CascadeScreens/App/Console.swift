import Foundation

/// What the app tells the terminal it was started from, in one format: `cascade: …` lines on
/// standard error (tests and people read them; the window says what a person must know).
public enum Console {
    /// Writes `cascade: message`.
    public static func say(_ message: String) {
        FileHandle.standardError.write(Data("cascade: \(message)\n".utf8))
    }

    /// Writes `cascade: warning: message`: something went wrong that the app works around.
    public static func warn(_ message: String) {
        say("warning: \(message)")
    }
}
