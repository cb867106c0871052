// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "receipt-ledger",
    products: [
        .executable(name: "receipt-ledger", targets: ["receipt-ledger"]),
        .library(name: "ReceiptLedger", targets: ["ReceiptLedger"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // SHA-256 with the x86 SHA extensions (Swift cannot emit them); see sha256_hardware.c.
        .target(
            name: "CSHA256",
            path: "Sources/CSHA256"
        ),
        // SQLite page reads served from 128 KiB reads of a read-only input; see read_ahead.c.
        .target(
            name: "CSQLiteReadAhead",
            dependencies: ["CSQLite"],
            path: "Sources/CSQLiteReadAhead"
        ),
        // The rules and the job (docs/ARCHITECTURE.md).
        .target(
            name: "ReceiptLedger",
            dependencies: ["CSQLite", "CSQLiteReadAhead", "CSHA256"],
            path: "Sources/ReceiptLedger"
        ),
        // The demo data generator. It sees only the library's `package` declarations; the
        // commands come in through its `DemoDataSet`.
        .target(
            name: "ReceiptLedgerDemo",
            dependencies: ["ReceiptLedger"],
            path: "Sources/ReceiptLedgerDemo"
        ),
        // The commands: argument parsing, exit codes, the progress line, the benchmark. They
        // see only the `package` declarations of the library and the demo.
        .target(
            name: "ReceiptLedgerCommands",
            dependencies: ["ReceiptLedger", "ReceiptLedgerDemo"],
            path: "Sources/ReceiptLedgerCommands"
        ),
        .executableTarget(
            name: "receipt-ledger",
            dependencies: ["ReceiptLedgerCommands"],
            path: "Sources/receipt-ledger"
        ),
        .testTarget(
            name: "ReceiptLedgerTests",
            dependencies: ["ReceiptLedger", "ReceiptLedgerDemo", "ReceiptLedgerCommands"],
            path: "Tests/ReceiptLedgerTests"
        ),
    ]
)
