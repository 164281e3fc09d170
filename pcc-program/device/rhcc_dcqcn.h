/*
 * rhcc — DCQCN reaction point (Zhu et al., SIGCOMM 2015, Algorithm 1; NVIDIA ConnectX defaults) on one flow
 * context, in fixed point: the R_cc of RHCC's Eq. (4), computed in the same DOCA PCC algorithm slot because a user
 * slot cannot call the firmware DCQCN (docs/hardware.md §6.2). The twin of org.rhcc.core.dcqcn.DcqcnReactionPoints:
 *
 *   CNP, at most one cut per decrease interval: R_T <- R_C if the target clamp is on (paper, Algorithm 1) or a
 *        timer-driven increase happened since the last cut (timer stage > 0, read before the cut resets it), else
 *        R_T keeps its value (NVIDIA's clamp_tgt_rate = 0 with clamp_tgt_rate_after_time_inc = 1; HPCC
 *        simulator's CheckRateDecreaseMlx); R_C <- max(R_min, R_C (1 - alpha/2)); alpha <- (1-g) alpha + g;
 *        stages, byte counter and increase timer restart.
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

/** Opens the DCQCN half of a flow at now_ns: R_C = R_T = line rate, alpha = initial alpha, no cut yet. */
void rhcc_dcqcn_open(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns);

/**
 * Processes the alpha-update and rate-increase expiries at or before now_ns. Bounded work whatever the gap: the
 * alpha decay over k idle periods is a product of the precomputed powers (1-g)^(2^i) of k's set bits, and
 * rate-increase expiries beyond the fast-recovery stages are applied in closed form (see rhcc_dcqcn.c).
 */
void rhcc_dcqcn_advance(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns);

/**
 * A CNP arrived (call rhcc_dcqcn_advance first).
 *
 * @return 1 if it cut the rate, 0 if it fell within the decrease interval of the last cut.
 */
uint32_t rhcc_dcqcn_on_cnp(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns);

/**
 * bytes were sent (call rhcc_dcqcn_advance first): drives the byte-counter stage once the flow has been cut.
 */
void rhcc_dcqcn_on_bytes(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t bytes);

#endif /* RHCC_DCQCN_H */
