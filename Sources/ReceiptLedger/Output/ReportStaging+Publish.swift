#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension ReportStaging {
    /// Publishes the staged files; called by `commit` under the lock with signals blocked.
    ///
    /// Every step that changes the folder is one system call, in this order, so a SIGKILL
    /// between two of them leaves the previous report or the new one, whole:
    /// 1. (old layout only) hard-link the old files into a generation, point `current` at it
    ///    (the same bytes as shown), then swap each old file for a link to it;
    /// 2. rename the staging folder to the next generation `report-N`;
    /// 3. add the links of names the previous report lacked (dangling, so invisible, until 5);
    /// 4. point `previous` at the current generation;
    /// 5. rename a fresh link over `current`: the new report, whole, at once;
    /// 6. remove the links of names the new report lacks, and generations other than these two.
    func publish() throws(OutputError) {
        let names = files.map(\.name).sorted()  // the same order whichever thread finished first
        let survey = try ReportFolderSurvey(folder: destination)
        try survey.check(outputNames: outputNames.union(names), force: true, shownAs: destination)
        var current = survey.current
        var swapped = survey.copiesOfCurrent
        if !survey.oldLayout.isEmpty {
            current = try adoptOldLayout(survey.oldLayout.sorted(), current: current)
            swapped = survey.oldLayout
        }
        // The manifest first: from then on the folder reads as the new layout.
        for name in swapped.sorted(by: { ($0 == ReportStaging.manifestName ? 0 : 1, $0) < ($1 == ReportStaging.manifestName ? 0 : 1, $1) }) {
            try replaceWithLink(name)
        }

        let generation = try nextGeneration()
        try step(rename(stagingPath, Self.join(statePath, generation)) == 0, "cannot write", destination)
        newGeneration = generation
        Self.syncFolder(statePath)
        for name in names where LocalFile.kind(Self.join(destination, name)) == .missing {
            try step(symlink(ReportFolderSurvey.linkTarget(name), Self.join(destination, name)) == 0,
                     "cannot write", Self.join(destination, name))
            addedLinks.append(name)
        }
        Self.syncFolder(destination)
        if let current { try pointStateLink("previous", to: current) }
        try pointStateLink("current", to: generation)
        isPublished = true
        Self.syncFolder(statePath)

        // Published: what is left is tidying, which the next run's sweep repeats if it fails.
        for name in survey.links.union(swapped).subtracting(names).sorted()
        where LocalFile.linkTarget(Self.join(destination, name)) == ReportFolderSurvey.linkTarget(name) {
            if unlink(Self.join(destination, name)) == 0 { try checkpoint() }
        }
        try Self.sweep(statePath, afterStep: { () throws(OutputError) in try checkpoint() })
        Self.syncFolder(destination)
    }

    /// Makes the old layout's files the current generation without changing a byte shown.
    private func adoptOldLayout(_ names: [String], current: String?) throws(OutputError) -> String {
        let generation = try nextGeneration()
        let folder = Self.join(statePath, generation)
        try step(mkdir(folder, 0o755) == 0, "cannot create folder", folder)
        for name in names {
            let source = Self.join(destination, name), target = Self.join(folder, name)
            if link(source, target) != 0 {
                // A file system without hard links (some network and FUSE ones): a copy.
                guard [EPERM, EMLINK, EXDEV, EOPNOTSUPP, ENOTSUP].contains(errno) else {
                    throw OutputError.posix("cannot write", target, errno: errno)
                }
                try LocalFile.copy(source, to: target)
            }
            try checkpoint()
        }
        Self.syncFolder(folder)
        if let current { try pointStateLink("previous", to: current) }
        try pointStateLink("current", to: generation)
        return generation
    }

    /// Swaps a regular file holding the current generation's bytes for a link to them.
    private func replaceWithLink(_ name: String) throws(OutputError) {
        let temporary = Self.join(statePath, "link.tmp")
        unlink(temporary)
        try step(symlink(ReportFolderSurvey.linkTarget(name), temporary) == 0, "cannot write", Self.join(destination, name))
        try step(rename(temporary, Self.join(destination, name)) == 0, "cannot write", Self.join(destination, name))
    }

    /// Points the state link `name` (`current`, `previous`) at a generation, in one rename.
    private func pointStateLink(_ name: String, to generation: String) throws(OutputError) {
        let link = Self.join(statePath, name), temporary = link + ".new"
        unlink(temporary)
        try step(symlink(generation, temporary) == 0, "cannot write", link)
        try step(rename(temporary, link) == 0, "cannot write", link)
    }

    /// `report-N` with N above every generation in the state folder.
    private func nextGeneration() throws(OutputError) -> String {
        let numbers = try LocalFile.entries(statePath).compactMap(ReportFolderSurvey.generationNumber)
        return "report-\((numbers.max() ?? 0) + 1)"
    }

    /// Fails with the call's errno unless it succeeded, then counts the step.
    private func step(_ succeeded: Bool, _ action: String, _ path: String) throws(OutputError) {
        guard succeeded else { throw OutputError.posix(action, path, errno: errno) }
        try checkpoint()
    }

    /// Counts a step that changed the folder; stops there when a test asked to.
    private func checkpoint() throws(OutputError) {
        publishSteps += 1
        if let stop = stopsAfterPublishStep, publishSteps >= stop {
            stoppedByTest = true
            throw OutputError(action: "stopped", path: destination, reason: "after publish step \(publishSteps)")
        }
    }

    /// After a failure before the switch: removes the links this run added (still dangling)
    /// and its generation; the previous report stays as it was shown.
    func undoUnpublished() {
        for name in addedLinks where LocalFile.linkTarget(Self.join(destination, name)) == ReportFolderSurvey.linkTarget(name) {
            unlink(Self.join(destination, name))
        }
        addedLinks = []
        if let generation = newGeneration {
            try? FileManager.default.removeItem(atPath: Self.join(statePath, generation))
            newGeneration = nil
        }
    }
}

/// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread until `restore()`; a signal sent
/// meanwhile stays pending and is delivered then (pthread_sigmask(3)).
struct SignalBlock {
    private var previous = sigset_t()

    init() {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    }

    func restore() {
        var previous = previous
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
