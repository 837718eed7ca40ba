import CascadeLayout
import Foundation
import Testing

@testable import CascadeLayoutCheck

/// `.provided` sizing: the provider's answers give the same frames as fixed heights on every
/// path that asks it, and a provider that calls back into the layout stops the process.
/// scripts/release-check.sh runs the same check from a `-c release` build.
@Suite struct ProvidedSizingTests {
    @Test func providedHeightsMatchFixedHeightsOnEveryPath() {
        let differences = ProvidedSizingCheck.differences(scale: 3000)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test func aProviderThatCallsBackIntoTheLayoutIsStopped() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ProvidedSizingCheck.reenter()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("WaterfallLayout.numberOfSections called from its heightProvider"))
    }

    @Test func everyEntryPointChecksForReentry() async {
        // A provider that mutates the layout is stopped before it touches anything.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let layout = WaterfallLayout(containerWidth: 375)
            layout.heightProvider = { _, _ in
                layout.appendItems([.height(10)])
                return 10
            }
            layout.appendItems([.provided()])
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("appendItems(_:toSection:) called from its heightProvider"))
    }
}
