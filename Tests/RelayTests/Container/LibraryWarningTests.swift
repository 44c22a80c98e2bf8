@testable import RelayContainer
import Testing

/// The one place the library's warnings go through: what it writes, when, and how often.
@Suite("LibraryWarning: the library's one way to warn")
struct LibraryWarningTests {
    @Test("a warning is written with its control characters escaped, line ends kept")
    func escapes() {
        let sink = LibraryWarning.Sink()
        LibraryWarning.$sink.withValue(sink) {
            LibraryWarning.warn("Relay: warning: App.\u{1B}]0;x\u{7}Clock\u{202E}\nsecond line\n")
        }
        #expect(sink.texts == [#"Relay: warning: App.\u{1B}]0;x\u{7}Clock\u{202E}"# + "\nsecond line\n"])
    }

    @Test("a keyed warning is written once per key; an unkeyed one every time")
    func oncePerKey() {
        let sink = LibraryWarning.Sink()
        LibraryWarning.$sink.withValue(sink) {
            for _ in 0..<2 {
                LibraryWarning.warn("a\n", once: "a")
                LibraryWarning.warn("b\n", once: "b")
                LibraryWarning.warn("c\n")
            }
        }
        #expect(sink.texts == ["a\n", "b\n", "c\n", "c\n"])
    }

    @Test("a release build writes no warning, and does not make its text; output asked for is written as it is")
    func releaseBuilds() {
        let sink = LibraryWarning.Sink(debugBuild: false)
        LibraryWarning.$sink.withValue(sink) {
            #expect(!LibraryWarning.isEnabled)
            LibraryWarning.warn({ () -> String in Issue.record("made the text"); return "x\n" }())
            LibraryWarning.writeAsked("report\twith a tab\n")
        }
        #expect(sink.texts == ["report\twith a tab\n"])
        #expect(LibraryWarning.isEnabled == BuildConfiguration.isDebug)
    }
}
