// Sources/StatusCtl/StatusService.swift
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct Component: Decodable, Equatable, Sendable {
    let name: String
    let state: String
}

protocol StatusService: Sendable {
    func components() async throws -> [Component]
}

/// The real service: GET a JSON list of components.
struct LiveStatusService: StatusService {
    let url: URL

    func components() async throws -> [Component] {
        let (data, _) = try await URLSession.shared.data(from: url)
        return try JSONDecoder().decode([Component].self, from: data)
    }
}
