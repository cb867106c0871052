import Foundation

/// The cores this process may use, read once: how many threads the pipeline starts.
enum ProcessInfoCores {
    static let count = ProcessInfo.processInfo.activeProcessorCount
}
