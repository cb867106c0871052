/// Exit codes (STYLE: 0 fine, 64 usage, 65 rejected records under --strict, 1 fatal).
enum ExitCode {
    static let success: Int32 = 0
    static let fatal: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let interrupted: Int32 = 130
}
