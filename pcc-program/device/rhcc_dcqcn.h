/*
 * rhcc — DCQCN reaction point (Zhu et al., SIGCOMM 2015, Algorithm 1; NVIDIA ConnectX defaults) on one flow
 * context, in fixed point: the R_cc of RHCC's Eq. (4), computed in the same DOCA PCC algorithm slot because a user
 * slot cannot call the firmware DCQCN (docs/platform.md §6.2). The twin of org.rhcc.core.dcqcn.DcqcnReactionPoints:
 *
 *   a flow starts at line rate; alpha and every timer stay untouched until its first CNP.
 *   first CNP: alpha <- initial alpha (NVIDIA initial_alpha_value, "alpha used when receiving the first CNP"; HPCC
 *        simulator's cnp_received_mlx), a cut with that alpha that does not raise it, and the alpha timer starts.
 *   later CNPs, at most one cut per decrease interval: a CNP at least that long after the last cut cuts at once;
 *        one within it is carried to the interval's end, where one deferred cut takes every CNP of the interval
 *        (NVIDIA: reduce "at the beginning of the next rate_reduce_monitor_period").
 *   cut: R_T <- R_C if the target clamp is on (paper, Algorithm 1) or any increase, timer- or byte-driven, happened
 *        since the last cut (NVIDIA's clamp_tgt_rate = 0 with clamp_tgt_rate_after_time_inc = 1; the DCQCN
 *        authors' rpr_cnm_received), else R_T keeps its value; R_C <- max(R_min, R_C (1 - alpha/2));
 *        alpha <- (1-g) alpha + g; stages, byte counter and increase timer restart.
 *   every alpha interval without a CNP: alpha <- (1-g) alpha.
 *   increase event on each timer expiry (period T, timer stage) and each B bytes sent after the first cut (byte
 *   stage): fast recovery R_C <- (R_T + R_C)/2 while both stages <= F; additive increase R_T += R_AI once one stage
 *   exceeds F; hyper increase R_T += R_HAI once both do; rates within [R_min, line].
 *
 * There is no clock on the event path but the events' own 32-bit ns timestamps, so timers are lazy: every event first
 * processes the expiries at or before its time (rhcc_dcqcn_advance). Deadlines are compared wrap-safely: a deadline
 * is never more than one period ahead of the last event, so it has passed iff (now - deadline) mod 2^32 is below
 * 2^32 - period. Events of one flow must therefore come less than 2^32 ns - period (about 4.29 s) apart, or the
 * flow's timers lose whole multiples of 2^32 ns.
 */
#ifndef RHCC_DCQCN_H
#define RHCC_DCQCN_H

#include <stdint.h>

#include "rhcc_ccctx.h"
#include "rhcc_params.h"

/** Opens the DCQCN half of a flow at now_ns: R_C = R_T = line rate, alpha = initial alpha, no cut, no timer. */
void rhcc_dcqcn_open(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns);

/**
 * Processes the alpha-update and rate-increase expiries and a deferred cut due at or before now_ns, in time order (a
 * timer expiring at the deferred cut's time goes first). Bounded work whatever the gap: the
 * alpha decay over k idle periods is a product of the precomputed powers (1-g)^(2^i) of k's set bits, and
 * rate-increase expiries beyond the fast-recovery stages are applied in closed form (see rhcc_dcqcn.c).
 */
void rhcc_dcqcn_advance(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns);

/**
 * A CNP arrived (call rhcc_dcqcn_advance first).
 *
 * @return 1 if it cut the rate now, 0 if the cut is deferred to the end of the decrease interval of the last cut.
 */
uint32_t rhcc_dcqcn_on_cnp(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns);

/**
 * bytes were sent (call rhcc_dcqcn_advance first): drives the byte-counter stage once the flow has been cut.
 */
void rhcc_dcqcn_on_bytes(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t bytes);

#endif /* RHCC_DCQCN_H */
