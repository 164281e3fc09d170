/*
 * rhcc — the PCC program's per-flow event handling, below the DOCA entry points (rhcc_pcc_dev_main.c).
 * Exposed so that the host harness and the benchmark drive exactly the code doca_pcc_dev_user_algo runs.
 */
#ifndef RHCC_PCC_DEV_H
#define RHCC_PCC_DEV_H

#include <stdint.h>

#include "rhcc_doca_pcc.h"
#include "rhcc_ccctx.h"
#include "rhcc_params.h"

/** The algorithm slot rhcc serves (negotiated per QP through ECE; rdma_cm traffic such as perftest -R). */
#define RHCC_ALGO_SLOT (0u)
/** The algorithm index rhcc registers. */
#define RHCC_ALGO_INDEX (0u)

/** Opens a flow at now_ns: sender loop and DCQCN at line rate, flags cleared. */
void rhcc_flow_open(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns);

/** Handles one event of a slot-0 flow (steps 1-4 of rhcc_pcc_dev_main.c); counters may be NULL. */
void rhcc_flow_on_event(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, doca_pcc_dev_event_t *event,
			doca_pcc_dev_results_t *results, uint32_t *counters);

/** The fixed-point constants in force on a port (port 0's for an out-of-range port number). */
const rhcc_config_t *rhcc_port_config(uint32_t port_num);

#endif /* RHCC_PCC_DEV_H */
