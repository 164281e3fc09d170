/*
 * rhcc — host stand-in for the DOCA PCC device library services (see rhcc_host_runtime.h).
 *
 * Mirrors the documented behaviour of doca_pcc_dev_algo_access.h: an algorithm index is described once
 * (metadata, parameters with default/min/max, counters); doca_pcc_dev_init_algo_slot maps it to a slot of a port and
 * gives that port its own parameter values (the defaults) and counters.
 */
#include "rhcc_host_runtime.h"

#include <string.h>

#define MAX_PORTS DOCA_PCC_DEV_MAX_NUM_PORTS
#define MAX_SLOTS DOCA_PCC_DEV_MAX_NUM_USER_SLOTS
#define MAX_ALGOS DOCA_PCC_DEV_MAX_NUM_ALGOS
#define MAX_PARAMS DOCA_PCC_DEV_MAX_NUM_PARAMS_PER_ALGO
#define MAX_COUNTERS DOCA_PCC_DEV_MAX_NUM_COUNTERS_PER_ALGO

typedef struct algo_desc {
	int defined;
	uint32_t param_num;
	uint32_t counter_num;
	uint32_t param_default[MAX_PARAMS];
	uint32_t param_min[MAX_PARAMS];
	uint32_t param_max[MAX_PARAMS];
	uint32_t param_permission[MAX_PARAMS];
} algo_desc_t;

typedef struct slot_state {
	int mapped;
	uint32_t algo_idx;
	uint32_t params[MAX_PARAMS];
	uint32_t counters[MAX_COUNTERS];
} slot_state_t;

static algo_desc_t algos[MAX_ALGOS];
static slot_state_t slots[MAX_PORTS][MAX_SLOTS];
static uint64_t internal_algo_calls;

void rhcc_host_runtime_reset(void)
{
	memset(algos, 0, sizeof(algos));
	memset(slots, 0, sizeof(slots));
	internal_algo_calls = 0;
}

uint64_t rhcc_host_internal_algo_calls(void)
{
	return internal_algo_calls;
}

static slot_state_t *slot_of(uint32_t port_num, uint32_t algo_slot)
{
	if (port_num >= MAX_PORTS || algo_slot >= MAX_SLOTS || !slots[port_num][algo_slot].mapped)
		return NULL;
	return &slots[port_num][algo_slot];
}

doca_pcc_dev_error_t doca_pcc_dev_algo_init_metadata(uint32_t algo_idx,
						     const struct doca_pcc_dev_algo_meta_data *user_def,
						     uint32_t param_num,
						     uint32_t counter_num)
{
	if (algo_idx >= MAX_ALGOS || user_def == NULL || param_num > MAX_PARAMS || counter_num > MAX_COUNTERS)
		return DOCA_PCC_DEV_STATUS_FAIL;
	memset(&algos[algo_idx], 0, sizeof(algos[algo_idx]));
	algos[algo_idx].defined = 1;
	algos[algo_idx].param_num = param_num;
	algos[algo_idx].counter_num = counter_num;
	return DOCA_PCC_DEV_STATUS_OK;
}

doca_pcc_dev_error_t doca_pcc_dev_algo_init_param(uint32_t algo_idx,
						  uint32_t param_id,
						  uint32_t default_value,
						  uint32_t max_value,
						  uint32_t min_value,
						  uint32_t permissions,
						  uint32_t param_desc_size,
						  uint64_t param_desc_addr)
{
	algo_desc_t *a;

	if (algo_idx >= MAX_ALGOS || !algos[algo_idx].defined || param_id >= algos[algo_idx].param_num ||
	    min_value > max_value || default_value < min_value || default_value > max_value ||
	    param_desc_size == 0 || param_desc_addr == 0)
		return DOCA_PCC_DEV_STATUS_FAIL;
	a = &algos[algo_idx];
	a->param_default[param_id] = default_value;
	a->param_min[param_id] = min_value;
	a->param_max[param_id] = max_value;
	a->param_permission[param_id] = permissions;
	return DOCA_PCC_DEV_STATUS_OK;
}

doca_pcc_dev_error_t doca_pcc_dev_algo_init_counter(uint32_t algo_idx,
						    uint32_t counter_id,
						    uint32_t max_value,
						    uint32_t permissions,
						    uint32_t counter_desc_size,
						    uint64_t counter_desc_addr)
{
	(void)max_value;
	(void)permissions;
	if (algo_idx >= MAX_ALGOS || !algos[algo_idx].defined || counter_id >= algos[algo_idx].counter_num ||
	    counter_desc_size == 0 || counter_desc_addr == 0)
		return DOCA_PCC_DEV_STATUS_FAIL;
	return DOCA_PCC_DEV_STATUS_OK;
}

doca_pcc_dev_error_t doca_pcc_dev_init_algo_slot(uint32_t portid, uint32_t algo_slot, uint32_t algo_idx,
						 uint32_t algo_en)
{
	slot_state_t *s;

	(void)algo_en;
	if (portid >= MAX_PORTS || algo_slot >= MAX_SLOTS || algo_idx >= MAX_ALGOS || !algos[algo_idx].defined)
		return DOCA_PCC_DEV_STATUS_FAIL;
	s = &slots[portid][algo_slot];
	memset(s, 0, sizeof(*s));
	s->mapped = 1;
	s->algo_idx = algo_idx;
	memcpy(s->params, algos[algo_idx].param_default, sizeof(s->params));
	return DOCA_PCC_DEV_STATUS_OK;
}

uint32_t doca_pcc_dev_get_counters_num(uint32_t port_num, uint32_t algo_slot)
{
	const slot_state_t *s = slot_of(port_num, algo_slot);

	return s == NULL ? 0 : algos[s->algo_idx].counter_num;
}

uint32_t *doca_pcc_dev_get_counters(uint32_t port_num, uint32_t algo_slot)
{
	slot_state_t *s = slot_of(port_num, algo_slot);

	return s == NULL ? NULL : s->counters;
}

uint32_t doca_pcc_dev_get_algo_params_num(uint32_t port_num, uint32_t algo_slot)
{
	const slot_state_t *s = slot_of(port_num, algo_slot);

	return s == NULL ? 0 : algos[s->algo_idx].param_num;
}

uint32_t *doca_pcc_dev_get_algo_params(uint32_t port_num, uint32_t algo_slot)
{
	slot_state_t *s = slot_of(port_num, algo_slot);

	return s == NULL ? NULL : s->params;
}

uint32_t doca_pcc_dev_get_algo_index(uint32_t port_num, uint32_t algo_slot)
{
	const slot_state_t *s = slot_of(port_num, algo_slot);

	return s == NULL ? DOCA_PCC_DEV_ALGO_INDEX_INTERNAL : s->algo_idx;
}

/*
 * The firmware's built-in algorithm is not emulated on the host: flows of other slots keep the line rate and the
 * call is counted, so tests can check that the program hands such flows over instead of treating them as its own.
 */
void doca_pcc_dev_default_internal_algo(doca_pcc_dev_algo_ctxt_t *algo_ctxt,
					doca_pcc_dev_event_t *event,
					const doca_pcc_dev_attr_t *attr,
					doca_pcc_dev_results_t *results)
{
	(void)algo_ctxt;
	(void)event;
	(void)attr;
	internal_algo_calls++;
	results->rate = DOCA_PCC_DEV_MAX_RATE;
	results->rtt_req = 0;
}

doca_pcc_dev_error_t rhcc_host_set_params(uint32_t port_num, uint32_t algo_slot, uint32_t param_id_base,
					  uint32_t param_num, const uint32_t *values)
{
	slot_state_t *s = slot_of(port_num, algo_slot);
	const algo_desc_t *a;
	uint32_t i;

	if (s == NULL)
		return DOCA_PCC_DEV_STATUS_FAIL;
	a = &algos[s->algo_idx];
	if (param_id_base >= a->param_num || param_num > a->param_num - param_id_base)
		return DOCA_PCC_DEV_STATUS_FAIL;
	for (i = 0; i < param_num; i++) {
		const uint32_t id = param_id_base + i;

		if (!a->param_permission[id] || values[i] < a->param_min[id] || values[i] > a->param_max[id])
			return DOCA_PCC_DEV_STATUS_FAIL;
	}
	return doca_pcc_dev_user_set_algo_params(port_num, algo_slot, param_id_base, param_num, values,
						 &s->params[param_id_base]);
}

/* ---- events: the getters byte-swap, so fields are stored big-endian ------------------------------------------ */

static uint32_t be(uint32_t host_value)
{
	return __builtin_bswap32(host_value);
}

static void set_general(doca_pcc_dev_event_t *event, uint32_t type, uint32_t subtype, uint32_t port_num,
			uint32_t flags, uint32_t timestamp_ns)
{
	doca_pcc_dev_event_general_attr_t attr;
	uint32_t value;

	memset(event, 0, sizeof(*event));
	memset(&attr, 0, sizeof(attr));
	attr.ev_type = type & 0xFFu;
	attr.ev_subtype = subtype & 0xFFu;
	attr.port_num = port_num & 0xFFu;
	attr.flags = flags & 0xFFu;
	memcpy(&value, &attr, sizeof(value));
	value = be(value);
	memcpy(&event->ev_attr, &value, sizeof(value));
	event->timestamp = be(timestamp_ns);
}

void rhcc_host_event_tx(doca_pcc_dev_event_t *event, uint32_t port_num, uint32_t timestamp_ns, uint32_t sent_32bytes,
			uint32_t sent_pkts, uint32_t flags)
{
	doca_pcc_dev_roce_tx_cntrs_t cntrs;
	uint32_t value;

	set_general(event, DOCA_PCC_DEV_EVNT_ROCE_TX, 0, port_num, flags, timestamp_ns);
	memset(&cntrs, 0, sizeof(cntrs));
	cntrs.sent_32bytes = sent_32bytes & 0xFFFFu;
	cntrs.sent_pkts = sent_pkts & 0xFFFFu;
	memcpy(&value, &cntrs, sizeof(value));
	value = be(value);
	memcpy(&event->ev_spec_attr.roce_tx.cntrs, &value, sizeof(value));
	event->ev_spec_attr.roce_tx.first_timestamp = be(timestamp_ns);
}

void rhcc_host_event_rtt(doca_pcc_dev_event_t *event, uint32_t port_num, uint32_t timestamp_ns,
			 uint32_t req_send_ts_ns, uint32_t req_recv_ts_ns, uint32_t resp_send_ts_ns)
{
	set_general(event, DOCA_PCC_DEV_EVNT_RTT, 0, port_num, 0, timestamp_ns);
	event->ev_spec_attr.rtt_tstamp.req_send_timestamp = be(req_send_ts_ns);
	event->ev_spec_attr.rtt_tstamp.req_recv_timestamp = be(req_recv_ts_ns);
	event->ev_spec_attr.rtt_tstamp.resp_send_timestamp = be(resp_send_ts_ns);
}

void rhcc_host_event_cnp(doca_pcc_dev_event_t *event, uint32_t port_num, uint32_t timestamp_ns)
{
	set_general(event, DOCA_PCC_DEV_EVNT_ROCE_CNP, 0, port_num, 0, timestamp_ns);
	event->ev_spec_attr.ack_nack_cnp.first_timestamp = be(timestamp_ns);
}

void rhcc_host_event_nack(doca_pcc_dev_event_t *event, uint32_t port_num, uint32_t timestamp_ns, uint32_t subtype)
{
	set_general(event, DOCA_PCC_DEV_EVNT_ROCE_NACK, subtype, port_num, 0, timestamp_ns);
	event->ev_spec_attr.ack_nack_cnp.first_timestamp = be(timestamp_ns);
}
