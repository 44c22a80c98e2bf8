import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Relay
import RelayTesting
import Testing
@testable import ForecastServer

let sunny = "type=ForecastServer.WeatherProvider,factory=ForecastServer.WeatherProvider.Sunny"
let rainy = "type=ForecastServer.WeatherProvider,factory=ForecastServer.WeatherProvider.Rainy"
let failing = "type=ForecastServer.WeatherProvider,factory=ForecastServer.WeatherProvider.Failing"
let fixedClock = "type=ForecastServer.WallClock,factory=ForecastServer.WallClock.Fixed"

/// `GET uri` through `client`, decoded.
func forecast(_ client: some TestClientProtocol, _ uri: String) async throws -> ForecastAnswer {
    try await client.execute(uri: uri, method: .get) { response in
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        return try JSONDecoder().decode(ForecastAnswer.self, from: response.body)
    }
}

// The application is built inside the trait's layer, so it is wired with the stubs.
@Test(.injecting(sunny, fixedClock, index: .forecast))
func routerServesTheStubbedForecast() async throws {
    let app = try buildApplication()
    let answer = try await app.test(.router) { client in try await forecast(client, "/forecast/Paris") }
    #expect(answer.city == "Paris")
    #expect(answer.summary == "sunny")
    #expect(answer.temperatureCelsius == 24)
    #expect(answer.advice == "Sunglasses weather.")
    #expect(answer.issuedAt == "2025-03-14T09:26:53Z")
    #expect(answer.validUntil == "2025-03-14T12:26:53Z")
    #expect(answer.providerCalls == 1)   // two services, one unit of work, one lookup
    #expect(answer.adviceRequestID == answer.requestID)
}

@Test(.injecting(failing, index: .forecast))
func failingProviderIsABadGateway() async throws {
    let app = try buildApplication()
    try await app.test(.router) { client in
        try await client.execute(uri: "/forecast/Paris", method: .get) { response in
            #expect(response.status == .badGateway)
            #expect(String(buffer: response.body).contains("the weather service is unavailable"), "\(String(buffer: response.body))")
        }
    }
}

// `.live` runs a real server on a free port, inside the block's layer; the handlers run on
// tasks of the server's, so they inherit the layer like any child task.
@Test func liveServerServesTheStubbedForecast() async throws {
    try await withInjectedDependencies([rainy, fixedClock], index: .forecast) { () async throws in
        let app = try buildApplication()
        try await app.test(.live) { client in
            let answer = try await forecast(client, "/forecast/Oslo")
            #expect(answer.summary == "rain")
            #expect(answer.advice == "Take an umbrella.")
            #expect(answer.issuedAt == "2025-03-14T09:26:53Z")
        }
    }
}

// Built inside the block's layer and run outside it, as a server whose handlers do not
// descend from the test's task runs: InjectedDependenciesMiddleware re-enters the layer
// the application was built in, so the requests still see the stubs.
@Test func requestsSeeTheLayerTheApplicationWasBuiltIn() async throws {
    let app = try withInjectedDependencies([sunny, fixedClock], index: .forecast) { try buildApplication() }
    try await app.test(.live) { client in
        let answer = try await forecast(client, "/forecast/Rome")
        #expect(answer.summary == "sunny")
        #expect(answer.issuedAt == "2025-03-14T09:26:53Z")
    }
}

@Test(.injecting(sunny, index: .forecast))
func everyRequestHasItsOwnUnitOfWork() async throws {
    let app = try buildApplication()
    let answers = try await app.test(.router) { client in
        var answers: [ForecastAnswer] = []
        for _ in 0..<3 { answers.append(try await forecast(client, "/forecast/Lima")) }
        return answers
    }
    #expect(Set(answers.map(\.requestID)).count == 3)
    #expect(answers.allSatisfy { $0.adviceRequestID == $0.requestID })
    #expect(answers.map(\.providerCalls) == [1, 1, 1])
}

// RequestWork is registered `.unitOfWork`: inside one unit both services resolve the same
// instance, and outside any unit (no request) there is none.
@Test(.injecting(sunny, fixedClock, index: .forecast))
func unitOfWorkAsksTheProviderOncePerCity() async throws {
    let container = DependencyContainer.global
    try await DependencyContainer.withUnitOfWork {
        async let forecast = ForecastService(container: container).forecast(for: "Bern")
        async let advice = AdviceService(container: container).advice(for: "Bern")
        let work = try container.tryResolve(RequestWork.self)
        #expect(try await forecast.conditions.summary == "sunny")
        #expect(try await advice.requestID == work.id)
        _ = try await work.conditions(in: "Basel")
        #expect(await work.providerCalls == 2)
    }
    let error = #expect(throws: DependencyResolutionError.self) { try container.tryResolve(RequestWork.self) }
    #expect(error?.reason == .noUnitOfWork)
}

/// Two live servers at once, each started inside its own layer with its own stub, each
/// answering 50 concurrent requests over loopback (AsyncHTTPClient, several connections):
/// each sees only its own stub.
@Test func twoConcurrentServersEachSeeOnlyTheirOwnStubs() async throws {
    @Sendable func serve(_ provider: String, requests: Int) async throws -> [ForecastAnswer] {
        try await withInjectedDependencies([provider], index: .forecast) { () async throws in
            let app = try buildApplication()
            return try await app.test(.live) { client in
                let port = try #require(client.port)
                return try await withThrowingTaskGroup(of: ForecastAnswer.self) { group in
                    for number in 0..<requests {
                        group.addTask { try await get(ForecastAnswer.self, "http://localhost:\(port)/forecast/City\(number)") }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
        }
    }
    async let sunnyAnswers = serve(sunny, requests: 50)
    async let rainyAnswers = serve(rainy, requests: 50)
    let (sunnySide, rainySide) = try await (sunnyAnswers, rainyAnswers)
    #expect(sunnySide.count == 50 && rainySide.count == 50)
    #expect(sunnySide.allSatisfy { $0.summary == "sunny" })
    #expect(rainySide.allSatisfy { $0.summary == "rain" })
    #expect(Set((sunnySide + rainySide).map(\.requestID)).count == 100)
    #expect((sunnySide + rainySide).allSatisfy { $0.providerCalls == 1 && $0.adviceRequestID == $0.requestID })
}

@Test func dependencyGraphIsComplete() throws {
    try DynamicDependencyIndex.forecast.validate()   // fills the index: registers the defaults too
    try DependencyContainer.validate()
}

@Test func fixturesUseKnownKeys() throws {
    try DynamicDependencyIndex.forecast.manifest().checkFixtures(in: "Fixtures")
}
