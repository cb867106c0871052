// A SQLite VFS that reads a read-only main database file in windows of WINDOW_BYTES.
//
// SQLite reads a table scan one page at a time, a `pread` call per page, each paying the
// kernel's fixed cost per call. Here a page read that falls outside the windows reads the
// window around it (one call), and the pages near it are copied from there, so that a scan
// makes one system call per window instead of one per page.
// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › read_ahead.c.
//
// Two windows, each starting at a multiple of its size: a scan reads mostly forward, but not
// strictly. A leaf page may be read just before the overflow page in front of it, and every
// few hundred pages the scan reads a page far ahead (the next interior page, allocated later)
// and then goes on where it was. With one window starting at the page asked for, each of those
// would read a window again. A window aligned to its size holds the pages on both sides of the
// one asked for, and the second window keeps the scan's place while the first serves the jump
// (a miss refills the window used less recently).
//
// The windows must never show bytes the file no longer holds. They are forgotten whenever
// SQLite takes or releases a lock (a new transaction may follow another connection's commit) or
// touches the WAL's shared-memory locks, and on any write, truncation or file control. Within
// one read transaction the pages SQLite reads from the main file cannot change: in rollback
// mode a writer needs the exclusive lock that the reader's shared lock blocks, and in WAL mode
// a checkpoint writes into the main file only pages the reader takes from the WAL.
//
// Only files opened with SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_READONLY get windows; reads larger
// than a quarter of one, reads reaching past the end of the file, and everything else go to the
// default VFS as they are.
#include "CSQLiteReadAhead.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW_BYTES (128 * 1024)
#define WINDOW_COUNT 2

typedef struct {
    unsigned char *bytes;
    sqlite3_int64 start;     // the file offset of bytes[0]
    int length;              // bytes that hold the file's bytes; 0 when forgotten
} window;

typedef struct {
    sqlite3_file base;       // first: SQLite sees this struct as an sqlite3_file
    sqlite3_file *real;      // the default VFS's file, in the memory right after this struct
    unsigned char *memory;   // the windows' bytes; NULL: this file reads straight through
    window windows[WINDOW_COUNT];
    int last_used;           // the index of the window that served the last read
    sqlite3_int64 size;      // the file's size as of the last window read, or -1
} read_ahead_file;

static sqlite3_vfs *root;    // the default VFS
static sqlite3_vfs vfs;
static sqlite3_io_methods methods[4];  // by the real file's iVersion (1–3)

#define REAL(file) (((read_ahead_file *)(file))->real)

static void forget(sqlite3_file *file) {
    read_ahead_file *f = (read_ahead_file *)file;
    for (int i = 0; i < WINDOW_COUNT; i++) f->windows[i].length = 0;
    f->size = -1;
}

/// Reads the window around `offset` (from the multiple of its size at or below it, or from
/// `offset` when the read would cross the end of that one) into `w`.
static int fill(read_ahead_file *f, window *w, sqlite3_int64 offset, int amount) {
    w->length = 0;
    if (f->size < 0) {
        int code = f->real->pMethods->xFileSize(f->real, &f->size);
        if (code != SQLITE_OK) { f->size = -1; return code; }
    }
    sqlite3_int64 start = offset - offset % WINDOW_BYTES;
    if (offset + amount > start + WINDOW_BYTES) start = offset;
    sqlite3_int64 left = f->size - start;
    int length = left < WINDOW_BYTES ? (int)(left > 0 ? left : 0) : WINDOW_BYTES;
    if (length == 0) return SQLITE_OK;
    int code = f->real->pMethods->xRead(f->real, w->bytes, length, start);
    if (code != SQLITE_OK) return code;  // the file shrank: the caller reads straight through
    w->start = start;
    w->length = length;
    return SQLITE_OK;
}

static int holds(const window *w, int amount, sqlite3_int64 offset) {
    return offset >= w->start && offset + amount <= w->start + w->length;
}

static int x_read(sqlite3_file *file, void *out, int amount, sqlite3_int64 offset) {
    read_ahead_file *f = (read_ahead_file *)file;
    if (f->memory != NULL && amount <= WINDOW_BYTES / 4) {
        int found = -1;
        for (int i = 0; i < WINDOW_COUNT && found < 0; i++) {
            if (holds(&f->windows[i], amount, offset)) found = i;
        }
        if (found < 0) {
            int other = (f->last_used + 1) % WINDOW_COUNT;
            if (fill(f, &f->windows[other], offset, amount) == SQLITE_OK && holds(&f->windows[other], amount, offset)) found = other;
        }
        if (found >= 0) {
            window *w = &f->windows[found];
            f->last_used = found;
            memcpy(out, w->bytes + (offset - w->start), (size_t)amount);
            return SQLITE_OK;
        }
        forget(file);
    }
    return f->real->pMethods->xRead(f->real, out, amount, offset);
}

static int x_close(sqlite3_file *file) {
    read_ahead_file *f = (read_ahead_file *)file;
    free(f->memory);
    f->memory = NULL;
    return f->real->pMethods->xClose(f->real);
}

static int x_write(sqlite3_file *f, const void *bytes, int amount, sqlite3_int64 offset) {
    forget(f);
    return REAL(f)->pMethods->xWrite(REAL(f), bytes, amount, offset);
}
static int x_truncate(sqlite3_file *f, sqlite3_int64 size) {
    forget(f);
    return REAL(f)->pMethods->xTruncate(REAL(f), size);
}
static int x_sync(sqlite3_file *f, int flags) { return REAL(f)->pMethods->xSync(REAL(f), flags); }
static int x_file_size(sqlite3_file *f, sqlite3_int64 *size) { return REAL(f)->pMethods->xFileSize(REAL(f), size); }
static int x_lock(sqlite3_file *f, int level) {
    forget(f);
    return REAL(f)->pMethods->xLock(REAL(f), level);
}
static int x_unlock(sqlite3_file *f, int level) {
    forget(f);
    return REAL(f)->pMethods->xUnlock(REAL(f), level);
}
static int x_check_reserved_lock(sqlite3_file *f, int *out) { return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out); }
static int x_file_control(sqlite3_file *f, int op, void *argument) {
    forget(f);
    return REAL(f)->pMethods->xFileControl(REAL(f), op, argument);
}
static int x_sector_size(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int x_device_characteristics(sqlite3_file *f) { return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f)); }
static int x_shm_map(sqlite3_file *f, int region, int size, int extend, void volatile **out) {
    return REAL(f)->pMethods->xShmMap(REAL(f), region, size, extend, out);
}
static int x_shm_lock(sqlite3_file *f, int offset, int count, int flags) {
    forget(f);
    return REAL(f)->pMethods->xShmLock(REAL(f), offset, count, flags);
}
static void x_shm_barrier(sqlite3_file *f) { REAL(f)->pMethods->xShmBarrier(REAL(f)); }
static int x_shm_unmap(sqlite3_file *f, int delete) { return REAL(f)->pMethods->xShmUnmap(REAL(f), delete); }
static int x_fetch(sqlite3_file *f, sqlite3_int64 offset, int amount, void **out) {
    return REAL(f)->pMethods->xFetch(REAL(f), offset, amount, out);
}
static int x_unfetch(sqlite3_file *f, sqlite3_int64 offset, void *page) { return REAL(f)->pMethods->xUnfetch(REAL(f), offset, page); }

static int x_open(sqlite3_vfs *self, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    (void)self;
    read_ahead_file *f = (read_ahead_file *)file;
    f->base.pMethods = NULL;
    f->real = (sqlite3_file *)(f + 1);
    f->memory = NULL;
    for (int i = 0; i < WINDOW_COUNT; i++) f->windows[i] = (window){NULL, 0, 0};
    f->last_used = 0;
    f->size = -1;
    int code = root->xOpen(root, name, f->real, flags, out_flags);
    if (f->real->pMethods == NULL) return code == SQLITE_OK ? SQLITE_CANTOPEN : code;
    int version = f->real->pMethods->iVersion;
    f->base.pMethods = &methods[version < 1 ? 1 : version > 3 ? 3 : version];
    if (code == SQLITE_OK && (flags & SQLITE_OPEN_MAIN_DB) && (flags & SQLITE_OPEN_READONLY)) {
        f->memory = malloc((size_t)WINDOW_COUNT * WINDOW_BYTES);  // without it, the file reads straight through
        for (int i = 0; f->memory != NULL && i < WINDOW_COUNT; i++) f->windows[i].bytes = f->memory + (size_t)i * WINDOW_BYTES;
    }
    return code;  // on a failure SQLite still calls xClose, which closes the real file
}

static int x_delete(sqlite3_vfs *v, const char *name, int sync) { (void)v; return root->xDelete(root, name, sync); }
static int x_access(sqlite3_vfs *v, const char *name, int flags, int *out) { (void)v; return root->xAccess(root, name, flags, out); }
static int x_full_pathname(sqlite3_vfs *v, const char *name, int size, char *out) {
    (void)v;
    return root->xFullPathname(root, name, size, out);
}
static void *x_dl_open(sqlite3_vfs *v, const char *name) { (void)v; return root->xDlOpen(root, name); }
static void x_dl_error(sqlite3_vfs *v, int size, char *out) { (void)v; root->xDlError(root, size, out); }
static void (*x_dl_sym(sqlite3_vfs *v, void *library, const char *symbol))(void) {
    (void)v;
    return root->xDlSym(root, library, symbol);
}
static void x_dl_close(sqlite3_vfs *v, void *library) { (void)v; root->xDlClose(root, library); }
static int x_randomness(sqlite3_vfs *v, int size, char *out) { (void)v; return root->xRandomness(root, size, out); }
static int x_sleep(sqlite3_vfs *v, int microseconds) { (void)v; return root->xSleep(root, microseconds); }
static int x_current_time(sqlite3_vfs *v, double *out) { (void)v; return root->xCurrentTime(root, out); }
static int x_get_last_error(sqlite3_vfs *v, int size, char *out) {
    (void)v;
    return root->xGetLastError ? root->xGetLastError(root, size, out) : 0;
}
static int x_current_time_int64(sqlite3_vfs *v, sqlite3_int64 *out) { (void)v; return root->xCurrentTimeInt64(root, out); }

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int registration = SQLITE_ERROR;

static void register_once(void) {
    root = sqlite3_vfs_find(NULL);
    if (root == NULL || root->iVersion < 2 || root->xCurrentTimeInt64 == NULL) return;
    for (int version = 1; version <= 3; version++) {
        sqlite3_io_methods m = {
            version, x_close, x_read, x_write, x_truncate, x_sync, x_file_size, x_lock, x_unlock,
            x_check_reserved_lock, x_file_control, x_sector_size, x_device_characteristics,
            version >= 2 ? x_shm_map : NULL, version >= 2 ? x_shm_lock : NULL,
            version >= 2 ? x_shm_barrier : NULL, version >= 2 ? x_shm_unmap : NULL,
            version >= 3 ? x_fetch : NULL, version >= 3 ? x_unfetch : NULL,
        };
        methods[version] = m;
    }
    vfs.iVersion = 2;
    vfs.szOsFile = (int)sizeof(read_ahead_file) + root->szOsFile;
    vfs.mxPathname = root->mxPathname;
    vfs.zName = "receipt-ledger-read-ahead";
    vfs.xOpen = x_open;
    vfs.xDelete = x_delete;
    vfs.xAccess = x_access;
    vfs.xFullPathname = x_full_pathname;
    vfs.xDlOpen = x_dl_open;
    vfs.xDlError = x_dl_error;
    vfs.xDlSym = x_dl_sym;
    vfs.xDlClose = x_dl_close;
    vfs.xRandomness = x_randomness;
    vfs.xSleep = x_sleep;
    vfs.xCurrentTime = x_current_time;
    vfs.xGetLastError = x_get_last_error;
    vfs.xCurrentTimeInt64 = x_current_time_int64;
    registration = sqlite3_vfs_register(&vfs, 0);
}

const char *read_ahead_vfs(void) {
    pthread_once(&once, register_once);
    return registration == SQLITE_OK ? vfs.zName : NULL;
}
