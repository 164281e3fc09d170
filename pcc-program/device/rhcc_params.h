/*
 * rhcc — algorithm parameters of the PCC program and their fixed-point form.
 *
 * Parameters are DOCA PCC algorithm parameters (uint32_t each, settable at run time through the PPCC register, see
 * doca_pcc_dev_algo_init_param). They are given in integer engineering units that mirror the Java records
 * org.rhcc.core.sender.SenderParameters and org.rhcc.core.dcqcn.DcqcnParameters (Mbit/s, ns, bytes, fxp16
 * fractions). rhcc_config_derive() validates a full parameter set and converts it, with integer arithmetic only, into
 * the fixed-point constants the per-event code uses (rhcc_config_t). Conversion happens at load and on every
 * parameter change, never per event.
 */
#ifndef RHCC_PARAMS_H
#define RHCC_PARAMS_H

#include <stdint.h>

/** Parameter ids (index into the DOCA PCC parameter array of the algorithm). */
typedef enum rhcc_param_id {
	RHCC_PARAM_LINE_RATE_MBPS = 0,          /**< R_line, Mbit/s (SenderParameters.rLineGbps) */
	RHCC_PARAM_R_MIN_MBPS,                  /**< R_min of Eq. (3)/(4), Mbit/s (rMinGbps) */
	RHCC_PARAM_D_THR_NS,                    /**< D_thr of a new flow, ns (dThrNs) */
	RHCC_PARAM_ALPHA_BPS_PER_NS,            /**< Eq. (3) alpha, bit/s per ns (0.0005 Gbit/s/ns = 500000) */
	RHCC_PARAM_BETA_BPS_PER_NS,             /**< Eq. (3) beta, bit/s per ns */
	RHCC_PARAM_G_PROBE_FXP16,               /**< Eq. (2) gain g_probe, fxp16 (0.75 = 49152) */
	RHCC_PARAM_PROBE_INTERVAL_32B,          /**< one probe per this many 32-byte units (32 KB = 1024) */
	RHCC_PARAM_DCQCN_MIN_RATE_MBPS,         /**< DCQCN rpg_min_rate, Mbit/s */
	RHCC_PARAM_DCQCN_G_FXP16,               /**< DCQCN alpha gain g, fxp16 (5/1024 = 320) */
	RHCC_PARAM_DCQCN_INITIAL_ALPHA_FXP16,   /**< DCQCN alpha of a new flow, fxp16 (1023/1024 = 65472) */
	RHCC_PARAM_DCQCN_ALPHA_INTERVAL_NS,     /**< DCQCN alpha-update period (dce_tcp_rtt), ns */
	RHCC_PARAM_DCQCN_DECREASE_INTERVAL_NS,  /**< DCQCN minimum time between cuts (rate_reduce_monitor_period), ns */
	RHCC_PARAM_DCQCN_INCREASE_INTERVAL_NS,  /**< DCQCN rate-increase timer T (rpg_time_reset), ns */
	RHCC_PARAM_DCQCN_BYTE_COUNTER_BYTES,    /**< DCQCN byte counter B (rpg_byte_reset), bytes */
	RHCC_PARAM_DCQCN_FAST_RECOVERY_STEPS,   /**< DCQCN F (rpg_threshold) */
	RHCC_PARAM_DCQCN_AI_MBPS,               /**< DCQCN R_AI (rpg_ai_rate), Mbit/s */
	RHCC_PARAM_DCQCN_HAI_MBPS,              /**< DCQCN R_HAI (rpg_hai_rate), Mbit/s */
	RHCC_PARAM_DCQCN_CLAMP_TARGET_RATE,     /**< DCQCN clamp_tgt_rate, 0/1 (clampTargetRate); see rhcc_dcqcn.h */
	RHCC_PARAM_RECEIVER_GATED,              /**< 0: the paper's loop (rhcc); 1: gated by the receiver's state in
						     the probe response (rhcc-gated; SenderParameters.senderGate) */
	RHCC_PARAM_INCREASE_INTERVAL,           /**< 0: R_rev rises on any response; 1: at most once per 300 us
						     (hostcc-emulated, the paper's hostCC emulation; SenderGate
						     INCREASE_INTERVAL); not with RECEIVER_GATED */
	RHCC_PARAM_COUNT                        /**< number of parameters */
} rhcc_param_id_t;

/** Per-slot counters (doca_pcc_dev_get_counters), readable through the PPCC register. */
typedef enum rhcc_counter_id {
	RHCC_COUNTER_RTT_EVENTS = 0,     /**< probe responses processed */
	RHCC_COUNTER_NEGATIVE_DELAY,     /**< probe responses ignored: resp_send_ts before req_recv_ts */
	RHCC_COUNTER_PROBES_REQUESTED,   /**< results->rtt_req set */
	RHCC_COUNTER_CNP_EVENTS,         /**< CNPs received */
	RHCC_COUNTER_RATE_CUTS,          /**< CNPs that cut R_C (outside the rate-decrease interval) */
	RHCC_COUNTER_COUNT               /**< number of counters */
} rhcc_counter_id_t;

/** Fraction bits of a rate: 1 << 30 is line rate. */
#define RHCC_RATE_SHIFT (30)
/** Line rate in rate units. */
#define RHCC_RATE_ONE ((uint32_t)1 << RHCC_RATE_SHIFT)
/** Fraction bits of a delay in the per-event arithmetic and in D_prev. */
#define RHCC_DELAY_SHIFT (8)
/** Fraction bits of DCQCN alpha. */
#define RHCC_ALPHA_SHIFT (31)
/** Scale of the PID gains: rate delta (fxp30) = e (fxp8 ns) * k >> RHCC_GAIN_SHIFT. */
#define RHCC_GAIN_SHIFT (40)
/** Anti-windup: R_rev stays within this factor of the flow's delivered rate (ReceivableRateController.RATE_HEADROOM). */
#define RHCC_RATE_HEADROOM (2u)
/** Largest timer period: deadlines are compared wrap-safely within 2^32 ns minus the period. */
#define RHCC_MAX_INTERVAL_NS ((uint32_t)1 << 30)
/** hostcc-emulated: R_rev rises at most once per this many ns (ReceivableRateController.INCREASE_INTERVAL_NS). */
#define RHCC_INCREASE_INTERVAL_NS (300000u)
/** hostcc-emulated: the increase clock's tick is t_recv >> 12, 4.096 us (INCREASE_TICK_SHIFT). */
#define RHCC_INCREASE_TICK_SHIFT (12)
/** hostcc-emulated: a rise passes this many ticks after the last one, more than 303.1 us (INCREASE_INTERVAL_TICKS). */
#define RHCC_INCREASE_INTERVAL_TICKS (75u)

/** Fixed-point constants derived from one parameter set; read-only on the per-event path. */
typedef struct rhcc_config {
	uint32_t r_min_fxp30;           /**< R_min of Eq. (3)/(4) */
	uint32_t d_thr_ns;              /**< D_thr of a new flow */
	uint32_t g_probe_fxp16;         /**< Eq. (2) gain */
	uint32_t probe_interval_units;  /**< probe cadence, 32-byte units */
	uint64_t ceiling_num;           /**< delivered-rate ceiling numerator: RATE_HEADROOM x one probe interval in
					     bits over line rate in Gbit/s, as fxp30 of line times ns, rounded (< 2^55;
					     see rhcc_sender_ceiling_fxp30) */
	uint64_t k_alpha;               /**< alpha as rate (fxp30) per delay (fxp8 ns), scaled by 2^RHCC_GAIN_SHIFT */
	uint64_t k_beta;                /**< beta, same scale */
	uint32_t dcqcn_min_fxp30;       /**< DCQCN floor */
	uint32_t dcqcn_g_fxp31;         /**< DCQCN g */
	uint32_t dcqcn_decay_fxp31;     /**< 1 - g */
	uint32_t dcqcn_initial_alpha_fxp31; /**< alpha of a new flow */
	uint32_t dcqcn_decay_pow2_fxp31[32]; /**< (1 - g)^(2^k), k = 0..31, by repeated rounded squaring */
	uint32_t alpha_interval_ns;     /**< alpha-update period */
	uint32_t decrease_interval_ns;  /**< minimum time between cuts */
	uint32_t increase_interval_ns;  /**< rate-increase timer T */
	uint32_t byte_counter_bytes;    /**< byte counter B */
	uint32_t fast_recovery_steps;   /**< F */
	uint32_t ai_fxp30;              /**< R_AI */
	uint32_t hai_fxp30;             /**< R_HAI */
	uint32_t clamp_target_rate;     /**< 1: every cut sets R_T <- R_C; 0: only one after a timer increase */
	uint32_t receiver_gated;        /**< 1: the loop acts only while the receiver reports IIO congestion, and the
					     delivered-rate ceiling holds only while D_cur > D_thr (rhcc-gated) */
	uint32_t increase_interval;     /**< 1: R_rev rises at most once per RHCC_INCREASE_INTERVAL_NS
					     (hostcc-emulated) */
} rhcc_config_t;

/** Result of rhcc_config_derive: 0 on success, else the first parameter id found invalid, plus one. */
typedef uint32_t rhcc_param_status_t;

/** Static description of one parameter: default and accepted range (as given to doca_pcc_dev_algo_init_param). */
typedef struct rhcc_param_spec {
	uint32_t default_value; /**< value at load */
	uint32_t min_value;     /**< smallest accepted value */
	uint32_t max_value;     /**< largest accepted value */
	const char *name;       /**< short name, also the PPCC description */
} rhcc_param_spec_t;

/** Specification of every parameter, indexed by rhcc_param_id_t. */
extern const rhcc_param_spec_t rhcc_param_specs[RHCC_PARAM_COUNT];

/**
 * Validates params[0 .. RHCC_PARAM_COUNT-1] (each within its spec, plus the cross-checks R_min, DCQCN min, R_AI and
 * R_HAI <= R_line, PID gains that fit the fixed-point scale, and at most one of RECEIVER_GATED and INCREASE_INTERVAL)
 * and derives the fixed-point constants.
 *
 * @return 0 and *out filled, or (id + 1) of the first invalid parameter with *out untouched.
 */
rhcc_param_status_t rhcc_config_derive(const uint32_t *params, rhcc_config_t *out);

/** Fills params[0 .. RHCC_PARAM_COUNT-1] with the defaults (the paper's sender loop, NVIDIA DCQCN, 100G line). */
void rhcc_params_defaults(uint32_t *params);

#endif /* RHCC_PARAMS_H */
