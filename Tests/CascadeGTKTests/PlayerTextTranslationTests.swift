import Testing

/// The player's texts added with the skip keys and the idle inhibition have their Simplified
/// Chinese translations (the inhibition's reason is what a desktop shows for it).
@MainActor @Suite struct PlayerTextTranslationTests {
    @Test(arguments: [
        ("Seek (←/→ 5 s, J/L 10 s)", "跳转（←/→ 5 秒，J/L 10 秒）"), ("Playing a video", "正在播放视频"),
    ])
    func isTranslated(english: String, chinese: String) throws {
        #expect(try ResumeOfferTextTests.catalog()[english] == chinese)
    }
}
