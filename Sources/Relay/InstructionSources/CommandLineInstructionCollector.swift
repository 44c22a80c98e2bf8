#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// Gathers what a command line's `-d` values produce, in argument order, enforcing the
/// instruction-count limit over the whole command line.
struct CommandLineInstructionCollector {
    /// The limits in force.
    let limits: InstructionSourceLimits
    /// Everything collected so far.
    private(set) var result = InstructionSourceReadResult()
    /// Whether the count limit has been hit; later instructions are dropped.
    private var isFull = false

    init(limits: InstructionSourceLimits) {
        self.limits = limits
    }

    /// Records a problem, after those found so far (argument order).
    ///
    /// A method rather than a settable `diagnostics` property on purpose: appending through
    /// a computed property reads the array out, appends to the copy and writes it back,
    /// which copies every diagnostic so far on every append — quadratic in the number of
    /// problems (65,536 malformed lines took over a minute). Appending to the stored array
    /// is amortised constant time.
    mutating func report(_ diagnostic: RelayDiagnostic) {
        result.diagnostics.append(diagnostic)
    }

    /// Parses one `-d` value; `columnOffset` scalars precede it inside its argument.
    mutating func addInstruction(_ text: String, argumentIndex: Int, columnOffset: Int) {
        let size = text.utf8.count
        guard size <= limits.maxBytes else {
            report(limits.sizeError("the argument", bytes: size, remedy: "move the instructions to a .relay file and pass -d @<path>,", at: .commandLine(argumentIndex: argumentIndex)))
            return
        }
        do {
            let parsed = try InstructionParser.parse(text, defaultScope: .global)
            append(parsed.located(at: .commandLine(argumentIndex: argumentIndex)))
        } catch {
            report(.error(error.message, at: .commandLine(argumentIndex: argumentIndex, column: columnOffset + error.column)))
        }
    }

    /// Adds what a file or standard input produced. Problems about the input as a whole
    /// (those without a line) get `note`, pointing at the argument that named it.
    mutating func add(_ read: InstructionSourceReadResult, namedBy note: RelayDiagnostic) {
        for diagnostic in read.diagnostics {
            guard diagnostic.origin.line == nil else {
                report(diagnostic)
                continue
            }
            report(RelayDiagnostic(
                origin: diagnostic.origin,
                severity: diagnostic.severity,
                message: diagnostic.message,
                notes: diagnostic.notes + [note]
            ))
        }
        for located in read.instructions {
            append(located)
        }
    }

    /// Keeps `located` unless the command line already holds the most instructions allowed.
    private mutating func append(_ located: LocatedInstruction) {
        guard !isFull else { return }
        guard result.instructions.count < limits.maxInstructions else {
            isFull = true
            report(limits.countError(in: " on the command line", remedy: "move some to a .relay file", at: located.origin))
            return
        }
        result.instructions.append(located)
    }
}
#endif
