#!/usr/bin/env python3
"""The Spark run against one machine's run, byte for byte (issue 26, deliverable 4).

Generates the demo data, writes it as NDJSON, deals its records at random (a fixed seed) into
three shard files, runs `deploy/spark/ledger_on_spark.py` on them with Spark in local mode
(`local[2]`), runs `receipt-ledger run` once over all records, and compares every file of the
two report folders byte for byte. The one file that must differ is `manifest.json`: its `inputs`
name the shard files and their digests, and its `options.out` the other folder; every other key
of it must be equal. With `--parquet` the shards go to Spark as Parquet files too (Spark writes
them), and that report must be the same.

    python3 deploy/spark/test_local.py --binary .build/debug/receipt-ledger [--records 3000] [--keep DIR]

Exit 0 when the folders agree; 1 with the files that differ.
"""
import argparse
import filecmp
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sqlite_to_ndjson  # noqa: E402


def run(command, **kwargs):
    print("+ " + " ".join(command), flush=True)
    finished = subprocess.run(command, **kwargs)
    if finished.returncode != 0:
        sys.exit(f"test_local: {command[0]} exited with {finished.returncode}")


def manifest_without_inputs(path):
    with open(path, encoding="utf-8") as file:
        manifest = json.load(file)
    manifest.pop("inputs", None)
    manifest.get("options", {}).pop("out", None)
    return manifest


def compare(single, spark):
    """The names of the files that differ between the two report folders (or exist in one). The
    tool's own state folder (`.receipt-ledger`: the lock and the published generation the report's
    names link to) is not a report file."""
    names = sorted((set(os.listdir(single)) | set(os.listdir(spark))) - {".receipt-ledger"})
    differ = []
    for name in names:
        left, right = os.path.join(single, name), os.path.join(spark, name)
        if not (os.path.isfile(left) and os.path.isfile(right)):
            differ.append(f"{name} (only in one folder)")
        elif name == "manifest.json":
            if manifest_without_inputs(left) != manifest_without_inputs(right):
                differ.append(name)
        elif not filecmp.cmp(left, right, shallow=False):
            differ.append(name)
    return names, differ


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--records", type=int, default=3000)
    parser.add_argument("--shards", type=int, default=3)
    parser.add_argument("--buckets", type=int, default=7)
    parser.add_argument("--parquet", action="store_true", help="also run from Parquet shards")
    parser.add_argument("--keep", default=None, help="work in this folder and keep it")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    work = arguments.keep or tempfile.mkdtemp(prefix="receipt-ledger-spark-test-")
    os.makedirs(work, exist_ok=True)
    try:
        data = os.path.join(work, "data")
        run([binary, "demo", "--records", str(arguments.records), "--data", data, "--out", os.path.join(work, "demo")],
            stdout=subprocess.DEVNULL)
        everything = os.path.join(work, "records.ndjson")
        sqlite_to_ndjson.export(os.path.join(data, "receipts.sqlite"), everything)
        with open(everything, "rb") as file:
            lines = file.read().splitlines()
        random.Random(26).shuffle(lines)
        shards = []
        for number in range(arguments.shards):
            path = os.path.join(work, f"shard-{number}.ndjson")
            with open(path, "wb") as file:
                file.write(b"".join(line + b"\n" for line in lines[number::arguments.shards]))
            shards.append(path)

        options = ["--catalog", os.path.join(data, "catalog.csv"),
                   "--apple-sales", os.path.join(data, "apple", "sales"),
                   "--apple-financial", os.path.join(data, "apple", "financial")]
        single = os.path.join(work, "single")
        run([binary, "run", "--ndjson", everything, "--out", single] + options, stdout=subprocess.DEVNULL)
        label = f"NDJSON {everything}"

        variants = [("ndjson", shards, single, label)]
        if arguments.parquet:
            parquet, as_lines = os.path.join(work, "parquet"), os.path.join(work, "parquet-rows.ndjson")
            write_parquet(shards, parquet, as_lines)
            parquet_single = os.path.join(work, "single-parquet")
            run([binary, "run", "--ndjson", as_lines, "--out", parquet_single] + options, stdout=subprocess.DEVNULL)
            variants.append(("parquet", [parquet], parquet_single, f"NDJSON {as_lines}"))
        failed = False
        for kind, inputs, expected, label in variants:
            out = os.path.join(work, f"spark-{kind}")
            run([sys.executable, os.path.join(HERE, "ledger_on_spark.py"), "--master", "local[2]", "--binary", binary,
                 "--format", kind, "--input"] + inputs + ["--partitions", str(arguments.shards + 1),
                 "--buckets", str(arguments.buckets), "--out", out, "--input-label", label, "--"] + options)
            names, differ = compare(expected, out)
            if differ:
                failed = True
                print(f"test_local: {kind}: {len(differ)} of {len(names)} files differ: {', '.join(differ)}")
            else:
                print(f"test_local: {kind}: all {len(names)} files agree (manifest.json but its inputs)")
        sys.exit(1 if failed else 0)
    finally:
        if not arguments.keep:
            shutil.rmtree(work, ignore_errors=True)


def write_parquet(shards, folder, as_lines):
    """The shard files as Parquet, written by Spark, typed as a warehouse would type them (`id` a
    long; `user_id`, `verified_at`, `claimed_environment`, `response` strings, an integer
    `verified_at` as its digits); and, in `as_lines`, the NDJSON lines the driver makes of those
    rows (`ledger_on_spark.parquet_row_as_line`), for the one-machine run to read."""
    from pyspark.sql import SparkSession
    from pyspark.sql.types import LongType, StringType, StructField, StructType
    import ledger_on_spark
    def text(value):
        return None if value is None else value if isinstance(value, str) else json.dumps(value)
    rows = []
    for shard in shards:
        with open(shard, encoding="utf-8") as file:
            for line in file:
                record = json.loads(line)
                identifier = record.get("id")
                rows.append((identifier if isinstance(identifier, int) else None, text(record.get("user_id")),
                             text(record.get("verified_at")), text(record.get("claimed_environment")),
                             text(record.get("response"))))
    names = ("id", "user_id", "verified_at", "claimed_environment", "response")
    with open(as_lines, "wb") as file:
        for row in rows:
            file.write(ledger_on_spark.parquet_row_as_line(dict(zip(names, row))) + b"\n")
    schema = StructType([StructField("id", LongType(), True)] + [StructField(name, StringType(), True) for name in names[1:]])
    spark = SparkSession.builder.master("local[2]").appName("receipt-ledger-test-parquet").getOrCreate()
    try:
        spark.createDataFrame(rows, schema).write.mode("overwrite").parquet(folder)
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
