/*
 * rhcc — per-event cost of the PCC program on the host CPU, through doca_pcc_dev_user_algo (event getters, slot
 * dispatch, parameters lookup, algorithm, results), for comparison with the Java core's per-ACK cost
 * (bench/src/main/java/org/rhcc/bench/ProbeAckBenchmark.java). Host code: clock_gettime is fine here.
 *
 *   vectors   the RTT events of probe_ack.csv (every row that reaches the program), replayed many times
 *   random    the ProbeAckBenchmark stream: 65536 probe responses on random flows of 1, 1000 or 1000000, delays
 *             100..999 ns (48-byte contexts: 48 MB at 1M flows, so the contexts miss the caches). All events carry
 *             the same timestamp, so no DCQCN timer is due: Eq. (2)-(4) plus the event plumbing, the work the
 *             Java benchmark measures.
 *   timers    the same stream with events 1 us apart on flows that have had a CNP (DCQCN's timers start at the
 *             first CNP): at 1000 flows every event also decays the flow's alpha over about 1000 idle alpha periods
 *             (a realistic flow sees one period per event or less)
 *   tx        ROCE_TX events (16 KB bursts, 1 us apart) on random flows of 1000 that have had a CNP: probe cadence,
 *             DCQCN byte counter and timers
 *
 * Each figure is the median of 7 timed runs of at least 0.2 s of this thread's CPU time each (CLOCK_THREAD_CPUTIME_ID,
 * so time spent descheduled on a shared machine does not count), after one warm-up run.
 * This is the host's cost (x86-64, gcc -O2), not the DPA's: it shows the algorithm's weight, not NIC latency.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rhcc_csv.h"
#include "rhcc_host_runtime.h"
#include "rhcc_params.h"
#include "rhcc_pcc_dev.h"

#define RUNS 7
#define MIN_RUN_NS 200000000.0
#define STREAM_LENGTH 65536u

typedef struct workload {
	doca_pcc_dev_algo_ctxt_t *contexts;
	uint32_t context_count;
	doca_pcc_dev_event_t *events;
	uint32_t *flow_of_event;
	uint32_t event_count;
	uint32_t spacing_ns; /* event i of pass p is stamped (p * event_count + i) * spacing_ns: time never goes back */
	uint64_t passes_done;
} workload_t;

static volatile uint32_t sink;

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static void *checked_calloc(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (p == NULL) {
		fprintf(stderr, "rhcc_bench: out of memory (%zu x %zu bytes)\n", n, size);
		exit(2);
	}
	return p;
}

static void replay(workload_t *w, uint64_t passes)
{
	doca_pcc_dev_attr_t attr;
	doca_pcc_dev_results_t results;
	uint32_t acc = 0;
	uint64_t p;
	uint32_t i;

	memset(&attr, 0, sizeof(attr));
	attr.algo_slot = RHCC_ALGO_SLOT;
	for (p = 0; p < passes; p++, w->passes_done++) {
		uint32_t t = (uint32_t)(w->passes_done * w->event_count * w->spacing_ns) + 1000u;

		for (i = 0; i < w->event_count; i++) {
			if (w->spacing_ns != 0) {
				/* one store per event: the hardware stamps events big-endian */
				w->events[i].timestamp = __builtin_bswap32(t);
				t += w->spacing_ns;
			}
			doca_pcc_dev_user_algo(&w->contexts[w->flow_of_event[i]], &w->events[i], &attr, &results);
			acc += results.rate + results.rtt_req;
		}
	}
	sink = acc;
}

static int compare_doubles(const void *a, const void *b)
{
	const double x = *(const double *)a;
	const double y = *(const double *)b;

	return (x > y) - (x < y);
}

/* median ns per event over RUNS runs */
static double measure(workload_t *w)
{
	double samples[RUNS];
	uint64_t passes = 1;
	double t0;
	double elapsed;
	int r;

	/* warm-up and calibration: enough passes for MIN_RUN_NS */
	for (;;) {
		t0 = now_ns();
		replay(w, passes);
		elapsed = now_ns() - t0;
		if (elapsed >= MIN_RUN_NS)
			break;
		passes = elapsed <= 0 ? passes * 10 : (uint64_t)ceil((double)passes * MIN_RUN_NS * 1.1 / elapsed);
	}
	for (r = 0; r < RUNS; r++) {
		t0 = now_ns();
		replay(w, passes);
		elapsed = now_ns() - t0;
		samples[r] = elapsed / ((double)passes * (double)w->event_count);
	}
	qsort(samples, RUNS, sizeof(samples[0]), compare_doubles);
	return samples[RUNS / 2];
}

/* opens every context with one zero-byte TX event, as the first event of a real flow would */
/* opens every context (a 0-byte TX event at t = 1); with cut, a CNP at t = 1 follows, so that the flow's DCQCN alpha
 * and rate-increase timers run (they start at a flow's first CNP) */
static void open_contexts(workload_t *w, int cut)
{
	doca_pcc_dev_event_t event;
	doca_pcc_dev_attr_t attr;
	doca_pcc_dev_results_t results;
	uint32_t i;

	memset(&attr, 0, sizeof(attr));
	rhcc_host_event_tx(&event, 0, 1, 0, 0, 0);
	for (i = 0; i < w->context_count; i++)
		doca_pcc_dev_user_algo(&w->contexts[i], &event, &attr, &results);
	if (!cut)
		return;
	rhcc_host_event_cnp(&event, 0, 1);
	for (i = 0; i < w->context_count; i++)
		doca_pcc_dev_user_algo(&w->contexts[i], &event, &attr, &results);
}

static void free_workload(workload_t *w)
{
	free(w->contexts);
	free(w->events);
	free(w->flow_of_event);
	memset(w, 0, sizeof(*w));
}

static void bench_vectors(const char *dir)
{
	char path[1024];
	char err[1024];
	rhcc_csv_t csv;
	workload_t w;
	uint32_t capacity = 4096;
	uint32_t max_flow = 0;
	int r;

	snprintf(path, sizeof(path), "%s/probe_ack.csv", dir);
	if (rhcc_csv_open(&csv, path, err, sizeof(err)) != 0) {
		fprintf(stderr, "rhcc_bench: %s\n", err);
		exit(2);
	}
	memset(&w, 0, sizeof(w));
	w.events = checked_calloc(capacity, sizeof(*w.events));
	w.flow_of_event = checked_calloc(capacity, sizeof(*w.flow_of_event));
	while ((r = rhcc_csv_next(&csv, err, sizeof(err))) == 1) {
		const uint32_t qp = (uint32_t)strtoul(csv.fields[rhcc_csv_column(&csv, "qp")], NULL, 10);
		const uint32_t t_recv = (uint32_t)strtoul(csv.fields[rhcc_csv_column(&csv, "t_recv_ns")], NULL, 10);
		const uint32_t t_resp = (uint32_t)strtoul(csv.fields[rhcc_csv_column(&csv, "t_resp_ns")], NULL, 10);

		if (strcmp(csv.fields[rhcc_csv_column(&csv, "status")], "bad_rate") == 0)
			continue; /* never reaches the program */
		if (w.event_count == capacity) {
			fprintf(stderr, "rhcc_bench: more than %u rows in %s\n", capacity, path);
			exit(2);
		}
		rhcc_host_event_rtt(&w.events[w.event_count], 0, 0, 0, t_recv, t_resp);
		w.flow_of_event[w.event_count++] = qp;
		if (qp > max_flow)
			max_flow = qp;
	}
	if (r < 0) {
		fprintf(stderr, "rhcc_bench: %s\n", err);
		exit(2);
	}
	rhcc_csv_close(&csv);
	w.context_count = max_flow + 1;
	w.contexts = checked_calloc(w.context_count, sizeof(*w.contexts));
	w.spacing_ns = 1000;
	open_contexts(&w, 0);
	printf("  vectors  probe_ack.csv RTT events (%u per pass, %u flows): %6.1f ns/event\n", w.event_count,
	       w.context_count, measure(&w));
	free_workload(&w);
}

static void bench_random(const char *label, const char *what, uint32_t flows, int tx, uint32_t spacing_ns)
{
	workload_t w;
	uint64_t seed = 42;
	uint32_t i;

	memset(&w, 0, sizeof(w));
	w.context_count = flows;
	w.contexts = checked_calloc(flows, sizeof(*w.contexts));
	w.event_count = STREAM_LENGTH;
	w.events = checked_calloc(STREAM_LENGTH, sizeof(*w.events));
	w.flow_of_event = checked_calloc(STREAM_LENGTH, sizeof(*w.flow_of_event));
	for (i = 0; i < STREAM_LENGTH; i++) {
		const uint32_t recv = (uint32_t)splitmix64(&seed);

		w.flow_of_event[i] = (uint32_t)(splitmix64(&seed) % flows);
		const uint32_t t = 1000u;

		if (tx)
			rhcc_host_event_tx(&w.events[i], 0, t, 512u, 16u, 0);
		else
			rhcc_host_event_rtt(&w.events[i], 0, t, t - 500u, recv,
					    recv + 100u + (uint32_t)(splitmix64(&seed) % 900u));
	}
	w.spacing_ns = spacing_ns;
	open_contexts(&w, spacing_ns != 0);
	printf("  %-8s %-22s on %7u random flows: %6.1f ns/event\n", label, what, flows, measure(&w));
	free_workload(&w);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "../test-vectors/v4";
	uint32_t mask = 0;

	rhcc_host_runtime_reset();
	doca_pcc_dev_user_init(&mask);
	printf("rhcc PCC program, host cost per event through doca_pcc_dev_user_algo (median of %d runs):\n", RUNS);
	bench_vectors(dir);
	bench_random("random", "probe responses", 1, 0, 0);
	bench_random("random", "probe responses", 1000, 0, 0);
	bench_random("random", "probe responses", 1000000, 0, 0);
	bench_random("timers", "probe responses", 1000, 0, 1000);
	bench_random("tx", "ROCE_TX 16 KB bursts", 1000, 1, 1000);
	return 0;
}
