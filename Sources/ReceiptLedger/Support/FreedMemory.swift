import Foundation

/// Hands the heap's free pages back to the system (glibc's `malloc_trim(0)`), where the
/// allocator supports it; elsewhere nothing happens.
///
/// Why: the objects a phase frees (the merge's state, an object per transaction) lie between
/// objects still held, so the allocator keeps their pages and the memory the next phase builds
/// adds to the run's peak; trimmed, the free pages leave the resident set, whole pages at a time.
/// Figures: Benchmarks/EXPERIMENTS.md, "Memory per transaction (issue 26)".
enum FreedMemory {
    /// glibc's `malloc_trim`, looked up once: musl and Darwin have none (nil).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Returns every free page of the heap to the system; takes a few milliseconds.
    static func returnToSystem() {
        _ = trim?(0)
    }
}
