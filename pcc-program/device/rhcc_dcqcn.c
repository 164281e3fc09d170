/*
 * rhcc — DCQCN reaction point in fixed point (see rhcc_dcqcn.h).
 *
 * Rates are fxp30 fractions of line rate, alpha is fxp31. Products are rounded to nearest.
 */
#include "rhcc_dcqcn.h"

#include "rhcc_fxp.h"

/* true iff deadline is at or before now, given that deadline is never more than period ahead of now */
static inline int deadline_passed(uint32_t now_ns, uint32_t deadline_ns, uint32_t period_ns)
{
	return (uint32_t)(now_ns - deadline_ns) <= UINT32_MAX - period_ns;
}

static inline uint32_t stage_add(uint32_t stage, uint32_t n)
{
	return n >= RHCC_DCQCN_STAGE_MAX - stage ? RHCC_DCQCN_STAGE_MAX : stage + n;
}

/* one increase event (DcqcnReactionPoints.increase), t and b being the stages after the driving one's increment */
static void increase_once(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t t, uint32_t b)
{
	const uint32_t f = cfg->fast_recovery_steps;
	uint32_t rt = ctx->rt_fxp30;
	uint32_t rc;

	if (t > f && b > f)
		rt = rhcc_min_u32(RHCC_RATE_ONE, rt + cfg->hai_fxp30); /* hyper increase */
	else if (t > f || b > f)
		rt = rhcc_min_u32(RHCC_RATE_ONE, rt + cfg->ai_fxp30); /* additive increase */
	/* R_C <- (R_T + R_C) / 2, rounded half up; both <= 2^30 so the sum fits */
	rc = (rt + ctx->rc_fxp30 + 1u) >> 1;
	ctx->rt_fxp30 = rt;
	ctx->rc_fxp30 = rhcc_min_u32(RHCC_RATE_ONE, rc);
}

/*
 * n increase events, each incrementing the timer stage (timer_driven) or the byte stage. Returns the number applied:
 * n, or fewer when stop_at_line and R_C reached line rate (the timer then disarms, as in Java).
 *
 * Work is bounded whatever n is:
 *  1. while the driving stage is still <= F the mode (fast recovery / additive / hyper) can change from one event to
 *     the next, so these events (at most F + 1 <= 15) are applied one by one;
 *  2. after that the mode is fixed (the other stage does not move meanwhile), R_T grows by inc = R_AI or R_HAI per
 *     event and the gap g = R_T - R_C obeys g' = (g + inc) / 2, so after k events that keep R_T below line
 *     R_T = R_T0 + k inc and g = inc + (g0 - inc) / 2^k;
 *  3. once R_T has reached line the gap halves per event and closes within 31 events (fxp30, rounding up).
 * Every path advances the driving stage by exactly the events it applies (saturating at RHCC_DCQCN_STAGE_MAX): the
 * timer stage is also what the next cut reads for its target rule (rhcc_dcqcn_on_cnp), so timer events are never
 * skipped from the count, and none are counted after the timer disarms.
 */
static uint32_t increase_many(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t n, int timer_driven,
			      int stop_at_line)
{
	const uint32_t f = cfg->fast_recovery_steps;
	uint32_t t = rhcc_ccctx_timer_stage(ctx);
	uint32_t b = rhcc_ccctx_byte_stage(ctx);
	uint32_t *stage = timer_driven ? &t : &b;
	uint32_t done = 0;

	while (done < n && *stage <= f) {
		*stage = stage_add(*stage, 1);
		increase_once(ctx, cfg, t, b);
		done++;
		if (ctx->rc_fxp30 >= RHCC_RATE_ONE) {
			if (!stop_at_line) {
				/* R_T = R_C = line: the remaining events change nothing but the stage */
				*stage = stage_add(*stage, n - done);
				done = n;
			}
			goto finish;
		}
	}
	if (done < n) {
		const uint32_t other = timer_driven ? b : t;
		const uint64_t inc = other > f ? cfg->hai_fxp30 : cfg->ai_fxp30;
		const uint64_t rt0 = ctx->rt_fxp30;
		uint64_t below_line;
		uint64_t k;

		/* events that keep R_T + k inc < line: k <= (line - R_T - 1) / inc */
		if (inc == 0)
			below_line = n - done;
		else
			below_line = rt0 < RHCC_RATE_ONE ? (RHCC_RATE_ONE - rt0 - 1u) / inc : 0;
		k = below_line < (uint64_t)(n - done) ? below_line : (uint64_t)(n - done);
		if (k > 0) {
			const int64_t g0 = (int64_t)rt0 - (int64_t)ctx->rc_fxp30;
			const int64_t excess = g0 - (int64_t)inc;
			const int64_t decayed = k >= 62 ? 0 : rhcc_mul_shift_round_s64(excess, 1u, (unsigned)k);
			const uint64_t rt = rt0 + k * inc; /* < line by the choice of k */
			const int64_t gap = (int64_t)inc + decayed;

			ctx->rt_fxp30 = (uint32_t)rt;
			ctx->rc_fxp30 = (uint32_t)((int64_t)rt - gap);
			*stage = stage_add(*stage, (uint32_t)k);
			done += (uint32_t)k;
		}
		while (done < n) {
			*stage = stage_add(*stage, 1);
			increase_once(ctx, cfg, t, b);
			done++;
			if (ctx->rc_fxp30 >= RHCC_RATE_ONE) {
				if (!stop_at_line) {
					/* R_T = R_C = line: the remaining events change nothing but the stage */
					*stage = stage_add(*stage, n - done);
					done = n;
				}
				break;
			}
		}
	}
finish:
	rhcc_ccctx_set_dcqcn_word(ctx, rhcc_ccctx_dcqcn_bytes(ctx), t, b);
	return done;
}

void rhcc_dcqcn_open(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns)
{
	(void)now_ns; /* nothing runs until the first CNP */
	ctx->rc_fxp30 = RHCC_RATE_ONE;
	ctx->rt_fxp30 = RHCC_RATE_ONE;
	ctx->alpha_fxp31 = cfg->dcqcn_initial_alpha_fxp31;
	ctx->next_alpha_ts_ns = 0;
	ctx->next_increase_ts_ns = 0;
	ctx->last_cut_ts_ns = 0;
	ctx->dcqcn_word = 0;
	ctx->flags = (uint8_t)(ctx->flags & ~(RHCC_FLAG_DCQCN_CUT | RHCC_FLAG_CUT_RECENT | RHCC_FLAG_CNP_IN_ALPHA_PERIOD |
					       RHCC_FLAG_INCREASE_ARMED | RHCC_FLAG_CUT_PENDING));
}

/* the alpha and rate-increase expiries at or before now_ns */
static void advance_timers(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns)
{
	const uint32_t alpha_period = cfg->alpha_interval_ns;
	const uint32_t timer_period = cfg->increase_interval_ns;

	/* the alpha timer runs from the first CNP on */
	if ((ctx->flags & RHCC_FLAG_DCQCN_CUT) && deadline_passed(now_ns, ctx->next_alpha_ts_ns, alpha_period)) {
		uint32_t alpha = ctx->alpha_fxp31;
		uint32_t next = ctx->next_alpha_ts_ns + alpha_period;

		/* the period that just ended: decay unless a CNP arrived in it */
		if (!(ctx->flags & RHCC_FLAG_CNP_IN_ALPHA_PERIOD))
			alpha = rhcc_fxp31_mul(alpha, cfg->dcqcn_decay_fxp31);
		ctx->flags = (uint8_t)(ctx->flags & ~RHCC_FLAG_CNP_IN_ALPHA_PERIOD);
		if (deadline_passed(now_ns, next, alpha_period)) {
			/* whole idle periods since: alpha (1-g)^idle */
			const uint32_t idle = (uint32_t)(now_ns - next) / alpha_period + 1u;

			alpha = rhcc_fxp31_mul(alpha, rhcc_pow_fxp31_table(cfg->dcqcn_decay_pow2_fxp31, idle));
			next += idle * alpha_period;
		}
		ctx->alpha_fxp31 = alpha;
		ctx->next_alpha_ts_ns = next;
	}

	if ((ctx->flags & RHCC_FLAG_INCREASE_ARMED) && deadline_passed(now_ns, ctx->next_increase_ts_ns, timer_period)) {
		const uint32_t due = (uint32_t)(now_ns - ctx->next_increase_ts_ns) / timer_period + 1u;

		(void)increase_many(ctx, cfg, due, 1, 1);
		if (ctx->rc_fxp30 >= RHCC_RATE_ONE)
			ctx->flags = (uint8_t)(ctx->flags & ~RHCC_FLAG_INCREASE_ARMED);
		else
			ctx->next_increase_ts_ns += due * timer_period;
	}
}

/*
 * A cut at now_ns. R_T <- R_C with the clamp on or after any increase since the last cut, timer- or byte-driven
 * (NVIDIA: clamp_tgt_rate = 0, clamp_tgt_rate_after_time_inc = 1; the DCQCN authors' rpr_cnm_received), else R_T
 * stays so that the flow recovers towards its old target; R_C <- max(R_min, R_C (1 - alpha/2)) with
 * 1 - alpha/2 = (2^32 - alpha_fxp31) / 2^32; with raise_alpha, alpha <- (1-g) alpha + g. The stages (saturated at 15,
 * which keeps "> 0" exact), the byte counter and the increase timer restart; a pending cut is consumed.
 */
static void cut_at(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns, int raise_alpha)
{
	const uint32_t alpha = ctx->alpha_fxp31;
	const uint32_t rc = ctx->rc_fxp30;
	const uint32_t cut = (uint32_t)(((uint64_t)rc * (((uint64_t)1 << 32) - alpha) + ((uint64_t)1 << 31)) >> 32);

	if (cfg->clamp_target_rate || rhcc_ccctx_timer_stage(ctx) > 0 || rhcc_ccctx_byte_stage(ctx) > 0)
		ctx->rt_fxp30 = rc;
	ctx->rc_fxp30 = rhcc_max_u32(cfg->dcqcn_min_fxp30, cut);
	if (raise_alpha) /* <= 1 since alpha <= 1 */
		ctx->alpha_fxp31 = rhcc_fxp31_mul(alpha, cfg->dcqcn_decay_fxp31) + cfg->dcqcn_g_fxp31;
	ctx->last_cut_ts_ns = now_ns;
	ctx->next_increase_ts_ns = now_ns + cfg->increase_interval_ns;
	rhcc_ccctx_set_dcqcn_word(ctx, 0, 0, 0);
	ctx->flags = (uint8_t)((ctx->flags | RHCC_FLAG_DCQCN_CUT | RHCC_FLAG_CUT_RECENT | RHCC_FLAG_INCREASE_ARMED) &
			       ~RHCC_FLAG_CUT_PENDING);
}

void rhcc_dcqcn_advance(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns)
{
	const uint32_t hold_off = cfg->decrease_interval_ns;

	if ((ctx->flags & RHCC_FLAG_CUT_RECENT) && (uint32_t)(now_ns - ctx->last_cut_ts_ns) >= hold_off) {
		if (ctx->flags & RHCC_FLAG_CUT_PENDING) {
			/* the CNPs carried over the hold-off cut at its end, after the timers due by then */
			const uint32_t cut_ns = ctx->last_cut_ts_ns + hold_off;

			advance_timers(ctx, cfg, cut_ns);
			cut_at(ctx, cfg, cut_ns, 1);
		}
		if ((uint32_t)(now_ns - ctx->last_cut_ts_ns) >= hold_off)
			ctx->flags = (uint8_t)(ctx->flags & ~RHCC_FLAG_CUT_RECENT);
	}
	advance_timers(ctx, cfg, now_ns);
}

uint32_t rhcc_dcqcn_on_cnp(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns)
{
	if (!(ctx->flags & RHCC_FLAG_DCQCN_CUT)) {
		/* the first CNP: alpha <- initial alpha (NVIDIA initial_alpha_value, "alpha used when receiving the
		 * first CNP"), a cut with it that does not raise it, and the alpha timer starts (HPCC cnp_received_mlx) */
		ctx->alpha_fxp31 = cfg->dcqcn_initial_alpha_fxp31;
		ctx->next_alpha_ts_ns = now_ns + cfg->alpha_interval_ns;
		cut_at(ctx, cfg, now_ns, 0);
		return 1;
	}
	ctx->flags = (uint8_t)(ctx->flags | RHCC_FLAG_CNP_IN_ALPHA_PERIOD);
	if ((ctx->flags & RHCC_FLAG_CUT_RECENT) && (uint32_t)(now_ns - ctx->last_cut_ts_ns) < cfg->decrease_interval_ns) {
		/* carried to the end of the hold-off (NVIDIA: "at the beginning of the next
		 * rate_reduce_monitor_period"), where rhcc_dcqcn_advance cuts once for every CNP of the interval */
		ctx->flags = (uint8_t)(ctx->flags | RHCC_FLAG_CUT_PENDING);
		return 0;
	}
	cut_at(ctx, cfg, now_ns, 1);
	return 1;
}

void rhcc_dcqcn_on_bytes(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t bytes)
{
	const uint32_t threshold = cfg->byte_counter_bytes;
	uint64_t counter;

	if (!(ctx->flags & RHCC_FLAG_DCQCN_CUT))
		return; /* the byte counter runs from the first cut on */
	counter = (uint64_t)rhcc_ccctx_dcqcn_bytes(ctx) + bytes;
	if (counter >= threshold) {
		const uint64_t events = counter / threshold;

		counter -= events * threshold;
		/* bounded work whatever the count (increase_many); beyond 2^32 - 1 events R_C is at line long before */
		(void)increase_many(ctx, cfg, events > UINT32_MAX ? UINT32_MAX : (uint32_t)events, 0, 0);
	}
	rhcc_ccctx_set_dcqcn_word(ctx, (uint32_t)counter, rhcc_ccctx_timer_stage(ctx), rhcc_ccctx_byte_stage(ctx));
}
