import Foundation

/// The cores this process may use, read once: how many threads the pipeline starts.
package enum ProcessInfoCores {
    package static let count = ProcessInfo.processInfo.activeProcessorCount
}
