/*
 * rhcc — host stand-in for the DOCA PCC device library (libdoca_pcc_dev) services that the PCC program calls:
 * algorithm/parameter/counter registration and lookup, and the PPCC parameter-change path. Used by the harness,
 * the unit tests and the benchmark; never linked into a DPA build.
 */
#ifndef RHCC_HOST_RUNTIME_H
#define RHCC_HOST_RUNTIME_H

#include <stdint.h>

#include "rhcc_doca_pcc.h"

/** Forgets every registered algorithm, parameter and counter (a fresh PCC process). */
void rhcc_host_runtime_reset(void);

/**
 * Changes parameters as a PPCC register write would: each value is checked against the range declared with
 * doca_pcc_dev_algo_init_param, then doca_pcc_dev_user_set_algo_params decides.
 *
 * @return DOCA_PCC_DEV_STATUS_OK if applied.
 */
doca_pcc_dev_error_t rhcc_host_set_params(uint32_t port_num, uint32_t algo_slot, uint32_t param_id_base,
					  uint32_t param_num, const uint32_t *values);

/** Number of events handed to doca_pcc_dev_default_internal_algo since the last reset. */
uint64_t rhcc_host_internal_algo_calls(void);

/** Fills a ROCE_TX event (big-endian fields, as the hardware delivers them). */
void rhcc_host_event_tx(doca_pcc_dev_event_t *event, uint32_t port_num, uint32_t timestamp_ns, uint32_t sent_32bytes,
			uint32_t sent_pkts, uint32_t flags);

/** Fills an RTT (probe response) event. */
void rhcc_host_event_rtt(doca_pcc_dev_event_t *event, uint32_t port_num, uint32_t timestamp_ns,
			 uint32_t req_send_ts_ns, uint32_t req_recv_ts_ns, uint32_t resp_send_ts_ns);

/** Fills a ROCE_CNP event. */
void rhcc_host_event_cnp(doca_pcc_dev_event_t *event, uint32_t port_num, uint32_t timestamp_ns);

/** Fills a ROCE_NACK event of the given subtype. */
void rhcc_host_event_nack(doca_pcc_dev_event_t *event, uint32_t port_num, uint32_t timestamp_ns, uint32_t subtype);

#endif /* RHCC_HOST_RUNTIME_H */
