/* The solver's searches on numbers, in C: engine/search/solve.py's Search._plain (Block with
 * three or four players), Search._gaple (Gaple) and Search._duo (two players, both modes),
 * ported line for line so that they visit the same nodes, in the same order, and give the
 * same values (tests/engine/search/test_engine_native.py compares them position by
 * position).  The Python search stays the reference and the fallback: solve.py uses this
 * module only where `make build` compiled it (tools/compile_native.py) and it is current
 * (engine/_build.py), and not with DOMINO_SEARCH=python.
 *
 * A Core holds one search's state on numbers: its two tables (Table: keyed by the position
 * itself, growing from 1024 slots and emptied when it holds table_size positions, as
 * solve.py's dicts are), the node and estimate counts, the budget (a deadline on the
 * monotonic clock time.perf_counter reads, and a node limit, read every 1024 nodes), and the
 * two-player history heuristic.  Its methods release the GIL while they search; a spent
 * budget raises the exception class the Core was given (solve.py's _Stop), with the counts
 * as far as they went.  The tile tables (values, fits, the other half, the smallest tile
 * ranks) come from engine.game.tiles through tables(), once.  Core.many solves a list of
 * deals of one position in one call (solve.py's solve_many), each a fresh search.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define NTILES 28
#define ALL_TILES ((1u << NTILES) - 1)
#define EXACT (1 << 20)
#define INF (1LL << 30)
#define CHECK 1023
#define FIRST_SLOTS 1024
#define HUGE_PAGE ((size_t)2 << 20)

typedef long long i64;

/* -- the tile tables (tables()) -------------------------------------------------------- */

static int ready = 0;
static int VALUES[NTILES];
static uint32_t FITS[7];
static int OTHER[NTILES * 7];
static int CHUNK_VALUES[4][128];
static int SMALL[4][128];
static uint32_t BLANK_BIT, OTHER_BLANKS;
static int BLANK_25;
/* TRITS[a][b]: two disjoint 7-tile chunks as one base-3 number (a tile in a: 1, in b: 2). */
static uint16_t TRITS[128][128];

/* Two disjoint tile masks as one number below 3^28 (45 bits): where every tile is, of three
 * places, where the third is all the rest. */
static inline uint64_t trits(uint32_t a, uint32_t b) {
    return TRITS[a & 127][b & 127] +
           2187ULL * (TRITS[a >> 7 & 127][b >> 7 & 127] +
                      2187ULL * (TRITS[a >> 14 & 127][b >> 14 & 127] +
                                 2187ULL * TRITS[a >> 21 & 127][b >> 21 & 127]));
}

static inline int mask_value(uint32_t m) {
    return CHUNK_VALUES[0][m & 127] + CHUNK_VALUES[1][m >> 7 & 127] +
           CHUNK_VALUES[2][m >> 14 & 127] + CHUNK_VALUES[3][m >> 21 & 127];
}

static inline int lowest_tile(uint32_t bit) { return __builtin_ctz(bit); }

static int read_ints(PyObject *seq, int *out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd numbers expected", what, n);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *tables(PyObject *self, PyObject *args) {
    PyObject *values, *fits, *other, *small;
    unsigned int blank_bit, other_blanks;
    int blank_25;
    if (!PyArg_ParseTuple(args, "OOOOIIi", &values, &fits, &other, &small, &blank_bit,
                          &other_blanks, &blank_25))
        return NULL;
    int f[7], s[4 * 128];
    if (read_ints(values, VALUES, NTILES, "values") || read_ints(fits, f, 7, "fits") ||
        read_ints(other, OTHER, NTILES * 7, "other"))
        return NULL;
    PyObject *flat = PySequence_List(small);
    if (!flat) return NULL;
    if (PyList_GET_SIZE(flat) != 4) {
        Py_DECREF(flat);
        PyErr_SetString(PyExc_ValueError, "small: four chunks expected");
        return NULL;
    }
    for (int k = 0; k < 4; k++) {
        if (read_ints(PyList_GET_ITEM(flat, k), s + 128 * k, 128, "small")) {
            Py_DECREF(flat);
            return NULL;
        }
    }
    Py_DECREF(flat);
    for (int v = 0; v < 7; v++) FITS[v] = (uint32_t)f[v];
    for (int k = 0; k < 4; k++) {
        for (int c = 0; c < 128; c++) {
            int total = 0;
            for (int b = 0; b < 7; b++)
                if (c >> b & 1) total += VALUES[k * 7 + b];
            CHUNK_VALUES[k][c] = total;
            SMALL[k][c] = s[128 * k + c];
        }
    }
    for (int a = 0; a < 128; a++) {
        for (int b = 0; b < 128; b++) {
            int n = 0;
            for (int bit = 6; bit >= 0; bit--) n = 3 * n + (a >> bit & 1 ? 1 : b >> bit & 1 ? 2 : 0);
            TRITS[a][b] = (uint16_t)n;
        }
    }
    BLANK_BIT = blank_bit;
    OTHER_BLANKS = other_blanks;
    BLANK_25 = blank_25;
    ready = 1;
    Py_RETURN_NONE;
}

/* -- Table: positions keyed by themselves ---------------------------------------------- */

/* An entry: a key (one machine word, never 0: 0 marks an empty slot) and what is kept for it.
 * Block's and Gaple's table keeps a depth and a value (16 bytes), the two-player table the
 * bounds, the depth and the best move (24 bytes): small entries, more of them in the cache. */
typedef struct {
    uint64_t key;
    int32_t depth, value;
} PEntry;

typedef struct {
    uint64_t key;
    int32_t lo, hi, depth, move;
} DEntry;

typedef struct {
    PyObject_HEAD
    char *slots;
    size_t cap, count, limit, size; /* size: an entry's bytes */
    uint64_t epoch; /* one more each time the slots move (grown) or are emptied */
} Table;

#define SLOT(t, i) ((uint64_t *)((t)->slots + (i) * (t)->size))

/* A key's first slot among cap (a power of two): the high bits of a multiplicative hash. */
static inline size_t home(uint64_t key, size_t cap) {
    return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> (64 - __builtin_ctzll(cap)));
}

/* Ask for a key's first slot ahead of its probe (a child's, before the search goes down to
 * it): the probes of a big table wait on memory, and several can wait at once. */
static inline void ahead(const Table *t, uint64_t key) {
    if (t->cap) __builtin_prefetch(SLOT(t, home(key, t->cap)));
}

/* The entry kept for a key (its first word is the key), or NULL. */
static inline void *find(const Table *t, uint64_t key) {
    if (!t->count) return NULL;
    size_t mask = t->cap - 1;
    for (size_t i = home(key, t->cap);; i = (i + 1) & mask) {
        uint64_t *e = SLOT(t, i);
        if (*e == key) return e;
        if (!*e) return NULL;
    }
}

/* A probe's miss: where the key's scan ended (an empty slot) and the table's epoch then.  As
 * long as the slots have not moved or been emptied since, the key's entry goes there or, if
 * a deeper position took that slot meanwhile, in the first empty slot after it: the slots
 * before it on the key's scan were full and stay full (nothing is taken out but all at once).
 * It saves the store a second scan from the key's home. */
typedef struct {
    size_t at;
    uint64_t epoch;
} Hole;

/* As find(), and the Hole where the key's scan ended: its own slot when it is kept (a
 * shallower search's entry, searched again and kept over), else the empty one. */
static inline void *find_hole(const Table *t, uint64_t key, Hole *hole) {
    hole->epoch = t->epoch;
    hole->at = 0;
    if (!t->cap) {
        hole->epoch = ~t->epoch; /* no slots yet: no hole */
        return NULL;
    }
    size_t mask = t->cap - 1;
    for (size_t i = home(key, t->cap);; i = (i + 1) & mask) {
        uint64_t *e = SLOT(t, i);
        if (*e == key || !*e) {
            hole->at = i;
            return *e ? e : NULL;
        }
    }
}

/* The slot for a key among cap slots of size bytes: its own, or the empty one it goes to. */
static inline uint64_t *slot_of(char *slots, size_t cap, size_t size, uint64_t key) {
    size_t mask = cap - 1;
    for (size_t i = home(key, cap);; i = (i + 1) & mask) {
        uint64_t *e = (uint64_t *)(slots + i * size);
        if (!*e || *e == key) return e;
    }
}

/* bytes of empty slots.  A big table is mapped on its own, aligned to 2 MiB and in huge pages
 * where the system lends them (its probes go all over it: one page-table entry for 2 MiB
 * rather than 512 saves much of a probe's time on a big table); a small one is calloc'd. */
static char *slots_new(size_t bytes) {
    if (bytes < HUGE_PAGE) return PyMem_RawCalloc(1, bytes);
    char *base = mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return NULL;
    char *aligned = (char *)(((uintptr_t)base + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (aligned > base) munmap(base, (size_t)(aligned - base));
    size_t tail = (size_t)(base + bytes + HUGE_PAGE - (aligned + bytes));
    if (tail) munmap(aligned + bytes, tail);
#ifdef MADV_HUGEPAGE
    madvise(aligned, bytes, MADV_HUGEPAGE);
#endif
    return aligned;
}

static void slots_free(char *slots, size_t bytes) {
    if (!slots) return;
    if (bytes < HUGE_PAGE)
        PyMem_RawFree(slots);
    else
        munmap(slots, bytes);
}

/* Twice the slots; 0, or -1 when the memory is not there (the table is left as it was). */
static int grow(Table *t) {
    size_t cap = t->cap ? t->cap * 2 : FIRST_SLOTS;
    char *slots = slots_new(cap * t->size);
    if (!slots) return -1;
    for (size_t i = 0; i < t->cap; i++) {
        uint64_t *e = SLOT(t, i);
        if (*e) memcpy(slot_of(slots, cap, t->size, *e), e, t->size);
    }
    slots_free(t->slots, t->cap * t->size);
    t->slots = slots;
    t->cap = cap;
    t->epoch++;
    return 0;
}

/* The slot to keep a key's entry in (its first word set to the key), or NULL when the memory
 * is not there.  A full table (limit positions) is emptied first, as solve.py's dicts are. */
static inline void *put(Table *t, uint64_t key) {
    if (t->count >= t->limit) {
        if (t->slots) memset(t->slots, 0, t->cap * t->size);
        t->count = 0;
        t->epoch++;
    }
    if ((t->count + 1) * 2 > t->cap && grow(t)) return NULL;
    uint64_t *e = slot_of(t->slots, t->cap, t->size, key);
    if (!*e) t->count++;
    *e = key;
    return e;
}

/* As put(), starting from the Hole a probe of the key left when the slots are as they were. */
static inline void *put_at(Table *t, uint64_t key, const Hole *hole) {
    if (hole->epoch != t->epoch || t->count >= t->limit || (t->count + 1) * 2 > t->cap)
        return put(t, key);
    size_t mask = t->cap - 1;
    for (size_t i = hole->at;; i = (i + 1) & mask) {
        uint64_t *e = SLOT(t, i);
        if (!*e) {
            t->count++;
            *e = key;
            return e;
        }
        if (*e == key) return e;
    }
}

static void Table_dealloc(Table *t) {
    slots_free(t->slots, t->cap * t->size);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static Py_ssize_t Table_len(Table *t) { return (Py_ssize_t)t->count; }

static PySequenceMethods Table_sequence = {.sq_length = (lenfunc)Table_len};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.search._native.Table",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A search's table on numbers, keyed by the position (made by a Core): len().",
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_as_sequence = &Table_sequence,
};

static Table *new_table(size_t limit, size_t size) {
    Table *t = PyObject_New(Table, &TableType);
    if (!t) return NULL;
    t->slots = NULL;
    t->cap = t->count = 0;
    t->epoch = 0;
    t->limit = limit;
    t->size = size;
    return t;
}

/* -- Core: one search on numbers --------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    /* the counts and the budget, read and set by solve.py around each call */
    i64 nodes, estimates, max_nodes;
    double deadline;
    Table *ptable, *dtable;
    PyObject *stop;
    /* the search's rules */
    int players, block_after, pips, discard, blank25, keyed_hands, nstock;
    uint32_t stock[NTILES];
    /* one call's state */
    int busy, shallow, settled, failed;
    i64 history[2 * NTILES], read[2 * NTILES]; /* the counts, and as the call read them */
    uint32_t hands[5], dead[5];
    int totals[5];
    jmp_buf jump;
} Core;

static inline double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* solve.py's Search._check: out of the search when the budget is spent. */
static void check(Core *c) {
    if (now() > c->deadline || (0 <= c->max_nodes && c->max_nodes < c->nodes))
        longjmp(c->jump, 1);
}

static inline void count_node(Core *c) {
    c->nodes++;
    if (!(c->nodes & CHECK)) check(c);
}

/* solve.py's _probe: the value kept for a key from a search at least depth deep, or -1. */
static inline i64 probe(Core *c, uint64_t key, int depth, Hole *hole) {
    PEntry *e = find_hole(c->ptable, key, hole);
    if (!e || e->depth < depth) return -1;
    if (e->depth < EXACT) c->estimates++;
    return (uint32_t)e->value;
}

/* The slot to keep a key's entry in; out of the search, as a MemoryError, without memory. */
static inline void *keep(Core *c, Table *t, uint64_t key) {
    void *e = put(t, key);
    if (!e) {
        c->failed = 1;
        longjmp(c->jump, 1);
    }
    return e;
}

/* keep(), from the Hole the key's probe left. */
static inline void *keep_at(Core *c, Table *t, uint64_t key, const Hole *hole) {
    void *e = put_at(t, key, hole);
    if (!e) {
        c->failed = 1;
        longjmp(c->jump, 1);
    }
    return e;
}

static inline int forced(uint32_t left, uint32_t right, uint32_t stuck) {
    if (left && right) return 0;
    uint32_t options = (left | right) ? (left | right) : stuck;
    return (options & (options - 1)) == 0;
}

/* -- Block with three or four players (solve.py's _scored, Search._plain) -- */

/* The points of a round over (out went out; -1: blocked), from each hand's pips (totals). */
static i64 scored(const int *totals, int n, int out) {
    if (out >= 0) {
        i64 total = 0;
        for (int s = 0; s < n; s++) total += totals[s];
        return total << 3 | (out + 1);
    }
    i64 total = 0, low = INF;
    int lowest = -1, ties = 0;
    for (int s = 0; s < n; s++) {
        int t = totals[s];
        total += t;
        if (t < low) {
            low = t;
            lowest = s;
            ties = 0;
        } else if (t == low) {
            ties++;
        }
    }
    return ties ? 0 : (total - 2 * low) << 3 | (lowest + 1);
}

/* The position's key, as solve.py's _plain makes it (onion: the union of the hands). */
static inline uint64_t plain_key(uint32_t onion, int left, int right, int mover, int passes) {
    return ((((((uint64_t)onion << 4 | (left + 1)) << 4 | (right + 1)) << 3 | mover) << 3) |
            passes) << 10;
}

static i64 plain(Core *c, int left, int right, int mover, int passes, int depth, int rival) {
    uint32_t *hands = c->hands;
    int n = c->players;
    count_node(c);
    if (depth <= 0) {
        c->estimates++;
        return scored(c->totals, n, -1);
    }
    uint32_t hand = hands[mover];
    uint32_t plays[2] = {hand & FITS[left], hand & FITS[right]};
    int keyed = !forced(plays[0], plays[1], 0);
    uint32_t onion = 0;
    for (int s = 0; s < n; s++) onion |= hands[s];
    uint64_t key = 0;
    Hole hole = {0, UINT64_MAX}; /* no hole until a probe leaves one */
    if (keyed) {
        key = plain_key(onion, left, right, mover, passes);
        i64 found = probe(c, key, depth, &hole);
        if (found >= 0) return found;
    }
    i64 before = c->estimates;
    int after = mover + 1 < n ? mover + 1 : 0;
    i64 best = 0;
    int best_i = -1;
    if (!(plays[0] | plays[1])) { /* a pass, the only move */
        best_i = 0;
        if (passes + 1 >= n) {
            c->nodes++;
            best = scored(c->totals, n, -1); /* every player passed in turn: blocked */
        } else {
            best = plain(c, left, right, after, passes + 1, depth - 1, -1);
        }
    } else {
        if (rival == mover || !c->shallow) rival = -1;
        int own = mover + 1, own_pips = c->totals[mover];
        i64 top = -1;
        int i = 0;
        for (int side = 0; side < 2; side++) {
            uint32_t m = plays[side];
            while (m) {
                uint32_t bit = m & -m;
                m ^= bit;
                int free = OTHER[lowest_tile(bit) * 7 + (side == 0 ? left : right)];
                uint32_t rest = hand ^ bit;
                hands[mover] = rest;
                c->totals[mover] = own_pips - VALUES[lowest_tile(bit)];
                i64 v;
                if (!rest) {
                    c->nodes++;
                    v = scored(c->totals, n, mover); /* out: the mover scores the others' pips */
                } else if (side == 0) {
                    v = plain(c, free, right, after, 0, depth - 1, best_i >= 0 ? mover : -1);
                } else {
                    v = plain(c, left, free, after, 0, depth - 1, best_i >= 0 ? mover : -1);
                }
                hands[mover] = hand;
                c->totals[mover] = own_pips;
                i64 mine = (v & 7) == own ? v >> 3 : 0;
                if (mine > top) {
                    best = v;
                    best_i = i;
                    top = mine;
                    if (rival >= 0 && mine > 0) return v; /* a bound for the rival */
                }
                i++;
            }
        }
    }
    if (keyed)
        *(PEntry *)keep_at(c, c->ptable, key, &hole) =
            (PEntry){key, c->estimates == before ? EXACT : depth, (int32_t)best};
    return best;
}

/* -- Gaple (solve.py's _placed, _best_place, _reach, Search._gaple) -- */

static inline int counts_25(uint32_t held) {
    return (held & BLANK_BIT) && !(held & OTHER_BLANKS);
}

static inline void sort_keys(int *keys, int n) {
    for (int i = 1; i < n; i++) {
        int k = keys[i], j = i - 1;
        while (j >= 0 && keys[j] > k) {
            keys[j + 1] = keys[j];
            j--;
        }
        keys[j + 1] = k;
    }
}

static i64 placed(Core *c, int out) {
    int n = c->players, keys[5];
    for (int s = 0; s < n; s++) {
        int total = c->totals[s];
        if (c->blank25 && counts_25(c->hands[s] | c->dead[s])) total += BLANK_25;
        keys[s] = (s == out ? 0 : 1) << 17 | total << 9 | s;
    }
    sort_keys(keys, n);
    for (int i = 1; i < n; i++) {
        if (keys[i] >> 9 == keys[i - 1] >> 9) { /* a tie: the smallest tiles decide */
            for (int j = 0; j < n; j++) {
                int s = keys[j] & 7;
                uint32_t held = c->hands[s] | c->dead[s];
                int small = SMALL[0][held & 127];
                if (SMALL[1][held >> 7 & 127] < small) small = SMALL[1][held >> 7 & 127];
                if (SMALL[2][held >> 14 & 127] < small) small = SMALL[2][held >> 14 & 127];
                if (SMALL[3][held >> 21 & 127] < small) small = SMALL[3][held >> 21 & 127];
                if (small == 63) small = 0; /* nothing held: before any tile */
                keys[j] = keys[j] >> 9 << 9 | small << 3 | s;
            }
            sort_keys(keys, n);
            break;
        }
    }
    i64 places = 0;
    for (int p = 0; p < n; p++) places |= (i64)(p + 1) << 3 * (keys[p] & 7);
    return places;
}

static int best_place(Core *c, int seat, uint32_t kept) {
    if (!kept) return 1;
    int least = mask_value(kept), place = 1;
    for (int other = 0; other < c->players; other++) {
        if (other == seat) continue;
        int most = c->totals[other];
        if (c->blank25 && ((c->hands[other] | c->dead[other]) & 1)) most += BLANK_25;
        if (most < least) place++;
    }
    return place;
}

static uint32_t reach(uint32_t held, int left, int right) {
    uint32_t shows = 1u << left | 1u << right;
    for (;;) {
        uint32_t reach = 0, more = shows;
        for (int v = 0; v < 7; v++)
            if (shows >> v & 1) reach |= FITS[v];
        uint32_t playable = held & reach;
        for (int v = 0; v < 7; v++)
            if (playable & FITS[v]) more |= 1u << v;
        if (more == shows) return reach;
        shows = more;
    }
}

/* The position's key: where each tile is (a hand, a dead pile, the line or out of play, which
 * stays as dealt), the ends, the mover and the passes (fewer than five), never 0. */
static inline uint64_t gaple_key(uint32_t held, uint32_t gone, int left, int right, int mover,
                                 int passes) {
    return ((trits(held, gone) * 49 + left * 7 + right) * 25 + mover * 5 + passes) * 2 + 1;
}

static i64 gaple(Core *c, uint32_t held, uint32_t gone, int left, int right, int mover,
                 int passes, int depth) {
    uint32_t *hands = c->hands, *dead = c->dead;
    int *totals = c->totals;
    count_node(c);
    if (depth <= 0) {
        c->estimates++;
        return placed(c, -1);
    }
    uint32_t hand = hands[mover];
    uint32_t plays[2] = {hand & FITS[left], hand & FITS[right]};
    uint32_t losable = c->discard ? hand : 0, lost = 0;
    if (c->settled && !(plays[0] | plays[1])) {
        if (!(held & (FITS[left] | FITS[right]))) return placed(c, -1); /* no one plays again */
        if (losable & (losable - 1)) {
            lost = hand & ~reach(held, left, right);
            if (lost == hand) losable &= -losable; /* it loses them all: the first is enough */
        }
    }
    int keyed = !forced(plays[0], plays[1], losable);
    uint64_t key = 0;
    Hole hole = {0, UINT64_MAX}; /* no hole until a probe leaves one */
    if (keyed) {
        key = gaple_key(held, gone, left, right, mover, passes);
        i64 found = probe(c, key, depth, &hole);
        if (found >= 0) return found;
    }
    i64 before = c->estimates;
    int after = mover + 1 < c->players ? mover + 1 : 0;
    int shift = 3 * mover;
    i64 best = 0;
    int top = 8, floor = 1;
    if (keyed && c->settled) floor = best_place(c, mover, dead[mover] | lost);
    if (!(plays[0] | plays[1])) { /* stuck: a dead tile of the mover's choice, or a pass */
        uint32_t m = losable, pile = dead[mover];
        for (;;) {
            uint32_t bit = m & -m;
            m ^= bit;
            if (top < 8 && c->settled && best_place(c, mover, pile | bit | lost) >= top) {
                if (!m) break; /* losing this tile leaves no better place within reach */
                continue;
            }
            uint32_t rest = hand ^ bit;
            hands[mover] = rest;
            dead[mover] = pile | bit;
            i64 v;
            if (!rest || passes + 1 >= c->players) {
                c->nodes++;
                v = placed(c, -1);
            } else {
                v = gaple(c, held ^ bit, gone | bit, left, right, after, passes + 1, depth - 1);
            }
            int place = (int)(v >> shift & 7);
            if (place < top) {
                best = v;
                top = place;
            }
            if (!m || top <= floor) break;
        }
        hands[mover] = hand;
        dead[mover] = pile;
    } else {
        for (int side = 0; side < 2; side++) {
            for (uint32_t m = plays[side]; m; m &= m - 1) {
                uint32_t bit = m & -m;
                int free = OTHER[lowest_tile(bit) * 7 + (side == 0 ? left : right)];
                if (hand ^ bit)
                    ahead(c->ptable, side == 0 ? gaple_key(held ^ bit, gone, free, right, after, 0)
                                               : gaple_key(held ^ bit, gone, left, free, after, 0));
            }
        }
        int out = dead[mover] ? -1 : mover; /* out by a play: outright without dead tiles */
        int own = totals[mover];
        for (int side = 0; side < 2; side++) {
            uint32_t m = plays[side];
            int end = side == 0 ? left : right;
            while (m && top > floor) {
                uint32_t bit = m & -m;
                m ^= bit;
                int tile = lowest_tile(bit);
                int free = OTHER[tile * 7 + end];
                uint32_t rest = hand ^ bit;
                hands[mover] = rest;
                totals[mover] = own - VALUES[tile];
                i64 v;
                if (!rest) {
                    c->nodes++;
                    v = placed(c, out);
                } else if (side == 0) {
                    v = gaple(c, held ^ bit, gone, free, right, after, 0, depth - 1);
                } else {
                    v = gaple(c, held ^ bit, gone, left, free, after, 0, depth - 1);
                }
                int place = (int)(v >> shift & 7);
                if (place < top) {
                    best = v;
                    top = place;
                }
            }
        }
        hands[mover] = hand;
        totals[mover] = own;
    }
    if (keyed)
        *(PEntry *)keep_at(c, c->ptable, key, &hole) =
            (PEntry){key, c->estimates == before ? EXACT : depth, (int32_t)best};
    return best;
}

/* -- two players (solve.py's Search._duo, _duo_play, _duo_value, _play_order, _duo_order) -- */

static inline i64 duo_value(Core *c, uint32_t h0, uint32_t h1, int out) {
    i64 d = mask_value(h1) - mask_value(h0);
    if (c->pips) return d;
    if (out >= 0) return out == 0 ? 1 : -1;
    return (d > 0) - (d < 0);
}

/* The plays of the masks left and right (index << 1 | right), heavier tiles first, on ties
 * the left end's by tile, then the right end's. */
static int duo_order(uint32_t left, uint32_t right, int *codes) {
    int n = 0;
    for (uint32_t m = left; m; m &= m - 1) codes[n++] = lowest_tile(m) << 1;
    for (uint32_t m = right; m; m &= m - 1) codes[n++] = lowest_tile(m) << 1 | 1;
    for (int i = 1; i < n; i++) { /* stable, by value falling */
        int k = codes[i], j = i - 1;
        while (j >= 0 && VALUES[codes[j] >> 1] < VALUES[k >> 1]) {
            codes[j + 1] = codes[j];
            j--;
        }
        codes[j + 1] = k;
    }
    return n;
}

static int play_order(Core *c, const int *codes, int n, int first, uint32_t opp, int left,
                      int right, int drawing, int *order) {
    int count = 0;
    if (first >= 0) order[count++] = first;
    if (drawing) {
        int start = count;
        for (int i = 0; i < n; i++) {
            if (codes[i] == first) continue;
            int k = codes[i], j = count - 1;
            while (j >= start && c->history[order[j]] < c->history[k]) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = k;
            count++;
        }
        return count;
    }
    int answered[2 * NTILES], m = 0;
    for (int i = 0; i < n; i++) {
        int code = codes[i];
        if (code == first) continue;
        int t = code >> 1, nl, nr;
        if (code & 1) {
            nl = left;
            nr = OTHER[t * 7 + right];
        } else {
            nl = OTHER[t * 7 + left];
            nr = right;
        }
        if (opp & (FITS[nl] | FITS[nr]))
            answered[m++] = code;
        else
            order[count++] = code; /* the opponent cannot answer it */
    }
    for (int i = 0; i < m; i++) order[count++] = answered[i];
    return count;
}

static i64 duo(Core *c, int left, int right, int mover, int passes, int drawn, i64 alpha,
               i64 beta, int depth);

/* The position's key, a line and its mirror image alike (as solve.py's Search._duo_key): the
 * union of the hands where tiles never change hands, else each hand and the tiles drawn. */
static inline uint64_t duo_key(const Core *c, uint32_t h0, uint32_t h1, int left, int right,
                               int mover, int passes, int drawn) {
    int low = left <= right ? left : right, high = left <= right ? right : left;
    uint64_t held = c->keyed_hands ? trits(h0, h1) * 29 + (uint64_t)drawn : (uint64_t)(h0 | h1);
    return (((held * 8 + low) * 8 + high) * 2 + mover) * 8 + passes;
}

static i64 duo_play(Core *c, int left, int right, int mover, int drawn, uint32_t bit, int side,
                    i64 alpha, i64 beta, int depth) {
    uint32_t *hands = c->hands;
    uint32_t hand = hands[mover], rest = hand ^ bit;
    i64 v;
    if (!rest) {
        c->nodes++;
        hands[mover] = 0;
        v = duo_value(c, hands[0], hands[1], mover); /* out */
        hands[mover] = hand;
        return v;
    }
    int t = lowest_tile(bit);
    hands[mover] = rest;
    if (side == 0)
        v = duo(c, OTHER[t * 7 + left], right, 1 - mover, 0, drawn, alpha, beta, depth - 1);
    else
        v = duo(c, left, OTHER[t * 7 + right], 1 - mover, 0, drawn, alpha, beta, depth - 1);
    hands[mover] = hand;
    return v;
}

static i64 duo(Core *c, int left, int right, int mover, int passes, int drawn, i64 alpha,
               i64 beta, int depth) {
    uint32_t *hands = c->hands;
    count_node(c);
    uint32_t h0 = hands[0], h1 = hands[1];
    if (depth <= 0) {
        c->estimates++;
        return duo_value(c, h0, h1, -1);
    }
    if (c->pips) { /* seat 0 wins at most seat 1's pips now, and loses at most its own */
        i64 cap = mask_value(h1);
        if (cap <= alpha) return cap;
        i64 floor = -mask_value(h0);
        if (floor >= beta) return floor;
    }
    uint32_t hand = hands[mover], lm = hand & FITS[left], rm = hand & FITS[right];
    if (!(lm | rm)) { /* a forced move: a draw or a pass, made without the table */
        if (drawn < c->nstock) {
            hands[mover] = hand | c->stock[drawn];
            i64 v = duo(c, left, right, mover, passes, drawn + 1, alpha, beta, depth - 1);
            hands[mover] = hand;
            return v;
        }
        if (passes + 1 >= c->block_after) {
            c->nodes++;
            return duo_value(c, h0, h1, -1); /* every player passed in turn: blocked */
        }
        return duo(c, left, right, 1 - mover, passes + 1, drawn, alpha, beta, depth - 1);
    }
    if (forced(lm, rm, 0))
        return duo_play(c, left, right, mover, drawn, lm | rm, lm ? 0 : 1, alpha, beta, depth);
    uint64_t key = duo_key(c, h0, h1, left, right, mover, passes, drawn);
    int flipped = left > right;
    DEntry *e = find(c->dtable, key);
    int first = -1;
    if (e) {
        if ((e->move & 1) == flipped) first = e->move >> 1; /* stored for this orientation */
        if (e->depth >= depth) { /* solve.py's _narrowed */
            i64 lo = e->lo, hi = e->hi;
            if (e->depth < EXACT) c->estimates++;
            if (lo >= beta || lo == hi) {
                alpha = beta = lo;
            } else if (hi <= alpha) {
                alpha = beta = hi;
            } else {
                if (lo > alpha) alpha = lo;
                if (hi < beta) beta = hi;
            }
            if (alpha >= beta) return alpha;
        }
    }
    int maximise = mover == 0;
    i64 a0 = alpha, b0 = beta, before = c->estimates;
    i64 best = maximise ? -INF : INF;
    int best_code = -1;
    int codes[2 * NTILES], order[2 * NTILES + 1];
    int n = duo_order(lm, left == right ? 0 : rm, codes);
    n = play_order(c, codes, n, first, hands[1 - mover], left, right, drawn < c->nstock, order);
    for (int i = 0; i < n; i++) {
        int code = order[i];
        uint32_t bit = 1u << (code >> 1);
        int side = code & 1;
        i64 v;
        if (best_code < 0 || beta - alpha <= 1) {
            v = duo_play(c, left, right, mover, drawn, bit, side, alpha, beta, depth);
        } else { /* a null window first: does this move beat the best so far at all? */
            i64 a = maximise ? alpha : beta - 1, b = maximise ? alpha + 1 : beta;
            v = duo_play(c, left, right, mover, drawn, bit, side, a, b, depth);
            if (alpha < v && v < beta)
                v = duo_play(c, left, right, mover, drawn, bit, side, alpha, beta, depth);
        }
        if (maximise ? v > best : v < best) {
            best = v;
            best_code = code;
            if (maximise) {
                if (v > alpha) alpha = v;
            } else if (v < beta) {
                beta = v;
            }
            if (alpha >= beta) {
                c->history[code]++;
                break;
            }
        }
    }
    i64 lo = best, hi = best; /* solve.py's _bounds */
    if (best <= a0)
        lo = -INF;
    else if (best >= b0)
        hi = INF;
    *(DEntry *)keep(c, c->dtable, key) =
        (DEntry){key, (int32_t)lo, (int32_t)hi, c->estimates == before ? EXACT : depth,
                 best_code * 2 | flipped};
    return best;
}

/* -- Core's methods ---------------------------------------------------------------------- */

static int read_masks(PyObject *seq, uint32_t *out, int n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    int ok = PySequence_Fast_GET_SIZE(fast) == n;
    for (int i = 0; ok && i < n; i++) {
        unsigned long long m = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        ok = m <= ALL_TILES;
        out[i] = (uint32_t)m;
    }
    Py_DECREF(fast);
    if (!ok) PyErr_Format(PyExc_ValueError, "%s: %d masks of 28 tiles expected", what, n);
    return ok ? 0 : -1;
}

/* The checks every call makes: the tables set up, one call at a time, a position that
 * makes sense (each tile in one place, ends 0..6, a seat of the table, a hand to move). */
static int position_ok(Core *c, int left, int right, int mover, int passes, int depth) {
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "engine.search._native.tables() was not called");
        return 0;
    }
    if (c->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this Core is already searching");
        return 0;
    }
    uint32_t seen = 0;
    for (int s = 0; s < c->players; s++) {
        if ((seen & c->hands[s]) || (seen & c->dead[s]) || (c->hands[s] & c->dead[s])) {
            PyErr_SetString(PyExc_ValueError, "a tile is in two places");
            return 0;
        }
        seen |= c->hands[s] | c->dead[s];
    }
    if (left < 0 || left > 6 || right < 0 || right > 6 || mover < 0 || mover >= c->players ||
        passes < 0 || passes >= c->players || !c->hands[mover] || depth > EXACT) {
        PyErr_SetString(PyExc_ValueError, "not a position of this search (ends, mover, passes)");
        return 0;
    }
    return 1;
}

/* One call's search: which, and its arguments. */
typedef struct {
    int kind; /* PLAIN, GAPLE or DUO */
    int left, right, mover, passes, drawn, depth;
    uint32_t held, gone;
    i64 alpha, beta, guess;
} Call;

enum { PLAIN, GAPLE, DUO, MTD };

/* solve.py's Search._mtd once the first tile is down: the exact value at this depth by
 * null-window probes, the first at the guess, each next one at the bound the last returned,
 * within [alpha, beta] (the values possible). */
static i64 mtd(Core *c, const Call *k) {
    i64 lower = k->alpha, upper = k->beta;
    i64 g = k->guess < lower ? lower : k->guess > upper ? upper : k->guess;
    while (lower < upper) {
        i64 beta = g == lower ? g + 1 : g;
        g = duo(c, k->left, k->right, k->mover, k->passes, k->drawn, beta - 1, beta, k->depth);
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    return g;
}

/* Run a search with the GIL released: 0 with its value, or -1 when the budget ran out
 * (-2 when the memory did). */
static int run(Core *c, const Call *k, i64 *value) {
    volatile int stopped = 0;
    volatile i64 found = 0;
    c->busy = 1;
    c->failed = 0;
    Py_BEGIN_ALLOW_THREADS
    if (!setjmp(c->jump)) {
        if (k->kind == PLAIN)
            found = plain(c, k->left, k->right, k->mover, k->passes, k->depth, -1);
        else if (k->kind == GAPLE)
            found = gaple(c, k->held, k->gone, k->left, k->right, k->mover, k->passes, k->depth);
        else if (k->kind == DUO)
            found = duo(c, k->left, k->right, k->mover, k->passes, k->drawn, k->alpha, k->beta,
                        k->depth);
        else
            found = mtd(c, k);
    } else {
        stopped = c->failed ? 2 : 1;
    }
    Py_END_ALLOW_THREADS
    c->busy = 0;
    *value = found;
    return stopped ? -stopped : 0;
}

/* A run's answer for Python: its value, or the budget's exception (MemoryError). */
static PyObject *answer(Core *c, int status, i64 value) {
    if (status == -2) return PyErr_NoMemory();
    if (status) {
        PyErr_SetNone(c->stop);
        return NULL;
    }
    return PyLong_FromLongLong(value);
}

static PyObject *Core_plain(Core *c, PyObject *args) {
    PyObject *hands;
    int left, right, mover, passes, depth, shallow;
    if (!PyArg_ParseTuple(args, "Oiiiiip", &hands, &left, &right, &mover, &passes, &depth,
                          &shallow))
        return NULL;
    if (c->players < 3 || c->players > 4) {
        PyErr_SetString(PyExc_ValueError, "Block on numbers is for three or four players");
        return NULL;
    }
    memset(c->dead, 0, sizeof c->dead);
    if (read_masks(hands, c->hands, c->players, "hands") ||
        !position_ok(c, left, right, mover, passes, depth))
        return NULL;
    c->shallow = shallow;
    for (int s = 0; s < c->players; s++) c->totals[s] = mask_value(c->hands[s]);
    Call k = {.kind = PLAIN, .left = left, .right = right, .mover = mover, .passes = passes,
              .depth = depth};
    i64 value;
    int status = run(c, &k, &value);
    return answer(c, status, value);
}

static PyObject *Core_gaple(Core *c, PyObject *args) {
    PyObject *hands, *dead;
    int left, right, mover, passes, depth, settled;
    if (!PyArg_ParseTuple(args, "OOiiiiip", &hands, &dead, &left, &right, &mover, &passes,
                          &depth, &settled))
        return NULL;
    if (c->players < 2 || c->players > 5) {
        PyErr_SetString(PyExc_ValueError, "Gaple on numbers is for two to five players");
        return NULL;
    }
    if (read_masks(hands, c->hands, c->players, "hands") ||
        read_masks(dead, c->dead, c->players, "dead") ||
        !position_ok(c, left, right, mover, passes, depth))
        return NULL;
    c->settled = settled;
    uint32_t held = 0, gone = 0;
    for (int s = 0; s < c->players; s++) {
        held |= c->hands[s];
        gone |= c->dead[s];
        c->totals[s] = mask_value(c->hands[s] | c->dead[s]);
    }
    Call k = {.kind = GAPLE, .left = left, .right = right, .mover = mover, .passes = passes,
              .depth = depth, .held = held, .gone = gone};
    i64 value;
    int status = run(c, &k, &value);
    return answer(c, status, value);
}

/* The history list (56 counts) read into the Core, or written back from it. */
static int history_io(Core *c, PyObject *history, int write) {
    if (!PyList_Check(history) || PyList_GET_SIZE(history) != 2 * NTILES) {
        PyErr_SetString(PyExc_ValueError, "history: a list of 56 counts expected");
        return -1;
    }
    for (int i = 0; i < 2 * NTILES; i++) {
        if (write) {
            if (c->history[i] == c->read[i]) continue; /* the list holds it already */
            PyObject *v = PyLong_FromLongLong(c->history[i]);
            if (!v) return -1;
            PyList_SetItem(history, i, v);
        } else {
            c->history[i] = c->read[i] = PyLong_AsLongLong(PyList_GET_ITEM(history, i));
            if (c->history[i] == -1 && PyErr_Occurred()) return -1;
        }
    }
    return 0;
}

/* Core.duo and Core.mtd: the two-player search on numbers (kind DUO or MTD). */
static PyObject *two_players(Core *c, PyObject *args, int kind) {
    PyObject *hands, *history;
    int left, right, mover, passes, drawn, depth;
    long long alpha, beta, guess = 0;
    if (kind == DUO ? !PyArg_ParseTuple(args, "OiiiiiLLiO!", &hands, &left, &right, &mover,
                                        &passes, &drawn, &alpha, &beta, &depth, &PyList_Type,
                                        &history)
                    : !PyArg_ParseTuple(args, "OiiiiiLLiLO!", &hands, &left, &right, &mover,
                                        &passes, &drawn, &alpha, &beta, &depth, &guess,
                                        &PyList_Type, &history))
        return NULL;
    if (c->players != 2) {
        PyErr_SetString(PyExc_ValueError, "the search on numbers for two is for two players");
        return NULL;
    }
    memset(c->dead, 0, sizeof c->dead);
    if (read_masks(hands, c->hands, 2, "hands") ||
        !position_ok(c, left, right, mover, passes, depth) || history_io(c, history, 0))
        return NULL;
    if (drawn < 0 || drawn > c->nstock || alpha < -INF || beta > INF) {
        PyErr_SetString(PyExc_ValueError, "not a window or a stock of this search");
        return NULL;
    }
    for (int i = drawn; i < c->nstock; i++) {
        if ((c->hands[0] | c->hands[1]) & c->stock[i]) {
            PyErr_SetString(PyExc_ValueError, "a tile is in a hand and in the stock");
            return NULL;
        }
    }
    Call k = {.kind = kind, .left = left, .right = right, .mover = mover, .passes = passes,
              .drawn = drawn, .depth = depth, .alpha = alpha, .beta = beta, .guess = guess};
    i64 value;
    int status = run(c, &k, &value);
    if (history_io(c, history, 1)) return NULL;
    return answer(c, status, value);
}

static PyObject *Core_duo(Core *c, PyObject *args) { return two_players(c, args, DUO); }

static PyObject *Core_mtd(Core *c, PyObject *args) { return two_players(c, args, MTD); }

static PyObject *Core_duo_entry(Core *c, PyObject *args) {
    PyObject *hands;
    int left, right, mover, passes, drawn;
    if (!PyArg_ParseTuple(args, "Oiiiii", &hands, &left, &right, &mover, &passes, &drawn))
        return NULL;
    if (c->players != 2 || read_masks(hands, c->hands, 2, "hands")) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "the two-player table is for two players");
        return NULL;
    }
    if (left < 0 || left > 6 || right < 0 || right > 6 || mover < 0 || mover > 1 ||
        passes < 0 || passes > 1 || drawn < 0 || drawn > c->nstock ||
        (c->hands[0] & c->hands[1])) {
        PyErr_SetString(PyExc_ValueError, "not a position of this search");
        return NULL;
    }
    uint64_t key = duo_key(c, c->hands[0], c->hands[1], left, right, mover, passes, drawn);
    DEntry *e = find(c->dtable, key);
    if (!e) Py_RETURN_NONE;
    return Py_BuildValue("(iiii)", e->lo, e->hi, e->depth, e->move);
}

/* -- Core.many: one call for a list of deals of one position (solve.py's solve_many) -- */

/* A table emptied for the next deal as a new Core's is: grown past its first slots, they are
 * given back (to grow again from small, as a fresh search's would), else cleared. */
static void table_empty(Table *t) {
    if (t->cap > FIRST_SLOTS) {
        slots_free(t->slots, t->cap * t->size);
        t->slots = NULL;
        t->cap = 0;
    } else if (t->count) {
        memset(t->slots, 0, t->cap * t->size);
    }
    t->count = 0;
    t->epoch++;
}

/* solve.py's Search._mtd over a child whose round has ended (valued value): each probe of
 * Search._ab is one node, as it is there. */
static i64 ended_mtd(Core *c, i64 value, i64 lower, i64 upper, i64 guess) {
    i64 g = guess < lower ? lower : guess > upper ? upper : guess;
    while (lower < upper) {
        i64 beta = g == lower ? g + 1 : g;
        count_node(c);
        g = value;
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    return g;
}

#define PASS_CODE (-1)

/* One deal's root moves (codes: a tile's index << 1 | 1 on the right end, or PASS_CODE),
 * each searched as solve.py's Search._child_values searches it at depth, into values. */
static void many_one(Core *c, int kind, const int *moves, int nmoves, int left, int right,
                     int mover, int passes, int depth, i64 *values) {
    uint32_t *hands = c->hands, *dead = c->dead;
    int n = c->players, after = mover + 1 < n ? mover + 1 : 0;
    int block = n == 2 ? c->block_after : n;
    uint32_t hand = hands[mover];
    i64 low = -1, high = 1, guess = 0;
    if (kind == DUO && c->pips) {
        low = -mask_value(hands[0]);
        high = mask_value(hands[1]);
    }
    uint32_t held = 0, gone = 0;
    for (int s = 0; s < n; s++) {
        held |= hands[s];
        gone |= dead[s];
        c->totals[s] = mask_value(hands[s] | dead[s]);
    }
    for (int i = 0; i < nmoves; i++) {
        int code = moves[i], l = left, r = right, m = after, p = 0, out = -1;
        uint32_t bit = 0;
        if (code == PASS_CODE) {
            p = passes + 1;
            if (p >= block) out = -2; /* every player passed in turn: blocked */
        } else {
            int t = code >> 1;
            bit = 1u << t;
            if (code & 1)
                r = OTHER[t * 7 + right];
            else
                l = OTHER[t * 7 + left];
            hands[mover] = hand ^ bit;
            c->totals[mover] -= VALUES[t];
            if (!hands[mover]) out = mover;
        }
        i64 v;
        if (kind == DUO) {
            if (out != -1) {
                v = ended_mtd(c, duo_value(c, hands[0], hands[1], out < 0 ? -1 : out), low, high,
                              guess);
            } else {
                Call k = {.kind = MTD, .left = l, .right = r, .mover = m, .passes = p,
                          .drawn = 0, .depth = depth - 1, .alpha = low, .beta = high,
                          .guess = guess};
                v = mtd(c, &k);
            }
            guess = v;
        } else if (kind == PLAIN) {
            if (out != -1) {
                count_node(c);
                v = scored(c->totals, n, out < 0 ? -1 : out);
            } else {
                v = plain(c, l, r, m, p, depth - 1, -1);
            }
        } else {
            if (out != -1) {
                count_node(c);
                v = placed(c, out >= 0 && !dead[mover] ? out : -1);
            } else {
                v = gaple(c, held ^ bit, gone, l, r, m, p, depth - 1);
            }
        }
        hands[mover] = hand;
        c->totals[mover] = mask_value(hand | dead[mover]);
        values[i] = v;
    }
}

/* Core.many(kind, deals, left, right, mover, passes, moves, depth, flag): see the method's
 * doc.  Each deal a fresh search (empty tables, counts and history from 0). */
static PyObject *Core_many(Core *c, PyObject *args) {
    PyObject *deals, *moves_seq;
    int kind, left, right, mover, passes, depth, flag;
    if (!PyArg_ParseTuple(args, "iOiiiiOip", &kind, &deals, &left, &right, &mover, &passes,
                          &moves_seq, &depth, &flag))
        return NULL;
    int n = c->players;
    if (!(kind == PLAIN && n >= 3 && n <= 4) && !(kind == GAPLE) &&
        !(kind == DUO && n == 2 && c->nstock == 0)) {
        PyErr_SetString(PyExc_ValueError, "many: not a search of this Core (kind, players, "
                                          "stock)");
        return NULL;
    }
    int moves[2 * NTILES + 1], nmoves;
    {
        PyObject *fast = PySequence_Fast(moves_seq, "moves: a sequence of codes");
        if (!fast) return NULL;
        nmoves = (int)PySequence_Fast_GET_SIZE(fast);
        int ok = nmoves >= 1 && nmoves <= 2 * NTILES;
        for (int i = 0; ok && i < nmoves; i++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
            if (v == -1 && PyErr_Occurred()) {
                Py_DECREF(fast);
                return NULL;
            }
            ok = v >= PASS_CODE && v < 2 * NTILES && (v != PASS_CODE || nmoves == 1);
            moves[i] = (int)v;
        }
        Py_DECREF(fast);
        if (!ok) {
            PyErr_SetString(PyExc_ValueError, "moves: 1 to 56 plays (index << 1 | right), "
                                              "or a pass alone");
            return NULL;
        }
    }
    PyObject *fast = PySequence_Fast(deals, "deals: a sequence of deals");
    if (!fast) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    int width = kind == GAPLE ? 2 * n : n;
    uint32_t *masks = PyMem_RawMalloc((size_t)(count ? count : 1) * (size_t)width * 4);
    i64 *values = PyMem_RawMalloc((size_t)(count ? count : 1) * (size_t)nmoves * 8);
    i64 *nodes = PyMem_RawMalloc((size_t)(count ? count : 1) * 8);
    double *seconds = PyMem_RawMalloc((size_t)(count ? count : 1) * sizeof(double));
    PyObject *result = NULL;
    if (!masks || !values || !nodes || !seconds) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t d = 0; d < count; d++) { /* read and check every deal first */
        uint32_t *row = masks + d * width;
        if (read_masks(PySequence_Fast_GET_ITEM(fast, d), row, width, "a deal")) goto done;
        memcpy(c->hands, row, (size_t)n * 4);
        memset(c->dead, 0, sizeof c->dead);
        if (kind == GAPLE) memcpy(c->dead, row + n, (size_t)n * 4);
        if (!position_ok(c, left, right, mover, passes, depth)) goto done;
        uint32_t hand = c->hands[mover], fits = (FITS[left] | FITS[right]) & hand;
        for (int i = 0; i < nmoves; i++) {
            int code = moves[i];
            uint32_t bit = code >= 0 ? 1u << (code >> 1) : 0;
            if (code == PASS_CODE ? fits != 0 || kind == GAPLE
                                  : !(hand & bit) || !(bit & FITS[code & 1 ? right : left])) {
                PyErr_Format(PyExc_ValueError, "deal %zd: a move not legal in it", d);
                goto done;
            }
        }
    }
    volatile Py_ssize_t solved = 0;
    volatile int stopped = 0;
    c->busy = 1;
    c->failed = 0;
    c->shallow = c->settled = flag;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t d = 0; d < count; d++) {
        uint32_t *row = masks + d * width;
        memcpy(c->hands, row, (size_t)n * 4);
        memset(c->dead, 0, sizeof c->dead);
        if (kind == GAPLE) memcpy(c->dead, row + n, (size_t)n * 4);
        table_empty(c->ptable);
        table_empty(c->dtable);
        memset(c->history, 0, sizeof c->history);
        c->nodes = c->estimates = 0;
        double start = now();
        if (setjmp(c->jump)) {
            stopped = c->failed ? 2 : 1;
            break;
        }
        many_one(c, kind, moves, nmoves, left, right, mover, passes, depth, values + d * nmoves);
        nodes[d] = c->nodes;
        seconds[d] = now() - start;
        solved = d + 1;
    }
    Py_END_ALLOW_THREADS
    c->busy = 0;
    if (stopped == 2) {
        PyErr_NoMemory();
        goto done;
    }
    result = PyList_New(solved);
    for (Py_ssize_t d = 0; result && d < solved; d++) {
        PyObject *row = PyTuple_New(nmoves + 2);
        if (!row) {
            Py_CLEAR(result);
            break;
        }
        PyTuple_SET_ITEM(row, 0, PyLong_FromLongLong(nodes[d]));
        PyTuple_SET_ITEM(row, 1, PyFloat_FromDouble(seconds[d]));
        for (int i = 0; i < nmoves; i++)
            PyTuple_SET_ITEM(row, i + 2, PyLong_FromLongLong(values[d * nmoves + i]));
        for (int i = 0; i < nmoves + 2; i++) {
            if (!PyTuple_GET_ITEM(row, i)) {
                Py_DECREF(row);
                Py_CLEAR(result);
                break;
            }
        }
        if (result) PyList_SET_ITEM(result, d, row);
    }
done:
    Py_DECREF(fast);
    PyMem_RawFree(masks);
    PyMem_RawFree(values);
    PyMem_RawFree(nodes);
    PyMem_RawFree(seconds);
    return result;
}

static int Core_init(Core *c, PyObject *args, PyObject *kwds) {
    static char *names[] = {"players", "table_size", "stop", "stock", "block_after", "pips",
                            "discard", "blank25", "keyed_hands", NULL};
    Py_ssize_t table_size;
    PyObject *stop, *stock;
    int players, block_after, pips, discard, blank25, keyed_hands;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "inOOipppp", names, &players, &table_size,
                                     &stop, &stock, &block_after, &pips, &discard, &blank25,
                                     &keyed_hands))
        return -1;
    if (players < 2 || players > 5 || table_size < 1 ||
        !PyExceptionClass_Check(stop) || block_after < 1) {
        PyErr_SetString(PyExc_ValueError,
                        "a Core: 2 to 5 players, a table of at least 1, an exception class");
        return -1;
    }
    Py_ssize_t n = PySequence_Size(stock);
    if (n < 0) return -1;
    if (n > NTILES) {
        PyErr_SetString(PyExc_ValueError, "stock: at most 28 tiles");
        return -1;
    }
    if (read_masks(stock, c->stock, (int)n, "stock")) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!c->stock[i] || (c->stock[i] & (c->stock[i] - 1))) {
            PyErr_SetString(PyExc_ValueError, "stock: one tile's bit each");
            return -1;
        }
    }
    Py_XSETREF(c->ptable, new_table((size_t)table_size, sizeof(PEntry)));
    Py_XSETREF(c->dtable, new_table((size_t)table_size, sizeof(DEntry)));
    if (!c->ptable || !c->dtable) return -1;
    Py_INCREF(stop);
    Py_XSETREF(c->stop, stop);
    c->players = players;
    c->nstock = (int)n;
    c->block_after = block_after;
    c->pips = pips;
    c->discard = discard;
    c->blank25 = blank25;
    c->keyed_hands = keyed_hands;
    c->max_nodes = -1;
    c->deadline = 1e300;
    return 0;
}

static void Core_dealloc(Core *c) {
    Py_XDECREF(c->ptable);
    Py_XDECREF(c->dtable);
    Py_XDECREF(c->stop);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

static PyMethodDef Core_methods[] = {
    {"plain", (PyCFunction)Core_plain, METH_VARARGS,
     "plain(hands, left, right, mover, passes, depth, shallow): Search._plain's value."},
    {"gaple", (PyCFunction)Core_gaple, METH_VARARGS,
     "gaple(hands, dead, left, right, mover, passes, depth, settled): Search._gaple's value."},
    {"duo", (PyCFunction)Core_duo, METH_VARARGS,
     "duo(hands, left, right, mover, passes, drawn, alpha, beta, depth, history): "
     "Search._duo's value; history (56 counts) is read and written back."},
    {"mtd", (PyCFunction)Core_mtd, METH_VARARGS,
     "mtd(hands, left, right, mover, passes, drawn, low, high, depth, guess, history): "
     "Search._mtd's value, its probes searched by Search._duo."},
    {"many", (PyCFunction)Core_many, METH_VARARGS,
     "many(kind, deals, left, right, mover, passes, moves, depth, flag): one position's "
     "root moves searched in each deal in turn, a fresh search each (kind 0: plain, deals "
     "of hands; 1: gaple, hands then dead piles; 2: two players by MTD(f)); moves: codes "
     "(index << 1 | right, or -1 for a pass alone); flag: shallow or settled.  A list of "
     "(nodes, seconds, value, ...) for the deals solved within the budget, in order."},
    {"duo_entry", (PyCFunction)Core_duo_entry, METH_VARARGS,
     "duo_entry(hands, left, right, mover, passes, drawn): what the two-player table keeps "
     "for the position, (lo, hi, depth, move << 1 | flipped), or None."},
    {NULL}};

static PyMemberDef Core_members[] = {
    {"nodes", T_LONGLONG, offsetof(Core, nodes), 0, "nodes visited"},
    {"estimates", T_LONGLONG, offsetof(Core, estimates), 0, "results that used an estimate"},
    {"max_nodes", T_LONGLONG, offsetof(Core, max_nodes), 0, "the node limit (-1: none)"},
    {"deadline", T_DOUBLE, offsetof(Core, deadline), 0, "time.perf_counter()'s deadline"},
    {"ptable", T_OBJECT, offsetof(Core, ptable), READONLY, "Block's and Gaple's table"},
    {"dtable", T_OBJECT, offsetof(Core, dtable), READONLY, "the two-player table"},
    {NULL}};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.search._native.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One search on numbers: its tables, counts, budget and history.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_members = Core_members,
};

static PyMethodDef module_methods[] = {
    {"tables", tables, METH_VARARGS,
     "tables(values, fits, other, small, blank_bit, other_blanks, blank_25): the tiles."},
    {NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "engine.search._native",
    "The solver's searches on numbers in C (engine/search/_native.c).", -1, module_methods};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
