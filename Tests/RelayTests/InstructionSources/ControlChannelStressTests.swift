import RelayTestSupport
import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

/// Batches swapped while 8 threads resolve: run under the thread sanitizer by CI. One test
/// at a time: two sets of 8 busy threads on a 2-core runner starve every other test.
@Suite("Control channel stress: batches swapped while 8 threads resolve", .serialized)
struct ControlChannelStressTests {
    @Test("every resolve sees one whole generation; the applying thread's next resolve sees its batch")
    func swapsWhileResolving() throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        try fixture.registry(environment: ["RELAY_EXPLAIN": ""]).inject()
        let session = try #require(ControlSession.running.withLock { $0[fixture.controlPath] })
        let done = Locked(false)
        let unexpected = Locked<[String]>([])
        let factories = ["RelayTests.DynBackend.Fixture", "RelayTests.DynBackend.Stub"]
        let resolvers = DispatchGroup()
        for _ in 0..<8 {
            resolvers.enter()
            Thread {
                let container = DependencyContainer.container(for: fixture.scope)
                while !done.withLock({ $0 }) {
                    for _ in 0..<100 {
                        let name = (try? container.tryResolve(DynBackend.self).name) ?? "unresolvable"
                        if name != "stub" && name != "fixture" { unexpected.withLock { $0.append(name) } }
                    }
                }
                resolvers.leave()
            }.start()
        }
        // Batches straight into the session (as a look at the file delivers them), a bad one every fifth…
        for number in 0..<200 {
            let factory = number % 5 == 4 ? "RelayTests.DynBackend.Nope" : factories[number % 2]
            let instruction = try DependencyInjectionInstruction(parsing: fixture.binding(factory))
            session.apply(ControlBatch(name: "stress", result: .success([LocatedInstruction(instruction: instruction, origin: .custom(source: "stress", line: number + 1, column: nil))])))
            if number % 5 != 4 {
                let expected = factory.hasSuffix("Stub") ? "stub" : "fixture"
                #expect(fixture.backend() == expected, "batch \(number)")
            }
        }
        // … and a few through the file, written atomically and in place.
        for number in 0..<6 {
            let generation = session.report.generation
            if number % 2 == 0 {
                try fixture.write([fixture.binding(factories[number % 2])])
            } else {
                try fixture.writeInPlace([fixture.binding(factories[number % 2])])
            }
            #expect(eventually { session.report.generation > generation })
        }
        done.withLock { $0 = true }
        resolvers.wait()
        #expect(unexpected.withLock { $0 }.isEmpty)
        #expect(session.report.generation == 160 + 6)
        #expect(session.report.control?.batchesRead == 206)
    }

    @Test("60 batches written in place while 8 threads resolve: each applied once, whole, in order")
    func inPlaceUnderLoad() async throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        // No -d: an empty or half-written batch would bring back the code's `live`.
        try fixture.registry(arguments: []).inject()
        let session = try fixture.session()
        let done = Locked(false)
        // Set once the first batch is applied: from then on only its stubs may be resolved.
        let counting = Locked(false)
        let seen = Locked<Set<String>>([])
        let resolvers = DispatchGroup()
        for _ in 0..<8 {
            resolvers.enter()
            Thread {
                let container = fixture.container
                var names = Set<String>()
                while !done.withLock({ $0 }) {
                    let counts = counting.withLock { $0 }
                    for _ in 0..<100 {
                        let name = (try? container.tryResolve(DynBackend.self).name) ?? "unresolvable"
                        if counts { names.insert(name) }
                    }
                    // Busy, not hogging: 8 threads that never sleep keep the writer off both
                    // cores for longer than any settle time a person would wait (the stress
                    // test, ControlChannelStressTests, resolves without pause).
                    usleep(50)
                }
                seen.withLock { $0.formUnion(names) }
                resolvers.leave()
            }.start()
        }
        // Each batch is 40 comment lines, then the binding: every prefix of it binds nothing.
        let batches = 60
        let padding = (1...40).map { "# padding line \($0) of a batch written in place, so that a prefix binds nothing" }
        for number in 1...batches {
            let factory = number % 2 == 0 ? "Stub" : "Fixture"
            try fixture.writeInPlace(["# batch \(number)"] + padding + [fixture.binding("RelayTests.DynBackend.\(factory)")])
            #expect(await eventually { session.report.generation >= number }, "batch \(number) not applied within 60 s")
            let report = session.report
            guard report.generation == number, report.control?.batchesRead == number else {
                Issue.record("after batch \(number): generation \(report.generation), batches read \(report.control?.batchesRead ?? 0)")
                break
            }
            #expect(fixture.backend() == factory.lowercased(), "batch \(number)")
            counting.withLock { $0 = true }
        }
        // One more, atomically: nothing was read between the last batch and this one.
        try fixture.write([fixture.binding("RelayTests.DynBackend.Fixture")])
        #expect(await eventually { (session.report.control?.batchesRead ?? 0) > batches })
        done.withLock { $0 = true }
        resolvers.wait()
        #expect(session.report.generation == batches + 1)
        #expect(session.report.control?.batchesRead == batches + 1)
        // Every generation printed (RELAY_EXPLAIN, right after the report) bound the batch's
        // one instruction.
        func printed() -> [Substring] {
            fixture.stderr.withLock { $0 }.split(separator: "\n").filter { $0.hasPrefix("Relay dynamic injection (generation ") }
        }
        #expect(await eventually { printed().count == batches + 1 })
        let lines = printed()
        let partial = lines.filter { !$0.contains("): 1 binding from \(fixture.controlPath);") }
        #expect(lines.count == batches + 1)
        #expect(partial.isEmpty, "\(partial.count) partial batches applied: \(partial.prefix(3))")
        #expect(!fixture.stderr.withLock { $0 }.contains("rejected"))
        #expect(seen.withLock { $0 } == ["stub", "fixture"], "resolvers saw only whole batches")
    }
}
