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
