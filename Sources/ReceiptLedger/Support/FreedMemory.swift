import Foundation

/// Hands the heap's free pages back to the system (glibc's `malloc_trim(0)`), where the
/// allocator supports it; elsewhere nothing happens.
///
/// Why: the objects a phase frees (the merge's state, an object per transaction) lie between
/// objects still held, so the allocator keeps their pages and the memory the next phase builds
/// adds to the run's peak; trimmed, the free pages leave the resident set, whole pages at a time.
/// Figures: Benchmarks/EXPERIMENTS.md, "Memory per transaction (issue 26)".
package enum FreedMemory {
    /// glibc's `malloc_trim`, looked up once: musl and Darwin have none (nil).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Returns every free page of the heap to the system; takes a few milliseconds.
    static func returnToSystem() {
        _ = trim?(0)
    }

    /// glibc's `mallopt`, looked up once (nil elsewhere).
    private static let option: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()

    /// glibc's `M_ARENA_MAX`.
    private static let arenaMaximum: Int32 = -8

    /// Lets the threads share at most `arenas` heaps (one per core), to be called before any
    /// thread but the main one allocates.
    ///
    /// Why: glibc gives each thread that meets a busy heap a heap of its own, up to eight per
    /// core; what the report's threads build and free then lies in many heaps, each keeping
    /// its own free pages, and the run's resident memory grows with the number of threads
    /// rather than with what they hold.
    package static func limitHeaps(to arenas: Int) {
        _ = option?(arenaMaximum, Int32(clamping: Swift.max(1, arenas)))
    }
}

extension Array {
    /// The same elements in storage of their count, when the array holds much more: one grown
    /// by doubling may take twice the memory its elements need, which an array kept for the
    /// rest of the run (the packed journal, the index of its ids) should not.
    func withoutSpareCapacity() -> [Element] {
        guard capacity - count > Swift.max(count / 16, 64) else { return self }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: self)
        }
    }
}
