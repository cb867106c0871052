import CSHA256

extension SHA256 {
    /// The hash words H0…H7.
    struct State: Sendable {
        /// FIPS 180-4 §5.3.3: the first 32 bits of the fractional parts of the square roots of
        /// the first eight primes.
        var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
             0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
    }

    /// FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the
    /// first sixty-four primes.
    static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    @inline(__always)
    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value &>> count) | (value &<< (32 &- count))
    }

    /// Whether `compress` uses the CPU's SHA instructions (checked once; see `CSHA256`).
    static let usesHardware = csha256_hardware_available() != 0

    /// Runs the compression function (FIPS 180-4 §6.2.2) over whole 64-byte blocks, with the
    /// CPU's SHA instructions when it has them.
    static func compress(_ state: inout State, blocks: UnsafeRawBufferPointer) {
        precondition(blocks.count % blockSize == 0, "SHA256.compress needs whole blocks")
        guard usesHardware, let base = blocks.baseAddress else { return compressPortable(&state, blocks: blocks) }
        withUnsafeMutableBytes(of: &state.words) { words in
            guard let hashWords = words.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
            csha256_compress_hardware(hashWords, base.assumingMemoryBound(to: UInt8.self), blocks.count / blockSize)
        }
    }

    /// The compression function in portable Swift.
    static func compressPortable(_ state: inout State, blocks: UnsafeRawBufferPointer) {
        precondition(blocks.count % blockSize == 0, "SHA256.compress needs whole blocks")
        guard let base = blocks.baseAddress, blocks.count > 0 else { return }
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state.words
        roundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                guard let k = constants.baseAddress, let w = schedule.baseAddress else { return }
                var offset = 0
                while offset < blocks.count {
                    for t in 0..<16 {
                        w[t] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset + t * 4,
                                                                    as: UInt32.self))
                    }
                    for t in 16..<64 {
                        let x = w[t - 15], y = w[t - 2]
                        let s0 = rotateRight(x, 7) ^ rotateRight(x, 18) ^ (x &>> 3)
                        let s1 = rotateRight(y, 17) ^ rotateRight(y, 19) ^ (y &>> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                    }
                    var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                    for t in 0..<64 {
                        let bigS1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
                        let choose = (e & f) ^ (~e & g)
                        let t1 = h &+ bigS1 &+ choose &+ k[t] &+ w[t]
                        let bigS0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = bigS0 &+ majority
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
                    h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                    offset += blockSize
                }
            }
        }
        state.words = (h0, h1, h2, h3, h4, h5, h6, h7)
    }
}
