/*
 * rhcc — DOCA PCC entry points: RHCC's sender loop with DCQCN as R_cc, in algorithm slot 0.
 *
 * Per event of a slot-0 flow (doca_pcc_dev_user_algo):
 *   1. a flow whose context is all zero is opened (R_rev = R_C = R_T = line rate, D empty, D_thr from the params);
 *   2. DCQCN timers due at or before the event's timestamp are processed;
 *   3. ROCE_TX: DCQCN byte counter; probe cadence (results->rtt_req once per 32 KB)
 *      RTT:     D sample, Eq. (2), delivered-rate ceiling (from the stored t_recv), Eq. (3)
 *      CNP:     DCQCN cut
 *      NACK:    nothing beyond step 2 (DCQCN defines no reaction to NACKs; neither does the Java reference)
 *   4. results->rate = Eq. (4) R_send as a 20-bit fraction of line rate.
 * Flows of other slots go to the library's built-in algorithm, as in NVIDIA's rtt_template sample.
 */
#include "rhcc_doca_pcc.h"

#include "rhcc_ccctx.h"
#include "rhcc_dcqcn.h"
#include "rhcc_params.h"
#include "rhcc_pcc_dev.h"
#include "rhcc_sender.h"

/* "RHCC" */
#define RHCC_ALGO_ID (0x52484343u)
#define RHCC_ALGO_MAJOR (1u)
#define RHCC_ALGO_MINOR (2u) /* 1: parameter 17, DCQCN target clamp; 2: delivered-rate ceiling on R_rev */

static const char rhcc_algo_desc[] = "rhcc: RHCC sender loop (probe per 32 KB, Eq. 2-4) with DCQCN as R_cc";

static const char *const rhcc_counter_names[RHCC_COUNTER_COUNT] = {
	[RHCC_COUNTER_RTT_EVENTS] = "probe responses processed",
	[RHCC_COUNTER_NEGATIVE_DELAY] = "probe responses ignored: negative delay",
	[RHCC_COUNTER_PROBES_REQUESTED] = "probes requested",
	[RHCC_COUNTER_CNP_EVENTS] = "CNPs received",
	[RHCC_COUNTER_RATE_CUTS] = "DCQCN rate cuts",
};

/*
 * Fixed-point constants per port, double-buffered: a parameter change writes the inactive copy and then publishes
 * its index with release semantics, so an event handler (acquire) never sees a half-written set.
 */
static rhcc_config_t rhcc_configs[DOCA_PCC_DEV_MAX_NUM_PORTS][2];
static uint32_t rhcc_config_active[DOCA_PCC_DEV_MAX_NUM_PORTS];

static const rhcc_config_t *config_for_port(uint32_t port)
{
	const uint32_t active = __atomic_load_n(&rhcc_config_active[port], __ATOMIC_ACQUIRE);

	return &rhcc_configs[port][active & 1u];
}

static void publish_config(uint32_t port, const rhcc_config_t *config)
{
	const uint32_t next = (rhcc_config_active[port] & 1u) ^ 1u;

	rhcc_configs[port][next] = *config;
	__atomic_store_n(&rhcc_config_active[port], next, __ATOMIC_RELEASE);
}

static uint32_t text_size(const char *text)
{
	uint32_t n = 0;

	while (text[n] != '\0')
		n++;
	return n + 1u;
}

/* the receiver's state word of a probe response (RHCC_RTT_STATE_*, rhcc_sender.h), big-endian in raw bytes 0..3 */
static inline uint32_t rhcc_rtt_receiver_congested(doca_pcc_dev_event_t *event)
{
	const uint8_t *raw = doca_pcc_dev_get_rtt_raw_data(event);
	const uint32_t state = (uint32_t)raw[3] | ((uint32_t)raw[2] << 8) | ((uint32_t)raw[1] << 16) |
			       ((uint32_t)raw[0] << 24);

	return !(state & RHCC_RTT_STATE_VALID) || (state & RHCC_RTT_STATE_CONGESTED) ? 1u : 0u;
}

static inline void count(uint32_t *counters, rhcc_counter_id_t id)
{
	if (counters != NULL)
		counters[id]++;
}

void rhcc_flow_open(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, uint32_t now_ns)
{
	ctx->flags = 0;
	rhcc_sender_open(ctx, cfg);
	rhcc_dcqcn_open(ctx, cfg, now_ns);
}

void rhcc_flow_on_event(rhcc_ccctx_t *ctx, const rhcc_config_t *cfg, doca_pcc_dev_event_t *event,
			doca_pcc_dev_results_t *results, uint32_t *counters)
{
	const doca_pcc_dev_event_general_attr_t attr = doca_pcc_dev_get_ev_attr(event);
	const uint32_t now_ns = doca_pcc_dev_get_timestamp(event);
	uint32_t rtt_req = 0;

	if (rhcc_ccctx_d_thr_ns(ctx) == 0)
		rhcc_flow_open(ctx, cfg, now_ns);
	rhcc_dcqcn_advance(ctx, cfg, now_ns);

	switch (attr.ev_type) {
	case DOCA_PCC_DEV_EVNT_ROCE_TX: {
		const doca_pcc_dev_roce_tx_cntrs_t cntrs = doca_pcc_dev_get_roce_tx_cntrs(event);

		rhcc_dcqcn_on_bytes(ctx, cfg, (uint32_t)cntrs.sent_32bytes * 32u);
		rtt_req = rhcc_sender_on_tx(ctx, cfg, cntrs.sent_32bytes);
		if (rtt_req)
			count(counters, RHCC_COUNTER_PROBES_REQUESTED);
		break;
	}
	case DOCA_PCC_DEV_EVNT_RTT:
		count(counters, RHCC_COUNTER_RTT_EVENTS);
		if (rhcc_sender_on_probe_ack(ctx, cfg, doca_pcc_dev_get_rtt_req_recv_timestamp(event),
					     doca_pcc_dev_get_rtt_resp_send_timestamp(event),
					     rhcc_rtt_receiver_congested(event)) != RHCC_ACK_OK)
			count(counters, RHCC_COUNTER_NEGATIVE_DELAY);
		break;
	case DOCA_PCC_DEV_EVNT_ROCE_CNP:
		count(counters, RHCC_COUNTER_CNP_EVENTS);
		if (rhcc_dcqcn_on_cnp(ctx, cfg, now_ns))
			count(counters, RHCC_COUNTER_RATE_CUTS);
		break;
	default:
		break;
	}

	results->rate = rhcc_rate_to_doca(rhcc_sender_send_rate_fxp30(ctx, cfg));
	results->rtt_req = rtt_req;
}

const rhcc_config_t *rhcc_port_config(uint32_t port_num)
{
	return config_for_port(port_num < DOCA_PCC_DEV_MAX_NUM_PORTS ? port_num : 0u);
}

void doca_pcc_dev_user_algo(doca_pcc_dev_algo_ctxt_t *algo_ctxt,
			    doca_pcc_dev_event_t *event,
			    const doca_pcc_dev_attr_t *attr,
			    doca_pcc_dev_results_t *results)
{
	uint32_t port_num;

	if (attr->algo_slot != RHCC_ALGO_SLOT) {
		doca_pcc_dev_default_internal_algo(algo_ctxt, event, attr, results);
		return;
	}
	port_num = doca_pcc_dev_get_ev_attr(event).port_num;
	if (port_num >= DOCA_PCC_DEV_MAX_NUM_PORTS)
		port_num = 0; /* cannot happen with DOCA_PCC_DEV_MAX_NUM_PORTS ports; never index out of bounds */
	rhcc_flow_on_event(rhcc_ccctx(algo_ctxt), config_for_port(port_num), event, results,
			   doca_pcc_dev_get_counters(port_num, RHCC_ALGO_SLOT));
}

void doca_pcc_dev_user_init(uint32_t *disable_event_bitmask)
{
	struct doca_pcc_dev_algo_meta_data meta = {0};
	uint32_t defaults[RHCC_PARAM_COUNT];
	rhcc_config_t config;
	uint32_t i;
	uint32_t port;

	meta.algo_id = RHCC_ALGO_ID;
	meta.algo_major_version = RHCC_ALGO_MAJOR;
	meta.algo_minor_version = RHCC_ALGO_MINOR;
	meta.algo_desc_size = sizeof(rhcc_algo_desc);
	meta.algo_desc_addr = (uint64_t)(uintptr_t)rhcc_algo_desc;
	(void)doca_pcc_dev_algo_init_metadata(RHCC_ALGO_INDEX, &meta, RHCC_PARAM_COUNT, RHCC_COUNTER_COUNT);
	for (i = 0; i < RHCC_PARAM_COUNT; i++) {
		const rhcc_param_spec_t *spec = &rhcc_param_specs[i];

		(void)doca_pcc_dev_algo_init_param(RHCC_ALGO_INDEX, i, spec->default_value, spec->max_value,
						   spec->min_value, 1u, text_size(spec->name),
						   (uint64_t)(uintptr_t)spec->name);
	}
	for (i = 0; i < RHCC_COUNTER_COUNT; i++)
		(void)doca_pcc_dev_algo_init_counter(RHCC_ALGO_INDEX, i, UINT32_MAX, 1u,
						     text_size(rhcc_counter_names[i]),
						     (uint64_t)(uintptr_t)rhcc_counter_names[i]);

	rhcc_params_defaults(defaults);
	for (port = 0; port < DOCA_PCC_DEV_MAX_NUM_PORTS; port++) {
		const uint32_t *params;

		(void)doca_pcc_dev_init_algo_slot(port, RHCC_ALGO_SLOT, RHCC_ALGO_INDEX, 1u);
		params = doca_pcc_dev_get_algo_params(port, RHCC_ALGO_SLOT);
		if (params == NULL || rhcc_config_derive(params, &config) != 0)
			(void)rhcc_config_derive(defaults, &config);
		rhcc_configs[port][0] = config;
		rhcc_configs[port][1] = config;
		__atomic_store_n(&rhcc_config_active[port], 0u, __ATOMIC_RELEASE);
	}

	/* RoCE ACKs carry nothing rhcc uses; neither do TX events of ACK/NACK packets where they can be masked */
	*disable_event_bitmask = 1u << DOCA_PCC_DEV_EVNT_ROCE_ACK;
#if defined(DOCA_PCC_DEV_ACK_NACK_TX_EVENT_DISABLED_SUPPORTED) && DOCA_PCC_DEV_ACK_NACK_TX_EVENT_DISABLED_SUPPORTED
	*disable_event_bitmask |= 1u << DOCA_PCC_DEV_EVNT_ROCE_TX_FOR_ACK_NACK;
#endif
}

/*
 * A PPCC parameter change: validated as a whole set (a change may break a cross-check such as R_min <= line), applied
 * and re-derived only if valid. The full current set is read through doca_pcc_dev_get_algo_params, the same storage
 * the library hands in as params.
 */
doca_pcc_dev_error_t doca_pcc_dev_user_set_algo_params(uint32_t port_num,
						       uint32_t algo_slot,
						       uint32_t param_id_base,
						       uint32_t param_num,
						       const uint32_t *new_param_values,
						       uint32_t *params)
{
	uint32_t candidate[RHCC_PARAM_COUNT];
	uint32_t *current;
	rhcc_config_t config;
	uint32_t i;

	if (algo_slot != RHCC_ALGO_SLOT)
		return DOCA_PCC_DEV_STATUS_OK; /* not ours: nothing to validate */
	if (port_num >= DOCA_PCC_DEV_MAX_NUM_PORTS || new_param_values == NULL || params == NULL ||
	    param_id_base >= RHCC_PARAM_COUNT || param_num > RHCC_PARAM_COUNT - param_id_base)
		return DOCA_PCC_DEV_STATUS_FAIL;
	current = doca_pcc_dev_get_algo_params(port_num, algo_slot);
	if (current == NULL)
		return DOCA_PCC_DEV_STATUS_FAIL;
	for (i = 0; i < RHCC_PARAM_COUNT; i++)
		candidate[i] = current[i];
	for (i = 0; i < param_num; i++)
		candidate[param_id_base + i] = new_param_values[i];
	if (rhcc_config_derive(candidate, &config) != 0)
		return DOCA_PCC_DEV_STATUS_FAIL;
	for (i = 0; i < param_num; i++)
		current[param_id_base + i] = new_param_values[i];
	publish_config(port_num, &config);
	return DOCA_PCC_DEV_STATUS_OK;
}
