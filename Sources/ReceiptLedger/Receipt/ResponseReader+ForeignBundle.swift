extension ResponseReader {
    /// The `detail` of a `foreign_bundle` rejection, which names the receipt's bundle id.
    static func foreignBundleDetail(_ bundle: String) -> String {
        "bundle_id \(bundle) is not one of --bundle-id"
    }

    /// The bundle id a `foreign_bundle` detail names (the run's warning counts them).
    static func foreignBundle(inDetail detail: String) -> String? {
        let prefix = "bundle_id ", suffix = " is not one of --bundle-id"
        guard detail.hasPrefix(prefix), detail.hasSuffix(suffix), detail.count >= prefix.count + suffix.count else { return nil }
        return String(detail.dropFirst(prefix.count).dropLast(suffix.count))
    }
}
