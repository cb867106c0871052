/// What kind of data set the generator makes. `demo` is the demo's own: every pitfall of
/// DOMAIN.md, named stories, short histories answered again and again. `histories` is a second
/// shape for measuring the pipeline on data unlike the demo's (`bench --shape histories`), so
/// that no piece of machinery is kept for one shape alone.
package enum DemoShape: String, CaseIterable, Sendable {
    case demo
    /// Ordinary customers only, each with a long history over the whole span: subscribers
    /// renewing month after month and coin spenders buying every few days. Renewal answers
    /// list only each subscription's latest period (Apple's `exclude-old-transactions`) and
    /// consumables show in one answer only, so few objects repeat and the input holds more
    /// transactions per MB. A sixth of the rows are stored late (seconds to hours, so not in
    /// (`verified_at`, `id`) order), a third of the responses as BLOB, the rest as TEXT; no
    /// failed answer and no bad row: every record is read.
    case histories
}
