import ReceiptLedger

/// The text of `--help` for the tool and each subcommand. README's options section says the same.
enum HelpText {
    static let tool = """
    receipt-ledger \(ReceiptLedgerInfo.version): turns stored App Store verifyReceipt answers into ledgers finance can sign.

    Usage:
      receipt-ledger run (--db FILE [--query SQL] | --ndjson FILE) [options]
      receipt-ledger demo [--records N] [--seed N] [--out DIR]
      receipt-ledger bench [--records N] [--seed N] [--data DIR] [--runs N] [--ndjson]
      receipt-ledger templates --export DIR
      receipt-ledger shard (--db FILE | --ndjson FILE) --buckets N --shard-name NAME --out DIR [run options]
      receipt-ledger index --records DIR/records.part ... --out INDEX
      receipt-ledger merge-bucket --bucket B --parts DIR/bucket-B.part ... --index INDEX --out FILE [run options]
      receipt-ledger finish --index INDEX --records DIR/records.part ... --booked FILE ... --out REPORTDIR [run options]
      receipt-ledger help [COMMAND]
      receipt-ledger --version

    Commands:
      run        read stored results, write the journal, ledgers and checks into --out
      demo       generate realistic demo data with every known pitfall, then run on it
      bench      time the pipeline against a plain read of the same file, with peak memory
      templates  write the built-in HTML templates out for editing
      shard, index, merge-bucket, finish
                 a run in stages over shards of the records, on one machine or many
                 (docs/PARTIAL-STATE.md); the report is the same bytes as one run's
      help       show help for a command

    Run 'receipt-ledger COMMAND --help' for a command's options.
    """

    static let run = """
    Usage: receipt-ledger run (--db FILE [--query SQL] | --ndjson FILE) [options]

    Input (exactly one):
      --db FILE              SQLite file with a verification_results table (opened read-only)
      --query SQL            with --db: any SELECT returning id, user_id, verified_at,
                             claimed_environment, response
      --ndjson FILE          one JSON object per line with the same keys; response may be an
                             object, or a string holding one or holding a JWS

    Options:
      --catalog FILE         product catalog CSV (product_id, product_type, currency, price,
                             effective_from, proceeds_rate, intro_price); without it only
                             signed transactions carrying Apple's price are priced
      --out DIR              report folder (default: reports): a new or empty folder or one
                             of the tool's; the new report replaces the old one at once, only
                             when the whole of it was written
      --force                write into a folder that holds other files too (none is ever
                             replaced or removed), the root or the home folder
      --bundle-id ID         accept only receipts of this app (repeatable)
      --as-of TIME           instant at which subscription states are judged (default: the
                             latest verified_at of the input); any timestamp form of SPEC §2
      --period UNIT          day, week, month (default), quarter or year
      --calendar KIND        gregorian (default) or apple-fiscal (Apple's 5-4-4 payment calendar)
      --tz ZONE              IANA time zone periods are cut in (default UTC;
                             America/Los_Angeles matches Apple's sales reports)
      --refunds BOOKING      refund-period (default: a refund lowers the period it happened in)
                             or sale-period (restates the sale's period)
      --orders FILE          the app's deliveries as CSV (order_id, user_id, product_id,
                             transaction_id, delivered_at, revoked_at); default: an orders
                             table in the --db file, when there is one
      --orders-query SQL     with --db: any SELECT returning those columns
      --revoke-grace-hours N hours a server may take to revoke after a refund (default 24;
                             decimals allowed: 0.5)
      --templates DIR        HTML templates that replace the built-in ones, file by file
                             (default: templates/ in the working folder, when present)
      --apple-sales PATH     Apple's Summary Sales Reports (a file or a folder; .txt, .tsv or
                             .gz; repeatable): units and money per Pacific day against ours,
                             in apple_reconciliation.csv and apple_amounts.csv
      --apple-financial PATH Apple's Financial Reports, the same way, per fiscal month
      --memory-limit SIZE    merge in buckets through temporary files (K, M or G: 256M), so
                             that the merge holds one bucket at a time and the report reads
                             the transactions from disk; slower, same bytes. An index of
                             ids, the ledgers and subscriptions stay in memory: a run whose
                             peak passed the limit says so on stderr. auto: half the memory
                             free; without the option, a run whose input could need more
                             than that takes it, and says so
      --strict               exit with 65 (reports still written) when any record was
                             rejected or any production transaction is unpriced
      --max-rejected-share S exit with 65 when more than S (0 to 1, e.g. 0.05) of the records
                             read were rejected; with --strict it replaces "any record"
      --reference            read the slow, simple way (Foundation's JSON parser, one
                             reading thread, two passes): the same files, byte for
                             byte, to check the default against
      --no-xlsx              leave report.xlsx out (the CSV files and pages are the same)
      -h, --help             show this help

    Warnings (stderr, and first on the overview page): production transactions without a
    catalog price (per product, with a close catalog id and what they would be), no
    --catalog, and more than half of the records rejected, with the likely cause.
    """

    static let demo = """
    Usage: receipt-ledger demo [--records N] [--seed N] [--out DIR] [--data DIR]

    Generates a stored-results SQLite file (with an orders table) and a catalog that hold every
    pitfall practitioners report (repeated histories, renewals only in latest_receipt_info,
    trials, intro offers, family sharing, late refunds, upgrades, sandbox receipts claimed as
    production, 21007/21008, broken bodies, shared Apple IDs, old-style answers, Pacific-only
    dates across DST; about one user in ten read from Apple's signed data: V2 notifications,
    transaction histories, bare JWS), and Apple's sales and financial reports for it, then runs
    the pipeline on them.

    Options:
      --records N            stored answers to generate (default: 5000)
      --seed N               random seed; the same seed gives the same bytes (default: 1)
      --out DIR              report folder (default: reports/demo)
      --data DIR             where the generated input goes (default: reports/demo-data)
      -h, --help             show this help
    """

    static let bench = """
    Usage: receipt-ledger bench [--records N] [--seed N] [--shape demo|histories] [--data DIR] [--runs N]
                                [--ndjson] [--verify]

    Generates demo data (once; later runs reuse it), then times a plain read of the response
    column (sqlite3 FILE "SELECT sum(length(response)) FROM verification_results" as a child
    process when a sqlite3 command is installed, and the same query in this process), the
    input's SHA-256 alone (which every run computes for the manifest) and the whole run
    pipeline on the same file, every output written, and prints records/s, MB/s, the ratio to
    the plain read (the command's time, else the in-process one), the pipeline's peak memory
    and CPU time (measured in a child process), the peak memory per distinct transaction (less
    a run on a one-record data set, made beside it), and how much of the input the page cache
    held before each run (below 100 %, runs also read the disk).

    Options:
      --records N            stored answers in the data set (default: 200000)
      --seed N               random seed of the data set (default: 1)
      --shape NAME           demo (default): the demo's data, every pitfall, short histories
                             answered again and again; histories: long histories (subscribers
                             renewing for months, coin spenders buying every few days), renewal
                             answers with only each subscription's latest period, few repeated
                             objects, more transactions per MB, a sixth of the rows stored late
                             (not in verified_at order), a third of the responses as BLOB
      --data DIR             where the data set is kept (default: reports/bench-data)
      --runs N               timed runs of each; medians are reported (default: 3)
      --ndjson               also run on the NDJSON form of the same data
      --verify               then run the reference reading (run --reference) too and check
                             that it writes the same files, byte for byte
      --templates DIR        HTML templates that replace the built-in ones, file by file
      -h, --help             show this help
    """

    static let shard = """
    Usage: receipt-ledger shard (--db FILE [--query SQL] | --ndjson FILE) --buckets N --shard-name NAME --out DIR [options]

    Stage 1 of a sharded run (docs/PARTIAL-STATE.md): reads one shard of the records with the
    row checks and parsing of run, merges nothing, and writes into DIR (created if missing):
      records.part           every record: its keys, row check and what the merge does once
                             per record
      bucket-NNNNN.part      for each bucket holding any: the transaction copies whose
                             transaction_id hashes to it (FNV-1a 64 of its bytes, modulo N)

    Options:
      --buckets N            how many buckets (1 to 1000000); the same N for every shard
      --shard-name NAME      this shard's name, different for every shard; records of equal
                             (verified_at, id) in two shards are ordered by it
      --bundle-id ID         as for run (repeatable); the same for every stage
      --reference            parse as run --reference does
    """

    static let index = """
    Usage: receipt-ledger index --records DIR/records.part [--records ...] --out INDEX

    Stage 2 of a sharded run: reads every shard's records.part and writes the record index:
    which records are rejected as duplicate_id (the first by verified_at, id, then shard name
    and position is kept), the users, each user's visits and the latest verified_at.
    """

    static let mergeBucket = """
    Usage: receipt-ledger merge-bucket --bucket B --parts DIR/bucket-B.part [--parts ...] --index INDEX --out FILE [options]

    Stage 3 of a sharded run: merges bucket B's transaction copies from every shard (a shard
    without the file holds none of it) in processing order, skipping duplicate records, books
    its transactions and writes them with their anomalies to FILE.

    Options:
      --catalog FILE         the product catalog, as for run (the same for every bucket)
    """

    static let finish = """
    Usage: receipt-ledger finish --index INDEX --records DIR/records.part [...] --booked FILE [...] --out REPORTDIR [options]

    Stage 4 of a sharded run: merges what is merged once per record over every record, joins
    every bucket's booked transactions and writes the report folder as run does. Every shard's
    records.part and every bucket's booked file must be given.

    Options:
      --input-label TEXT     what the pages call the input (default: partial state in INDEX);
                             "NDJSON FILE" or "verification_results in FILE" as run would
      --catalog, --out, --force, --bundle-id, --as-of, --period, --calendar, --tz, --refunds,
      --orders, --revoke-grace-hours, --templates, --apple-sales, --apple-financial, --strict,
      --max-rejected-share, --no-xlsx
                             as for run (see receipt-ledger run --help)
    """

    static let templates = """
    Usage: receipt-ledger templates --export DIR

    Writes the HTML templates built into the binary into DIR (created when missing) for
    editing; nothing is written when any of them is already there. Runs take them with
    --templates DIR, or from templates/ in the working folder; a file left out (or deleted)
    is taken from the built-in ones.

    Options:
      --export DIR           the folder to write
      -h, --help             show this help
    """
}
