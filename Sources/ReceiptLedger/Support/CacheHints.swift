import CCacheHints

/// Software prefetch, for loops that visit objects in an order unrelated to where they lie in
/// memory (the journal books transactions in key order, but their states lie in the order the
/// merge first met them): asking for the object a number of iterations ahead overlaps the
/// cache misses each visit would otherwise wait on. A hint only: it changes no result.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › CacheHints.
enum CacheHints {
    /// How many iterations ahead a loop asks for its objects.
    static let distance = 16

    /// Makes every later hint do nothing, for the rest of the process: only for measuring
    /// what the hints earn (`RunOptions.machineryOff`).
    static func turnOff() { cache_hints_turn_off() }

    /// Asks for the cache line holding `address`.
    @inline(__always)
    static func prefetch(_ address: UnsafeRawPointer) {
        cache_hints_prefetch(address)
    }

    /// Asks for the cache line holding `array[index]` (nothing when `index` is out of range):
    /// for a hash table's slot, before the lookup that will read it.
    @inline(__always)
    static func prefetch<Element>(_ array: [Element], at index: Int) {
        array.withUnsafeBufferPointer { prefetch($0, at: index) }
    }

    /// Asks for the cache line holding `elements[index]` (nothing when `index` is out of range).
    @inline(__always)
    static func prefetch<Element>(_ elements: UnsafeBufferPointer<Element>, at index: Int) {
        guard let base = elements.baseAddress, elements.indices.contains(index) else { return }
        cache_hints_prefetch(base + index)
    }

    /// Asks for the first `lines` cache lines of the object that `references[index]` refers to.
    /// The reference is read as a plain address: the object is neither retained nor touched.
    @inline(__always)
    static func prefetchObject<Object: AnyObject>(_ references: UnsafeBufferPointer<Object>, at index: Int, lines: Int = 3) {
        guard let base = references.baseAddress, references.indices.contains(index) else { return }
        let address = UnsafeRawPointer(base).load(fromByteOffset: index * MemoryLayout<Object>.stride, as: UnsafeRawPointer.self)
        for line in 0..<lines { cache_hints_prefetch(address + line * 64) }
    }
}
