/*
 * rhcc — parameter specification and conversion to fixed point (integer arithmetic only).
 */
#include "rhcc_params.h"

#include "rhcc_ccctx.h"
#include "rhcc_fxp.h"

/*
 * Defaults: SenderParameters.paperDefaults(100) and DcqcnParameters.nvidia(100).
 *   alpha = beta = 0.0005 Gbit/s per ns = 500000 bit/s per ns; g_probe = 0.75 = 49152 / 65536;
 *   DCQCN g = 5/1024 = 320 / 65536 (dce_tcp_g = 1019 in fxp10); initial alpha = 1023/1024 = 65472 / 65536;
 *   target clamp 0 (clamp_tgt_rate = 0 with clamp_tgt_rate_after_time_inc = 1, DcqcnParameters.clampTargetRate
 *   false; the paper profile's true is 1).
 * Ranges: rates 1 Mbit/s .. 1.6 Tbit/s; timer periods up to 2^30 ns (the wrap-safe deadline window, see
 * rhcc_dcqcn.c); the byte counter fits the context's 24-bit field; F stays below the 4-bit stage saturation.
 */
const rhcc_param_spec_t rhcc_param_specs[RHCC_PARAM_COUNT] = {
	[RHCC_PARAM_LINE_RATE_MBPS] = {100000u, 1000u, 1600000u, "line rate, Mbit/s"},
	[RHCC_PARAM_R_MIN_MBPS] = {1000u, 1u, 1600000u, "R_min, Mbit/s"},
	[RHCC_PARAM_D_THR_NS] = {200u, 1u, RHCC_D_THR_MASK, "D_thr, ns"},
	[RHCC_PARAM_ALPHA_BPS_PER_NS] = {500000u, 0u, UINT32_MAX, "alpha, bit/s per ns"},
	[RHCC_PARAM_BETA_BPS_PER_NS] = {500000u, 0u, UINT32_MAX, "beta, bit/s per ns"},
	[RHCC_PARAM_G_PROBE_FXP16] = {49152u, 1u, 65536u, "g_probe, fxp16"},
	[RHCC_PARAM_PROBE_INTERVAL_32B] = {1024u, 2u, 65535u, "probe interval, 32 B units"},
	[RHCC_PARAM_DCQCN_MIN_RATE_MBPS] = {1u, 1u, 1600000u, "DCQCN min rate, Mbit/s"},
	[RHCC_PARAM_DCQCN_G_FXP16] = {320u, 1u, 65536u, "DCQCN g, fxp16"},
	[RHCC_PARAM_DCQCN_INITIAL_ALPHA_FXP16] = {65472u, 0u, 65536u, "DCQCN initial alpha, fxp16"},
	[RHCC_PARAM_DCQCN_ALPHA_INTERVAL_NS] = {1000u, 1u, RHCC_MAX_INTERVAL_NS, "DCQCN alpha interval, ns"},
	[RHCC_PARAM_DCQCN_DECREASE_INTERVAL_NS] = {4000u, 0u, RHCC_MAX_INTERVAL_NS, "DCQCN decrease interval, ns"},
	[RHCC_PARAM_DCQCN_INCREASE_INTERVAL_NS] = {300000u, 1u, RHCC_MAX_INTERVAL_NS, "DCQCN increase timer, ns"},
	[RHCC_PARAM_DCQCN_BYTE_COUNTER_BYTES] = {32767u, 1u, RHCC_DCQCN_BYTES_MAX, "DCQCN byte counter, bytes"},
	[RHCC_PARAM_DCQCN_FAST_RECOVERY_STEPS] = {1u, 0u, RHCC_DCQCN_STAGE_MAX - 1u, "DCQCN F"},
	[RHCC_PARAM_DCQCN_AI_MBPS] = {5u, 0u, 1600000u, "DCQCN R_AI, Mbit/s"},
	[RHCC_PARAM_DCQCN_HAI_MBPS] = {50u, 0u, 1600000u, "DCQCN R_HAI, Mbit/s"},
	[RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE] = {0u, 0u, 1u, "DCQCN clamp target rate on every cut, 0/1"},
	[RHCC_PARAM_RECEIVER_GATED] = {0u, 0u, 1u, "sender loop gated by the receiver's state (rhcc-gated), 0/1"},
	[RHCC_PARAM_INCREASE_INTERVAL] = {0u, 0u, 1u, "R_rev rises at most once per 300 us (hostcc-emulated), 0/1"},
};

void rhcc_params_defaults(uint32_t *params)
{
	uint32_t i;

	for (i = 0; i < RHCC_PARAM_COUNT; i++)
		params[i] = rhcc_param_specs[i].default_value;
}

/* round(mbps / line_mbps * 2^30); mbps <= line_mbps is checked by the caller, so the result is <= 2^30 */
static uint32_t rate_fxp30(uint32_t mbps, uint32_t line_mbps)
{
	uint64_t q = 0;

	(void)rhcc_div_shift_round_u64(mbps, RHCC_RATE_SHIFT, line_mbps, &q);
	return (uint32_t)q;
}

/*
 * k = round(bps_per_ns / line_bps * 2^(30 - 8 + 40)): rate fxp30 per delay fxp8, scaled by 2^40.
 * With the defaults (500000 bit/s/ns, 100 Gbit/s) k = 23058430092137 (relative rounding error < 3e-14).
 */
static int gain(uint32_t bps_per_ns, uint32_t line_mbps, uint64_t *k)
{
	return rhcc_div_shift_round_u64(bps_per_ns, RHCC_RATE_SHIFT - RHCC_DELAY_SHIFT + RHCC_GAIN_SHIFT,
					(uint64_t)line_mbps * 1000000u, k);
}

/*
 * The delivered-rate ceiling of Eq. (3), HEADROOM x interval bits / gap ns (Gbit/s), as a fraction of line rate is
 * (HEADROOM x 32 x 8 x units) / (gap x line_gbps) = (HEADROOM x 256000 x units) / (gap x line_mbps); its numerator
 * in fxp30 of line times ns: round(HEADROOM x 256000 x units x 2^30 / line_mbps) <= 512000 x 65535 x 2^30 / 1000
 * = 2^55 x 0.99998 < 2^55 (the quotient, and so the numerator, fits the long division's 64 bits).
 */
static uint64_t ceiling_num(uint32_t units, uint32_t line_mbps)
{
	uint64_t k = 0;

	(void)rhcc_div_shift_round_u64((uint64_t)RHCC_RATE_HEADROOM * 256000u * units, RHCC_RATE_SHIFT, line_mbps, &k);
	return k;
}

rhcc_param_status_t rhcc_config_derive(const uint32_t *params, rhcc_config_t *out)
{
	rhcc_config_t c;
	uint32_t line;
	uint32_t i;

	for (i = 0; i < RHCC_PARAM_COUNT; i++) {
		if (params[i] < rhcc_param_specs[i].min_value || params[i] > rhcc_param_specs[i].max_value)
			return i + 1u;
	}
	line = params[RHCC_PARAM_LINE_RATE_MBPS];
	if (params[RHCC_PARAM_R_MIN_MBPS] > line)
		return RHCC_PARAM_R_MIN_MBPS + 1u;
	if (params[RHCC_PARAM_DCQCN_MIN_RATE_MBPS] > line)
		return RHCC_PARAM_DCQCN_MIN_RATE_MBPS + 1u;
	if (params[RHCC_PARAM_DCQCN_AI_MBPS] > line)
		return RHCC_PARAM_DCQCN_AI_MBPS + 1u;
	if (params[RHCC_PARAM_DCQCN_HAI_MBPS] > line)
		return RHCC_PARAM_DCQCN_HAI_MBPS + 1u;
	/* the two gates are the Java SenderGate's alternatives, and the increase clock takes byte 15 of the context */
	if (params[RHCC_PARAM_RECEIVER_GATED] != 0u && params[RHCC_PARAM_INCREASE_INTERVAL] != 0u)
		return RHCC_PARAM_INCREASE_INTERVAL + 1u;
	if (gain(params[RHCC_PARAM_ALPHA_BPS_PER_NS], line, &c.k_alpha) != 0)
		return RHCC_PARAM_ALPHA_BPS_PER_NS + 1u;
	if (gain(params[RHCC_PARAM_BETA_BPS_PER_NS], line, &c.k_beta) != 0)
		return RHCC_PARAM_BETA_BPS_PER_NS + 1u;

	c.r_min_fxp30 = rate_fxp30(params[RHCC_PARAM_R_MIN_MBPS], line);
	c.d_thr_ns = params[RHCC_PARAM_D_THR_NS];
	c.g_probe_fxp16 = params[RHCC_PARAM_G_PROBE_FXP16];
	c.probe_interval_units = params[RHCC_PARAM_PROBE_INTERVAL_32B];
	c.ceiling_num = ceiling_num(c.probe_interval_units, line);
	c.dcqcn_min_fxp30 = rate_fxp30(params[RHCC_PARAM_DCQCN_MIN_RATE_MBPS], line);
	/* fxp16 -> fxp31 is exact: shift by 15 */
	c.dcqcn_g_fxp31 = params[RHCC_PARAM_DCQCN_G_FXP16] << (RHCC_ALPHA_SHIFT - 16);
	c.dcqcn_decay_fxp31 = ((uint32_t)1 << RHCC_ALPHA_SHIFT) - c.dcqcn_g_fxp31;
	c.dcqcn_initial_alpha_fxp31 = params[RHCC_PARAM_DCQCN_INITIAL_ALPHA_FXP16] << (RHCC_ALPHA_SHIFT - 16);
	c.dcqcn_decay_pow2_fxp31[0] = c.dcqcn_decay_fxp31;
	for (i = 1; i < 32; i++)
		c.dcqcn_decay_pow2_fxp31[i] = rhcc_fxp31_mul(c.dcqcn_decay_pow2_fxp31[i - 1], c.dcqcn_decay_pow2_fxp31[i - 1]);
	c.alpha_interval_ns = params[RHCC_PARAM_DCQCN_ALPHA_INTERVAL_NS];
	c.decrease_interval_ns = params[RHCC_PARAM_DCQCN_DECREASE_INTERVAL_NS];
	c.increase_interval_ns = params[RHCC_PARAM_DCQCN_INCREASE_INTERVAL_NS];
	c.byte_counter_bytes = params[RHCC_PARAM_DCQCN_BYTE_COUNTER_BYTES];
	c.fast_recovery_steps = params[RHCC_PARAM_DCQCN_FAST_RECOVERY_STEPS];
	c.ai_fxp30 = rate_fxp30(params[RHCC_PARAM_DCQCN_AI_MBPS], line);
	c.hai_fxp30 = rate_fxp30(params[RHCC_PARAM_DCQCN_HAI_MBPS], line);
	c.clamp_target_rate = params[RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE];
	c.receiver_gated = params[RHCC_PARAM_RECEIVER_GATED];
	c.increase_interval = params[RHCC_PARAM_INCREASE_INTERVAL];
	*out = c;
	return 0;
}
