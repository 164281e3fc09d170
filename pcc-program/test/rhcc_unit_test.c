/*
 * rhcc — unit checks of the PCC program's fixed-point primitives, parameters, sender loop, DCQCN and DOCA entry
 * points, against values computed by hand (exact integer arithmetic, shown next to each check).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "rhcc_ccctx.h"
#include "rhcc_dcqcn.h"
#include "rhcc_fxp.h"
#include "rhcc_host_runtime.h"
#include "rhcc_params.h"
#include "rhcc_pcc_dev.h"
#include "rhcc_sender.h"

static int passed;
static int failed;

#define CHECK(cond)                                                                                                \
	do {                                                                                                       \
		if (cond) {                                                                                        \
			passed++;                                                                                  \
		} else {                                                                                           \
			failed++;                                                                                  \
			fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond);                         \
		}                                                                                                  \
	} while (0)

#define CHECK_EQ(got, want)                                                                                        \
	do {                                                                                                       \
		const long long got_ = (long long)(got);                                                           \
		const long long want_ = (long long)(want);                                                         \
		if (got_ == want_) {                                                                               \
			passed++;                                                                                  \
		} else {                                                                                           \
			failed++;                                                                                  \
			fprintf(stderr, "%s:%d: FAILED: %s = %lld, expected %lld\n", __FILE__, __LINE__, #got,     \
				got_, want_);                                                                      \
		}                                                                                                  \
	} while (0)

static rhcc_config_t defaults_config(void)
{
	uint32_t params[RHCC_PARAM_COUNT];
	rhcc_config_t cfg;

	rhcc_params_defaults(params);
	if (rhcc_config_derive(params, &cfg) != 0) {
		fprintf(stderr, "defaults rejected\n");
		failed++;
	}
	return cfg;
}

static void should_multiply_at_128_bits(void)
{
	const rhcc_u128_t p = rhcc_mul_u64(UINT64_MAX, UINT64_MAX); /* (2^64-1)^2 = 2^128 - 2^65 + 1 */

	CHECK(p.hi == UINT64_MAX - 1 && p.lo == 1);
	CHECK_EQ(rhcc_mul_shift_round_u64(3, 5, 1), 8);                  /* 7.5 -> 8 */
	CHECK_EQ(rhcc_mul_shift_round_u64(5, 1, 1), 3);                  /* 2.5 -> 3 (ties up) */
	CHECK_EQ(rhcc_mul_shift_round_u64(7, 1, 2), 2);                  /* 1.75 -> 2 */
	CHECK_EQ(rhcc_mul_shift_round_u64(1ull << 40, 1ull << 40, 64), 1 << 16);
	CHECK_EQ(rhcc_mul_shift_round_u64(1ull << 63, 3, 64), 2);        /* 1.5 -> 2, rounding bit below the split */
	CHECK_EQ(rhcc_mul_shift_round_u64(1ull << 63, 2, 65), 1);        /* 2^64 / 2^65 = 0.5 -> 1 */
	CHECK(rhcc_mul_shift_round_u64(1ull << 63, 4, 0) == UINT64_MAX); /* saturates */
	CHECK(rhcc_mul_shift_round_u64(1ull << 63, 4, 1) == UINT64_MAX); /* 2^64 does not fit */
	CHECK_EQ(rhcc_mul_shift_round_s64(-5, 1, 1), -3);                /* -2.5 -> -3 (ties away from zero) */
	CHECK_EQ(rhcc_mul_shift_round_s64(-7, 3, 2), -5);                /* -5.25 -> -5 */
	CHECK_EQ(rhcc_mul_shift_round_s64(INT64_MIN, 1, 0), -INT64_MAX); /* saturates symmetrically */
}

static void should_divide_for_parameters(void)
{
	uint64_t q = 0;

	CHECK(rhcc_div_shift_round_u64(1000, 30, 100000, &q) == 0 && q == 10737418);    /* 10737418.24 */
	CHECK(rhcc_div_shift_round_u64(5, 30, 100000, &q) == 0 && q == 53687);          /* 53687.09 */
	CHECK(rhcc_div_shift_round_u64(50, 30, 100000, &q) == 0 && q == 536871);        /* 536870.912 */
	CHECK(rhcc_div_shift_round_u64(1, 1, 4, &q) == 0 && q == 1);                    /* 0.5 -> 1 */
	/* alpha = 0.0005 Gbit/s/ns at 100 Gbit/s: 500000 * 2^62 / 1e11 = 23058430092136.94 */
	CHECK(rhcc_div_shift_round_u64(500000, 62, 100000000000ull, &q) == 0 && q == 23058430092137ull);
	CHECK(rhcc_div_shift_round_u64(1, 0, 0, &q) == -1);
	CHECK(rhcc_div_shift_round_u64(UINT64_MAX, 1, 1, &q) == -1);
}

static void should_subtract_wrapping_timestamps(void)
{
	CHECK_EQ(rhcc_wrap_diff32(5, 4294967293u), 8);
	CHECK_EQ(rhcc_wrap_diff32(4294967293u, 5), -8);
	CHECK_EQ(rhcc_wrap_diff32(0x80000000u, 0), INT32_MIN);
	CHECK_EQ(rhcc_wrap_diff32(0x7FFFFFFFu, 0), INT32_MAX);
	CHECK_EQ(rhcc_delay_sample_ns(4294967064u, 226u), 458); /* probe_ack.csv, case wrap, first row */
}

static void should_raise_to_powers(void)
{
	const uint32_t decay = (1u << 31) - (320u << 15); /* 1019/1024 in fxp31 = 2136997888 */

	CHECK_EQ(decay, 2136997888u);
	CHECK_EQ(rhcc_pow_fxp31(decay, 0), 1u << 31);
	CHECK_EQ(rhcc_pow_fxp31(decay, 1), decay);
	CHECK_EQ(rhcc_pow_fxp31(decay, 2), 2126563328u); /* 2^31 (1019/1024)^2 = 2126563328 exactly */
	CHECK_EQ(rhcc_pow_fxp31(1u << 31, 123456), 1u << 31);
	CHECK_EQ(rhcc_pow_fxp31(1u << 30, 31), 1);       /* 2^31 2^-31 = 1 */
	/* 0.5^33 is 0.25 unit; the squaring's 0.5^32 = 0.5 unit rounds up to 1 unit, so the result is 1 unit:
	 * within the half-unit-per-product error bound the harness assumes */
	CHECK_EQ(rhcc_pow_fxp31(1u << 30, 33), 1);
	CHECK_EQ(rhcc_pow_fxp31(1u << 30, 40), 0);       /* 2^23 x 1 units: 2^-8 unit rounds to 0 */
	CHECK_EQ(rhcc_pow_fxp31(decay, 4000000000u), 0); /* underflows; stops early */
	{
		/* the per-config table of (1-g)^(2^k) gives bit for bit the same powers */
		const rhcc_config_t cfg = defaults_config();
		static const uint32_t ns[] = {0, 1, 2, 3, 7, 55, 300, 1000, 4095, 65537, 1000000, 4000000000u};
		unsigned i;

		CHECK_EQ(cfg.dcqcn_decay_pow2_fxp31[0], decay);
		for (i = 0; i < sizeof(ns) / sizeof(ns[0]); i++)
			CHECK_EQ(rhcc_pow_fxp31_table(cfg.dcqcn_decay_pow2_fxp31, ns[i]), rhcc_pow_fxp31(decay, ns[i]));
	}
}

static void should_derive_and_validate_parameters(void)
{
	uint32_t params[RHCC_PARAM_COUNT];
	rhcc_config_t cfg;

	rhcc_params_defaults(params);
	CHECK_EQ(rhcc_config_derive(params, &cfg), 0);
	CHECK_EQ(cfg.r_min_fxp30, 10737418);          /* 1 Gbit/s of 100: 10737418.24 */
	CHECK_EQ(cfg.dcqcn_min_fxp30, 10737);         /* 1 Mbit/s: 10737.42 */
	CHECK_EQ(cfg.ai_fxp30, 53687);                /* 5 Mbit/s */
	CHECK_EQ(cfg.hai_fxp30, 536871);              /* 50 Mbit/s */
	CHECK(cfg.k_alpha == 23058430092137ull && cfg.k_beta == cfg.k_alpha);
	CHECK_EQ(cfg.dcqcn_g_fxp31, 10485760);        /* 5/1024 */
	CHECK_EQ(cfg.dcqcn_initial_alpha_fxp31, 2145386496u); /* 1023/1024 */
	CHECK_EQ(cfg.probe_interval_units, 1024);
	CHECK_EQ(cfg.clamp_target_rate, 0);           /* NVIDIA: clamp_tgt_rate = 0 */

	params[RHCC_PARAM_R_MIN_MBPS] = 100001; /* above line rate */
	CHECK_EQ(rhcc_config_derive(params, &cfg), RHCC_PARAM_R_MIN_MBPS + 1);
	rhcc_params_defaults(params);
	params[RHCC_PARAM_DCQCN_FAST_RECOVERY_STEPS] = 15; /* beyond the 4-bit stage */
	CHECK_EQ(rhcc_config_derive(params, &cfg), RHCC_PARAM_DCQCN_FAST_RECOVERY_STEPS + 1);
	rhcc_params_defaults(params);
	params[RHCC_PARAM_DCQCN_BYTE_COUNTER_BYTES] = 1u << 24; /* beyond the 24-bit counter */
	CHECK_EQ(rhcc_config_derive(params, &cfg), RHCC_PARAM_DCQCN_BYTE_COUNTER_BYTES + 1);
	rhcc_params_defaults(params);
	params[RHCC_PARAM_DCQCN_HAI_MBPS] = 200000;
	CHECK_EQ(rhcc_config_derive(params, &cfg), RHCC_PARAM_DCQCN_HAI_MBPS + 1);
	rhcc_params_defaults(params);
	params[RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE] = 1; /* paper profile */
	CHECK_EQ(rhcc_config_derive(params, &cfg), 0);
	CHECK_EQ(cfg.clamp_target_rate, 1);
	params[RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE] = 2; /* a flag */
	CHECK_EQ(rhcc_config_derive(params, &cfg), RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE + 1);
}

static void should_convert_rates_for_the_rate_limiter(void)
{
	CHECK_EQ(rhcc_rate_to_doca(RHCC_RATE_ONE), 1u << 20);
	CHECK_EQ(rhcc_rate_to_doca(10737418), 10486); /* 10485.76 -> 10486 */
	CHECK_EQ(rhcc_rate_to_doca(511), 1);          /* never 0 */
	CHECK_EQ(rhcc_rate_to_doca(0), 1);
}

static void should_request_one_probe_per_interval(void)
{
	const rhcc_config_t cfg = defaults_config();
	rhcc_ccctx_t ctx;

	memset(&ctx, 0, sizeof(ctx));
	rhcc_sender_open(&ctx, &cfg);
	CHECK_EQ(rhcc_sender_on_tx(&ctx, &cfg, 1000), 0);
	CHECK_EQ(rhcc_sender_on_tx(&ctx, &cfg, 24), 1); /* exactly 32 KB */
	CHECK_EQ(ctx.probe_units, 0);
	CHECK_EQ(rhcc_sender_on_tx(&ctx, &cfg, 1023), 0);
	CHECK_EQ(rhcc_sender_on_tx(&ctx, &cfg, 2048), 1); /* 3071 units: two crossings, one request */
	CHECK_EQ(ctx.probe_units, 1023);
	CHECK_EQ(rhcc_sender_on_tx(&ctx, &cfg, 65535), 1);
	CHECK_EQ(ctx.probe_units, (1023 + 65535) % 1024);
}

static void should_follow_eq2_and_eq3_by_hand(void)
{
	const rhcc_config_t cfg = defaults_config();
	rhcc_ccctx_t ctx;

	memset(&ctx, 0, sizeof(ctx));
	rhcc_sender_open(&ctx, &cfg);
	CHECK_EQ(ctx.rate_rev_fxp30, RHCC_RATE_ONE);
	CHECK_EQ(ctx.d_thr_ns, 200);

	/* cold start: D = 1200 ns, e = 1000 ns, de = 0: R_rev = 100 - 0.0005 * 1000 = 99.5 Gbit/s;
	 * delta = 1000 * 256 * k / 2^40 = 5368709.12 -> 5368709 */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 1000, 2200, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.d_prev_ns, 1200);
	CHECK_EQ(ctx.d_prev_frac, 0);
	CHECK_EQ(ctx.rate_rev_fxp30, 1073741824 - 5368709);

	/* D = 1200 + 0.75 (400 - 1200) = 600: e = 400, de = -600: R_rev += -0.2 + 0.3 = +0.1 Gbit/s;
	 * e -> 400 * 256 * k / 2^40 = 2147483.648 -> 2147484; de -> -3221225.472 -> -3221225 */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 5000, 5400, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.d_prev_ns, 600);
	CHECK_EQ(ctx.rate_rev_fxp30, 1073741824 - 5368709 - 2147484 + 3221225);

	/* D = 600 + 0.75 (601 - 600) = 600.75: fxp8 fraction 192 */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 9000, 9601, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.d_prev_ns, 600);
	CHECK_EQ(ctx.d_prev_frac, 192);
}

static void should_read_d_thr_from_the_low_24_bits_of_a_weighted_state(void)
{
	const rhcc_config_t cfg = defaults_config();
	rhcc_ccctx_t plain;
	rhcc_ccctx_t weighted;

	memset(&plain, 0, sizeof(plain));
	rhcc_sender_open(&plain, &cfg);
	memcpy(&weighted, &plain, sizeof(weighted));
	/* a state the Java table opened with weight 4: the high byte of word 3 is the weight, the C law stays unweighted */
	weighted.d_thr_ns = (4u << 24) | 200u;
	CHECK_EQ(rhcc_ccctx_d_thr_ns(&weighted), 200);
	CHECK_EQ(rhcc_sender_on_probe_ack(&plain, &cfg, 1000, 2200, 1u), RHCC_ACK_OK);
	CHECK_EQ(rhcc_sender_on_probe_ack(&weighted, &cfg, 1000, 2200, 1u), RHCC_ACK_OK);
	CHECK_EQ(weighted.rate_rev_fxp30, plain.rate_rev_fxp30);
	CHECK_EQ(rhcc_sender_on_probe_ack(&plain, &cfg, 5000, 5100, 1u), RHCC_ACK_OK);
	CHECK_EQ(rhcc_sender_on_probe_ack(&weighted, &cfg, 5000, 5100, 1u), RHCC_ACK_OK);
	CHECK_EQ(weighted.rate_rev_fxp30, plain.rate_rev_fxp30);
	CHECK_EQ(weighted.d_thr_ns, (4u << 24) | 200u);
}

/* hostcc-emulated (parameter RHCC_PARAM_INCREASE_INTERVAL): a rise within 75 ticks of 4.096 us of the last one is
 * dropped, cuts act at once, a probe 300 us after the previous one passes, and the increase clock in byte 15 keeps
 * the D_thr beside it */
static void should_rise_at_most_once_per_increase_interval(void)
{
	uint32_t params[RHCC_PARAM_COUNT];
	rhcc_config_t cfg;
	rhcc_ccctx_t ctx;
	rhcc_ccctx_t held;
	uint32_t risen;
	uint32_t cut;
	uint32_t t;

	rhcc_params_defaults(params);
	params[RHCC_PARAM_INCREASE_INTERVAL] = 1;
	CHECK_EQ(rhcc_config_derive(params, &cfg), 0);
	memset(&ctx, 0, sizeof(ctx));
	rhcc_sender_open(&ctx, &cfg);

	/* cold start at t = 1 ms, D = 1200 ns: a cut (as in should_follow_eq2_and_eq3_by_hand), and the interval counts
	 * as passed, so the clock trails the probe's tick by 75: 1000000 >> 12 = 244, 244 - 75 = 169 */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 1000000u, 1001200u, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.rate_rev_fxp30, 1073741824 - 5368709);
	CHECK_EQ(rhcc_ccctx_increase_tick(&ctx), 169);
	CHECK_EQ(rhcc_ccctx_d_thr_ns(&ctx), 200);
	/* D = 600, e = 400, de = -600: +0.1 Gbit/s, a rise; the interval stands passed, so it is taken at tick 245 */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 1004000u, 1004400u, 1u), RHCC_ACK_OK);
	risen = 1073741824 - 5368709 - 2147484 + 3221225;
	CHECK_EQ(ctx.rate_rev_fxp30, risen);
	CHECK_EQ(rhcc_ccctx_increase_tick(&ctx), 245);
	/* samples of 0 ns from here: every response would raise R_rev, and every one is held until the probe's tick is
	 * 245 + 75 = 320 (t >= 1310720 ns); a cut in between acts at once */
	for (t = 1007000u; t < 1309000u; t += 3000u) {
		CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, t, t, 1u), RHCC_ACK_OK);
		CHECK_EQ(ctx.rate_rev_fxp30, risen);
	}
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 1309000u, 1319000u, 1u), RHCC_ACK_OK); /* D jumps: a cut */
	cut = ctx.rate_rev_fxp30;
	CHECK(cut < risen);
	CHECK_EQ(rhcc_ccctx_increase_tick(&ctx), 245); /* a cut does not restart the interval */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 1310720u, 1310720u, 1u), RHCC_ACK_OK); /* tick 320: a rise */
	CHECK(ctx.rate_rev_fxp30 > cut);
	CHECK_EQ(rhcc_ccctx_increase_tick(&ctx), 320 & 0xFFu);
	/* a probe 300 us after the previous one passes whatever the tick says: a flow at R_min that rose at tick 245
	 * (t = 1004000), D = 100 ns; at t = 1304000 the tick is 318, 73 on, but the gap is 300 us (the ceiling there,
	 * 2 x 32 KB / 300 us = 1.75 Gbit/s, stays above R_min + 0.05); 1 ns earlier the rise is held */
	ctx.rate_rev_fxp30 = cfg.r_min_fxp30;
	ctx.d_prev_ns = 100;
	ctx.d_prev_frac = 0;
	ctx.probe_recv_ts_ns = 1004000u;
	rhcc_ccctx_set_increase_tick(&ctx, 245);
	held = ctx;
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 1304000u, 1304100u, 1u), RHCC_ACK_OK);
	CHECK(ctx.rate_rev_fxp30 > cfg.r_min_fxp30);
	CHECK_EQ(rhcc_ccctx_increase_tick(&ctx), 318 & 0xFFu);
	CHECK_EQ(rhcc_sender_on_probe_ack(&held, &cfg, 1303999u, 1304099u, 1u), RHCC_ACK_OK);
	CHECK_EQ(held.rate_rev_fxp30, cfg.r_min_fxp30);
	CHECK_EQ(rhcc_ccctx_increase_tick(&held), 245);
	CHECK_EQ(rhcc_ccctx_d_thr_ns(&ctx), 200);

	/* the two gates exclude each other */
	params[RHCC_PARAM_RECEIVER_GATED] = 1;
	CHECK_EQ(rhcc_config_derive(params, &cfg), RHCC_PARAM_INCREASE_INTERVAL + 1);
}

static void should_ignore_negative_delays(void)
{
	const rhcc_config_t cfg = defaults_config();
	rhcc_ccctx_t ctx;
	rhcc_ccctx_t before;

	memset(&ctx, 0, sizeof(ctx));
	rhcc_sender_open(&ctx, &cfg);
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 1000, 1300, 1u), RHCC_ACK_OK);
	before = ctx;
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 2000, 1999, 1u), RHCC_ACK_NEGATIVE_DELAY);
	CHECK(memcmp(&before, &ctx, sizeof(ctx)) == 0);
	/* 2^31 apart reads as -2^31: malformed too */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 0, 0x80000000u, 1u), RHCC_ACK_NEGATIVE_DELAY);
	CHECK(memcmp(&before, &ctx, sizeof(ctx)) == 0);
}

static void should_clamp_to_floor_and_line(void)
{
	const rhcc_config_t cfg = defaults_config();
	rhcc_ccctx_t ctx;

	memset(&ctx, 0, sizeof(ctx));
	rhcc_sender_open(&ctx, &cfg);
	/* D = 2^31 - 1 ns: the largest valid sample drives R_rev to R_min */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 0, 0x7FFFFFFFu, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.rate_rev_fxp30, cfg.r_min_fxp30);
	CHECK_EQ(ctx.d_prev_ns, 0x7FFFFFFFu);
	/* R_send = clamp(min(R_rev, R_C)): R_C at line, R_rev at the floor */
	ctx.rc_fxp30 = RHCC_RATE_ONE;
	CHECK_EQ(rhcc_sender_send_rate_fxp30(&ctx, &cfg), cfg.r_min_fxp30);
	/* a sample of 0 after it: de hugely negative, R_rev back to line */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 100, 100, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.rate_rev_fxp30, RHCC_RATE_ONE);
	ctx.rc_fxp30 = 0; /* R_cc of 0: R_send still R_min */
	CHECK_EQ(rhcc_sender_send_rate_fxp30(&ctx, &cfg), cfg.r_min_fxp30);
}

/* a config with the defaults and an initial alpha of 1 (2^31), so that a cut halves R_C exactly:
 * R_C (2^32 - 2^31) / 2^32 = R_C / 2, and alpha stays 1 through a cut: 2^31 (1-g) / 2^31 + g = 2^31 */
static rhcc_config_t alpha_one_config(uint32_t clamp_target_rate)
{
	uint32_t params[RHCC_PARAM_COUNT];
	rhcc_config_t cfg;

	rhcc_params_defaults(params);
	params[RHCC_PARAM_DCQCN_INITIAL_ALPHA_FXP16] = 65536u;
	params[RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE] = clamp_target_rate;
	if (rhcc_config_derive(params, &cfg) != 0) {
		fprintf(stderr, "alpha-one config rejected\n");
		failed++;
	}
	return cfg;
}

static void should_cut_with_initial_alpha_and_recover_like_dcqcn(void)
{
	const rhcc_config_t cfg = defaults_config();
	rhcc_ccctx_t ctx;
	uint32_t alpha;
	uint32_t rc;

	memset(&ctx, 0, sizeof(ctx));
	rhcc_dcqcn_open(&ctx, &cfg, 0);
	/* 1 ms of calm: no alpha timer runs before the first CNP, alpha stays 1023/1024 = 2145386496 */
	rhcc_dcqcn_advance(&ctx, &cfg, 1000000);
	CHECK_EQ(ctx.alpha_fxp31, 2145386496u);
	/* first CNP: cut with initial alpha, R_C = 2^30 (2^32 - 2145386496) / 2^32 = 2149580800 / 4 = 537395200
	 * (50.048828125 Gbit/s = 100 x 1025/2048); alpha is set, not raised; the alpha timer starts */
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 1000000), 1);
	CHECK_EQ(ctx.rc_fxp30, 537395200u);
	CHECK_EQ(ctx.rt_fxp30, RHCC_RATE_ONE); /* kept (no increase yet); R_C was line anyway */
	CHECK_EQ(ctx.alpha_fxp31, 2145386496u);
	CHECK_EQ(ctx.next_alpha_ts_ns, 1001000u);
	/* a CNP 3999 ns later, within the 4 us hold-off: carried, not dropped, not applied yet */
	rhcc_dcqcn_advance(&ctx, &cfg, 1003999);
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 1003999), 0);
	CHECK_EQ(ctx.rc_fxp30, 537395200u);
	CHECK(ctx.flags & RHCC_FLAG_CUT_PENDING);
	/* at 1004000 the carried CNP cuts, after the alpha expiries due by then: the periods ending at 1001000,
	 * 1002000 and 1003000 decay (one product, then a table power of 2), the one ending at 1004000 holds the CNP */
	alpha = rhcc_fxp31_mul(rhcc_fxp31_mul(2145386496u, cfg.dcqcn_decay_fxp31),
			       rhcc_pow_fxp31_table(cfg.dcqcn_decay_pow2_fxp31, 2));
	rc = (uint32_t)(((uint64_t)537395200u * (((uint64_t)1 << 32) - alpha) + ((uint64_t)1 << 31)) >> 32);
	rhcc_dcqcn_advance(&ctx, &cfg, 1004000);
	CHECK_EQ(ctx.rc_fxp30, rc);
	CHECK_EQ(ctx.rt_fxp30, RHCC_RATE_ONE);
	CHECK_EQ(ctx.alpha_fxp31, rhcc_fxp31_mul(alpha, cfg.dcqcn_decay_fxp31) + cfg.dcqcn_g_fxp31);
	CHECK(!(ctx.flags & RHCC_FLAG_CUT_PENDING));
	CHECK_EQ(ctx.last_cut_ts_ns, 1004000u);
	/* first timer expiry 300 us after the deferred cut: fast recovery R_C = (R_T + R_C + 1) / 2 */
	rhcc_dcqcn_advance(&ctx, &cfg, 1303999);
	CHECK_EQ(rhcc_ccctx_timer_stage(&ctx), 0);
	rhcc_dcqcn_advance(&ctx, &cfg, 1304000);
	CHECK_EQ(rhcc_ccctx_timer_stage(&ctx), 1);
	CHECK_EQ(ctx.rc_fxp30, (RHCC_RATE_ONE + rc + 1u) >> 1);
	rc = (RHCC_RATE_ONE + rc + 1u) >> 1;
	/* second: stage 2 > F = 1, additive: R_T = min(line, line + AI) = line */
	rhcc_dcqcn_advance(&ctx, &cfg, 1604000);
	CHECK_EQ(ctx.rt_fxp30, RHCC_RATE_ONE);
	CHECK_EQ(ctx.rc_fxp30, (RHCC_RATE_ONE + rc + 1u) >> 1);
	/* byte counter: 32767 B per event; 2 x 32768 B -> events at 32767 and 65534 */
	rhcc_dcqcn_on_bytes(&ctx, &cfg, 32768);
	CHECK_EQ(rhcc_ccctx_byte_stage(&ctx), 1);
	CHECK_EQ(rhcc_ccctx_dcqcn_bytes(&ctx), 1);
	rhcc_dcqcn_on_bytes(&ctx, &cfg, 32768);
	CHECK_EQ(rhcc_ccctx_byte_stage(&ctx), 2);
	CHECK_EQ(rhcc_ccctx_dcqcn_bytes(&ctx), 2);
}

/* every CNP of one hold-off is taken by one deferred cut, and CNPs spaced just inside it all cut */
static void should_carry_cnps_inside_the_hold_off(void)
{
	const rhcc_config_t cfg = alpha_one_config(0);
	rhcc_ccctx_t ctx;
	uint32_t i;
	uint32_t t;

	memset(&ctx, 0, sizeof(ctx));
	rhcc_dcqcn_open(&ctx, &cfg, 0);
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 0), 1);
	CHECK_EQ(ctx.rc_fxp30, 1u << 29);
	for (t = 1000; t < 4000; t += 1000) {
		rhcc_dcqcn_advance(&ctx, &cfg, t);
		CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, t), 0);
	}
	rhcc_dcqcn_advance(&ctx, &cfg, 3999);
	CHECK_EQ(ctx.rc_fxp30, 1u << 29);
	/* one cut at 4000 for the three CNPs, with alpha = 1 - g (only the period ending at 1000 held no CNP; the
	 * first CNP does not mark its period): R_C = 2^29 (2^32 - decay) / 2^32, a single cut */
	rhcc_dcqcn_advance(&ctx, &cfg, 7999);
	CHECK_EQ(ctx.rc_fxp30,
		 (uint32_t)(((uint64_t)(1u << 29) * (((uint64_t)1 << 32) - cfg.dcqcn_decay_fxp31) + ((uint64_t)1 << 31)) >>
			    32));
	CHECK_EQ(ctx.last_cut_ts_ns, 4000u);
	/* CNPs 3900 ns apart against the 4000 ns hold-off: each is carried and each cuts, 4000 ns apart */
	memset(&ctx, 0, sizeof(ctx));
	rhcc_dcqcn_open(&ctx, &cfg, 0);
	for (i = 0; i < 10; i++) {
		const uint32_t rc = ctx.rc_fxp30;

		t = i * 3900u;
		rhcc_dcqcn_advance(&ctx, &cfg, t);
		CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, t), i == 0 ? 1u : 0u);
		rhcc_dcqcn_advance(&ctx, &cfg, i * 4000u);
		CHECK(ctx.rc_fxp30 < rc);
		CHECK_EQ(ctx.last_cut_ts_ns, i * 4000u);
	}
}

/*
 * NVIDIA's target rule (clamp_tgt_rate = 0, clamp_tgt_rate_after_time_inc = 1): a cut sets R_T <- R_C only if an
 * increase, timer- or byte-driven, happened since the last cut. alpha is set to 1 (2^31) before each later cut.
 */
static void should_clamp_target_only_after_an_increase(void)
{
	const rhcc_config_t cfg = alpha_one_config(0);
	rhcc_ccctx_t ctx;
	uint32_t rc_before;

	CHECK_EQ(cfg.clamp_target_rate, 0);
	memset(&ctx, 0, sizeof(ctx));
	rhcc_dcqcn_open(&ctx, &cfg, 0);
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 0), 1);
	CHECK_EQ(ctx.rc_fxp30, 1u << 29);          /* 50 Gbit/s */
	CHECK_EQ(ctx.rt_fxp30, RHCC_RATE_ONE);     /* kept: no increase */
	CHECK_EQ(ctx.alpha_fxp31, 1u << 31);
	/* second cut 4 us later, no increase in between: R_C halves again, R_T still line */
	rhcc_dcqcn_advance(&ctx, &cfg, 4000);
	ctx.alpha_fxp31 = 1u << 31;
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 4000), 1);
	CHECK_EQ(ctx.rc_fxp30, 1u << 28);          /* 25 Gbit/s */
	CHECK_EQ(ctx.rt_fxp30, RHCC_RATE_ONE);
	/* timer expiry at 4000 + 300000: stage 1 <= F, fast recovery towards the kept target:
	 * R_C = (2^30 + 2^28 + 1) >> 1 = 671088640 (62.5 Gbit/s) */
	rhcc_dcqcn_advance(&ctx, &cfg, 304000);
	CHECK_EQ(rhcc_ccctx_timer_stage(&ctx), 1);
	CHECK_EQ(ctx.rc_fxp30, 671088640u);
	CHECK_EQ(ctx.rt_fxp30, RHCC_RATE_ONE);
	/* cut after a timer increase: R_T <- R_C = 671088640, R_C = 335544320 (31.25 Gbit/s), stages restart */
	ctx.alpha_fxp31 = 1u << 31;
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 304000), 1);
	CHECK_EQ(ctx.rt_fxp30, 671088640u);
	CHECK_EQ(ctx.rc_fxp30, 335544320u);
	CHECK_EQ(rhcc_ccctx_timer_stage(&ctx), 0);
	/* the next cut, without an increase since: R_T kept at 671088640, R_C = 167772160 (15.625 Gbit/s) */
	rhcc_dcqcn_advance(&ctx, &cfg, 308000);
	ctx.alpha_fxp31 = 1u << 31;
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 308000), 1);
	CHECK_EQ(ctx.rt_fxp30, 671088640u);
	CHECK_EQ(ctx.rc_fxp30, 167772160u);
	/* a byte-counter increase counts too: R_C = (671088640 + 167772160 + 1) >> 1 = 419430400, and the cut after
	 * it clamps R_T to it: R_T = 419430400, R_C = 209715200 (19.53125 Gbit/s) */
	rhcc_dcqcn_on_bytes(&ctx, &cfg, 32767);
	CHECK_EQ(rhcc_ccctx_byte_stage(&ctx), 1);
	CHECK_EQ(ctx.rc_fxp30, 419430400u);
	rhcc_dcqcn_advance(&ctx, &cfg, 312000);
	ctx.alpha_fxp31 = 1u << 31;
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 312000), 1);
	CHECK_EQ(ctx.rt_fxp30, 419430400u);
	CHECK_EQ(ctx.rc_fxp30, 209715200u);
	CHECK_EQ(rhcc_ccctx_byte_stage(&ctx), 0);
	/* 20 timer expiries at once (612000 .. 6312000): one fast recovery, then 19 additive (byte stage 0 <= F),
	 * R_T = 419430400 + 19 x 53687 = 420450453; the stage saturates at 15 (the multi-step path) and still clamps */
	rhcc_dcqcn_advance(&ctx, &cfg, 6312000);
	CHECK_EQ(rhcc_ccctx_timer_stage(&ctx), RHCC_DCQCN_STAGE_MAX);
	CHECK_EQ(ctx.rt_fxp30, 420450453u);
	rc_before = ctx.rc_fxp30;
	CHECK(rc_before < ctx.rt_fxp30);
	ctx.alpha_fxp31 = 1u << 31;
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 6312000), 1);
	CHECK_EQ(ctx.rt_fxp30, rc_before);
	CHECK_EQ(ctx.rc_fxp30, (rc_before + 1u) >> 1); /* (rc 2^31 + 2^31) >> 32 */
	/* within the decrease interval: carried; at its end the deferred cut keeps R_T (no increase since) */
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 6315999), 0);
	CHECK_EQ(ctx.rt_fxp30, rc_before);
	CHECK_EQ(ctx.rc_fxp30, (rc_before + 1u) >> 1);
	rhcc_dcqcn_advance(&ctx, &cfg, 6316000);
	CHECK_EQ(ctx.rt_fxp30, rc_before);
	CHECK(ctx.rc_fxp30 < (rc_before + 1u) >> 1);
}

/* the DCQCN paper's rule (clamp_target_rate = 1, Algorithm 1): every cut sets R_T <- R_C; alpha 1 as above */
static void should_clamp_target_on_every_cut_when_asked(void)
{
	const rhcc_config_t cfg = alpha_one_config(1);
	rhcc_ccctx_t ctx;

	memset(&ctx, 0, sizeof(ctx));
	rhcc_dcqcn_open(&ctx, &cfg, 0);
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 0), 1);
	CHECK_EQ(ctx.rt_fxp30, RHCC_RATE_ONE);     /* R_C was line */
	CHECK_EQ(ctx.rc_fxp30, 1u << 29);
	rhcc_dcqcn_advance(&ctx, &cfg, 4000);
	ctx.alpha_fxp31 = 1u << 31;
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 4000), 1);
	CHECK_EQ(ctx.rt_fxp30, 1u << 29);          /* no increase, clamped all the same: 50 Gbit/s */
	CHECK_EQ(ctx.rc_fxp30, 1u << 28);
	/* byte increase: R_C = (2^29 + 2^28 + 1) >> 1 = 402653184 (37.5 Gbit/s); the cut clamps R_T to it */
	rhcc_dcqcn_on_bytes(&ctx, &cfg, 32767);
	CHECK_EQ(ctx.rc_fxp30, 402653184u);
	CHECK_EQ(ctx.rt_fxp30, 1u << 29);
	rhcc_dcqcn_advance(&ctx, &cfg, 8000);
	ctx.alpha_fxp31 = 1u << 31;
	CHECK_EQ(rhcc_dcqcn_on_cnp(&ctx, &cfg, 8000), 1);
	CHECK_EQ(ctx.rt_fxp30, 402653184u);
	CHECK_EQ(ctx.rc_fxp30, 201326592u);
}

/* the closed form for many timer expiries agrees with expiries processed one at a time */
static void should_apply_long_gaps_in_bounded_work(void)
{
	const rhcc_config_t cfg = defaults_config();
	rhcc_ccctx_t step;
	rhcc_ccctx_t jump;
	uint32_t t;
	uint32_t i;

	memset(&step, 0, sizeof(step));
	rhcc_dcqcn_open(&step, &cfg, 0);
	(void)rhcc_dcqcn_on_cnp(&step, &cfg, 0);
	step.rc_fxp30 = RHCC_RATE_ONE / 4; /* far below line so that many AI steps stay below line */
	step.rt_fxp30 = RHCC_RATE_ONE / 2;
	jump = step;
	for (i = 1, t = 0; i <= 3000; i++) {
		t = i * cfg.increase_interval_ns;
		rhcc_dcqcn_advance(&step, &cfg, t);
	}
	rhcc_dcqcn_advance(&jump, &cfg, t);
	CHECK(step.rt_fxp30 == jump.rt_fxp30);
	CHECK(step.rc_fxp30 >= jump.rc_fxp30 - 2 && step.rc_fxp30 <= jump.rc_fxp30 + 2);
	CHECK_EQ(step.rt_fxp30, RHCC_RATE_ONE / 2 + 2999u * cfg.ai_fxp30); /* first step fast recovery */
	CHECK(step.next_increase_ts_ns == jump.next_increase_ts_ns);
	CHECK((step.flags & RHCC_FLAG_INCREASE_ARMED) && (jump.flags & RHCC_FLAG_INCREASE_ARMED));
}

static void should_reach_line_and_disarm(void)
{
	const rhcc_config_t cfg = defaults_config();
	rhcc_ccctx_t ctx;

	memset(&ctx, 0, sizeof(ctx));
	rhcc_dcqcn_open(&ctx, &cfg, 0);
	(void)rhcc_dcqcn_on_cnp(&ctx, &cfg, 0);
	rhcc_dcqcn_advance(&ctx, &cfg, 4000000000u); /* 4 s of expiries at once */
	CHECK_EQ(ctx.rc_fxp30, RHCC_RATE_ONE);
	CHECK_EQ(ctx.rt_fxp30, RHCC_RATE_ONE);
	CHECK(!(ctx.flags & RHCC_FLAG_INCREASE_ARMED));
	CHECK_EQ(ctx.alpha_fxp31, 0); /* (1019/1024)^4000000 underflows */
}

static void should_keep_timers_across_the_timestamp_wrap(void)
{
	const rhcc_config_t cfg = defaults_config();
	const uint32_t start = 4294967296u - 100000u;
	rhcc_ccctx_t ctx;

	memset(&ctx, 0, sizeof(ctx));
	rhcc_dcqcn_open(&ctx, &cfg, start);
	(void)rhcc_dcqcn_on_cnp(&ctx, &cfg, start);
	rhcc_dcqcn_advance(&ctx, &cfg, start + 299999u); /* wraps; one ns before the expiry */
	CHECK_EQ(rhcc_ccctx_timer_stage(&ctx), 0);
	rhcc_dcqcn_advance(&ctx, &cfg, start + 300000u);
	CHECK_EQ(rhcc_ccctx_timer_stage(&ctx), 1);
	CHECK_EQ(ctx.next_increase_ts_ns, start + 600000u);
}

static void should_compute_the_delivered_rate_ceiling(void)
{
	const rhcc_config_t cfg = defaults_config();
	uint32_t params[RHCC_PARAM_COUNT];
	rhcc_config_t wide;

	/* N = 2 x 32768 x 8 / 100 x 2^30 = 5242.88 x 2^30 = 5629499534213.12 (fxp30 of line x ns) */
	CHECK(cfg.ceiling_num == 5629499534213ull);
	/* 52455 ns: 524288 / 52455 = 9.99500524 Gbit/s = 107320551.60 fxp30 -> 107320552 */
	CHECK_EQ(rhcc_sender_ceiling_fxp30(&cfg, 52455), 107320552);
	/* 52428 ns: 10.00015259 Gbit/s = 107375820.83 -> 107375821 */
	CHECK_EQ(rhcc_sender_ceiling_fxp30(&cfg, 52428), 107375821);
	/* the line boundary is 5242.88 ns: 5242 ns gives 100.0168 Gbit/s -> line, 5243 ns 99.99771 -> 1073717248.56 */
	CHECK_EQ(rhcc_sender_ceiling_fxp30(&cfg, 5242), RHCC_RATE_ONE);
	CHECK_EQ(rhcc_sender_ceiling_fxp30(&cfg, 5243), 1073717249);
	CHECK_EQ(rhcc_sender_ceiling_fxp30(&cfg, 1), RHCC_RATE_ONE);
	/* no measurement: line */
	CHECK_EQ(rhcc_sender_ceiling_fxp30(&cfg, 0), RHCC_RATE_ONE);
	CHECK_EQ(rhcc_sender_ceiling_fxp30(&cfg, -1), RHCC_RATE_ONE);
	CHECK_EQ(rhcc_sender_ceiling_fxp30(&cfg, INT32_MIN), RHCC_RATE_ONE);
	/* the widest gap, 2^31 - 1 ns: 2.4414e-4 Gbit/s = 2621.44 -> 2621 */
	CHECK_EQ(rhcc_sender_ceiling_fxp30(&cfg, INT32_MAX), 2621);

	/* the largest numerator: 65535 units (2 MB) at 1 Gbit/s, 512000 x 65535 x 2^30 / 1000 = 36028247263150080
	 * exactly (< 2^55); at 2^31 - 1 ns: 16776960.0078 -> 16776960 */
	rhcc_params_defaults(params);
	params[RHCC_PARAM_PROBE_INTERVAL_32B] = 65535;
	params[RHCC_PARAM_LINE_RATE_MBPS] = 1000;
	params[RHCC_PARAM_R_MIN_MBPS] = 1000;
	CHECK_EQ(rhcc_config_derive(params, &wide), 0);
	CHECK(wide.ceiling_num == 36028247263150080ull);
	CHECK_EQ(rhcc_sender_ceiling_fxp30(&wide, INT32_MAX), 16776960);
}

static void should_cap_r_rev_at_twice_the_delivered_rate(void)
{
	const rhcc_config_t cfg = defaults_config();
	rhcc_ccctx_t ctx;
	rhcc_ccctx_t before;
	const int64_t up = 268435; /* D = 150 ns, e = -50 ns, de = 0: delta = -50 x 256 x k / 2^40 = -268435.456 */

	/* cold start: no ceiling whatever the stored stamp says (it would give 9.995 Gbit/s here); R_rev stays at
	 * line (100 + 0.025 Gbit/s clamped); the stamp becomes this t_recv */
	memset(&ctx, 0, sizeof(ctx));
	rhcc_sender_open(&ctx, &cfg);
	CHECK_EQ(ctx.probe_recv_ts_ns, 0);
	ctx.probe_recv_ts_ns = 1000u - 52455u; /* wraps */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 1000, 1150, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.rate_rev_fxp30, RHCC_RATE_ONE);
	CHECK_EQ(ctx.probe_recv_ts_ns, 1000);

	/* a rejected ACK changes nothing, the stamp included */
	before = ctx;
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 200000, 199999, 1u), RHCC_ACK_NEGATIVE_DELAY);
	CHECK(memcmp(&before, &ctx, sizeof(ctx)) == 0);

	/* 52455 ns after the last valid ACK (probe_ack.csv, delivered_rate_cap, second row): R_rev would rise to
	 * line + 0.025 Gbit/s but is capped at 2 x 32 KB / 52455 ns = 9.995 Gbit/s = 107320552 */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 53455, 53605, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.rate_rev_fxp30, 107320552);
	CHECK_EQ(ctx.probe_recv_ts_ns, 53455);

	/* a gap across the 32-bit wrap: 0xFFFFF000 -> 0xA000 is 4096 + 40960 = 45056 ns, 11.636 Gbit/s =
	 * 124944503.16 -> 124944503 */
	memset(&ctx, 0, sizeof(ctx));
	rhcc_sender_open(&ctx, &cfg);
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 0xFFFFF000u, 0xFFFFF096u, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.rate_rev_fxp30, RHCC_RATE_ONE);
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 0xA000u, 0xA096u, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.rate_rev_fxp30, 124944503);
	CHECK_EQ(ctx.probe_recv_ts_ns, 0xA000u);

	/* gap 0 and a negative gap (reordered stamps): no ceiling, R_rev integrates again from the capped value;
	 * the stamp still follows the ACK */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 0xA000u, 0xA096u, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.rate_rev_fxp30, 124944503 + up);
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 40000, 40150, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.rate_rev_fxp30, 124944503 + 2 * up);
	CHECK_EQ(ctx.probe_recv_ts_ns, 40000);

	/* the widest gap, 2^31 - 1 ns: the ceiling (2621) is below R_min, and R_min wins, as max(R_min, min(.)) */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 40000u + 0x7FFFFFFFu, 40150u + 0x7FFFFFFFu, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.rate_rev_fxp30, cfg.r_min_fxp30);
	/* 2^31 after it reads as -2^31: no ceiling */
	CHECK_EQ(rhcc_sender_on_probe_ack(&ctx, &cfg, 40000u + 0x7FFFFFFFu + 0x80000000u,
					  40150u + 0x7FFFFFFFu + 0x80000000u, 1u), RHCC_ACK_OK);
	CHECK_EQ(ctx.rate_rev_fxp30, cfg.r_min_fxp30 + up);
}

static void should_serve_slot_zero_and_delegate_others(void)
{
	doca_pcc_dev_algo_ctxt_t algo_ctxt;
	doca_pcc_dev_event_t event;
	doca_pcc_dev_attr_t attr;
	doca_pcc_dev_results_t results;
	uint32_t mask = 0;
	uint32_t values[RHCC_PARAM_COUNT];
	uint32_t i;
	uint32_t probes = 0;

	rhcc_host_runtime_reset();
	doca_pcc_dev_user_init(&mask);
	CHECK_EQ(mask, 1u << DOCA_PCC_DEV_EVNT_ROCE_ACK);
	CHECK(doca_pcc_dev_get_algo_params(3, RHCC_ALGO_SLOT) != NULL);
	CHECK_EQ(doca_pcc_dev_get_algo_params(0, RHCC_ALGO_SLOT)[RHCC_PARAM_D_THR_NS], 200);

	memset(&algo_ctxt, 0, sizeof(algo_ctxt));
	memset(&attr, 0, sizeof(attr));
	for (i = 0; i < 64; i++) {
		rhcc_host_event_tx(&event, 0, 1000u * i, 512, 1, 0); /* 16 KB bursts */
		doca_pcc_dev_user_algo(&algo_ctxt, &event, &attr, &results);
		probes += results.rtt_req;
		CHECK_EQ(results.rate, 1u << 20);
	}
	CHECK_EQ(probes, 32); /* 1 MB sent, one probe per 32 KB */
	/* a TX event that carried a probe leaves word 1 alone: it holds the last valid probe response's t_recv */
	rhcc_host_event_tx(&event, 0, 64000, 0, 0, DOCA_PCC_DEV_TX_FLAG_RTT_REQ_SENT);
	doca_pcc_dev_user_algo(&algo_ctxt, &event, &attr, &results);
	CHECK_EQ(rhcc_ccctx(&algo_ctxt)->probe_recv_ts_ns, 0);
	CHECK_EQ(doca_pcc_dev_get_counters(0, RHCC_ALGO_SLOT)[RHCC_COUNTER_PROBES_REQUESTED], 32);

	rhcc_host_event_rtt(&event, 0, 70000, 69000, 5000, 6200); /* D = 1200 ns: R_rev 99.5 Gbit/s */
	doca_pcc_dev_user_algo(&algo_ctxt, &event, &attr, &results);
	CHECK_EQ(results.rate, rhcc_rate_to_doca(1073741824 - 5368709));
	CHECK_EQ(rhcc_ccctx(&algo_ctxt)->probe_recv_ts_ns, 5000);
	rhcc_host_event_cnp(&event, 0, 71000);
	doca_pcc_dev_user_algo(&algo_ctxt, &event, &attr, &results);
	/* alpha decayed over 71 us to ~0.706: R_C ~ 0.647 of line, below R_rev, so R_send = R_C */
	CHECK(rhcc_ccctx(&algo_ctxt)->rc_fxp30 < RHCC_RATE_ONE / 100 * 65);
	CHECK_EQ(results.rate, rhcc_rate_to_doca(rhcc_ccctx(&algo_ctxt)->rc_fxp30));
	CHECK_EQ(doca_pcc_dev_get_counters(0, RHCC_ALGO_SLOT)[RHCC_COUNTER_RATE_CUTS], 1);
	rhcc_host_event_nack(&event, 0, 72000, DOCA_PCC_DEV_NACK_EVNT_OOS);
	doca_pcc_dev_user_algo(&algo_ctxt, &event, &attr, &results);
	CHECK_EQ(results.rtt_req, 0);

	attr.algo_slot = 2; /* not ours */
	doca_pcc_dev_user_algo(&algo_ctxt, &event, &attr, &results);
	CHECK_EQ(rhcc_host_internal_algo_calls(), 1);

	/* PPCC parameter change: valid set applied, invalid cross-check refused without change */
	rhcc_params_defaults(values);
	values[RHCC_PARAM_D_THR_NS] = 500;
	CHECK_EQ(rhcc_host_set_params(0, RHCC_ALGO_SLOT, RHCC_PARAM_D_THR_NS, 1, &values[RHCC_PARAM_D_THR_NS]),
		 DOCA_PCC_DEV_STATUS_OK);
	CHECK_EQ(rhcc_port_config(0)->d_thr_ns, 500);
	CHECK_EQ(rhcc_port_config(1)->d_thr_ns, 200);
	values[RHCC_PARAM_R_MIN_MBPS] = 200000;
	CHECK_EQ(rhcc_host_set_params(0, RHCC_ALGO_SLOT, RHCC_PARAM_R_MIN_MBPS, 1, &values[RHCC_PARAM_R_MIN_MBPS]),
		 DOCA_PCC_DEV_STATUS_FAIL);
	CHECK_EQ(doca_pcc_dev_get_algo_params(0, RHCC_ALGO_SLOT)[RHCC_PARAM_R_MIN_MBPS], 1000);
	CHECK_EQ(rhcc_port_config(0)->r_min_fxp30, 10737418);
	/* the target clamp is a run-time parameter too: 0 by default, 1 accepted, 2 refused */
	CHECK_EQ(doca_pcc_dev_get_algo_params(0, RHCC_ALGO_SLOT)[RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE], 0);
	values[RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE] = 1;
	CHECK_EQ(rhcc_host_set_params(0, RHCC_ALGO_SLOT, RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE, 1,
				      &values[RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE]), DOCA_PCC_DEV_STATUS_OK);
	CHECK_EQ(rhcc_port_config(0)->clamp_target_rate, 1);
	CHECK_EQ(rhcc_port_config(1)->clamp_target_rate, 0);
	values[RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE] = 2;
	CHECK_EQ(rhcc_host_set_params(0, RHCC_ALGO_SLOT, RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE, 1,
				      &values[RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE]), DOCA_PCC_DEV_STATUS_FAIL);
	CHECK_EQ(rhcc_port_config(0)->clamp_target_rate, 1);
}

int main(void)
{
	should_multiply_at_128_bits();
	should_divide_for_parameters();
	should_subtract_wrapping_timestamps();
	should_raise_to_powers();
	should_derive_and_validate_parameters();
	should_convert_rates_for_the_rate_limiter();
	should_request_one_probe_per_interval();
	should_follow_eq2_and_eq3_by_hand();
	should_read_d_thr_from_the_low_24_bits_of_a_weighted_state();
	should_rise_at_most_once_per_increase_interval();
	should_ignore_negative_delays();
	should_clamp_to_floor_and_line();
	should_compute_the_delivered_rate_ceiling();
	should_cap_r_rev_at_twice_the_delivered_rate();
	should_cut_with_initial_alpha_and_recover_like_dcqcn();
	should_carry_cnps_inside_the_hold_off();
	should_clamp_target_only_after_an_increase();
	should_clamp_target_on_every_cut_when_asked();
	should_apply_long_gaps_in_bounded_work();
	should_reach_line_and_disarm();
	should_keep_timers_across_the_timestamp_wrap();
	should_serve_slot_zero_and_delegate_others();
	printf("unit checks: %d passed, %d failed\n", passed, failed);
	return failed == 0 ? 0 : 1;
}
