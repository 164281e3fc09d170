/*
 * rhcc — the per-flow state of the PCC program, laid over the 48-byte DOCA PCC flow context (doca_pcc_dev_algo_ctxt_t,
 * uint32_t data[12]) that the hardware keeps for every flow and hands to every event of that flow.
 *
 *  byte  0               4                8                12              16
 *       +---------------+----------------+----------------+---------------+
 *     0 | R_rev         | probe t_recv   | D_prev (int)   | D_thr, weight |  <- mirrors org.rhcc.core.sender.QpStateTable
 *       | fxp30 of line | u32 ns, wraps  | u32 ns         | bits 0..23 ns,|     (same fields, same order; word 1 is
 *       |               |                |                | 24..31 weight |
 *       |               |                |                | or incr. tick |
 *       |               |                |                |               |     its probeTsNs: the last valid ACK's
 *       |               |                |                |               |     receiver-arrival stamp t_recv)
 *       +---------------+----------------+----------------+---------------+
 *    16 | R_C           | R_T            | alpha          | next alpha ts |  <- DCQCN reaction point
 *       | fxp30 of line | fxp30 of line  | fxp31          | u32 ns        |
 *       +---------------+----------------+----------------+---------------+
 *    32 | next incr. ts | last cut ts    | DCQCN word     |probe  |fr |fl |
 *       | u32 ns        | u32 ns         | see below      |units  |   |   |
 *       +---------------+----------------+----------------+-------+---+---+
 *   DCQCN word (u32): bits 0..23 byte counter (bytes since the last byte-stage event), 24..27 timer stage,
 *                     28..31 byte stage (both saturate at 15; only compared with F <= 14).
 *   probe units (u16, byte 44): 32-byte units sent since the last probe request.
 *   fr (u8, byte 46): fraction of D_prev, fxp8 ns; D_prev = d_prev_ns + d_prev_frac / 256.
 *   fl (u8, byte 47): RHCC_FLAG_*.
 *
 * The Java table stores R_rev and D_prev as float32 Gbit/s and ns; here they are fixed point (no floating point on
 * the DPA), R_rev as a fraction of line rate and D_prev as 32.8 fixed-point ns split over bytes 8 and 46.
 * Word 1 (the paper's "probe send time") holds, as in Java, the receiver-NIC arrival stamp t_recv of the flow's last
 * valid probe response (rejected responses leave it alone): the delivered-rate ceiling of Eq. (3) is one probe
 * interval over the gap between consecutive stamps, both taken on the receiver's clock.
 * Word 3 holds D_thr in its low 24 bits (RHCC_D_THR_MASK) and, in its high byte, the weight of rhcc's weighted law
 * (docs/design.md §4.1; 0 = unweighted). This program runs the paper's unweighted Eq. (3) for every flow: it reads
 * D_thr through rhcc_ccctx_d_thr_ns, so a weighted state from the Java table is not misread as a D_thr of
 * 16.7 ms and more, and ignores the weight. Under hostcc-emulated (parameter RHCC_PARAM_INCREASE_INTERVAL), whose
 * flows are unweighted, the high byte is the increase clock instead: the 4.096 us tick of the flow's last rise of
 * R_rev, modulo 256 (QpStateTable.increaseTick; rhcc_ccctx_increase_tick).
 * A flow whose D_thr is zero (a context all zero, as QpStateTable.isOpen) is opened on its first event.
 */
#ifndef RHCC_CCCTX_H
#define RHCC_CCCTX_H

#include <stddef.h>
#include <stdint.h>

#include "rhcc_doca_pcc.h"

/** D_prev holds a valid D_cur (cleared until the first valid delay sample). */
#define RHCC_FLAG_D_VALID (1u << 0)
/** DCQCN has had its first CNP (which always cuts), so the alpha timer and the byte-counter stage run (Java:
 * lastCutNs != NEVER). */
#define RHCC_FLAG_DCQCN_CUT (1u << 1)
/** last_cut_ts_ns is within the rate-decrease interval of the last event (so a CNP may not cut again). */
#define RHCC_FLAG_CUT_RECENT (1u << 2)
/** A CNP arrived in the current alpha-update period (so alpha does not decay at its end). */
#define RHCC_FLAG_CNP_IN_ALPHA_PERIOD (1u << 3)
/** The rate-increase timer is armed (Java: nextIncreaseNs != DISARMED). */
#define RHCC_FLAG_INCREASE_ARMED (1u << 4)
/** A CNP arrived within the rate-decrease interval: one cut is due at last_cut_ts_ns + that interval. */
#define RHCC_FLAG_CUT_PENDING (1u << 5)

/** Bits of the DCQCN byte counter in dcqcn_word. */
#define RHCC_DCQCN_BYTES_MASK (0x00FFFFFFu)
/** Largest byte-counter threshold the 24-bit counter can hold. */
#define RHCC_DCQCN_BYTES_MAX (0x00FFFFFFu)
/** Shift of the timer stage in dcqcn_word. */
#define RHCC_DCQCN_TIMER_STAGE_SHIFT (24)
/** Shift of the byte stage in dcqcn_word. */
#define RHCC_DCQCN_BYTE_STAGE_SHIFT (28)
/** Bits of word 3 that hold D_thr, ns; its high byte is the weight (QpStateTable), which this program ignores. */
#define RHCC_D_THR_MASK (0x00FFFFFFu)
/** Stages saturate here; F must stay below. */
#define RHCC_DCQCN_STAGE_MAX (15u)

/** The flow context, 48 bytes. */
typedef struct rhcc_ccctx {
	uint32_t rate_rev_fxp30;      /**< R_rev, Eq. (3), fraction of line rate, fxp30 */
	uint32_t probe_recv_ts_ns;    /**< t_recv of the last valid probe response, low 32 bits of ns (wraps) */
	uint32_t d_prev_ns;           /**< integer ns of D_prev, the last D_cur of Eq. (2) */
	uint32_t d_thr_ns;            /**< D_thr, ns (bits 0..23; 0 while the flow is not open), weight (24..31) */
	uint32_t rc_fxp30;            /**< DCQCN current rate R_C = R_cc of Eq. (4), fxp30 of line */
	uint32_t rt_fxp30;            /**< DCQCN target rate R_T, fxp30 of line */
	uint32_t alpha_fxp31;         /**< DCQCN alpha, fxp31 (1 << 31 = 1.0) */
	uint32_t next_alpha_ts_ns;    /**< next alpha-update deadline, ns (wraps) */
	uint32_t next_increase_ts_ns; /**< next rate-increase timer deadline, ns (wraps); valid if INCREASE_ARMED */
	uint32_t last_cut_ts_ns;      /**< time of the last rate cut, ns (wraps); valid if CUT_RECENT */
	uint32_t dcqcn_word;          /**< byte counter, timer stage, byte stage (see the diagram) */
	uint16_t probe_units;         /**< 32-byte units sent since the last probe request */
	uint8_t d_prev_frac;          /**< fraction of D_prev, fxp8 ns */
	uint8_t flags;                /**< RHCC_FLAG_* */
} rhcc_ccctx_t;

_Static_assert(sizeof(rhcc_ccctx_t) == 48, "rhcc flow context must be exactly the 48-byte DOCA PCC ccctx");
_Static_assert(sizeof(rhcc_ccctx_t) <= sizeof(doca_pcc_dev_algo_ctxt_t), "rhcc flow context must fit the ccctx");
_Static_assert(offsetof(rhcc_ccctx_t, rate_rev_fxp30) == 0, "QpStateTable word 0: R_rev");
_Static_assert(offsetof(rhcc_ccctx_t, probe_recv_ts_ns) == 4, "QpStateTable word 1: probe timestamp (t_recv)");
_Static_assert(offsetof(rhcc_ccctx_t, d_prev_ns) == 8, "QpStateTable word 2: D_prev");
_Static_assert(offsetof(rhcc_ccctx_t, d_thr_ns) == 12, "QpStateTable word 3: D_thr");
_Static_assert(offsetof(rhcc_ccctx_t, rc_fxp30) == 16, "DCQCN block starts after the 16-byte mirror");
_Static_assert(offsetof(rhcc_ccctx_t, dcqcn_word) == 40, "layout diagram: DCQCN word at byte 40");
_Static_assert(offsetof(rhcc_ccctx_t, probe_units) == 44, "layout diagram: probe units at byte 44");
_Static_assert(offsetof(rhcc_ccctx_t, d_prev_frac) == 46, "layout diagram: D_prev fraction at byte 46");
_Static_assert(offsetof(rhcc_ccctx_t, flags) == 47, "layout diagram: flags at byte 47");

/**
 * The rhcc view of a DOCA PCC flow context. The context is 4-byte aligned (uint32_t data[12]) and rhcc_ccctx_t has
 * no stricter alignment, so the view is a plain cast, as the SDK's rtt_template sample does with its own context.
 */
static inline rhcc_ccctx_t *rhcc_ccctx(doca_pcc_dev_algo_ctxt_t *algo_ctxt)
{
	return (rhcc_ccctx_t *)(void *)algo_ctxt;
}

/** The flow's D_thr, ns: the low 24 bits of word 3 (0 while the flow is not open). */
static inline uint32_t rhcc_ccctx_d_thr_ns(const rhcc_ccctx_t *ctx)
{
	return ctx->d_thr_ns & RHCC_D_THR_MASK;
}

/** hostcc-emulated's increase clock: the high byte of word 3 (see the layout above). */
static inline uint32_t rhcc_ccctx_increase_tick(const rhcc_ccctx_t *ctx)
{
	return ctx->d_thr_ns >> 24;
}

/** Sets the increase clock (its low 8 bits), keeping the D_thr. */
static inline void rhcc_ccctx_set_increase_tick(rhcc_ccctx_t *ctx, uint32_t tick)
{
	ctx->d_thr_ns = (ctx->d_thr_ns & RHCC_D_THR_MASK) | ((tick & 0xFFu) << 24);
}

/** D_prev as 32.8 fixed-point ns. */
static inline int64_t rhcc_ccctx_d_prev_fxp8(const rhcc_ccctx_t *ctx)
{
	return ((int64_t)ctx->d_prev_ns << 8) | (int64_t)ctx->d_prev_frac;
}

/** Stores D_prev from 32.8 fixed-point ns (0 .. 2^40 - 1). */
static inline void rhcc_ccctx_set_d_prev_fxp8(rhcc_ccctx_t *ctx, int64_t d_fxp8)
{
	ctx->d_prev_ns = (uint32_t)((uint64_t)d_fxp8 >> 8);
	ctx->d_prev_frac = (uint8_t)((uint64_t)d_fxp8 & 0xFFu);
}

/** DCQCN byte counter, bytes. */
static inline uint32_t rhcc_ccctx_dcqcn_bytes(const rhcc_ccctx_t *ctx)
{
	return ctx->dcqcn_word & RHCC_DCQCN_BYTES_MASK;
}

/** DCQCN timer stage (saturated at RHCC_DCQCN_STAGE_MAX). */
static inline uint32_t rhcc_ccctx_timer_stage(const rhcc_ccctx_t *ctx)
{
	return (ctx->dcqcn_word >> RHCC_DCQCN_TIMER_STAGE_SHIFT) & 0xFu;
}

/** DCQCN byte stage (saturated at RHCC_DCQCN_STAGE_MAX). */
static inline uint32_t rhcc_ccctx_byte_stage(const rhcc_ccctx_t *ctx)
{
	return (ctx->dcqcn_word >> RHCC_DCQCN_BYTE_STAGE_SHIFT) & 0xFu;
}

/** Packs the DCQCN word. */
static inline void rhcc_ccctx_set_dcqcn_word(rhcc_ccctx_t *ctx, uint32_t bytes, uint32_t timer_stage,
					     uint32_t byte_stage)
{
	ctx->dcqcn_word = (bytes & RHCC_DCQCN_BYTES_MASK) | ((timer_stage & 0xFu) << RHCC_DCQCN_TIMER_STAGE_SHIFT) |
			  ((byte_stage & 0xFu) << RHCC_DCQCN_BYTE_STAGE_SHIFT);
}

#endif /* RHCC_CCCTX_H */
