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

    /// glibc's `M_MMAP_THRESHOLD`.
    private static let mapThreshold: Int32 = -3

    /// The size from which `mapLargeBlocks` maps a block on its own (the threshold chosen:
    /// Benchmarks/EXPERIMENTS.md, "One run's journal packed").
    private static let largeBlock: Int32 = 1 << 20

    /// Maps every block of `largeBlock` bytes or more on its own, so that freeing it gives it
    /// back to the system at once; to be called before the run allocates.
    ///
    /// Why: once a large block is freed, glibc raises its own threshold and takes large blocks
    /// from its heaps instead of mapping them. The run's large arrays (tables that grow by
    /// doubling, a pass's sort keys, the orders) then come and go inside heaps that keep their
    /// free pages, and the resident memory grows with what was ever held rather than with what
    /// is held.
    package static func mapLargeBlocks() {
        _ = option?(mapThreshold, largeBlock)
    }
}

extension Array {
    /// The same elements in storage of their count, when the array holds much more: one grown
    /// by doubling may take twice the memory its elements need, which an array kept for the
    /// rest of the run (the index of the journal's ids) should not.
    func withoutSpareCapacity() -> [Element] {
        guard capacity - count > Swift.max(count / 16, 64) else { return self }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: self)
        }
    }
}
