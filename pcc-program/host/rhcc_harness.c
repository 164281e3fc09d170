/*
 * rhcc — host harness: replays the shared test vectors (test-vectors/v4, generated from the Java core) through
 * doca_pcc_dev_user_algo by synthesising DOCA PCC events, and checks every row.
 *
 *   probe_ack.csv    per row: ROCE_TX events for the bytes sent since the QP's previous row (the probes requested
 *                    must equal probes_due), then one RTT event with the row's receiver timestamps. R_cc is the
 *                    row's r_cc_gbps, written into the flow context's DCQCN rate field just before the RTT event
 *                    (in the device R_cc is the slot's own DCQCN rate). Checked: probes, D sample, status, the
 *                    stored probe timestamp (the last valid t_recv, exactly), D_cur, R_rev (with the delivered-rate
 *                    ceiling), R_send (results->rate).
 *   dcqcn*.csv       open -> fresh context + ROCE_TX of 0 bytes; cnp -> ROCE_CNP; bytes -> ROCE_TX events
 *                    (<= 65535 units of 32 B each); advance -> ROCE_TX of 0 bytes (an event whose only effect is
 *                    processing the timers due at its timestamp). Checked: R_C, R_T, alpha; and, exactly, the
 *                    target rule of every cut, immediate or carried over the hold-off: R_T <- R_C if
 *                    clamp_target_rate or an increase (timer or byte counter) happened since the last cut
 *                    (counted from the Java timers and byte counter), else R_T unchanged.
 *
 * Tolerance (README.md, "Tolerance"): exact for integers (probes, D sample, status); for every real-valued column
 * the C value must lie within the previous row's measured C-vs-Java difference carried through this row's
 * operations (their Lipschitz constants) plus the rounding budget of this row's fixed-point operations and of the
 * Java float32 storage. Prints the first mismatching row and exits non-zero on any mismatch.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rhcc_ccctx.h"
#include "rhcc_csv.h"
#include "rhcc_dcqcn.h"
#include "rhcc_host_runtime.h"
#include "rhcc_params.h"
#include "rhcc_pcc_dev.h"
#include "rhcc_sender.h"

#define PORT 0u
#define MAX_FLOWS 1024
#define TX_UNITS_MAX 65535u

/* half a unit of the C formats and of Java's float32, as fractions */
#define HALF_RATE_UNIT (1.0 / 2147483648.0)        /* 2^-31 of line rate: half an fxp30 unit */
#define HALF_DOCA_UNIT (1.0 / 2097152.0)           /* 2^-21 of line rate: half an fxp20 unit (results->rate) */
#define HALF_ALPHA_UNIT (1.0 / 4294967296.0)       /* 2^-32: half an fxp31 unit */
#define HALF_DELAY_UNIT (1.0 / 512.0)              /* 2^-9 ns: half an fxp8 unit */
#define FLOAT32_HALF_ULP (1.0 / 16777216.0)        /* 2^-24: float32 rounding, relative */
#define DOUBLE_SLACK (1e-12)                       /* double conversions in Java and here, relative */

/* ---- reporting ---------------------------------------------------------------------------------------------- */

typedef struct column_stats {
	const char *name;
	double max_diff;        /* largest |C - Java| */
	double tol_at_max_diff; /* the tolerance of that row */
	double max_tol;         /* largest tolerance applied */
	double max_budget_use;  /* largest (|C - Java| - carried) / budget: the share of a row's own budget used */
} column_stats_t;

typedef struct run {
	const char *file;
	rhcc_csv_t csv;
	long rows;
	long passed;
	long failed;
	int row_failed;
	long notes_not_fed;  /* bad_rate rows */
	long notes_wide_gap; /* dcqcn rows after a gap the 32-bit event timestamps cannot represent */
	long cuts_clamped;   /* dcqcn cuts that set R_T <- R_C */
	long cuts_kept;      /* dcqcn cuts that kept R_T (clamp off, no timer increase since the last cut) */
	column_stats_t stats[8];
	int stat_count;
} run_t;

static int first_failure_printed;

static column_stats_t *stats_for(run_t *run, const char *name)
{
	int i;

	for (i = 0; i < run->stat_count; i++) {
		if (strcmp(run->stats[i].name, name) == 0)
			return &run->stats[i];
	}
	run->stats[run->stat_count].name = name;
	return &run->stats[run->stat_count++];
}

static void fail(run_t *run, const char *what)
{
	if (!first_failure_printed) {
		first_failure_printed = 1;
		fprintf(stderr, "FIRST MISMATCH %s:%ld\n  row: %s\n  %s\n", run->csv.path, run->csv.line_number,
			run->csv.raw, what);
	}
	run->row_failed = 1;
}

/*
 * |got - want| <= carried + budget, where carried is the difference the earlier rows left, propagated through this
 * row's operations, and budget the rounding this row's own operations may add.
 */
static void check_real(run_t *run, const char *column, double got, double want, double carried, double budget)
{
	column_stats_t *s = stats_for(run, column);
	const double diff = fabs(got - want);
	const double tol = carried + budget;

	if (diff > s->max_diff) {
		s->max_diff = diff;
		s->tol_at_max_diff = tol;
	}
	if (tol > s->max_tol)
		s->max_tol = tol;
	if (budget > 0 && (diff - carried) / budget > s->max_budget_use)
		s->max_budget_use = (diff - carried) / budget;
	if (!(diff <= tol)) {
		char msg[2048];

		snprintf(msg, sizeof(msg), "%s: C %.17g, Java %.17g, |diff| %.3g > tolerance %.3g (carried %.3g + "
			 "this row's budget %.3g)", column, got, want, diff, tol, carried, budget);
		fail(run, msg);
	}
}

static void print_stats(const run_t *run)
{
	int i;

	for (i = 0; i < run->stat_count; i++)
		printf("  %-11s max |C-Java| %.3g (tolerance there %.3g); largest tolerance %.3g; at most %.0f%% of a "
		       "row's own rounding budget used\n", run->stats[i].name, run->stats[i].max_diff,
		       run->stats[i].tol_at_max_diff, run->stats[i].max_tol, 100.0 * run->stats[i].max_budget_use);
}

static void check_int(run_t *run, const char *column, long long got, long long want)
{
	if (got != want) {
		char msg[256];

		snprintf(msg, sizeof(msg), "%s: C %lld, Java %lld (must be equal)", column, got, want);
		fail(run, msg);
	}
}

static void check_true(run_t *run, int ok, const char *what)
{
	if (!ok)
		fail(run, what);
}

/* ---- parsing ------------------------------------------------------------------------------------------------- */

static void die(const char *message)
{
	fprintf(stderr, "rhcc_harness: %s\n", message);
	exit(2);
}

static const char *field(const run_t *run, const char *column)
{
	const int i = rhcc_csv_column(&run->csv, column);
	char msg[2048];

	if (i < 0) {
		snprintf(msg, sizeof(msg), "%s: no column '%s' in the header", run->csv.path, column);
		die(msg);
	}
	return run->csv.fields[i];
}

static double real_field(const run_t *run, const char *column)
{
	const char *text = field(run, column);
	char *end;
	double v;
	char msg[2048];

	errno = 0;
	v = strtod(text, &end);
	if (*text == '\0' || *end != '\0') {
		snprintf(msg, sizeof(msg), "%s:%ld: column %s = '%s' is not a number", run->csv.path,
			 run->csv.line_number, column, text);
		die(msg);
	}
	return v;
}

static long long int_field(const run_t *run, const char *column)
{
	const char *text = field(run, column);
	char *end;
	long long v;
	char msg[2048];

	errno = 0;
	v = strtoll(text, &end, 10);
	if (*text == '\0' || *end != '\0' || errno != 0) {
		snprintf(msg, sizeof(msg), "%s:%ld: column %s = '%s' is not an integer", run->csv.path,
			 run->csv.line_number, column, text);
		die(msg);
	}
	return v;
}

static double real_param(const run_t *run, const char *key)
{
	const char *text = rhcc_csv_param(&run->csv, key);
	char *end;
	double v;
	char msg[2048];

	if (text == NULL) {
		snprintf(msg, sizeof(msg), "%s: missing '# param %s=...'", run->csv.path, key);
		die(msg);
	}
	v = strtod(text, &end);
	if (*text == '\0' || *end != '\0' || !isfinite(v)) {
		snprintf(msg, sizeof(msg), "%s: param %s = '%s' is not a finite number", run->csv.path, key, text);
		die(msg);
	}
	return v;
}

/* value * scale must be a whole number in [0, UINT32_MAX]: the C program's parameters are integers */
static uint32_t whole_param(const run_t *run, const char *key, double scale, const char *unit)
{
	const double v = real_param(run, key) * scale;
	const double r = nearbyint(v);
	char msg[2048];

	if (fabs(v - r) > 1e-9 * fmax(1.0, fabs(v)) || r < 0 || r > 4294967295.0) {
		snprintf(msg, sizeof(msg), "%s: param %s = %s is not a whole number of %s (%.17g); the C program "
			 "takes %s", run->csv.path, key, rhcc_csv_param(&run->csv, key), unit, v, unit);
		die(msg);
	}
	return (uint32_t)r;
}

static void require_known_params(const run_t *run, const char *const *known)
{
	int i;
	char msg[2048];

	for (i = 0; i < run->csv.param_count; i++) {
		const char *key = run->csv.params[i][0];
		int k;
		int found = 0;

		for (k = 0; known[k] != NULL; k++)
			found |= strcmp(known[k], key) == 0;
		if (!found) {
			snprintf(msg, sizeof(msg), "%s: unknown '# param %s': the harness does not know how to give it "
				 "to the C program; map it in rhcc_harness.c", run->csv.path, key);
			die(msg);
		}
	}
}

static void apply_params(const run_t *run, const uint32_t *values)
{
	char msg[2048];
	rhcc_config_t probe;
	const rhcc_param_status_t status = rhcc_config_derive(values, &probe);

	if (status != 0) {
		snprintf(msg, sizeof(msg), "%s: the C program rejects parameter '%s' = %u", run->csv.path,
			 rhcc_param_specs[status - 1].name, values[status - 1]);
		die(msg);
	}
	if (rhcc_host_set_params(PORT, RHCC_ALGO_SLOT, 0, RHCC_PARAM_COUNT, values) != DOCA_PCC_DEV_STATUS_OK)
		die("doca_pcc_dev_user_set_algo_params refused a parameter set rhcc_config_derive accepts");
}

static int open_run(run_t *run, const char *dir, const char *name)
{
	char path[1024];
	char err[1024];

	memset(run, 0, sizeof(*run));
	run->file = name;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (rhcc_csv_open(&run->csv, path, err, sizeof(err)) != 0)
		die(err);
	return 0;
}

static int next_row(run_t *run)
{
	char err[1024];
	const int r = rhcc_csv_next(&run->csv, err, sizeof(err));

	if (r < 0)
		die(err);
	if (r == 1) {
		run->rows++;
		run->row_failed = 0;
	}
	return r;
}

static void end_row(run_t *run)
{
	if (run->row_failed)
		run->failed++;
	else
		run->passed++;
}

/* ---- driving the program ------------------------------------------------------------------------------------- */

static uint32_t *counters(void)
{
	return doca_pcc_dev_get_counters(PORT, RHCC_ALGO_SLOT);
}

static doca_pcc_dev_results_t deliver(doca_pcc_dev_algo_ctxt_t *ctx, doca_pcc_dev_event_t *event)
{
	doca_pcc_dev_attr_t attr;
	doca_pcc_dev_results_t results;

	memset(&attr, 0, sizeof(attr));
	attr.algo_slot = RHCC_ALGO_SLOT;
	memset(&results, 0, sizeof(results));
	doca_pcc_dev_user_algo(ctx, event, &attr, &results);
	if (results.rate == 0 || results.rate > DOCA_PCC_DEV_MAX_RATE)
		die("results->rate outside (0, 1 << 20]");
	return results;
}

/* sends `units` 32-byte units in TX events of at most max_units each (one zero-unit event if units == 0) */
static uint32_t send_tx(doca_pcc_dev_algo_ctxt_t *ctx, uint32_t now_ns, uint64_t units, uint64_t max_units)
{
	doca_pcc_dev_event_t event;
	uint32_t probes = 0;

	do {
		const uint64_t chunk = units < max_units ? units : max_units;

		rhcc_host_event_tx(&event, PORT, now_ns, (uint32_t)chunk, (uint32_t)((chunk + 31u) / 32u), 0);
		probes += deliver(ctx, &event).rtt_req;
		units -= chunk;
	} while (units > 0);
	return probes;
}

/* ---- probe_ack.csv -------------------------------------------------------------------------------------------- */

typedef struct qp_state {
	doca_pcc_dev_algo_ctxt_t ctx;
	int used;
	long long bytes_sent;
	double diff_d;   /* |D_C - D_Java| after the QP's last row, ns */
	double diff_r;   /* |R_rev C - R_rev Java| after the QP's last row, Gbit/s */
	double d_java;   /* Java's D_cur after the QP's last row (NaN before the first sample) */
	double r_java;   /* Java's R_rev after the QP's last row (line when opened) */
	uint32_t t_recv; /* Java's probeTsNs: t_recv of the QP's last valid ACK (0 when opened) */
} qp_state_t;

static qp_state_t qps[MAX_FLOWS];

static double fxp30_gbps(uint32_t v, double line_gbps)
{
	return (double)v / 1073741824.0 * line_gbps;
}

static uint32_t gbps_fxp30(double gbps, double line_gbps)
{
	const double frac = gbps / line_gbps;

	if (!(frac < 1.0))
		return RHCC_RATE_ONE; /* includes +infinity */
	return (uint32_t)nearbyint(frac * 1073741824.0);
}

/* name: probe_ack.csv (rhcc), probe_ack_gated.csv (rhcc-gated: '# param receiver_gated=1' and a receiver_congested
 * column, the state rhcc's NP writes into the response: RHCC_RTT_STATE_* in the RTT event's first word) or
 * probe_ack_hostcc_emulated.csv (hostcc-emulated: '# param increase_interval_ns=300000' and the tick constants, and an
 * increase_tick column, the context's byte 15 after the row) */
static void run_probe_ack(const char *dir, const char *name, long *total_passed, long *total_failed)
{
	static const char *const known[] = {"g_probe", "alpha", "beta", "d_thr_ns", "r_min_gbps", "r_line_gbps",
					    "probe_interval_bytes", "receiver_gated", "increase_interval_ns",
					    "increase_tick_ns", "increase_interval_ticks", NULL};
	run_t run;
	uint32_t values[RHCC_PARAM_COUNT];
	double g;
	double alpha;
	double beta;
	double line;
	double thr;
	double r_min;
	int gated;
	int emulated;
	long held_rows = 0;     /* ok rows whose rise both sides held (hostcc-emulated) */
	uint64_t interval_units;
	char current_case[256] = "";
	uint32_t clock_ns = 0;
	long negative_rows = 0;
	long capped_rows = 0;   /* ok rows where Java's delivered-rate ceiling is below line */
	long ceiling_rows = 0;  /* ... and both Java's and C's R_rev sit at their ceilings */
	double interval_bytes;
	long long probes_total = 0;
	uint32_t neg0;
	uint32_t probes0;

	open_run(&run, dir, name);
	require_known_params(&run, known);
	rhcc_params_defaults(values);
	values[RHCC_PARAM_G_PROBE_FXP16] = whole_param(&run, "g_probe", 65536.0, "1/65536");
	values[RHCC_PARAM_ALPHA_BPS_PER_NS] = whole_param(&run, "alpha", 1e9, "bit/s per ns");
	values[RHCC_PARAM_BETA_BPS_PER_NS] = whole_param(&run, "beta", 1e9, "bit/s per ns");
	values[RHCC_PARAM_D_THR_NS] = whole_param(&run, "d_thr_ns", 1.0, "ns");
	values[RHCC_PARAM_R_MIN_MBPS] = whole_param(&run, "r_min_gbps", 1000.0, "Mbit/s");
	values[RHCC_PARAM_LINE_RATE_MBPS] = whole_param(&run, "r_line_gbps", 1000.0, "Mbit/s");
	values[RHCC_PARAM_PROBE_INTERVAL_32B] = whole_param(&run, "probe_interval_bytes", 1.0 / 32.0, "32-byte units");
	gated = rhcc_csv_param(&run.csv, "receiver_gated") != NULL &&
		whole_param(&run, "receiver_gated", 1.0, "0/1") != 0u;
	values[RHCC_PARAM_RECEIVER_GATED] = gated ? 1u : 0u;
	emulated = rhcc_csv_param(&run.csv, "increase_interval_ns") != NULL;
	if (emulated &&
	    (whole_param(&run, "increase_interval_ns", 1.0, "ns") != RHCC_INCREASE_INTERVAL_NS ||
	     whole_param(&run, "increase_tick_ns", 1.0, "ns") != 1u << RHCC_INCREASE_TICK_SHIFT ||
	     whole_param(&run, "increase_interval_ticks", 1.0, "ticks") != RHCC_INCREASE_INTERVAL_TICKS))
		die("probe_ack: the file's increase interval, tick or tick count is not this program's");
	values[RHCC_PARAM_INCREASE_INTERVAL] = emulated ? 1u : 0u;
	apply_params(&run, values);
	g = real_param(&run, "g_probe");
	alpha = real_param(&run, "alpha");
	beta = real_param(&run, "beta");
	line = real_param(&run, "r_line_gbps");
	thr = real_param(&run, "d_thr_ns");
	r_min = real_param(&run, "r_min_gbps");
	interval_units = values[RHCC_PARAM_PROBE_INTERVAL_32B];
	interval_bytes = real_param(&run, "probe_interval_bytes");
	neg0 = counters()[RHCC_COUNTER_NEGATIVE_DELAY];
	probes0 = counters()[RHCC_COUNTER_PROBES_REQUESTED];

	while (next_row(&run) == 1) {
		const char *case_name = field(&run, "case");
		const long long qp = int_field(&run, "qp");
		const long long bytes_sent = int_field(&run, "bytes_sent");
		const long long probes_due = int_field(&run, "probes_due");
		const long long t_recv = int_field(&run, "t_recv_ns");
		const long long t_resp = int_field(&run, "t_resp_ns");
		const double r_cc = real_field(&run, "r_cc_gbps");
		const long long receiver_congested = gated ? int_field(&run, "receiver_congested") : 1;
		const char *status = field(&run, "status");
		const long long d_sample = int_field(&run, "d_sample_ns");
		const double d_java = real_field(&run, "d_cur_ns");
		const double r_rev_java = real_field(&run, "r_rev_gbps");
		const char *r_send_text = field(&run, "r_send_gbps");
		qp_state_t *q;
		rhcc_ccctx_t *ctx;
		rhcc_ccctx_t before;
		long long delta;
		uint32_t probes;
		int cold;
		double d_c;
		double r_c;

		if (strcmp(case_name, current_case) != 0) {
			snprintf(current_case, sizeof(current_case), "%s", case_name);
			memset(qps, 0, sizeof(qps));
			clock_ns = 1000;
		}
		if (qp < 0 || qp >= MAX_FLOWS || t_recv < 0 || t_recv > UINT32_MAX || t_resp < 0 ||
		    t_resp > UINT32_MAX)
			die("probe_ack.csv: qp or timestamp out of range");
		q = &qps[qp];
		ctx = rhcc_ccctx(&q->ctx);
		if (!q->used) {
			q->used = 1;
			q->d_java = NAN;
			q->r_java = line;
		}
		delta = bytes_sent - q->bytes_sent;
		if (delta < 0 || delta % 32 != 0)
			die("probe_ack.csv: bytes_sent must grow per QP in multiples of 32 (TX counters count 32 B)");
		q->bytes_sent = bytes_sent;

		/* TX bursts of at most one probe interval: the cadence then requests exactly one probe per crossing */
		probes = 0;
		if (delta > 0 || ctx->d_thr_ns == 0) {
			clock_ns += 1000;
			probes = send_tx(&q->ctx, clock_ns, (uint64_t)delta / 32u, interval_units);
		}
		probes_total += probes_due;
		check_int(&run, "probes_due", probes, probes_due);
		check_int(&run, "d_sample_ns", rhcc_delay_sample_ns((uint32_t)t_recv, (uint32_t)t_resp), d_sample);

		before = *ctx;
		cold = !(before.flags & RHCC_FLAG_D_VALID);
		check_int(&run, "cold start (C has no delay sample, Java's D_prev is NaN)", cold, isnan(q->d_java));
		if (strcmp(status, "bad_rate") == 0) {
			/* R_cc is the slot's own DCQCN rate, never negative or NaN: nothing to feed; state must stay */
			check_true(&run, isnan(r_cc) || r_cc < 0, "bad_rate row with a valid R_cc");
			check_true(&run, r_send_text[0] == '\0', "rejected row with an r_send_gbps");
			run.notes_not_fed++;
		} else {
			doca_pcc_dev_event_t event;
			doca_pcc_dev_results_t results;

			ctx->rc_fxp30 = gbps_fxp30(r_cc, line);
			clock_ns += 1000;
			/* rhcc's NP puts its state word where the firmware's puts the request's send time */
			rhcc_host_event_rtt(&event, PORT, clock_ns,
					    gated ? RHCC_RTT_STATE_VALID | (receiver_congested ? RHCC_RTT_STATE_CONGESTED : 0u) :
						    clock_ns - 500u,
					    (uint32_t)t_recv, (uint32_t)t_resp);
			results = deliver(&q->ctx, &event);
			if (strcmp(status, "negative_delay") == 0) {
				negative_rows++;
				check_true(&run, d_sample < 0, "negative_delay row with a non-negative sample");
				check_true(&run, r_send_text[0] == '\0', "rejected row with an r_send_gbps");
				check_true(&run, ctx->rate_rev_fxp30 == before.rate_rev_fxp30 &&
					   ctx->d_prev_ns == before.d_prev_ns && ctx->d_prev_frac == before.d_prev_frac &&
					   (ctx->flags & RHCC_FLAG_D_VALID) == (before.flags & RHCC_FLAG_D_VALID),
					   "negative delay changed the sender-loop state");
			} else if (strcmp(status, "ok") == 0) {
				const double r_send_java = real_field(&run, "r_send_gbps");
				const double prev_diff_d = cold ? 0.0 : q->diff_d;
				const double error_ns = d_java - thr;
				const double change_ns = cold ? 0.0 : d_java - q->d_java;
				const double terms = alpha * fabs(error_ns) + beta * fabs(change_ns);
				const int32_t gap_ns = rhcc_wrap_diff32((uint32_t)t_recv, q->t_recv);
				double ceiling_java = line;
				double budget_ceiling = 0.0;
				double carried_r;
				double budget_d;
				double budget_r;
				double budget_s;
				double diff_d;
				double diff_r;
				double s_c;

				d_c = (double)rhcc_ccctx_d_prev_fxp8(ctx) / 256.0;
				r_c = fxp30_gbps(ctx->rate_rev_fxp30, line);
				s_c = (double)results.rate / 1048576.0 * line;

				/* Eq. (2) contracts the old difference by (1 - g); C rounds to fxp8 (not on a cold
				 * start, where D_C is the sample itself); Java rounds D_cur to float32 */
				budget_d = (cold ? 0.0 : HALF_DELAY_UNIT) + FLOAT32_HALF_ULP * fabs(d_java) +
					   DOUBLE_SLACK * fmax(1.0, fabs(d_java));
				check_real(&run, "d_cur_ns", d_c, d_java, (1.0 - g) * prev_diff_d, budget_d);
				diff_d = fabs(d_c - d_java);

				/* the delivered-rate ceiling, exactly as Java computes it (same double operations), from
				 * the t_recv of the QP's previous valid ACK; none on a cold start or a gap <= 0, none
				 * above target (D_cur > D_thr) in the rhcc files, and in the gated file none while the
				 * receiver is not congested (R_rev is line) or D_cur <= D_thr. C's is
				 * round(round(N) / gap) in fxp30, within (1/2 + 1/(2 gap)) x 2^-30 x line of the exact
				 * value, and exactly line whenever the exact value is >= line. C gates on its own D_cur:
				 * both sides must take the same side of D_thr (a row within C's rounding of D_thr would
				 * be reported here, not hidden) */
				if (receiver_congested)
					check_int(&run, "ceiling gate (D_cur > D_thr) in C and Java",
						  d_c > thr, error_ns > 0.0);
				if (!cold && gap_ns > 0 &&
				    (gated ? receiver_congested && error_ns > 0.0 : error_ns <= 0.0)) {
					ceiling_java = fmin(line, 2.0 * interval_bytes * 8.0 / (double)gap_ns);
					if (ceiling_java < line) {
						capped_rows++;
						budget_ceiling = HALF_RATE_UNIT * line * (1.0 + 1.0 / (double)gap_ns) +
								 DOUBLE_SLACK * ceiling_java;
					}
				}
				check_int(&run, "probe timestamp (context word 1 = t_recv of the last valid ACK)",
					  ctx->probe_recv_ts_ns, (uint32_t)t_recv);
				/* hostcc-emulated: both sides take the same decision, rise or not, on every row (a rise one
				 * side takes and the other holds would be reported here, at its row, not later through a
				 * diverged increase clock) */
				if (emulated) {
					check_int(&run, "R_rev rose (C and Java)", ctx->rate_rev_fxp30 > before.rate_rev_fxp30,
						  r_rev_java > q->r_java);
					if (ctx->rate_rev_fxp30 == before.rate_rev_fxp30 && r_rev_java == q->r_java)
						held_rows++;
				}

				/* Eq. (3): X = R - alpha e - beta de is 1-Lipschitz in R, alpha in e = D' - thr, beta in
				 * de = D' - D; R' = max(R_min, min(ceiling, X)) is 1-Lipschitz in (R_min, ceiling, X)
				 * jointly (max norm), so |dR'| <= max(|dX|, |dceiling|, |dR_min|) <= their sum.
				 * Roundings: two fxp30 products, R_min's fxp30 value, the ceiling's (above), the gains'
				 * fixed-point scale (relative 1e-13), Java's float32 R_rev. When both sides sit at their
				 * ceilings (Java's R_rev is its rounded ceiling, C's is its fxp30 ceiling) X does not
				 * matter: the difference is the ceiling rounding alone, and the carried difference
				 * restarts from it on the next row */
				if (budget_ceiling > 0.0 && ceiling_java >= r_min &&
				    r_rev_java == (double)(float)ceiling_java &&
				    ctx->rate_rev_fxp30 == rhcc_sender_ceiling_fxp30(rhcc_port_config(PORT), gap_ns)) {
					ceiling_rows++;
					carried_r = 0.0;
					budget_r = budget_ceiling + FLOAT32_HALF_ULP * fabs(r_rev_java) +
						   DOUBLE_SLACK * fmax(1.0, fabs(r_rev_java));
					check_real(&run, "r_rev_gbps (at the ceiling)", r_c, r_rev_java, carried_r, budget_r);
				} else {
					carried_r = q->diff_r + alpha * diff_d + beta * (diff_d + prev_diff_d);
					budget_r = 3.0 * HALF_RATE_UNIT * line + budget_ceiling + 1e-13 * terms +
						   FLOAT32_HALF_ULP * fabs(r_rev_java) + DOUBLE_SLACK * fmax(1.0, terms);
					check_real(&run, "r_rev_gbps", r_c, r_rev_java, carried_r, budget_r);
				}
				diff_r = fabs(r_c - r_rev_java);

				/* Eq. (4): min and clamp are 1-Lipschitz; R_cc and R_min are quantised to fxp30, the
				 * result to the 20-bit results->rate */
				budget_s = 2.0 * HALF_RATE_UNIT * line + HALF_DOCA_UNIT * line +
					   DOUBLE_SLACK * fmax(1.0, fabs(r_send_java));
				check_real(&run, "r_send_gbps", s_c, r_send_java, diff_r, budget_s);

				q->diff_d = diff_d;
				q->diff_r = diff_r;
				q->d_java = d_java;
				q->r_java = r_rev_java;
				q->t_recv = (uint32_t)t_recv;
			} else {
				die("probe_ack.csv: unknown status (expected ok, negative_delay or bad_rate)");
			}
		}
		if (strcmp(status, "ok") != 0)
			check_int(&run, "probe timestamp (a rejected ACK must leave context word 1 alone)",
				  ctx->probe_recv_ts_ns, q->t_recv);
		if (emulated)
			check_int(&run, "increase clock (context byte 15)", rhcc_ccctx_increase_tick(ctx),
				  int_field(&run, "increase_tick"));
		if (strcmp(status, "ok") != 0 && !isnan(q->d_java)) {
			/* rejected: the after-state columns repeat the previous state, and so must the C state */
			d_c = (double)rhcc_ccctx_d_prev_fxp8(ctx) / 256.0;
			r_c = fxp30_gbps(ctx->rate_rev_fxp30, line);
			check_real(&run, "d_cur_ns", d_c, d_java, q->diff_d, DOUBLE_SLACK * fmax(1.0, fabs(d_java)));
			check_real(&run, "r_rev_gbps", r_c, r_rev_java, q->diff_r,
				   DOUBLE_SLACK * fmax(1.0, fabs(r_rev_java)));
		}
		end_row(&run);
	}
	/* the slot's counters over the whole file, checked as one more row */
	run.row_failed = 0;
	check_int(&run, "counter NEGATIVE_DELAY (file total)", counters()[RHCC_COUNTER_NEGATIVE_DELAY] - neg0,
		  negative_rows);
	check_int(&run, "counter PROBES_REQUESTED (file total)", counters()[RHCC_COUNTER_PROBES_REQUESTED] - probes0,
		  probes_total);
	end_row(&run);
	rhcc_csv_close(&run.csv);

	printf("%s: %ld rows and the counter totals, %ld passed, %ld failed", run.file, run.rows, run.passed,
	       run.failed);
	if (run.notes_not_fed)
		printf(" (%ld bad_rate rows not fed: R_cc is the slot's own DCQCN rate and cannot be NaN or negative; "
		       "state checked unchanged)", run.notes_not_fed);
	printf("; %ld ok rows under a delivered-rate ceiling below line, %ld of them with both R_rev at their "
	       "ceilings", capped_rows, ceiling_rows);
	if (emulated)
		printf("; %ld ok rows where R_rev stayed on both sides (a rise held within the interval, or R_rev "
		       "already at line or R_min)", held_rows);
	printf("\n");
	print_stats(&run);
	*total_passed += run.passed;
	*total_failed += run.failed;
}

/* ---- dcqcn*.csv ------------------------------------------------------------------------------------------------ */

#define NEVER INT64_MIN

typedef struct flow_state {
	doca_pcc_dev_algo_ctxt_t ctx;
	/* the Java reaction point's integer timers and counters, to bound the operations each row performs */
	int64_t last_t;
	int64_t next_alpha_ns;
	int64_t last_cut_ns;
	int64_t next_increase_ns; /* NEVER when not armed */
	int64_t byte_counter;
	int64_t timer_steps_since_cut; /* Java's timer stage (its disarm only follows a step, so > 0 is exact) */
	int64_t byte_steps_since_cut;  /* Java's byte stage */
	int cut_pending;               /* a CNP within the hold-off waits for last_cut_ns + the decrease interval */
	double diff_rate;  /* max(|R_C diff|, |R_T diff|) after the flow's last row, Gbit/s */
	double diff_alpha; /* |alpha diff| after the flow's last row */
} flow_state_t;

static flow_state_t flows[MAX_FLOWS];

/*
 * Bound on |rhcc_pow_fxp31(base, n) - base^n|: mirrors the squaring loop; a product x y of values known within
 * ex, ey (x, y <= 1) and rounded to fxp31 is within ex y + ey x + ex ey + 2^-32.
 */
static double pow_error_bound(double base, uint32_t n)
{
	double result = 1.0;
	double e_result = 0.0;
	double b = base;
	double e_b = 0.0;

	while (n != 0) {
		if (n & 1u) {
			e_result = e_result * b + e_b * result + e_result * e_b + HALF_ALPHA_UNIT;
			result *= b;
		}
		n >>= 1;
		if (n != 0) {
			e_b = 2.0 * b * e_b + e_b * e_b + HALF_ALPHA_UNIT;
			b *= b;
		}
	}
	return e_result;
}

/* the Java timers due at or before u (an upper bound on the increase steps: disarm ignored) */
static void shadow_timers(flow_state_t *f, int64_t u, int64_t alpha_period, int64_t timer_period,
			  int64_t *alpha_periods, int64_t *timer_steps)
{
	if (f->next_alpha_ns != NEVER && f->next_alpha_ns <= u) {
		const int64_t n = (u - f->next_alpha_ns) / alpha_period + 1;

		f->next_alpha_ns += n * alpha_period;
		*alpha_periods += n;
	}
	if (f->next_increase_ns != NEVER && f->next_increase_ns <= u) {
		const int64_t n = (u - f->next_increase_ns) / timer_period + 1;

		f->next_increase_ns += n * timer_period;
		f->timer_steps_since_cut += n;
		*timer_steps += n;
	}
}

/* a Java cut at u: stages, byte counter and increase timer restart, a carried CNP is consumed */
static void shadow_cut(flow_state_t *f, int64_t u, int64_t timer_period)
{
	f->last_cut_ns = u;
	f->next_increase_ns = u + timer_period;
	f->byte_counter = 0;
	f->timer_steps_since_cut = 0;
	f->byte_steps_since_cut = 0;
	f->cut_pending = 0;
}

/* the cut's target rule, exactly, on C's own values: R_T <- R_C (before the cut) with the clamp, else R_T kept */
static void check_target_rule(run_t *run, int clamp, const rhcc_ccctx_t *before, const rhcc_ccctx_t *after)
{
	if (clamp) {
		run->cuts_clamped++;
		check_true(run, after->rt_fxp30 == before->rc_fxp30,
			   "cut with the target clamp (clamp_target_rate=1 or an increase since the last cut): C's R_T "
			   "is not its R_C before the cut");
	} else {
		run->cuts_kept++;
		check_true(run, after->rt_fxp30 == before->rt_fxp30,
			   "cut without the target clamp (clamp_target_rate=0, no increase since the last cut): C's R_T "
			   "changed");
	}
}

static void run_dcqcn(const char *dir, const char *name, long *total_passed, long *total_failed)
{
	static const char *const known[] = {"profile", "line_rate_gbps", "min_rate_gbps", "g", "initial_alpha",
					    "alpha_update_interval_ns", "rate_decrease_interval_ns",
					    "rate_increase_interval_ns", "byte_counter_bytes", "fast_recovery_steps",
					    "additive_increase_gbps", "hyper_increase_gbps", "clamp_target_rate", NULL};
	run_t run;
	uint32_t values[RHCC_PARAM_COUNT];
	rhcc_config_t cfg;
	double line;
	double decay;
	double inc_error;
	int64_t alpha_period;
	int64_t timer_period;
	int64_t decrease_interval;
	int64_t byte_threshold;
	int64_t window;
	char current_case[256] = "";

	open_run(&run, dir, name);
	require_known_params(&run, known);
	rhcc_params_defaults(values);
	values[RHCC_PARAM_LINE_RATE_MBPS] = whole_param(&run, "line_rate_gbps", 1000.0, "Mbit/s");
	values[RHCC_PARAM_DCQCN_MIN_RATE_MBPS] = whole_param(&run, "min_rate_gbps", 1000.0, "Mbit/s");
	values[RHCC_PARAM_DCQCN_G_FXP16] = whole_param(&run, "g", 65536.0, "1/65536");
	values[RHCC_PARAM_DCQCN_INITIAL_ALPHA_FXP16] = whole_param(&run, "initial_alpha", 65536.0, "1/65536");
	values[RHCC_PARAM_DCQCN_ALPHA_INTERVAL_NS] = whole_param(&run, "alpha_update_interval_ns", 1.0, "ns");
	values[RHCC_PARAM_DCQCN_DECREASE_INTERVAL_NS] = whole_param(&run, "rate_decrease_interval_ns", 1.0, "ns");
	values[RHCC_PARAM_DCQCN_INCREASE_INTERVAL_NS] = whole_param(&run, "rate_increase_interval_ns", 1.0, "ns");
	values[RHCC_PARAM_DCQCN_BYTE_COUNTER_BYTES] = whole_param(&run, "byte_counter_bytes", 1.0, "bytes");
	values[RHCC_PARAM_DCQCN_FAST_RECOVERY_STEPS] = whole_param(&run, "fast_recovery_steps", 1.0, "steps");
	values[RHCC_PARAM_DCQCN_AI_MBPS] = whole_param(&run, "additive_increase_gbps", 1000.0, "Mbit/s");
	values[RHCC_PARAM_DCQCN_HAI_MBPS] = whole_param(&run, "hyper_increase_gbps", 1000.0, "Mbit/s");
	values[RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE] = whole_param(&run, "clamp_target_rate", 1.0, "0/1");
	if (values[RHCC_PARAM_R_MIN_MBPS] > values[RHCC_PARAM_LINE_RATE_MBPS])
		values[RHCC_PARAM_R_MIN_MBPS] = values[RHCC_PARAM_LINE_RATE_MBPS];
	apply_params(&run, values);
	(void)rhcc_config_derive(values, &cfg);
	line = real_param(&run, "line_rate_gbps");
	decay = 1.0 - real_param(&run, "g");
	/* per-use error of the fxp30 R_AI / R_HAI constants */
	inc_error = fmax(fabs(fxp30_gbps(cfg.ai_fxp30, line) - real_param(&run, "additive_increase_gbps")),
			 fabs(fxp30_gbps(cfg.hai_fxp30, line) - real_param(&run, "hyper_increase_gbps")));
	alpha_period = values[RHCC_PARAM_DCQCN_ALPHA_INTERVAL_NS];
	timer_period = values[RHCC_PARAM_DCQCN_INCREASE_INTERVAL_NS];
	decrease_interval = values[RHCC_PARAM_DCQCN_DECREASE_INTERVAL_NS];
	byte_threshold = values[RHCC_PARAM_DCQCN_BYTE_COUNTER_BYTES];
	window = (int64_t)4294967296LL - (alpha_period > timer_period ? alpha_period : timer_period);

	while (next_row(&run) == 1) {
		const char *case_name = field(&run, "case");
		const long long flow = int_field(&run, "flow");
		const long long t = int_field(&run, "t_ns");
		const char *event_name = field(&run, "event");
		const long long bytes = int_field(&run, "bytes");
		const double rc_java = real_field(&run, "rc_gbps");
		const double rt_java = real_field(&run, "rt_gbps");
		const double alpha_java = real_field(&run, "alpha");
		const uint32_t now_ns = (uint32_t)((uint64_t)t & 0xFFFFFFFFu);
		flow_state_t *f;
		rhcc_ccctx_t *ctx;
		double carried_rate;
		double budget_rate;
		double carried_alpha;
		double budget_alpha;
		double rc_c;
		double rt_c;
		double alpha_c;

		if (strcmp(case_name, current_case) != 0) {
			snprintf(current_case, sizeof(current_case), "%s", case_name);
			memset(flows, 0, sizeof(flows));
		}
		if (flow < 0 || flow >= MAX_FLOWS || t < 0 || bytes < 0)
			die("dcqcn: flow, time or bytes out of range");
		f = &flows[flow];
		ctx = rhcc_ccctx(&f->ctx);

		if (strcmp(event_name, "open") == 0) {
			memset(f, 0, sizeof(*f));
			(void)send_tx(&f->ctx, now_ns, 0, 1);
			f->last_t = t;
			f->next_alpha_ns = NEVER; /* no alpha timer before the first CNP */
			f->last_cut_ns = NEVER;
			f->next_increase_ns = NEVER;
			carried_rate = 0.0;
			budget_rate = HALF_RATE_UNIT * line;
			carried_alpha = 0.0;
			budget_alpha = HALF_ALPHA_UNIT;
		} else {
			int64_t alpha_periods = 0;
			int64_t timer_steps = 0;
			int64_t byte_steps = 0;
			int cuts = 0;
			int first_cut = 0;
			int deferred_clamp;
			double alpha_at_event;
			doca_pcc_dev_event_t event;

			if (t < f->last_t)
				die("dcqcn: time went backwards for a flow");
			if (t - f->last_t >= window)
				run.notes_wide_gap++;
			f->last_t = t;

			/* a CNP carried over the hold-off cuts at its end, after the Java timers due by then */
			if (f->cut_pending && f->last_cut_ns + decrease_interval <= t) {
				const int64_t cut_ns = f->last_cut_ns + decrease_interval;
				const uint32_t cut_ts = (uint32_t)((uint64_t)cut_ns & 0xFFFFFFFFu);
				rhcc_ccctx_t before = *ctx;
				rhcc_ccctx_t after;

				shadow_timers(f, cut_ns, alpha_period, timer_period, &alpha_periods, &timer_steps);
				deferred_clamp = cfg.clamp_target_rate || f->timer_steps_since_cut > 0 ||
						 f->byte_steps_since_cut > 0;
				shadow_cut(f, cut_ns, timer_period);
				cuts++;
				/* C's state just before and just after its deferred cut */
				before.flags = (uint8_t)(before.flags & ~RHCC_FLAG_CUT_PENDING);
				rhcc_dcqcn_advance(&before, rhcc_port_config(PORT), cut_ts);
				after = *ctx;
				rhcc_dcqcn_advance(&after, rhcc_port_config(PORT), cut_ts);
				check_target_rule(&run, deferred_clamp, &before, &after);
			}
			shadow_timers(f, t, alpha_period, timer_period, &alpha_periods, &timer_steps);

			if (strcmp(event_name, "cnp") == 0) {
				rhcc_ccctx_t at_cut = *ctx;
				int clamp = 0;
				int cut = 0;

				if (f->last_cut_ns == NEVER) {
					/* the first CNP: alpha <- initial alpha, a cut that does not raise it, the alpha
					 * timer starts */
					cut = 1;
					first_cut = 1;
					f->next_alpha_ns = t + alpha_period;
				} else if (t - f->last_cut_ns >= decrease_interval) {
					cut = 1;
				} else {
					f->cut_pending = 1;
				}
				if (cut) {
					clamp = cfg.clamp_target_rate || f->timer_steps_since_cut > 0 ||
						f->byte_steps_since_cut > 0;
					shadow_cut(f, t, timer_period);
					cuts++;
				}
				/* the state the cut sees: the event's timers processed first, as doca_pcc_dev_user_algo does */
				rhcc_dcqcn_advance(&at_cut, rhcc_port_config(PORT), now_ns);
				rhcc_host_event_cnp(&event, PORT, now_ns);
				(void)deliver(&f->ctx, &event);
				if (cut)
					check_target_rule(&run, clamp, &at_cut, ctx);
			} else if (strcmp(event_name, "bytes") == 0) {
				if (bytes % 32 != 0)
					die("dcqcn: bytes must be a multiple of 32 (TX counters count 32 B)");
				if (f->last_cut_ns != NEVER) {
					f->byte_counter += bytes;
					byte_steps = f->byte_counter / byte_threshold;
					f->byte_counter %= byte_threshold;
					f->byte_steps_since_cut += byte_steps;
				}
				(void)send_tx(&f->ctx, now_ns, (uint64_t)bytes / 32u, TX_UNITS_MAX);
			} else if (strcmp(event_name, "advance") == 0) {
				(void)send_tx(&f->ctx, now_ns, 0, 1);
			} else {
				die("dcqcn: unknown event (expected open, cnp, bytes or advance)");
			}

			/* alpha: each fxp31 product adds <= 2^-32; decay factors <= 1 do not grow the old difference */
			carried_alpha = f->diff_alpha;
			budget_alpha = 0.0;
			if (alpha_periods >= 1)
				budget_alpha += HALF_ALPHA_UNIT;
			if (alpha_periods >= 2) {
				const int64_t idle = alpha_periods - 1;

				budget_alpha += pow_error_bound(decay, idle > UINT32_MAX ? UINT32_MAX : (uint32_t)idle) +
						HALF_ALPHA_UNIT;
			}
			if (first_cut) {
				/* the first CNP sets alpha to the initial alpha on both sides (fxp16 parameter, exact in
				 * fxp31 and in double): nothing carried; the alpha periods of this row all follow it */
				carried_alpha = 0.0;
			}
			/* an upper bound on alpha's difference at any cut of the row (every operation's error counted) */
			alpha_at_event = carried_alpha + budget_alpha;
			budget_alpha += (double)cuts * HALF_ALPHA_UNIT;

			/* rates: every DCQCN map is 1-Lipschitz in (R_C, R_T); an increase step adds one fxp30
			 * rounding and the R_AI/R_HAI quantisation; a cut adds R_C/2 <= line/2 times alpha's
			 * difference, one rounding and the quantised floor */
			carried_rate = f->diff_rate;
			budget_rate = (double)(timer_steps + byte_steps) * (HALF_RATE_UNIT * line + inc_error);
			if (cuts > 0) {
				carried_rate += 0.5 * line * f->diff_alpha * (double)cuts;
				budget_rate += ((0.5 * line * (alpha_at_event - f->diff_alpha) + 2.0 * HALF_RATE_UNIT * line) *
						(double)cuts);
			}
			budget_rate += DOUBLE_SLACK * line * (double)(1 + timer_steps + byte_steps);
		}
		budget_alpha += DOUBLE_SLACK;

		rc_c = fxp30_gbps(ctx->rc_fxp30, line);
		rt_c = fxp30_gbps(ctx->rt_fxp30, line);
		alpha_c = (double)ctx->alpha_fxp31 / 2147483648.0;
		check_real(&run, "rc_gbps", rc_c, rc_java, carried_rate, budget_rate);
		check_real(&run, "rt_gbps", rt_c, rt_java, carried_rate, budget_rate);
		check_real(&run, "alpha", alpha_c, alpha_java, carried_alpha, budget_alpha);
		f->diff_rate = fmax(fabs(rc_c - rc_java), fabs(rt_c - rt_java));
		f->diff_alpha = fabs(alpha_c - alpha_java);
		end_row(&run);
	}
	rhcc_csv_close(&run.csv);

	printf("%s: %ld rows, %ld passed, %ld failed; %ld cut(s) set R_T <- R_C, %ld kept R_T", run.file, run.rows,
	       run.passed, run.failed, run.cuts_clamped, run.cuts_kept);
	if (run.notes_wide_gap)
		printf(" (%ld row(s) follow a gap of >= 2^32 ns minus a timer period, beyond the 32-bit event timestamps: "
		       "they match because both sides saturate; see README.md)", run.notes_wide_gap);
	printf("\n");
	print_stats(&run);
	*total_passed += run.passed;
	*total_failed += run.failed;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "../test-vectors/v4";
	uint32_t mask = 0;
	long passed = 0;
	long failed = 0;

	if (argc > 2) {
		fprintf(stderr, "usage: %s [VECTORS_DIR]\n", argv[0]);
		return 2;
	}
	rhcc_host_runtime_reset();
	doca_pcc_dev_user_init(&mask);
	if (counters() == NULL)
		die("doca_pcc_dev_user_init did not register slot 0 on port 0");

	run_probe_ack(dir, "probe_ack.csv", &passed, &failed);
	run_probe_ack(dir, "probe_ack_gated.csv", &passed, &failed);
	run_probe_ack(dir, "probe_ack_hostcc_emulated.csv", &passed, &failed);
	run_dcqcn(dir, "dcqcn.csv", &passed, &failed);
	run_dcqcn(dir, "dcqcn_paper.csv", &passed, &failed);

	printf("%ld passed, %ld failed\n", passed, failed);
	return failed == 0 ? 0 : 1;
}
