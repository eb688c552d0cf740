// The default VFS with the WAL's writes gathered: SQLite writes every WAL frame as two pwrite calls (its 24-byte
// header, then the page), so a one-row commit costs several system calls. Here contiguous writes to a WAL file are
// kept in a buffer and sent in one pwrite when SQLite says the commit is done (SQLITE_FCNTL_COMMIT_PHASETWO, sent
// to the database file before sqlite3_step returns) — or earlier, before anything else touches the WAL file (a read,
// a sync, its size, a write elsewhere), so SQLite never sees the file without its own writes.
// A commit is thus in the kernel (durable against the process being killed) when sqlite3_step returns, as without
// the buffer. If that one write fails, the WAL file refuses everything after (SQLITE_IOERR): SQLite already counts
// the commit as done, so no later commit may be acknowledged on top of the missing one.

#include "batched_wal.h"

#include <pthread.h>
#include <sqlite3.h>
#include <string.h>

const char *const batched_wal_name = "batched-wal";

// The unix VFS's write takes less than 128 KiB a call (seekAndWrite keeps the low 17 bits of the size).
enum { BUFFER_LIMIT = 1 << 16 };

typedef struct BatchedFile BatchedFile;
struct BatchedFile {
    sqlite3_file base;
    sqlite3_file *real;      // the default VFS's file, stored right after this struct
    const char *name;        // as SQLite passed it (a WAL finds its database by it)
    int isWAL;
    BatchedFile *wal;        // a database file: its open WAL file, if any
    BatchedFile *database;   // a WAL file: its database file
    BatchedFile *nextDatabase;
    unsigned char *buffer;   // a WAL file: writes not sent yet, for the bytes at [start, start + length)
    int length, capacity;
    sqlite3_int64 start;
    int failed;              // a WAL file whose gathered write failed
};

static sqlite3_vfs *defaultVFS;
static sqlite3_vfs batchedVFS;
static sqlite3_io_methods batchedMethods;
static pthread_mutex_t databasesLock = PTHREAD_MUTEX_INITIALIZER;
static BatchedFile *databases;  // open database files, so a WAL file can find its own

static int sendBuffer(BatchedFile *f) {
    if (f->failed) return SQLITE_IOERR_WRITE;
    if (f->length == 0) return SQLITE_OK;
    int length = f->length;
    f->length = 0;
    int rc = f->real->pMethods->xWrite(f->real, f->buffer, length, f->start);
    if (rc != SQLITE_OK) f->failed = 1;
    return rc;
}

static int keep(BatchedFile *f, const void *data, int amount, sqlite3_int64 offset) {
    if (f->length > 0 && offset != f->start + f->length) {
        int rc = sendBuffer(f);
        if (rc != SQLITE_OK) return rc;
    }
    if (f->length + amount > BUFFER_LIMIT) {
        int rc = sendBuffer(f);
        if (rc != SQLITE_OK) return rc;
        if (amount > BUFFER_LIMIT) return f->real->pMethods->xWrite(f->real, data, amount, offset);
    }
    if (f->length + amount > f->capacity) {
        int capacity = f->capacity ? f->capacity : 4096;
        while (capacity < f->length + amount) capacity *= 2;
        unsigned char *grown = sqlite3_realloc(f->buffer, capacity);
        if (grown == NULL) {
            int rc = sendBuffer(f);
            return rc != SQLITE_OK ? rc : f->real->pMethods->xWrite(f->real, data, amount, offset);
        }
        f->buffer = grown;
        f->capacity = capacity;
    }
    if (f->length == 0) f->start = offset;
    memcpy(f->buffer + f->length, data, amount);
    f->length += amount;
    return SQLITE_OK;
}

// Every call on a WAL file but a write first sends what it holds.
#define SEND_FIRST(f) do { if ((f)->isWAL) { int sent = sendBuffer(f); if (sent != SQLITE_OK) return sent; } } while (0)

static int batchedClose(sqlite3_file *file) {
    BatchedFile *f = (BatchedFile *)file;
    int sent = f->isWAL ? sendBuffer(f) : SQLITE_OK;
    pthread_mutex_lock(&databasesLock);
    if (f->isWAL) {
        if (f->database) f->database->wal = NULL;
    } else {
        for (BatchedFile **at = &databases; *at; at = &(*at)->nextDatabase) {
            if (*at == f) { *at = f->nextDatabase; break; }
        }
        if (f->wal) {
            sent = sendBuffer(f->wal);
            f->wal->database = NULL;
        }
    }
    pthread_mutex_unlock(&databasesLock);
    sqlite3_free(f->buffer);
    int rc = f->real->pMethods->xClose(f->real);
    return sent != SQLITE_OK ? sent : rc;
}

static int batchedRead(sqlite3_file *file, void *data, int amount, sqlite3_int64 offset) {
    BatchedFile *f = (BatchedFile *)file;
    SEND_FIRST(f);
    return f->real->pMethods->xRead(f->real, data, amount, offset);
}

static int batchedWrite(sqlite3_file *file, const void *data, int amount, sqlite3_int64 offset) {
    BatchedFile *f = (BatchedFile *)file;
    if (f->failed) return SQLITE_IOERR_WRITE;
    // Only a WAL whose database file will say when a commit is done may hold writes back.
    if (f->isWAL && f->database) return keep(f, data, amount, offset);
    SEND_FIRST(f);
    return f->real->pMethods->xWrite(f->real, data, amount, offset);
}

static int batchedTruncate(sqlite3_file *file, sqlite3_int64 size) {
    BatchedFile *f = (BatchedFile *)file;
    SEND_FIRST(f);
    return f->real->pMethods->xTruncate(f->real, size);
}

static int batchedSync(sqlite3_file *file, int flags) {
    BatchedFile *f = (BatchedFile *)file;
    SEND_FIRST(f);
    return f->real->pMethods->xSync(f->real, flags);
}

static int batchedFileSize(sqlite3_file *file, sqlite3_int64 *size) {
    BatchedFile *f = (BatchedFile *)file;
    SEND_FIRST(f);
    return f->real->pMethods->xFileSize(f->real, size);
}

static int batchedLock(sqlite3_file *file, int level) {
    BatchedFile *f = (BatchedFile *)file;
    return f->real->pMethods->xLock(f->real, level);
}

static int batchedUnlock(sqlite3_file *file, int level) {
    BatchedFile *f = (BatchedFile *)file;
    SEND_FIRST(f);
    return f->real->pMethods->xUnlock(f->real, level);
}

static int batchedCheckReservedLock(sqlite3_file *file, int *result) {
    BatchedFile *f = (BatchedFile *)file;
    return f->real->pMethods->xCheckReservedLock(f->real, result);
}

static int batchedFileControl(sqlite3_file *file, int op, void *argument) {
    BatchedFile *f = (BatchedFile *)file;
    SEND_FIRST(f);
    if (op == SQLITE_FCNTL_COMMIT_PHASETWO && f->wal) {
        int sent = sendBuffer(f->wal);
        if (sent != SQLITE_OK) return sent;
    }
    return f->real->pMethods->xFileControl(f->real, op, argument);
}

static int batchedSectorSize(sqlite3_file *file) {
    BatchedFile *f = (BatchedFile *)file;
    return f->real->pMethods->xSectorSize(f->real);
}

static int batchedDeviceCharacteristics(sqlite3_file *file) {
    BatchedFile *f = (BatchedFile *)file;
    return f->real->pMethods->xDeviceCharacteristics(f->real);
}

static int batchedShmMap(sqlite3_file *file, int region, int size, int extend, void volatile **memory) {
    BatchedFile *f = (BatchedFile *)file;
    if (f->real->pMethods->iVersion < 2) return SQLITE_IOERR_SHMMAP;
    return f->real->pMethods->xShmMap(f->real, region, size, extend, memory);
}

static int batchedShmLock(sqlite3_file *file, int offset, int n, int flags) {
    BatchedFile *f = (BatchedFile *)file;
    if (f->real->pMethods->iVersion < 2) return SQLITE_IOERR_SHMLOCK;
    return f->real->pMethods->xShmLock(f->real, offset, n, flags);
}

static void batchedShmBarrier(sqlite3_file *file) {
    BatchedFile *f = (BatchedFile *)file;
    if (f->real->pMethods->iVersion >= 2) f->real->pMethods->xShmBarrier(f->real);
}

static int batchedShmUnmap(sqlite3_file *file, int deleteFlag) {
    BatchedFile *f = (BatchedFile *)file;
    if (f->real->pMethods->iVersion < 2) return SQLITE_OK;
    return f->real->pMethods->xShmUnmap(f->real, deleteFlag);
}

static int batchedFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pointer) {
    BatchedFile *f = (BatchedFile *)file;
    *pointer = NULL;
    SEND_FIRST(f);
    if (f->real->pMethods->iVersion < 3) return SQLITE_OK;
    return f->real->pMethods->xFetch(f->real, offset, amount, pointer);
}

static int batchedUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    BatchedFile *f = (BatchedFile *)file;
    if (f->real->pMethods->iVersion < 3) return SQLITE_OK;
    return f->real->pMethods->xUnfetch(f->real, offset, pointer);
}

static int batchedOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    BatchedFile *f = (BatchedFile *)file;
    memset(f, 0, sizeof *f);
    f->real = (sqlite3_file *)(f + 1);
    int rc = defaultVFS->xOpen(defaultVFS, name, f->real, flags, outFlags);
    if (rc != SQLITE_OK || f->real->pMethods == NULL) {
        if (f->real->pMethods) f->real->pMethods->xClose(f->real);
        file->pMethods = NULL;
        return rc != SQLITE_OK ? rc : SQLITE_CANTOPEN;
    }
    f->name = name;
    f->isWAL = (flags & SQLITE_OPEN_WAL) != 0;
    pthread_mutex_lock(&databasesLock);
    if (f->isWAL && name) {
        // SQLite names a WAL file inside its database's name: the same pointer the database file was opened with.
        const char *database = sqlite3_filename_database(name);
        for (BatchedFile *d = databases; d; d = d->nextDatabase) {
            if (d->name == database) {
                d->wal = f;
                f->database = d;
                break;
            }
        }
    } else if (flags & SQLITE_OPEN_MAIN_DB) {
        f->nextDatabase = databases;
        databases = f;
    }
    pthread_mutex_unlock(&databasesLock);
    file->pMethods = &batchedMethods;
    return SQLITE_OK;
}

static pthread_once_t registration = PTHREAD_ONCE_INIT;
static int registered = SQLITE_ERROR;

static void registerOnce(void) {
    defaultVFS = sqlite3_vfs_find(NULL);
    if (defaultVFS == NULL) return;
    batchedMethods = (sqlite3_io_methods){
        3, batchedClose, batchedRead, batchedWrite, batchedTruncate, batchedSync, batchedFileSize, batchedLock,
        batchedUnlock, batchedCheckReservedLock, batchedFileControl, batchedSectorSize, batchedDeviceCharacteristics,
        batchedShmMap, batchedShmLock, batchedShmBarrier, batchedShmUnmap, batchedFetch, batchedUnfetch};
    batchedVFS = *defaultVFS;
    batchedVFS.zName = batched_wal_name;
    batchedVFS.szOsFile = (int)sizeof(BatchedFile) + defaultVFS->szOsFile;
    batchedVFS.xOpen = batchedOpen;
    batchedVFS.pNext = NULL;
    registered = sqlite3_vfs_register(&batchedVFS, 0);
}

int batched_wal_register(void) {
    pthread_once(&registration, registerOnce);
    return registered;
}
