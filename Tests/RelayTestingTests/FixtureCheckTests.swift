import RelayTestSupport
import Foundation
import Relay
@testable import RelayDemo
import RelayTesting
import Testing

@Suite("Checking .relay fixtures against an index")
struct FixtureCheckTests {
    @Test("every fixture in config/ uses keys relay-demo indexes")
    func configFixtures() throws {
        let checked = try DynamicDependencyIndex.relayDemo.manifest().checkFixtures(in: "config")
        #expect(checked == ["config/example.relay", "config/shopping.relay", "config/stub-recipes.relay", "config/transient-kitchen.relay"])
    }

    @Test("a broken fixture fails with what the app would report")
    func brokenFixture() {
        let error = #expect(throws: DynamicInjectionError.self) {
            try DynamicDependencyIndex.relayDemo.manifest().checkFixtures(in: "config/invalid")
        }
        #expect(error?.diagnostics.map(\.origin.description) == ["config/invalid/broken.relay:3:22", "config/invalid/broken.relay:5:1"])
    }

    @Test("unknown keys and factories for another type fail every file at once, with did-you-mean")
    func unknownKeys() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a.relay", "type=RelayDemo.Clok,factory=RelayDemo.Clock.Fixed\n")
        try directory.write("b.relay", "type=RelayDemo.Kitchen,factory=RelayDemo.Clock.Fixed\n")
        try directory.write("notes.txt", "type=Not,factory=Checked\n")
        let error = #expect(throws: DynamicInjectionError.self) {
            try DynamicDependencyIndex.relayDemo.manifest().checkFixtures(in: directory.path)
        }
        #expect(error?.description == """
            \(directory.path)/a.relay:1:1: error: unknown type key 'RelayDemo.Clok' (did you mean 'RelayDemo.Clock'?); index it with add(type:_:) before injecting, or fix the instruction
            \(directory.path)/b.relay:1:1: error: factory 'RelayDemo.Clock.Fixed' produces RelayDemo.Clock, but type key 'RelayDemo.Kitchen' is RelayDemo.Kitchen; use a factory that produces it: 'RelayDemo.Kitchen.Live'
            """)
    }

    @Test("a missing directory, or directories without a fixture, fail rather than check nothing")
    func nothingToCheck() throws {
        let empty = try TemporaryDirectory()
        let manifest = DynamicDependencyIndex.relayDemo.manifest()
        let missing = #expect(throws: DynamicInjectionError.self) { try manifest.checkFixtures(in: "no-such-folder") }
        #expect(missing?.description.hasPrefix("no-such-folder: error: no such directory (looked in ") == true)
        let none = #expect(throws: DynamicInjectionError.self) { try manifest.checkFixtures(in: empty.path) }
        #expect(none?.description == "\(empty.path): error: no .relay file in \(empty.path); fixtures are the files ending in .relay directly inside these directories")
    }
}
