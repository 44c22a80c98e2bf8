// The `Relay` module: dynamic injection over the container core.
//
// Layers, each using only those before it (Scripts/check-layers.sh checks the folders; the
// module wall checks the container):
//   RelayContainer (module: Support, Container)
//   ← RelayInstructions (module: Instructions)
//   ← DynamicInjection ← {InstructionSources, Overrides} ← {CommandLine, LaunchArguments}
//
// `import Relay` gives an app the whole public API, the container's included, as it did
// when everything was one module.
@_exported import RelayContainer
@_exported import RelayInstructions

// Foundation's members stay visible through `import Relay`, as they were in 0.3 (whose
// README calls `error.localizedDescription` in a file that imports Relay alone). Nothing a
// release build of this module runs calls into Foundation — the container reads the
// environment and files itself (RelayContainer's Support/RawInput) — so an app linked with
// `--static-swift-stdlib` carries none of it; Scripts/measure-binary-cost.sh checks that
// the one-resolve app binds no Foundation symbol.
import Foundation
