import RelayTestSupport
import Foundation
import Testing

@Suite("relay format")
struct FormatCommandTests {
    /// Unsorted, commented, with a BOM, CRLF line ends, indentation, a spaced header, a
    /// `[global]` header, a `scope=` that repeats its header, one that names a scope
    /// before any header, and a value that needs an escape.
    static let messy = "\u{FEFF}# Checkout fixtures.\r\n# Shared by the UI tests.\r\n\r\n"
        + "# Receipts are tracked.\r\ntype=MyApp.Receipt,factory=MyApp.Receipt.Fake,scope=analytics\r\n\r\n"
        + "# The checkout flow.\r\n[ checkout ]\r\n"
        + "  type = MyApp.Payment , factory=MyApp.Payment.AlwaysApproves , scope=checkout\r\n"
        + "# Fixed clock for receipts.\r\ntype=MyApp.Clock,factory=MyApp.Clock.Fixed,lifecycle=transient   \r\n\r\n"
        + "[global]\r\ntype=MyApp.Cache<Swift.String, Swift.Int>,factory=MyApp.Cache.InMemory\r\n"
        + "\t# Backend stub.\r\nlifecycle=singleton,factory=MyApp.Backend.Stub,type=MyApp.Backend\r\n"
        + "[analytics]\r\ntype=MyApp.Tracker,factory=MyApp.Tracker.Level\\=1\r\n\r\n"
        + "# Keep this file sorted: run relay format.\r\n\r\n"

    static let canonical = """
        # Checkout fixtures.
        # Shared by the UI tests.

        # Receipts are tracked.
        type=MyApp.Receipt,factory=MyApp.Receipt.Fake,scope=analytics

        # The checkout flow.
        [checkout]
        type=MyApp.Payment,factory=MyApp.Payment.AlwaysApproves
        # Fixed clock for receipts.
        type=MyApp.Clock,factory=MyApp.Clock.Fixed,lifecycle=transient

        [global]
        type=MyApp.Cache<Swift.String, Swift.Int>,factory=MyApp.Cache.InMemory
        # Backend stub.
        type=MyApp.Backend,factory=MyApp.Backend.Stub
        [analytics]
        type=MyApp.Tracker,factory=MyApp.Tracker.Level\\=1

        # Keep this file sorted: run relay format.

        """

    @Test func rewritesAMessyFileCanonically() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("ui.relay", Self.messy, permissions: 0o640)
        let run = ToolRun(["format", "ui.relay"], in: directory.path)
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput.isEmpty)
        #expect(try directory.text("ui.relay") == Self.canonical)
        #expect(try directory.permissions("ui.relay") == 0o640)
        #expect(ToolRun(["check", "ui.relay"], in: directory.path).output == "ui.relay: 6 instructions OK\n")
    }

    @Test func formattingTwiceIsANoOp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("ui.relay", Self.messy)
        #expect(ToolRun(["format", "ui.relay"], in: directory.path).status == 0)
        let once = try directory.bytes("ui.relay")
        #expect(ToolRun(["format", "ui.relay"], in: directory.path).status == 0)
        #expect(try directory.bytes("ui.relay") == once)
        #expect(ToolRun(["format", "--check", "ui.relay"], in: directory.path).status == 0)
    }

    @Test func checkReportsWithoutWriting() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("config/messy file.relay", Self.messy)
        try directory.write("config/tidy.relay", Self.canonical)
        let run = ToolRun(["format", "--check", "config/messy file.relay", "config/tidy.relay"], in: directory.path)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput == "config/messy file.relay: not canonically formatted (run: relay format 'config/messy file.relay')\n")
        #expect(try directory.text("config/messy file.relay") == Self.messy)

        let tidy = ToolRun(["format", "--check", "config/tidy.relay"], in: directory.path)
        #expect(tidy.status == 0)
        #expect(tidy.output.isEmpty && tidy.errorOutput.isEmpty)
    }

    @Test func brokenFileIsLeftUntouched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let broken = "type=Z,factory=Y\r\n[checkout]\r\ntype=A,factory=B,scope=payment\r\n"
        try directory.write("broken.relay", broken)
        let run = ToolRun(["format", "broken.relay"], in: directory.path)
        #expect(run.status == 1)
        #expect(run.errorOutput == """
            broken.relay:3:18: error: scope=payment contradicts the [checkout] header on line 2; remove scope= or move the line under [payment]
            broken.relay:2:1: note: the [checkout] header is here

            """)
        #expect(try directory.text("broken.relay") == broken)
        #expect(ToolRun(["format", "--check", "broken.relay"], in: directory.path).status == 1)
    }

    @Test func scopesThatCannotBeHeadersKeepScopeEquals() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("ui.relay", """
            type=Z,factory=Y,scope=global
            type=A,factory=B,scope=a]b
            type=C,factory=D,scope=\\ padded
            [x]
            type=B,factory=C

            """)
        #expect(ToolRun(["format", "ui.relay"], in: directory.path).status == 0)
        #expect(try directory.text("ui.relay") == """
            type=Z,factory=Y
            type=A,factory=B,scope=a]b
            type=C,factory=D,scope=\\ padded
            [x]
            type=B,factory=C

            """)
    }

    @Test func commentsOnlyAndEmptyFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("comments.relay", "  # a  \n\n\n# b\n\t# c\n")
        try directory.write("empty.relay", "")
        try directory.write("header.relay", "# unused\n[checkout]\n\n[payment]\n")
        #expect(ToolRun(["format", "comments.relay", "empty.relay", "header.relay"], in: directory.path).status == 0)
        #expect(try directory.text("comments.relay") == "# a\n\n# b\n# c\n")
        #expect(try directory.text("empty.relay") == "")
        #expect(try directory.text("header.relay") == "# unused\n[checkout]\n\n[payment]\n")
    }
}
