/// Texts a reading thread hands out again instead of making them anew for every transaction
/// copy it reads: the product ids (a few dozen in a run, pooled for the whole run) and the
/// latest `original_transaction_id` (a subscription's periods follow one another in an
/// answer's arrays). Texts are compared byte for byte, so a copy reads the same either way.
struct CopyTexts {
    var products = StringPool()
    var latestOriginalTransactionID: IDText?
}
