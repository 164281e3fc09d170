/*
 * rhcc — RHCC's sender loop in fixed point (see rhcc_sender.h).
 */
#include "rhcc_sender.h"

#include "rhcc_fxp.h"

/* |PID delta| beyond this many rate units saturates the clamp whatever R_rev is (R_rev <= 1 << 30) */
#define RHCC_DELTA_LIMIT ((int64_t)1 << 32)

void rhcc_sender_open(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg)
{
	ctx->rate_rev_fxp30 = RHCC_RATE_ONE;
	ctx->probe_recv_ts_ns = 0;
	ctx->d_prev_ns = 0;
	ctx->d_prev_frac = 0;
	ctx->d_thr_ns = cfg->d_thr_ns;
	ctx->probe_units = 0;
	ctx->flags = (uint8_t)(ctx->flags & ~RHCC_FLAG_D_VALID);
}

uint32_t rhcc_sender_on_tx(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t sent_32bytes)
{
	const uint32_t interval = cfg->probe_interval_units;
	uint32_t count = (uint32_t)ctx->probe_units + sent_32bytes; /* < 2^17: no overflow */

	if (count < interval) {
		ctx->probe_units = (uint16_t)count;
		return 0;
	}
	count -= interval;
	if (count >= interval)
		count %= interval; /* rare: one coalesced burst of more than one interval */
	ctx->probe_units = (uint16_t)count;
	return 1;
}

/*
 * hostcc-emulated (ReceivableRateController.holdRise): the interval has passed on the flow's first sample, when the
 * probe came at least 300 us after the previous valid one (unsigned 32-bit gap), or when its tick is at least 75 ticks
 * after the last rise's; a rise that has not waited that long is dropped (R_rev stays), any other new R_rev is taken,
 * and while the interval stands passed the stored tick trails the probe's by 75, so the 8-bit clock never aliases.
 */
static int64_t rhcc_sender_hold_rise(rhcc_ccctx_t *ctx, uint32_t req_recv_ts_ns, uint32_t gap_ns, int cold,
				     int64_t rate)
{
	const uint32_t tick = req_recv_ts_ns >> RHCC_INCREASE_TICK_SHIFT;
	const int passed = cold || gap_ns >= RHCC_INCREASE_INTERVAL_NS ||
			   ((tick - rhcc_ccctx_increase_tick(ctx)) & 0xFFu) >= RHCC_INCREASE_INTERVAL_TICKS;

	if (rate > (int64_t)ctx->rate_rev_fxp30) {
		if (!passed)
			return (int64_t)ctx->rate_rev_fxp30;
		rhcc_ccctx_set_increase_tick(ctx, tick);
	} else if (passed) {
		rhcc_ccctx_set_increase_tick(ctx, tick - RHCC_INCREASE_INTERVAL_TICKS);
	}
	return rate;
}

rhcc_ack_status_t rhcc_sender_on_probe_ack(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t req_recv_ts_ns,
					   uint32_t resp_send_ts_ns, uint32_t receiver_congested)
{
	const int32_t sample_ns = rhcc_delay_sample_ns(req_recv_ts_ns, resp_send_ts_ns);
	const uint32_t prev_recv_ts_ns = ctx->probe_recv_ts_ns;
	const int cold = !(ctx->flags & RHCC_FLAG_D_VALID);
	int64_t sample;
	int64_t d_prev;
	int64_t d_cur;
	int64_t error;
	int64_t change;
	int64_t delta;
	int64_t rate;
	uint32_t ceiling;

	if (sample_ns < 0)
		return RHCC_ACK_NEGATIVE_DELAY;

	/* anti-windup: R_rev <= HEADROOM x the rate delivered since the previous valid probe, measured on the
	 * receiver's clock; a cold start (no earlier valid sample) or a gap <= 0 caps at line rate */
	ceiling = RHCC_RATE_ONE;
	if (ctx->flags & RHCC_FLAG_D_VALID)
		ceiling = rhcc_sender_ceiling_fxp30(cfg, rhcc_wrap_diff32(req_recv_ts_ns, ctx->probe_recv_ts_ns));
	ctx->probe_recv_ts_ns = req_recv_ts_ns;

	sample = (int64_t)sample_ns << RHCC_DELAY_SHIFT;
	if (ctx->flags & RHCC_FLAG_D_VALID) {
		d_prev = rhcc_ccctx_d_prev_fxp8(ctx);
		/* Eq. (2): D_cur = D_prev + g (D_sample - D_prev); |g (s - D_prev)| <= |s - D_prev|, so D_cur stays
		 * between D_prev and the sample and fits the 32.8 field */
		d_cur = d_prev + rhcc_mul_shift_round_s64(sample - d_prev, cfg->g_probe_fxp16, 16);
	} else {
		/* cold start: the first valid sample initialises D_cur and contributes no derivative */
		d_prev = sample;
		d_cur = sample;
		ctx->flags = (uint8_t)(ctx->flags | RHCC_FLAG_D_VALID);
	}
	rhcc_ccctx_set_d_prev_fxp8(ctx, d_cur);

	/* Eq. (3), velocity form: R_rev <- R_rev - alpha e - beta de, e = D_cur - D_thr, de = D_cur - D_prev */
	error = d_cur - ((int64_t)rhcc_ccctx_d_thr_ns(ctx) << RHCC_DELAY_SHIFT);
	if (cfg->receiver_gated && !receiver_congested) {
		/* rhcc-gated: the receiver's IIO buffer is not congested, so the loop stands aside (D_cur and the
		 * delivered-rate stamp were kept above) */
		ctx->rate_rev_fxp30 = RHCC_RATE_ONE;
		return RHCC_ACK_OK;
	}
	/* conditional anti-windup: the ceiling holds only at or below target, where Eq. (3) raises R_rev; rhcc-gated
	 * holds it only above target (its R_rev is line rate until the receiver reports congestion) */
	if (cfg->receiver_gated ? error <= 0 : error > 0)
		ceiling = RHCC_RATE_ONE;
	change = d_cur - d_prev;
	delta = rhcc_add_sat_s64(rhcc_mul_shift_round_s64(error, cfg->k_alpha, RHCC_GAIN_SHIFT),
				 rhcc_mul_shift_round_s64(change, cfg->k_beta, RHCC_GAIN_SHIFT));
	delta = rhcc_clamp_s64(delta, -RHCC_DELTA_LIMIT, RHCC_DELTA_LIMIT);
	/* max(R_min, min(ceiling, .)): R_min wins over a ceiling below it, as in Java */
	rate = (int64_t)ctx->rate_rev_fxp30 - delta;
	if (rate > (int64_t)ceiling)
		rate = (int64_t)ceiling;
	if (rate < (int64_t)cfg->r_min_fxp30)
		rate = (int64_t)cfg->r_min_fxp30;
	if (cfg->increase_interval)
		rate = rhcc_sender_hold_rise(ctx, req_recv_ts_ns, req_recv_ts_ns - prev_recv_ts_ns, cold, rate);
	ctx->rate_rev_fxp30 = (uint32_t)rate;
	return RHCC_ACK_OK;
}
