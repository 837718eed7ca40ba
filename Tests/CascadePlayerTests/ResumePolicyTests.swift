import CascadePlayer
import Testing

@Suite struct ResumePolicyTests {
    let policy = ResumePolicy()

    @Test(arguments: [
        // An 8 s clip: a quarter (2 s) counts as watched, the last 0.8 s is the end.
        (3.0, 8.0, ResumePolicy.Decision.remember), (1.9, 8.0, .tooEarly), (2.0, 8.0, .remember),
        (7.1, 8.0, .remember), (7.2, 8.0, .finished), (8.0, 8.0, .finished),
        // A minute: 5 s count, the last 5 s is the end.
        (4.9, 60.0, .tooEarly), (5.0, 60.0, .remember), (54.9, 60.0, .remember), (55.0, 60.0, .finished),
        // Three and a half minutes: past 95 % comes before the last 5 s.
        (201.3, 212.0, .remember), (201.4, 212.0, .finished),
        // Two hours: past 95 % (the credits) is the end.
        (6_839.0, 7_200.0, .remember), (6_840.0, 7_200.0, .finished),
        // Unknown duration: only the minimum applies.
        (4.0, 0.0, .tooEarly), (60.0, 0.0, .remember),
        // Garbage in: treated as 0.
        (Double.nan, 10.0, .tooEarly), (Double.infinity, 10.0, .tooEarly), (-5.0, 10.0, .tooEarly),
        (3.0, Double.nan, .tooEarly), (30.0, -1.0, .remember),
    ])
    func decides(position: Double, duration: Double, expected: ResumePolicy.Decision) {
        #expect(policy.decision(position: position, duration: duration) == expected)
    }

    @Test func pointsAreClampedWhereTheyAreMade() {
        #expect(ResumePoint(position: 12, duration: 8) == ResumePoint(position: 8, duration: 8))
        #expect(ResumePoint(position: -.infinity, duration: .nan) == ResumePoint(position: 0, duration: 0))
        #expect(ResumePoint(position: 1e300, duration: 0).position == ResumePoint.maximumSeconds)
        #expect(ResumePoint(position: 3, duration: 8).fraction == 0.375)
        #expect(ResumePoint(position: 3, duration: 0).fraction == nil)
    }
}
