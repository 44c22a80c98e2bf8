/// One argument a driver passes when it launches the program under test: a flag and an
/// optional value.
public protocol LaunchArgument {
    /// The flag, e.g. `-d`.
    var flag: String { get }
    /// The value following the flag, if any.
    var value: String? { get }
}
