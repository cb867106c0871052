#!/usr/bin/env python3
"""Writes the stored results of a receipt-ledger SQLite file as NDJSON, one record a line.

Each line is the object `receipt-ledger run --ndjson` reads: `id, user_id, verified_at,
claimed_environment, response`, each value as SQLite typed it (an integer stays an integer, a
text a string, NULL null); `response` is the stored text, as a JSON string. Rows go out in the
table's rowid order. A response that is not UTF-8 text (a BLOB of other bytes) cannot be a JSON
string: the export stops with the row's id rather than change the bytes.

    python3 deploy/spark/sqlite_to_ndjson.py receipts.sqlite receipts.ndjson
"""
import json
import sqlite3
import sys


def export(database_path, ndjson_path):
    connection = sqlite3.connect(f"file:{database_path}?mode=ro", uri=True)
    connection.text_factory = bytes
    rows = connection.execute(
        "SELECT id, user_id, verified_at, claimed_environment, response FROM verification_results ORDER BY rowid")
    count = 0
    with open(ndjson_path, "w", encoding="utf-8", newline="\n") as out:
        for row in rows:
            values = []
            for value in row:
                if isinstance(value, bytes):
                    try:
                        value = value.decode("utf-8")
                    except UnicodeDecodeError:
                        sys.exit(f"sqlite_to_ndjson: row id {row[0]!r} holds bytes that are not UTF-8; not exported")
                values.append(value)
            record = dict(zip(("id", "user_id", "verified_at", "claimed_environment", "response"), values))
            out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
            out.write("\n")
            count += 1
    return count


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: sqlite_to_ndjson.py DATABASE.sqlite OUT.ndjson")
    print(f"{export(sys.argv[1], sys.argv[2])} records written to {sys.argv[2]}")
