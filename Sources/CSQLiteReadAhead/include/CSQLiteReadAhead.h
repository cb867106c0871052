#ifndef CSQLITEREADAHEAD_H
#define CSQLITEREADAHEAD_H

/// Registers (the first time; thread-safe) a SQLite VFS that reads a read-only main database
/// file 128 KiB at a time and serves SQLite's page reads from that window (see read_ahead.c);
/// every other file and operation goes to the default VFS unchanged. Returns the VFS's name
/// for `sqlite3_open_v2`, or NULL when it could not be registered (open with the default VFS).
const char *read_ahead_vfs(void);

#endif
