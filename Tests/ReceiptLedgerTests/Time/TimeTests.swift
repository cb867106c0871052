import Testing

/// Groups every suite of the Time area, so that `swift test --filter Time` runs all of them.
@Suite struct TimeTests {}
