#!/usr/bin/env python3
"""Runs receipt-ledger on Apache Spark: the same report folder as one `receipt-ledger run`, byte
for byte, from records that no one machine need hold (issue 26; docs/PARTIAL-STATE.md).

The driver conducts; every rule runs in the receipt-ledger binary, which each stage calls:

1. shard (on the executors, one call per input partition): the partition's records, written as
   NDJSON, are read and parsed; out come the partition's `records.part` (what the merge does once
   per record) and one `bucket-NNNNN.part` per bucket of transactions (every transaction copy,
   bucketed by a hash of its transaction_id).
2. index (on the driver): every partition's `records.part` gives the record index (duplicate
   record ids, users, the latest verified_at). It is small, a few words per record, and is sent
   to the executors.
3. merge-bucket (on the executors, after Spark's shuffle has brought each bucket's parts from
   every partition together): the bucket's copies are merged in processing order and its
   transactions booked.
4. finish (on the driver): the per-record merge, the booked buckets joined in key order, and the
   report folder written, atomically, as `run` writes it.

Input: NDJSON files (one record a line, as `run --ndjson` reads) or Parquet files with the columns
`id, user_id, verified_at, claimed_environment, response` (response a string or UTF-8 binary).
Anything after `--` goes to the stages as `run` options (`--catalog`, `--bundle-id` go to shard and
merge-bucket too, their files shipped to the executors).

    spark-submit --master local[2] deploy/spark/ledger_on_spark.py \\
        --binary .build/release/receipt-ledger --input records.ndjson --buckets 16 \\
        --out reports/spark -- --catalog catalog.csv --tz America/Los_Angeles
"""
import argparse
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile

# Options `run` takes that the executors' stages need too: which stages, and whether the value is a
# file (its bytes are shipped to the executors) or a value passed as it is.
EXECUTOR_OPTIONS = {
    "--bundle-id": (("shard",), False),
    "--catalog": (("merge-bucket",), True),
}
# `run` options that take no value.
FLAG_OPTIONS = ("--force", "--strict", "--no-xlsx", "--reference")


class StageError(RuntimeError):
    """A stage's binary exited with an error: its command and what it wrote on stderr."""


def run_stage(command):
    """Runs one stage of the binary; raises StageError with its stderr when it fails."""
    finished = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if finished.returncode != 0:
        message = finished.stderr.decode("utf-8", "replace").strip()
        raise StageError(f"receipt-ledger {command[1]} exited with {finished.returncode}: {message}")
    return finished


def write_file(path, data):
    """Writes `data` (bytes) to `path`, replacing a file there; returns `path`."""
    with open(path, "wb") as file:
        file.write(data)
    return path


def executor_run_options(options):
    """Of the `run` options, those the executors' stages take: [(flag, value or file bytes,
    is_file)]. Usage mistakes are left to the binary, which names them (in finish)."""
    executor = []
    index = 0
    while index < len(options):
        flag = options[index]
        if flag in FLAG_OPTIONS or index + 1 >= len(options):
            index += 1
            continue
        value = options[index + 1]
        if flag in EXECUTOR_OPTIONS:
            stages, is_file = EXECUTOR_OPTIONS[flag]
            if is_file:
                with open(value, "rb") as file:
                    value = file.read()
            executor.append((flag, value, is_file))
        index += 2
    return executor


def repeated(flag, values):
    """`flag` before each of `values`, as the stages take lists."""
    return [item for value in values for item in (flag, value)]


def materialize_options(executor_options, folder, stage):
    """The options `stage` takes of the executors' options, as arguments, their files written
    into `folder`."""
    arguments = []
    for number, (flag, value, is_file) in enumerate(executor_options):
        if stage not in EXECUTOR_OPTIONS[flag][0]:
            continue
        if is_file:
            value = write_file(os.path.join(folder, f"option-{number}{flag.replace('-', '_')}"), value)
        arguments += [flag, value]
    return arguments


def executable(path):
    """`path`, made executable (SparkFiles copies lose the mode)."""
    mode = os.stat(path).st_mode
    if not mode & stat.S_IXUSR:
        os.chmod(path, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def parquet_row_as_line(row):
    """A Parquet row as the NDJSON line `run --ndjson` reads."""
    response = row["response"]
    if isinstance(response, (bytes, bytearray)):
        response = bytes(response).decode("utf-8")
    record = {"id": row["id"], "user_id": row["user_id"], "verified_at": row["verified_at"],
              "claimed_environment": row["claimed_environment"], "response": response}
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def shard_partition(binary_name, buckets, executor_options):
    """The function Spark runs on each input partition (stage 1)."""
    def shard(partition, lines):
        from pyspark import SparkFiles
        binary = executable(SparkFiles.get(binary_name))
        work = tempfile.mkdtemp(prefix="receipt-ledger-shard-")
        try:
            records = os.path.join(work, "records.ndjson")
            count = 0
            with open(records, "wb") as file:
                for line in lines:
                    file.write(line)
                    file.write(b"\n")
                    count += 1
            if count == 0:
                return
            name = f"part-{partition:05d}"
            out = os.path.join(work, "out")
            run_stage([binary, "shard", "--ndjson", records, "--buckets", str(buckets), "--shard-name", name,
                       "--out", out] + materialize_options(executor_options, work, "shard"))
            for file_name in sorted(os.listdir(out)):
                with open(os.path.join(out, file_name), "rb") as file:
                    data = file.read()
                if file_name == "records.part":
                    yield (-1, (name, data))
                elif file_name.startswith("bucket-") and file_name.endswith(".part"):
                    yield (int(file_name[len("bucket-"):-len(".part")]), (name, data))
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return shard


def merge_bucket(binary_name, index_broadcast, executor_options):
    """The function Spark runs on each bucket, its parts from every partition (stage 3)."""
    def merge(item):
        from pyspark import SparkFiles
        bucket, parts = item
        binary = executable(SparkFiles.get(binary_name))
        work = tempfile.mkdtemp(prefix="receipt-ledger-bucket-")
        try:
            index = write_file(os.path.join(work, "index.part"), index_broadcast.value)
            part_paths = [write_file(os.path.join(work, f"{name}.bucket-{bucket:05d}.part"), data) for name, data in sorted(parts)]
            booked = os.path.join(work, f"booked-{bucket:05d}.part")
            run_stage([binary, "merge-bucket", "--bucket", str(bucket), "--index", index, "--out", booked]
                      + repeated("--parts", part_paths) + materialize_options(executor_options, work, "merge-bucket"))
            with open(booked, "rb") as file:
                return (bucket, file.read())
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return merge


def parse_arguments(argv):
    if "--" in argv:
        split = argv.index("--")
        argv, run_options = argv[:split], argv[split + 1:]
    else:
        run_options = []
    parser = argparse.ArgumentParser(description="receipt-ledger on Apache Spark (see the module's docstring)")
    parser.add_argument("--binary", required=True, help="the receipt-ledger executable (shipped to the executors)")
    parser.add_argument("--input", required=True, nargs="+", help="NDJSON or Parquet files or folders")
    parser.add_argument("--format", choices=("ndjson", "parquet"), default="ndjson")
    parser.add_argument("--partitions", type=int, default=0,
                        help="input partitions, each read by one shard call (default: as Spark splits the input)")
    parser.add_argument("--buckets", type=int, default=64, help="transaction buckets (default 64)")
    parser.add_argument("--out", required=True, help="the report folder, on the driver")
    parser.add_argument("--input-label", default=None,
                        help="how the report names its input (default: the input paths)")
    parser.add_argument("--master", default=None, help="Spark master when not given by spark-submit, e.g. local[2]")
    arguments = parser.parse_args(argv)
    if arguments.buckets < 1:
        parser.error("--buckets must be at least 1")
    return arguments, run_options


def main(argv):
    arguments, run_options = parse_arguments(argv)
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("receipt-ledger").config("spark.ui.showConsoleProgress", "false")
    if arguments.master:
        builder = builder.master(arguments.master)
    spark = builder.getOrCreate()
    context = spark.sparkContext
    context.setLogLevel("ERROR")
    binary = os.path.abspath(arguments.binary)
    context.addFile(binary)
    binary_name = os.path.basename(binary)
    executor_options = executor_run_options(run_options)

    if arguments.format == "ndjson":
        lines = context.textFile(",".join(arguments.input), use_unicode=False)
        lines = lines.filter(lambda line: line.strip(b" \t\r") != b"")
    else:
        lines = spark.read.parquet(*arguments.input).rdd.map(parquet_row_as_line)
    if arguments.partitions > 0:
        lines = lines.repartition(arguments.partitions)

    from pyspark import StorageLevel
    parts = lines.mapPartitionsWithIndex(shard_partition(binary_name, arguments.buckets, executor_options))
    parts.persist(StorageLevel.MEMORY_AND_DISK)

    work = tempfile.mkdtemp(prefix="receipt-ledger-driver-")
    try:
        # Stage 2: the record index, on the driver.
        record_paths = []
        for bucket, (name, data) in parts.filter(lambda item: item[0] < 0).toLocalIterator():
            record_paths.append(write_file(os.path.join(work, f"{name}.records.part"), data))
        if not record_paths:
            sys.exit("ledger_on_spark: the input holds no records")
        record_paths.sort()
        index_path = os.path.join(work, "index.part")
        run_stage([binary, "index", "--out", index_path] + repeated("--records", record_paths))
        with open(index_path, "rb") as file:
            index_broadcast = context.broadcast(file.read())

        # Stage 3: each bucket merged where Spark's shuffle brought its parts together.
        buckets = parts.filter(lambda item: item[0] >= 0).groupByKey(numPartitions=max(1, context.defaultParallelism))
        booked_paths = []
        for bucket, data in buckets.map(merge_bucket(binary_name, index_broadcast, executor_options)).toLocalIterator():
            booked_paths.append(write_file(os.path.join(work, f"booked-{bucket:05d}.part"), data))
        booked_paths.sort()

        # Stage 4: the report folder, on the driver. Its summary, warnings (unpriced sales, a
        # catalog mistake, most records rejected) and exit code (65 under --strict) are the
        # user's, as `run`'s are: passed through, not kept.
        label = arguments.input_label or ", ".join(arguments.input)
        finish_status = subprocess.run([binary, "finish", "--index", index_path, "--out", arguments.out, "--input-label", label]
                                       + repeated("--records", record_paths) + repeated("--booked", booked_paths)
                                       + run_options).returncode
    except StageError as error:
        sys.exit(f"ledger_on_spark: {error}")
    except Exception as error:  # a stage that failed on an executor arrives wrapped by Py4J
        stage_lines = [line for line in str(error).splitlines() if "StageError: " in line]
        if not stage_lines:
            raise
        sys.exit("ledger_on_spark: " + stage_lines[-1].split("StageError: ", 1)[1])
    finally:
        shutil.rmtree(work, ignore_errors=True)
        spark.stop()
    sys.exit(finish_status)


if __name__ == "__main__":
    main(sys.argv[1:])
