/*
 * rhcc — RHCC's sender loop on one flow context: probe cadence, Eq. (2) delay EWMA, Eq. (3) velocity-form PID on
 * the receivable rate, Eq. (4) sending rate. The fixed-point twin of org.rhcc.core.sender.ReceivableRateController,
 * ProbeCadence and QpStateTable (paper §III-C; docs/design.md §4).
 */
#ifndef RHCC_SENDER_H
#define RHCC_SENDER_H

#include <stdint.h>

#include "rhcc_ccctx.h"
#include "rhcc_fxp.h"
#include "rhcc_params.h"

/** Outcome of a probe response. */
typedef enum rhcc_ack_status {
	RHCC_ACK_OK = 0,             /**< D and R_rev updated */
	RHCC_ACK_NEGATIVE_DELAY = 1, /**< resp_send_ts before req_recv_ts: malformed, nothing changed */
} rhcc_ack_status_t;

/**
 * Opens the sender-loop half of a flow: R_rev at line rate, no delay sample yet, the configured D_thr, probe byte
 * counter and probe timestamp zero (QpStateTable.open).
 */
void rhcc_sender_open(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg);

/**
 * Probe cadence (ProbeCadence: one probe per interval of bytes sent): adds the TX burst's 32-byte units to the flow's
 * counter and asks for a probe when the counter crosses the interval.
 *
 * The hardware takes at most one probe request per event; when one burst crosses the interval more than once (a
 * coalesced TX event of more than one interval, up to 2 MB), one probe is requested and the counter keeps only the
 * remainder: the further probes would sample the same instant and carry no extra information.
 *
 * @return 1 to set results->rtt_req, else 0.
 */
uint32_t rhcc_sender_on_tx(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t sent_32bytes);

/**
 * Receiver processing delay sample, Eq. (2)'s t_resp - t_recv: both receiver-NIC timestamps, so no clock sync;
 * a wrap-safe signed 32-bit difference, negative when the timestamps are out of order.
 */
static inline int32_t rhcc_delay_sample_ns(uint32_t req_recv_ts_ns, uint32_t resp_send_ts_ns)
{
	return rhcc_wrap_diff32(resp_send_ts_ns, req_recv_ts_ns);
}

/**
 * The delivered-rate ceiling of Eq. (3) (ReceivableRateController's anti-windup), fxp30 of line rate:
 * min(line, RATE_HEADROOM x probe interval bits / gap_ns) for gap_ns > 0, line otherwise.
 *
 * cfg->ceiling_num = round(N), N the exact numerator (fxp30 x ns); the result is round(ceiling_num / gap_ns), so
 * it is within 1/2 + 1/(2 gap_ns) fxp30 units (<= 2^-30 of line rate) of the exact ceiling, and exactly line
 * whenever the exact ceiling is >= line (then ceiling_num >= 2^30 gap_ns, both being integers). gap_ns may be up to
 * 2^31 - 1: 2^30 gap_ns < 2^61 and ceiling_num + gap_ns / 2 < 2^56, no overflow. Costs one 64-bit integer
 * division, on probe responses only, and only once the ceiling is below line.
 */
static inline uint32_t rhcc_sender_ceiling_fxp30(const rhcc_config_t *cfg, int32_t gap_ns)
{
	uint64_t gap;

	if (gap_ns <= 0)
		return RHCC_RATE_ONE;
	gap = (uint64_t)gap_ns;
	if (cfg->ceiling_num >= (uint64_t)RHCC_RATE_ONE * gap)
		return RHCC_RATE_ONE;
	/* < 2^30 + 1/2 before rounding, so <= 2^30 after */
	return (uint32_t)((cfg->ceiling_num + gap / 2u) / gap);
}

/*
 * The receiver's state in a probe response (rhcc-gated, docs/design.md §4): rhcc's notification point (the receiver's
 * PCC program) writes a big-endian state word as the first 4 of the RTT event's 12 raw bytes, where the firmware's NP
 * puts the request's send timestamp, which the sender loop never reads (it measures D on the receiver's clock
 * alone). Bit 1 says the word is valid, bit 0 that the receiver's IIO buffer is congested (its Eq. (1) verdict,
 * I_cur > I_thr, which rhcc's receiver loop hands its NP). A response without a valid word counts as congested.
 */
#define RHCC_RTT_STATE_CONGESTED (1u << 0)
#define RHCC_RTT_STATE_VALID (1u << 1)

/**
 * One probe response (ReceivableRateController.onProbeAck without R_cc, which lives in the same context):
 *   D_sample = resp_send - req_recv; negative -> RHCC_ACK_NEGATIVE_DELAY, nothing changes (the stored t_recv
 *   neither);
 *   Eq. (2) D_cur = (1 - g) D_prev + g D_sample (the first valid sample initialises D_cur, de = 0);
 *   ceiling = rhcc_sender_ceiling_fxp30(t_recv - stored t_recv) if the flow had a valid sample, else line; the
 *   stored t_recv becomes req_recv;
 *   the ceiling holds only while D_cur <= D_thr (conditional anti-windup); with cfg->receiver_gated (the rhcc-gated
 *   scheme): R_rev = line when receiver_congested is 0, else the ceiling only while D_cur > D_thr;
 *   Eq. (3) R_rev <- max(R_min, min(ceiling, R_rev - alpha (D_cur - D_thr) - beta (D_cur - D_prev)));
 *   with cfg->increase_interval (the hostcc-emulated scheme, docs/design.md §4): a new R_rev above the stored one (a
 *   rise) is taken only if the interval has passed: on the flow's first sample, when req_recv comes at least 300 us
 *   after the stored t_recv (unsigned), or when its tick (req_recv >> 12) is at least 75 ticks after the last
 *   rise's, kept in byte 15 (rhcc_ccctx_increase_tick); a rise within it leaves R_rev as it was; anything else is
 *   taken at once, and while the interval has passed the stored tick becomes the probe's minus 75.
 */
rhcc_ack_status_t rhcc_sender_on_probe_ack(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t req_recv_ts_ns,
					   uint32_t resp_send_ts_ns, uint32_t receiver_congested);

/** Eq. (4): R_send = clamp(min(R_rev, R_cc), R_min, R_line), R_cc being the context's DCQCN R_C; fxp30. */
static inline uint32_t rhcc_sender_send_rate_fxp30(const rhcc_ccctx_t *ctx, const rhcc_config_t *cfg)
{
	uint32_t r = ctx->rate_rev_fxp30 < ctx->rc_fxp30 ? ctx->rate_rev_fxp30 : ctx->rc_fxp30;

	if (r < cfg->r_min_fxp30)
		r = cfg->r_min_fxp30;
	if (r > RHCC_RATE_ONE)
		r = RHCC_RATE_ONE;
	return r;
}

/**
 * A fxp30 rate as the rate limiter's 20-bit fixed-point fraction of line rate, rounded to nearest, in [1, 1 << 20]
 * (results->rate must never be 0).
 */
static inline uint32_t rhcc_rate_to_doca(uint32_t rate_fxp30)
{
	uint32_t r = (rate_fxp30 + ((uint32_t)1 << (RHCC_RATE_SHIFT - 21))) >> (RHCC_RATE_SHIFT - 20);

	if (r == 0)
		r = 1;
	if (r > ((uint32_t)1 << 20))
		r = (uint32_t)1 << 20;
	return r;
}

#endif /* RHCC_SENDER_H */
