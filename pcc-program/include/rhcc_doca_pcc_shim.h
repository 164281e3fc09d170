/*
 * rhcc — host stand-in for the subset of the NVIDIA DOCA PCC device API that the rhcc PCC program uses.
 *
 * Where the DOCA SDK is installed (/opt/mellanox/doca/include/doca_pcc_dev.h) and the program is built with dpacc,
 * this file is not used: rhcc_doca_pcc.h includes the SDK's own headers instead. Everywhere else (CI, laptops) this
 * header declares the same names with the same signatures and the same little-endian event layout as the SDK's
 * doca_pcc_dev.h, doca_pcc_dev_types.h, doca_pcc_dev_event.h, doca_pcc_dev_algo_access.h and
 * doca_pcc_dev_data_structure_le.h (BlueField-3 layout, DOCA 2.x/3.x), so the device sources compile unchanged
 * against either. Only what rhcc uses is declared; the functions without a body here are implemented for the host by
 * host/rhcc_host_runtime.c.
 *
 * As in the SDK, the event getters byte-swap big-endian hardware fields; the host harness therefore stores event
 * fields big-endian (see host/rhcc_host_events.h).
 */
#ifndef RHCC_DOCA_PCC_SHIM_H
#define RHCC_DOCA_PCC_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- doca_pcc_dev_common.h ---------------------------------------------------------------------------------- */

/** Static inline wrapper, as in the SDK. */
#define ALWAYS_INLINE __attribute__((always_inline))
/** Static inline wrapper, as in the SDK. */
#define FORCE_INLINE static inline ALWAYS_INLINE

/** Number of NIC ports a PCC process serves. */
#define DOCA_PCC_DEV_MAX_NUM_PORTS (4)

/** API return status. */
typedef enum {
	DOCA_PCC_DEV_STATUS_OK = 0,   /**< completed successfully */
	DOCA_PCC_DEV_STATUS_FAIL = 1, /**< failed */
} doca_pcc_dev_error_t;

/* ---- doca_pcc_dev_data_structure_le.h (BlueField-3 little-endian layout) --------------------------------------- */

/** ACK/NACK/CNP extra attributes. */
struct mlnx_cc_ack_nack_cnp_extra_t {
	uint32_t num_coalesced : 16; /**< number of coalesced events */
	uint32_t reserved_at_0 : 16;
};

/** TX counters of a ROCE_TX event. */
struct mlnx_cc_roce_tx_cntrs_t {
	uint32_t sent_32bytes : 16; /**< bytes sent since the last TX event, in units of 32 B */
	uint32_t sent_pkts : 16;    /**< packets sent since the last TX event */
};

/** Firmware data (deprecated FW event). */
struct mlnx_cc_fw_data_t {
	uint32_t data[3];
};

/** RTT probe response timestamps (1 ns granularity, 32 bits, wrapping). */
struct mlnx_cc_rtt_tstamp_t {
	uint32_t req_send_timestamp;  /**< reaction point sent the request */
	uint32_t req_recv_timestamp;  /**< notification point received the request */
	uint32_t resp_send_timestamp; /**< notification point sent the response */
	unsigned char reserved_at_60[4];
};

/** ACK/NACK/CNP event attributes. */
struct mlnx_cc_ack_nack_cnp_t {
	uint32_t first_timestamp;
	uint32_t first_sn;
	struct mlnx_cc_ack_nack_cnp_extra_t extra;
	unsigned char reserved_at_60[4];
};

/** ROCE_TX event attributes. */
struct mlnx_cc_roce_tx_t {
	uint32_t first_timestamp;
	struct mlnx_cc_roce_tx_cntrs_t cntrs;
	uint32_t flow_qpn : 24;
	uint32_t reserved_at_40 : 8;
	unsigned char reserved_at_60[4];
};

/** Event-specific attributes. */
union mlnx_cc_event_spec_attr_t {
	struct mlnx_cc_roce_tx_t roce_tx;
	struct mlnx_cc_ack_nack_cnp_t ack_nack_cnp;
	struct mlnx_cc_rtt_tstamp_t rtt_tstamp;
	struct mlnx_cc_fw_data_t fw_data;
	unsigned char reserved_at_0[16];
};

/** General attributes common to every event. */
struct mlnx_cc_event_general_attr_t {
	uint32_t ev_type : 8;    /**< doca_pcc_dev_event_type_enum */
	uint32_t ev_subtype : 8; /**< e.g. doca_pcc_dev_nack_event_sub_type_enum */
	uint32_t port_num : 8;   /**< port id */
	uint32_t flags : 8;      /**< DOCA_PCC_DEV_TX_FLAG_* on TX events */
};

/** A congestion-control event as the hardware delivers it (fields big-endian). */
struct mlnx_cc_event_t {
	struct mlnx_cc_event_general_attr_t ev_attr;
	uint32_t flow_tag;
	uint32_t sn;
	uint32_t timestamp;
	union mlnx_cc_event_spec_attr_t ev_spec_attr;
};

/** The 48-byte per-flow algorithm context, preserved by the hardware across the events of one flow. */
struct mlnx_cc_algo_ctxt_t {
	uint32_t data[12];
};

/** Event attributes handed to the algorithm entry point. */
struct mlnx_cc_attr_t {
	uint32_t algo_slot : 4; /**< algorithm slot; 15 is the internal DCQCN */
	uint32_t overload : 1;
	uint32_t reserved_at_0 : 27;
};

/* ---- doca_pcc_dev_data_structures.h ---------------------------------------------------------------------------- */

typedef struct mlnx_cc_algo_ctxt_t doca_pcc_dev_algo_ctxt_t;
typedef struct mlnx_cc_attr_t doca_pcc_dev_attr_t;
typedef struct mlnx_cc_event_t doca_pcc_dev_event_t;
typedef struct mlnx_cc_event_general_attr_t doca_pcc_dev_event_general_attr_t;
typedef struct mlnx_cc_roce_tx_cntrs_t doca_pcc_dev_roce_tx_cntrs_t;
typedef struct mlnx_cc_roce_tx_t doca_pcc_dev_roce_tx_t;
typedef struct mlnx_cc_ack_nack_cnp_extra_t doca_pcc_dev_ack_nack_cnp_extra_t;
typedef struct mlnx_cc_ack_nack_cnp_t doca_pcc_dev_ack_nack_cnp_t;
typedef struct mlnx_cc_rtt_tstamp_t doca_pcc_dev_rtt_tstamp_t;
typedef struct mlnx_cc_fw_data_t doca_pcc_dev_fw_data_t;
typedef union mlnx_cc_event_spec_attr_t doca_pcc_dev_event_spec_attr_t;

/* ---- doca_pcc_dev_types.h --------------------------------------------------------------------------------------- */

/** CC event type. */
typedef enum {
	DOCA_PCC_DEV_EVNT_NULL = 0,                  /**< unspecified */
	DOCA_PCC_DEV_EVNT_FW = 1,                    /**< deprecated */
	DOCA_PCC_DEV_EVNT_ROCE_CNP = 2,              /**< RoCE CNP received */
	DOCA_PCC_DEV_EVNT_ROCE_TX = 3,               /**< TX packet burst transition ended */
	DOCA_PCC_DEV_EVNT_ROCE_ACK = 4,              /**< RoCE ACK received */
	DOCA_PCC_DEV_EVNT_ROCE_NACK = 5,             /**< RoCE NACK received */
	DOCA_PCC_DEV_EVNT_RTT = 6,                   /**< RTT probe response received */
	DOCA_PCC_DEV_EVNT_ROCE_TX_FOR_ACK_NACK = 31, /**< TX event for ACK/NACK packets (CX-8 and later) */
} doca_pcc_dev_event_type_enum;

/** NACK event subtypes. */
typedef enum {
	DOCA_PCC_DEV_NACK_EVNT_NULL = 0,
	DOCA_PCC_DEV_NACK_EVNT_RNR = 1,
	DOCA_PCC_DEV_NACK_EVNT_OOS = 2,
	DOCA_PCC_DEV_NACK_EVNT_DUP_READ = 3,
} doca_pcc_dev_nack_event_sub_type_enum;

/** Algorithm results written back to the hardware. */
typedef struct doca_pcc_dev_results {
	uint32_t rate; /**< new rate limit, 20-bit fixed-point fraction of line rate in (0, 1] */
	union {
		uint32_t rtt_req;   /**< ask the NIC to send an RTT probe */
		uint32_t probe_req; /**< same bit, newer name */
	};
	uint32_t probe_type_slot; /**< which probe type to send */
} doca_pcc_dev_results_t;

/** ACK/NACK TX events cannot be disabled on BlueField-3. */
#define DOCA_PCC_DEV_ACK_NACK_TX_EVENT_DISABLED_SUPPORTED (0)
/** TX flag: an ACK is expected. */
#define DOCA_PCC_DEV_TX_FLAG_ACK_EXPECTED (1 << 0)
/** TX flag: the event queue is overloaded. */
#define DOCA_PCC_DEV_TX_FLAG_OVERLOADED (1 << 1)
/** TX flag: an RTT probe request went out with this burst. */
#define DOCA_PCC_DEV_TX_FLAG_RTT_REQ_SENT (1 << 2)
/** Fraction bits of the rate limiter's fixed-point rate. */
#define DOCA_PCC_DEV_LOG_MAX_RATE (20)
/** Line rate in the rate limiter's fixed point. */
#define DOCA_PCC_DEV_MAX_RATE (1U << DOCA_PCC_DEV_LOG_MAX_RATE)
/** Default rate of a flow the algorithm has not answered yet. */
#define DOCA_PCC_DEV_DEFAULT_RATE ((DOCA_PCC_DEV_MAX_RATE >> 8) > (1) ? (DOCA_PCC_DEV_MAX_RATE >> 8) : (1))
/** Number of user algorithm slots. */
#define DOCA_PCC_DEV_MAX_NUM_USER_SLOTS (8)
/** Slot of the library's internal algorithm (DCQCN). */
#define DOCA_PCC_DEV_ALGO_SLOT_INTERNAL (0xF)
/** Number of user algorithms. */
#define DOCA_PCC_DEV_MAX_NUM_ALGOS (8)
/** Index of the library's internal algorithm. */
#define DOCA_PCC_DEV_ALGO_INDEX_INTERNAL (0xF)
/** Parameters per algorithm. */
#define DOCA_PCC_DEV_MAX_NUM_PARAMS_PER_ALGO (0x2C)
/** Counters per algorithm. */
#define DOCA_PCC_DEV_MAX_NUM_COUNTERS_PER_ALGO (0x3F)

/** Algorithm metadata (doca_pcc_dev_algo_access.h). */
struct doca_pcc_dev_algo_meta_data {
	uint32_t algo_id;            /**< algorithm's unique identifier */
	uint32_t algo_major_version; /**< major version */
	uint32_t algo_minor_version; /**< minor version */
	uint32_t algo_desc_size;     /**< size of the description string, NUL included */
	uint64_t algo_desc_addr;     /**< address of the description string */
};

/* ---- doca_pcc_dev.h: entry points the program implements ------------------------------------------------------ */

/** Called for every event of every flow; writes the flow's new rate (and probe request) into results. */
void doca_pcc_dev_user_algo(doca_pcc_dev_algo_ctxt_t *algo_ctxt,
			    doca_pcc_dev_event_t *event,
			    const doca_pcc_dev_attr_t *attr,
			    doca_pcc_dev_results_t *results);

/** Called once when the PCC process loads. */
void doca_pcc_dev_user_init(uint32_t *disable_event_bitmask);

/** Called when parameters are changed externally (PPCC); validates and applies them. */
doca_pcc_dev_error_t doca_pcc_dev_user_set_algo_params(uint32_t port_num,
						       uint32_t algo_slot,
						       uint32_t param_id_base,
						       uint32_t param_num,
						       const uint32_t *new_param_values,
						       uint32_t *params);

/** The library's built-in algorithm, for flows of slots the program does not own. */
void doca_pcc_dev_default_internal_algo(doca_pcc_dev_algo_ctxt_t *algo_ctxt,
					doca_pcc_dev_event_t *event,
					const doca_pcc_dev_attr_t *attr,
					doca_pcc_dev_results_t *results);

/* ---- doca_pcc_dev_algo_access.h -------------------------------------------------------------------------------- */

doca_pcc_dev_error_t doca_pcc_dev_algo_init_metadata(uint32_t algo_idx,
						     const struct doca_pcc_dev_algo_meta_data *user_def,
						     uint32_t param_num,
						     uint32_t counter_num);

doca_pcc_dev_error_t doca_pcc_dev_algo_init_param(uint32_t algo_idx,
						  uint32_t param_id,
						  uint32_t default_value,
						  uint32_t max_value,
						  uint32_t min_value,
						  uint32_t permissions,
						  uint32_t param_desc_size,
						  uint64_t param_desc_addr);

doca_pcc_dev_error_t doca_pcc_dev_algo_init_counter(uint32_t algo_idx,
						    uint32_t counter_id,
						    uint32_t max_value,
						    uint32_t permissions,
						    uint32_t counter_desc_size,
						    uint64_t counter_desc_addr);

doca_pcc_dev_error_t doca_pcc_dev_init_algo_slot(uint32_t portid,
						 uint32_t algo_slot,
						 uint32_t algo_idx,
						 uint32_t algo_en);

uint32_t doca_pcc_dev_get_counters_num(uint32_t port_num, uint32_t algo_slot);

uint32_t *doca_pcc_dev_get_counters(uint32_t port_num, uint32_t algo_slot);

uint32_t doca_pcc_dev_get_algo_params_num(uint32_t port_num, uint32_t algo_slot);

uint32_t *doca_pcc_dev_get_algo_params(uint32_t port_num, uint32_t algo_slot);

uint32_t doca_pcc_dev_get_algo_index(uint32_t port_num, uint32_t algo_slot);

/* ---- doca_pcc_dev_event.h: getters (byte-swap big-endian hardware fields) -------------------------------------- */

FORCE_INLINE doca_pcc_dev_event_general_attr_t doca_pcc_dev_get_ev_attr(doca_pcc_dev_event_t *event)
{
	uint32_t raw;
	uint32_t value;
	doca_pcc_dev_event_general_attr_t attr;

	__builtin_memcpy(&raw, &event->ev_attr, sizeof(raw));
	value = __builtin_bswap32(raw);
	__builtin_memcpy(&attr, &value, sizeof(attr));
	return attr;
}

FORCE_INLINE uint32_t doca_pcc_dev_get_flowtag(doca_pcc_dev_event_t *event)
{
	return __builtin_bswap32(event->flow_tag);
}

FORCE_INLINE uint32_t doca_pcc_dev_get_sn(doca_pcc_dev_event_t *event)
{
	return __builtin_bswap32(event->sn);
}

FORCE_INLINE uint32_t doca_pcc_dev_get_timestamp(doca_pcc_dev_event_t *event)
{
	return __builtin_bswap32(event->timestamp);
}

FORCE_INLINE uint32_t doca_pcc_dev_get_roce_first_timestamp(doca_pcc_dev_event_t *event)
{
	return __builtin_bswap32(event->ev_spec_attr.ack_nack_cnp.first_timestamp);
}

FORCE_INLINE doca_pcc_dev_roce_tx_cntrs_t doca_pcc_dev_get_roce_tx_cntrs(doca_pcc_dev_event_t *event)
{
	uint32_t raw;
	uint32_t value;
	doca_pcc_dev_roce_tx_cntrs_t cntrs;

	__builtin_memcpy(&raw, &event->ev_spec_attr.roce_tx.cntrs, sizeof(raw));
	value = __builtin_bswap32(raw);
	__builtin_memcpy(&cntrs, &value, sizeof(cntrs));
	return cntrs;
}

FORCE_INLINE doca_pcc_dev_ack_nack_cnp_extra_t doca_pcc_dev_get_ack_nack_cnp_extra(doca_pcc_dev_event_t *event)
{
	uint32_t raw;
	uint32_t value;
	doca_pcc_dev_ack_nack_cnp_extra_t extra;

	__builtin_memcpy(&raw, &event->ev_spec_attr.ack_nack_cnp.extra, sizeof(raw));
	value = __builtin_bswap32(raw);
	__builtin_memcpy(&extra, &value, sizeof(extra));
	return extra;
}

FORCE_INLINE uint32_t doca_pcc_dev_get_rtt_req_send_timestamp(doca_pcc_dev_event_t *event)
{
	return __builtin_bswap32(event->ev_spec_attr.rtt_tstamp.req_send_timestamp);
}

FORCE_INLINE uint32_t doca_pcc_dev_get_rtt_req_recv_timestamp(doca_pcc_dev_event_t *event)
{
	return __builtin_bswap32(event->ev_spec_attr.rtt_tstamp.req_recv_timestamp);
}

FORCE_INLINE uint32_t doca_pcc_dev_get_rtt_resp_send_timestamp(doca_pcc_dev_event_t *event)
{
	return __builtin_bswap32(event->ev_spec_attr.rtt_tstamp.resp_send_timestamp);
}

/** The 12 bytes of an RTT event a custom notification point (NP) wrote (experimental in the SDK); in this stand-in
 * the three timestamp words, as they sit in the event. */
FORCE_INLINE const uint8_t *doca_pcc_dev_get_rtt_raw_data(doca_pcc_dev_event_t *event)
{
	return (const uint8_t *)&event->ev_spec_attr.rtt_tstamp;
}

#ifdef __cplusplus
}
#endif

#endif /* RHCC_DOCA_PCC_SHIM_H */
