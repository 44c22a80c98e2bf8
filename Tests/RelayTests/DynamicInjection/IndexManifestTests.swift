import RelayTestSupport
import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

@Suite("Index manifest")
struct IndexManifestTests {
    @Test("lists every type key with its type's name and every factory with what it produces, or untyped")
    func contents() {
        let manifest = makeDynIndex().manifest()
        #expect(manifest.types == [
            .dynBackend: "RelayTests.DynBackend",
            .dynClock: "RelayTests.DynClock",
            .dynStore: "RelayTests.DynStore",
        ])
        #expect(manifest.factories == [
            .dynBackendStub: "RelayTests.DynBackend",
            .dynBackendFixture: "RelayTests.DynBackend",
            .dynClockFixed: "RelayTests.DynClock",
            .dynUntypedStub: "untyped",
        ])
    }

    @Test("manifest() fills an index that fills itself first")
    func preparesFirst() {
        let index = DynamicDependencyIndex { index in index.add(type: .dynClock, DynClock.self) }
        #expect(index.manifest().types == [.dynClock: "RelayTests.DynClock"])
    }

    @Test("the JSON has sorted keys, a version, and reads back equal")
    func json() throws {
        let manifest = DynamicDependencyIndex.Manifest(
            types: ["MyApp.Clock": "MyApp.Clock"],
            factories: ["MyApp.Clock.Fixed": "MyApp.Clock", "MyApp.Legacy": "untyped"]
        )
        #expect(String(decoding: try manifest.jsonData(), as: UTF8.self) == """
            {
              "factories" : {
                "MyApp.Clock.Fixed" : "MyApp.Clock",
                "MyApp.Legacy" : "untyped"
              },
              "scopes" : [

              ],
              "types" : {
                "MyApp.Clock" : "MyApp.Clock"
              },
              "version" : 1
            }

            """)
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("index.json")
        try manifest.write(to: url)
        #expect(try DynamicDependencyIndex.Manifest(contentsOf: url) == manifest)
    }

    @Test("a manifest of another version is refused with what to do")
    func otherVersion() throws {
        let data = Data(#"{"version": 3, "types": {}, "factories": {}}"#.utf8)
        #expect {
            try JSONDecoder().decode(DynamicDependencyIndex.Manifest.self, from: data)
        } throws: { error in
            "\(error)".contains("this is a version 3 Relay index manifest; this Relay reads versions 1 to 2")
        }
    }

    @Test("the description lists each type key with the factories for its type")
    func description() {
        var manifest = makeDynIndex().manifest()
        manifest.factories["RelayTests.Other.Stub"] = "RelayTests.Other"
        #expect(manifest.description == """
            RelayTests.DynBackend: RelayTests.DynBackend.Fixture, RelayTests.DynBackend.Stub
            RelayTests.DynClock: RelayTests.DynClock.Fixed
            RelayTests.DynStore: no indexed factory produces RelayTests.DynStore
            Untyped factories, for any type: RelayTests.DynBackend.UntypedStub
            Factories for types without a type key: RelayTests.Other.Stub (RelayTests.Other)
            """)
        #expect(DynamicDependencyIndex().manifest().description == "No type is indexed: dynamic injection can change nothing.")
    }

    @Test("checking against a manifest gives exactly the messages the live index gives", arguments: [
        ["type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub", "type=RelayTests.DynClock,factory=RelayTests.DynBackend.UntypedStub"],
        ["type=RelayTests.DynBakend,factory=RelayTests.DynBackend.Stub"],
        ["type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stbu"],
        ["type=RelayTests.DynClock,factory=RelayTests.DynBackend.Stub"],
        ["type=RelayTests.DynStore,factory=RelayTests.DynBackend.Stub", "type=Nope,factory=Nada,scope=checkout"],
    ])
    func sameMessages(instructions: [String]) throws {
        let arguments = instructions.flatMap { ["-d", $0] }
        let index = makeDynIndex()
        let registry = DynamicDependencyRegistry(index: index, sources: [CommandLineInstructionSource(arguments: arguments)], policy: .enabled)
        let live = Result { try registry.plan() }
        let offline = Result { try registry.plan(against: index.manifest()) }
        switch (live, offline) {
        case let (.success(a), .success(b)):
            #expect(a == b)
        case let (.failure(a as DynamicInjectionError), .failure(b as DynamicInjectionError)):
            #expect(a == b)
            #expect(a.description.contains("error: "))
        default:
            Issue.record("live: \(live), manifest: \(offline)")
        }
    }

    @Test("an empty manifest says it was exported too early")
    func emptyManifest() {
        let registry = DynamicDependencyRegistry(sources: [CommandLineInstructionSource(arguments: ["-d", "type=A,factory=B"])], policy: .enabled)
        let error = #expect(throws: DynamicInjectionError.self) {
            try registry.plan(against: DynamicDependencyIndex.Manifest(types: [:], factories: [:]))
        }
        #expect(error?.description == "argv[1]: error: unknown type key 'A': the index manifest lists no key — it was exported before anything was added to the index; export it from the app's index after it is filled (index.manifest() runs its prepare closure first)")
    }
}
