import CGtk
import CascadeGTK
import CascadeScript
import Foundation

/// Runs a `--script` file against the app through the code real input reaches, and writes the
/// report (`ScriptReport`) after every step.
@MainActor
public final class ScriptRunner {
    /// The window driven: set by `drive(_:)` before any action runs.
    private(set) var app: AppWindow!
    let screenshots: URL
    private let lines: [ScriptLine]
    private let reportURL: URL
    private let frameStats = FrameStats()
    /// Each step encoded once, when it ran: a long script rewrites its report after every step.
    private let reportFile: ScriptReportFile
    private var reportProblem: String?

    /// Creates a runner for `script`: the script is parsed and an empty report written up front.
    /// - Throws: `ScriptSyntaxError` for a bad line, `ReportError` when the report cannot be
    ///   written (nothing runs: a run whose report is lost must not look like a success).
    public init(script: String, reportURL: URL, screenshots: URL) throws {
        self.lines = try ScriptAction.parse(script: script)
        self.reportURL = reportURL
        self.screenshots = screenshots
        do {
            reportFile = try ScriptReportFile(url: reportURL)
        } catch {
            throw ReportError(description: Self.cannotWrite(reportURL, error))
        }
    }

    /// The report file cannot be written.
    public struct ReportError: Error, CustomStringConvertible {
        /// What went wrong, with the path.
        public let description: String
    }

    /// Drives `window` through the script and returns the exit status: 0 when every action
    /// succeeded and the report was written, else 1.
    public func drive(_ window: AppWindow) async -> Int32 {
        app = window
        frameStats.attach(to: window.window)
        return await run() ? 0 : 1
    }

    /// `drive(_:)` as the app's driver (`CascadeApplication.run(driver:)`).
    public var driver: CascadeApplication.Driver {
        { window in await self.drive(window) }
    }

    // MARK: Private

    /// Runs every action in order; returns whether all succeeded.
    private func run() async -> Bool {
        var allOK = true
        // The first screen: catalog, first page and covers (a first run's generation is for the
        // script to wait for, so it can look at the progress).
        if !app.isPreparingCatalog { _ = await waitIdle(timeout: 20) }
        for entry in lines {
            // A window closed by the user (or the window manager) ends the script there: its
            // widgets are being destroyed, and the state after it would read freed memory.
            guard !app.isClosed else { break }
            var failure: String?
            frameStats.restartCycle()
            do {
                try await perform(entry.action)
            } catch let error as ScriptFailure {
                failure = error.message
            } catch {
                failure = String(describing: error)
            }
            if let failure {
                allOK = false
                FileHandle.standardError.write(Data("cascade: line \(entry.line) '\(entry.text)': \(failure)\n".utf8))
            }
            guard !app.isClosed else { break }
            let frames = frameStats.drain()
            let step = ScriptReport.Step(
                action: entry.text, line: entry.line, ok: failure == nil, error: failure,
                state: StateReport.capture(app, frames: frames.times, cpu: frames.cpu, slowest: frames.slowest))
            reportProblem = writeReport { try $0.append(encode(step)) } ?? reportProblem
        }
        reportProblem = writeReport { try $0.finish() } ?? reportProblem
        if let reportProblem {
            FileHandle.standardError.write(Data("cascade: \(reportProblem)\n".utf8))
            return false
        }
        return allOK
    }

    /// One step's JSON; if it cannot be encoded, a failed step without the state in its place,
    /// and the run fails.
    private func encode(_ step: ScriptReport.Step) -> Data {
        if let data = try? ScriptReport.encode(step) { return data }
        reportProblem = "the state after line \(step.line) could not be encoded"
        return Data("{\"action\": \"\", \"line\": \(step.line), \"ok\": false}".utf8)
    }

    /// Writes to the report (a step, or its end); returns what went wrong, or nil.
    private func writeReport(_ write: (ScriptReportFile) throws -> Void) -> String? {
        do {
            try write(reportFile)
            return nil
        } catch {
            return Self.cannotWrite(reportURL, error)
        }
    }

    private static func cannotWrite(_ url: URL, _ error: any Error) -> String {
        "cannot write the report \(url.path): \(error.localizedDescription)"
    }
}

/// Why a script action could not run.
struct ScriptFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
