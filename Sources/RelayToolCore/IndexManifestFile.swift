#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Foundation
import Relay

extension RelayToolContext {
    /// Reads the index manifest at `path` (given with `--index`), or prints why it cannot
    /// and returns `nil`.
    func readManifest(_ path: String) -> DynamicDependencyIndex.Manifest? {
        let url = URL(fileURLWithPath: fileSystemPath(path))
        do {
            return try DynamicDependencyIndex.Manifest(contentsOf: url)
        } catch {
            let reason: String
            if !FileManager.default.fileExists(atPath: url.path) {
                reason = "no such file"
            } else if let error = error as? DecodingError {
                reason = Self.describe(error)
            } else {
                reason = "\(error)"
            }
            printError("\(path): error: cannot read the index manifest: \(reason); export it with DynamicDependencyIndex.manifest().write(to:) or by running the app with RELAY_MANIFEST_PATH set")
            return nil
        }
    }

    /// What is wrong with a file that is not a manifest, in one phrase.
    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            let detail = context.debugDescription
            return path.isEmpty ? "not a Relay index manifest (\(detail))" : "\(path): \(detail)"
        @unknown default:
            return "\(error)"
        }
    }
}
#endif
