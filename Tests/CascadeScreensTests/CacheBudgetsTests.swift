import CascadeScreens
import Testing

@Suite struct CacheBudgetsTests {
    /// A window of 1000 × 760 points shows about 20 cells of the demo feed at scale 1.
    @Test func theCoverBudgetHoldsAboutFourScreensOfCells() {
        let covers = CacheBudgets.decodedCoverBytes / CacheBudgets.typicalCoverBytes
        #expect(covers >= 4 * 20)
        #expect(covers < 8 * 20)
        #expect(CacheBudgets.pooledCells >= 20)
    }
}
