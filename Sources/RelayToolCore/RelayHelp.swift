#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// The help texts of `relay` and its commands, written for a person at a terminal.
package enum RelayHelp {
    /// The help for `command`, or for `relay` as a whole when `nil`. Ends with a line feed.
    package static func text(for command: RelaySubcommand?) -> String {
        switch command {
        case nil, .help?: overview
        case .check?: check
        case .explain?: explain
        case .format?: format
        }
    }

    static let overview = """
        relay — check, explain and format Relay dependency-injection instructions

        Relay lets a test swap an implementation from outside the app, with instructions
        such as type=MyApp.Clock,factory=MyApp.Clock.Fixed given on the command line, in
        $RELAY_DEPENDENCIES or in a .relay file. This tool reads those sources exactly as
        the Relay library does, so you can catch mistakes before an app or a test run does.

        Usage:
          relay check PATH…             Validate .relay files ('-' reads standard input)
          relay explain [OPTIONS]       Show what an app would bind, and where each binding comes from
          relay format [--check] PATH…  Rewrite .relay files in canonical form
          relay help [COMMAND]          Show help for relay or for one command

        Options:
          -h, --help    Show help; after a command, that command's help (relay check --help)

        Exit status:
          0  success
          1  errors were found (printed to standard error as path:line:column: error: …),
             or format --check found a file to reformat
          2  usage error: unknown command or option, missing argument

        Examples:
          relay check .relay config/*.relay
          relay check --index relay-index.json config/*.relay
          relay explain -d type=MyApp.Clock,factory=MyApp.Clock.Fixed --file UITests/checkout.relay
          relay format --check config/*.relay

        The instruction syntax and the .relay format are described in docs/configuration.md.

        """

    static let check = """
        relay check — validate .relay files

        Usage:
          relay check [--index MANIFEST] PATH…
          relay check [--index MANIFEST] -     Read a .relay file from standard input

        Reports every problem the Relay library would report when an app reads the file:
        instruction syntax, scope headers, duplicate bindings (the same type twice in one
        scope), size limits (1 MiB, 10000 instructions), encoding, and file safety (a
        regular file that other users cannot write).

        Type and factory keys are checked only with --index, against the app's index
        manifest (exported by the app: DynamicDependencyIndex.manifest().write(to:), or
        a run with RELAY_MANIFEST_PATH set). Then an unknown key, or a factory for
        another type, is an error with the message and "did you mean" the app gives.

        Problems go to standard error in the GNU format, path:line:column: error: message,
        followed by note: lines for related places. Every file is checked even after an
        error. Each valid file prints 'PATH: N instructions OK' to standard output.

        Options:
          --index MANIFEST   Check every key against this index manifest (JSON)
          -h, --help         Show this help
          --                 Treat every later argument as a path

        Exit status:
          0  every file is valid
          1  at least one file has errors, or the manifest cannot be read
          2  usage error

        Use it in CI or in a pre-commit hook; a non-zero status fails the step:
          relay check .relay config/*.relay

          # .git/hooks/pre-commit
          files=$(git diff --cached --name-only --diff-filter=ACM -- '*.relay')
          [ -z "$files" ] || relay check $files

        """

    static let explain = """
        relay explain — show the bindings an app would read, with origins and overrides

        Usage:
          relay explain [-d INSTRUCTION]… [--file PATH] [--index MANIFEST] [--json]

        Reads the standard sources as an app does, highest precedence first:
          1. the command line: the -d values given to relay explain;
          2. the environment variable $RELAY_DEPENDENCIES;
          3. the file named by $RELAY_DEPENDENCIES_FILE, or else ./.relay if it exists
             (--file PATH replaces both).
        For each scope and type the highest source wins; the instructions it replaces are
        listed after 'overrides'. Keys are shown as given; with --index they are also
        checked against the app's index manifest, and an unknown key is an error.

        Options:
          -d, --dependency VALUE   A command-line instruction, as given to an app:
                                     an instruction   type=MyApp.Clock,factory=MyApp.Clock.Fixed
                                     @PATH            the instructions of a .relay file
                                     -                a .relay file read from standard input
                                   Repeat for more. argv[N] in messages counts the
                                   arguments after 'relay' from 0.
          --file PATH              Read this .relay file instead of $RELAY_DEPENDENCIES_FILE
                                   or ./.relay
          --index MANIFEST         Check every key against this index manifest (JSON),
                                   as the app would
          --json                   Print the merged report as JSON
          -h, --help               Show this help

        Exit status:
          0  the sources were read and merged (and, with --index, every key is known)
          1  a source has errors, or a key is not in the manifest (printed to standard
             error)
          2  usage error

        Example:
          RELAY_DEPENDENCIES='type=MyApp.Backend,factory=MyApp.Backend.Stub' \\
            relay explain -d @UITests/checkout.relay --file config/ui.relay

        """

    static let format = """
        relay format — rewrite .relay files in canonical form

        Usage:
          relay format PATH…
          relay format --check PATH…

        The canonical form keeps the file's structure: every comment, [scope] header and
        instruction stays where it is, in the same order. Each instruction is written in
        canonical form, without a scope= that its section already gives; headers are
        written [name] and comments without surrounding blanks; indentation is removed;
        runs of blank lines become one, with none at the start or end. The file ends with
        a line feed and uses LF line ends. Formatting never changes what the file means,
        and formatting twice changes nothing.

        A file with errors is left untouched and its errors are printed, as by relay check.

        Options:
          --check      Change nothing; report each file that is not canonically formatted
          -h, --help   Show this help
          --           Treat every later argument as a path

        Exit status:
          0  every file is (now) canonically formatted
          1  a file has errors, or with --check a file is not canonically formatted
          2  usage error

        Examples:
          relay format config/ui.relay
          relay format --check .relay config/*.relay     # in CI or a pre-commit hook

        """
}
#endif
