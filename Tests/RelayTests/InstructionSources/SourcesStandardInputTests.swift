import Testing
@testable import Relay
@testable import RelayInstructions
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@Suite("Sources: standard input")
struct SourcesStandardInputTests {
    private func error(_ source: StandardInputInstructionSource, context: InstructionReadContext = InstructionReadContext()) -> String {
        sourcesErrorDescription { try source.readInstructions(context: context) }
    }

    @Test func readsTheRelayFormat() throws {
        let probe = SourcesReaderProbe()
        let source = probe.source("# piped in\r\ntype=A,factory=B\r\n[checkout]\r\n  type=C,factory=D\r\n")
        #expect(source.name == "<stdin>")
        #expect(probe.limits.isEmpty)  // creating the source reads nothing
        #expect(try source.readInstructions(context: sourcesContext(maxBytes: 100)) == [
            LocatedInstruction(instruction: .init(type: "A", factory: "B"), origin: .standardInput(line: 2, column: 1)),
            LocatedInstruction(instruction: .init(type: "C", factory: "D", scope: "checkout"), origin: .standardInput(line: 4, column: 3)),
        ])
        #expect(probe.limits == [101])
    }

    @Test func inputOverTheSizeLimit() {
        let source = SourcesReaderProbe().source(String(repeating: "#", count: 17))
        #expect(error(source, context: sourcesContext(maxBytes: 16))
            == "<stdin>: error: the input is more than 16 bytes, the limit — move the instructions to a .relay file or raise InstructionSourceLimits.maxBytes")
        #expect(throws: Never.self) { try source.readInstructions(context: sourcesContext(maxBytes: 17)) }
    }

    @Test func rejectedBytes() {
        #expect(error(SourcesReaderProbe().source(bytes: Array("ab".utf8) + [0xFF])) == "<stdin>:1:3: error: invalid UTF-8 byte 0xFF; save the file as UTF-8")
        #expect(error(SourcesReaderProbe().source(bytes: [0x0A, 0x00])) == "<stdin>:2:1: error: NUL byte; remove it — instruction sources must be text")
    }

    @Test func readerFailure() {
        let source = StandardInputInstructionSource { _ in throw SourcesFakeReadError() }
        #expect(error(source) == "<stdin>: error: cannot read standard input: the pipe broke")
    }

    @Test func syntaxErrorsAndDuplicates() {
        let source = SourcesReaderProbe().source("type=A,factory=B\ntype=A,factory=C\n\ttype=B\n")
        #expect(error(source) == """
            <stdin>:3:2: error: missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub
            <stdin>:2:1: error: duplicate instruction for A in scope global; each type may be bound once per scope in one source — remove one of them
            <stdin>:1:1: note: previous instruction for A is here
            """)
    }

    @Test func countLimit() {
        let source = SourcesReaderProbe().source("type=A,factory=X\ntype=B,factory=X\n")
        #expect(error(source, context: sourcesContext(maxInstructions: 1))
            == "<stdin>:2:1: error: more than 1 instructions; split the file or raise InstructionSourceLimits.maxInstructions")
    }

    @Test func descriptorReaderStopsAtTheLimit() throws {
        let ends = try #require(POSIX.pipe())
        let text = Array("type=A,factory=B\n".utf8)
        #expect(POSIX.write(ends[1], text) == text.count)
        #expect(close(ends[1]) == 0)
        defer { _ = close(ends[0]) }
        #expect(try RegularFileReader.readAll(ends[0], upTo: 4).get() == Array(text.prefix(4)))
        #expect(try RegularFileReader.readAll(ends[0], upTo: 100).get() == Array(text.dropFirst(4)))
        #expect(try RegularFileReader.readAll(ends[0], upTo: 100).get() == [])
    }
}
