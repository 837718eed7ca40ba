import CascadeScript
import Foundation

/// libFuzzer entry: any bytes as a `--script` file. Parsing either throws `ScriptSyntaxError` or
/// returns actions whose arguments are in the documented ranges, and each action's line parses
/// to the same action again; a violation traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let script = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let steps: [ScriptLine]
    do {
        steps = try ScriptAction.parse(script: script)
    } catch {
        return 0
    }
    var previousLine = 0
    for step in steps {
        precondition(step.line > previousLine, "lines out of order")
        previousLine = step.line
        FuzzScript.check(step.action)
        precondition((try? ScriptAction.parse(line: step.text)) == step.action, "line does not re-parse: \(step.text)")
    }
    return 0
}

enum FuzzScript {
    /// Traps unless the action's arguments are in the ranges `ScriptAction.parse(line:)` documents.
    static func check(_ action: ScriptAction) {
        switch action {
        case .wait(let milliseconds): precondition((0...600_000).contains(milliseconds), "\(action)")
        case .resize(let width, let height):
            precondition((100...8000).contains(width) && (100...8000).contains(height), "\(action)")
        case .scrollBy(let x, let y), .fling(let x, let y): precondition(x.isFinite && y.isFinite, "\(action)")
        case .scrollToItem(let index, let position, _):
            precondition(index >= 0 && ["top", "center", "nearest"].contains(position), "\(action)")
        case .tapItem(let index), .tapTab(let index), .waitOpened(let index), .hoverItem(let index):
            precondition(index >= 0, "\(action)")
        case .columns(let count): precondition(count.map { (1...12).contains($0) } ?? true, "\(action)")
        case .setVolume(let volume): precondition((0...1).contains(volume), "\(action)")
        case .waitStatus(let text): precondition(!text.isEmpty, "\(action)")
        case .seek(let seconds), .waitPosition(let seconds):
            precondition(seconds.isFinite && seconds >= 0, "\(action)")
        case .screenshot(let name), .waitSignal(let name):
            precondition(!name.isEmpty && !name.hasPrefix(".") && !name.contains("/"), "\(action)")
        case .waitIdle, .scrollToEnd, .pullRefresh, .swipePage, .carousel, .play, .pause, .toggleFullscreen, .back,
            .tapFooter, .previews, .resume, .startOver, .waitPlayerError:
            break
        }
    }
}
