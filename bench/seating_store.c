/* Simulated annealing for fair plans with few repeated meetings, run once to find plans to store in
   sheet_scorer/seating/designs.py (docs/rules.md §6). Not part of the tool: bench/seating_store.py builds it and
   checks what it prints by counting.

   cc -O2 -o /tmp/seating_store bench/seating_store.c -lm && /tmp/seating_store N ROUNDS SEED MOVES [RUN]

   Tables of 3 as §6 says (n mod 4 → 0, 3, 2, 1 of them), the rest tables of 4. Hard constraint: every player sits
   at a table of 3 floor or ceil of the mean number of times (max − min ≤ 1); a swap that breaks it is never
   made. Cost: RUN per player at a table of 3 in two rounds running (100000 unless a 5th argument says otherwise:
   §6 aim 2, before any repeat), + 1000 per repeated meeting + 50 (m − 1)² per pair (spread). The start passes the
   tables of 3 round in turn (fewest so far, not the round before, longest since), which runs no more than the
   sizes force. Prints the best plan: "COST repeats runs" then rounds separated by '/', tables by ' ', players
   by '.'. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define MAXN 64
#define MAXR 10
static int n, R, T, T3, size[MAXN], start[MAXN];
static int slot[MAXR][MAXN];  /* slot[r][k]: player in slot k of round r (tables are consecutive slots) */
static int where[MAXR][MAXN]; /* where[r][p]: slot of p */
static int meet[MAXN][MAXN], threes[MAXN], lo, hi;
static int best_slot[MAXR][MAXN];
static unsigned long long rng_state;
static long run_weight = 100000; /* per player at a table of 3 in two rounds running (RUN, the optional 5th argument) */
static int since[MAXN]; /* the last round each player sat at a table of 3, −1 never (the start) */

static unsigned rnd(void) {
  rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
  return (unsigned)(rng_state >> 11);
}
static double unit(void) { return (rnd() & 0xffffff) / 16777216.0; }
static int table_of(int k) { int t = 0; while (t + 1 < T && start[t + 1] <= k) t++; return t; }
static int tab[MAXN];  /* table of each slot */
static long pc(int m) { return m > 1 ? 1000L * (m - 1) + 50L * (m - 1) * (m - 1) : 0; }
static int small(int r, int p) { return r >= 0 && r < R && size[tab[where[r][p]]] == 3; }

/* The start's order of who takes the tables of 3 in round r: fewest so far, then not in round r − 1, then the
   longest since the last. */
static long turn(int p, int r) { return threes[p] * 1000000L + (r > 0 && since[p] == r - 1) * 1000L + since[p]; }

static long total(int *repeats, int *runs) {
  long c = 0; *repeats = 0; *runs = 0;
  for (int a = 0; a < n; a++) for (int b = a + 1; b < n; b++) { c += pc(meet[a][b]); if (meet[a][b] > 1) *repeats += meet[a][b] - 1; }
  for (int r = 1; r < R; r++) for (int p = 0; p < n; p++) if (small(r, p) && small(r - 1, p)) (*runs)++;
  return c + run_weight * *runs;
}

static long delta(int r, int a, int b) {
  int ka = where[r][a], kb = where[r][b], ta = tab[ka], tb = tab[kb];
  long d = 0;
  for (int k = start[ta]; k < start[ta] + size[ta]; k++) { int x = slot[r][k]; if (x == a) continue;
    d += pc(meet[a][x] - 1) - pc(meet[a][x]) + pc(meet[b][x] + 1) - pc(meet[b][x]); }
  for (int k = start[tb]; k < start[tb] + size[tb]; k++) { int y = slot[r][k]; if (y == b) continue;
    d += pc(meet[b][y] - 1) - pc(meet[b][y]) + pc(meet[a][y] + 1) - pc(meet[a][y]); }
  if (size[ta] != size[tb]) { /* the one going to the table of 3: runs with the rounds beside */
    int to = size[ta] == 3 ? b : a, off = size[ta] == 3 ? a : b;
    d += run_weight * ((small(r - 1, to) + small(r + 1, to)) - (small(r - 1, off) + small(r + 1, off)));
  }
  return d;
}

static void do_swap(int r, int a, int b) {
  int ka = where[r][a], kb = where[r][b], ta = tab[ka], tb = tab[kb];
  for (int k = start[ta]; k < start[ta] + size[ta]; k++) { int x = slot[r][k]; if (x == a) continue;
    meet[a][x]--; meet[x][a]--; meet[b][x]++; meet[x][b]++; }
  for (int k = start[tb]; k < start[tb] + size[tb]; k++) { int y = slot[r][k]; if (y == b) continue;
    meet[b][y]--; meet[y][b]--; meet[a][y]++; meet[y][a]++; }
  if (size[ta] != size[tb]) { int to = size[ta] == 3 ? b : a, off = size[ta] == 3 ? a : b; threes[to]++; threes[off]--; }
  slot[r][ka] = b; slot[r][kb] = a; where[r][a] = kb; where[r][b] = ka;
}

int main(int argc, char **argv) {
  if (argc < 5) { fprintf(stderr, "usage: N ROUNDS SEED MOVES\n"); return 2; }
  n = atoi(argv[1]); R = atoi(argv[2]); rng_state = 88172645463325252ULL ^ (unsigned long long)atoll(argv[3]) * 2654435761ULL;
  double moves = atof(argv[4]);
  if (argc > 5) run_weight = atol(argv[5]);
  T3 = (4 - n % 4) % 4; T = (n - 3 * T3) / 4 + T3;
  for (int t = 0, k = 0; t < T; t++) { size[t] = t < T3 ? 3 : 4; start[t] = k; for (int j = 0; j < size[t]; j++) tab[k + j] = t; k += size[t]; }
  int seats3 = 3 * T3 * R; lo = seats3 / n; hi = lo + (seats3 % n != 0);
  /* a fair start: each round the players whose turn it is (ties by lot) take the tables of 3 */
  for (int p = 0; p < n; p++) since[p] = -1;
  for (int r = 0; r < R; r++) {
    int order[MAXN]; for (int p = 0; p < n; p++) order[p] = p;
    for (int p = n - 1; p > 0; p--) { int q = rnd() % (p + 1), t = order[p]; order[p] = order[q]; order[q] = t; }
    for (int i = 1; i < n; i++) { int p = order[i], j = i; while (j > 0 && turn(order[j - 1], r) > turn(p, r)) { order[j] = order[j - 1]; j--; } order[j] = p; }
    for (int k = 0; k < n; k++) { slot[r][k] = order[k]; where[r][order[k]] = k; if (size[tab[k]] == 3) { threes[order[k]]++; since[order[k]] = r; } }
    for (int t = 0; t < T; t++) for (int i = start[t]; i < start[t] + size[t]; i++) for (int j = i + 1; j < start[t] + size[t]; j++) {
      meet[slot[r][i]][slot[r][j]]++; meet[slot[r][j]][slot[r][i]]++; }
  }
  int reps, runs; long cur = total(&reps, &runs), best = cur;
  memcpy(best_slot, slot, sizeof slot);
  double t0 = 2000.0, t1 = 20.0;
  for (double i = 0; i < moves; i++) {
    double temp = t0 * pow(t1 / t0, i / moves);
    int r = rnd() % R, ka = rnd() % n, kb = rnd() % n;
    if (tab[ka] == tab[kb]) continue;
    int a = slot[r][ka], b = slot[r][kb];
    if (size[tab[ka]] != size[tab[kb]]) { /* fairness kept: the one leaving a table of 3 had hi, the other lo */
      int to = size[tab[ka]] == 3 ? b : a, off = size[tab[ka]] == 3 ? a : b;
      if (threes[to] + 1 > hi || threes[off] - 1 < lo) continue;
    }
    long d = delta(r, a, b);
    if (d <= 0 || unit() < exp(-d / temp)) {
      do_swap(r, a, b); cur += d;
      if (cur < best) { best = cur; memcpy(best_slot, slot, sizeof slot); if (best == 0) break; }
    }
  }
  memcpy(slot, best_slot, sizeof slot);
  memset(meet, 0, sizeof meet);
  for (int r = 0; r < R; r++) { for (int k = 0; k < n; k++) where[r][slot[r][k]] = k;
    for (int t = 0; t < T; t++) for (int i = start[t]; i < start[t] + size[t]; i++) for (int j = i + 1; j < start[t] + size[t]; j++) {
      meet[slot[r][i]][slot[r][j]]++; meet[slot[r][j]][slot[r][i]]++; } }
  best = total(&reps, &runs);
  printf("%ld %d %d\n", best, reps, runs);
  for (int r = 0; r < R; r++) {
    for (int t = 0; t < T; t++) { for (int i = 0; i < size[t]; i++) printf("%s%d", i ? "." : "", slot[r][start[t] + i]); printf(t + 1 < T ? " " : ""); }
    printf(r + 1 < R ? " / " : "\n");
  }
  return 0;
}
