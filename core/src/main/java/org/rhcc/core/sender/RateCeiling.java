package org.rhcc.core.sender;

/**
 * When the sender loop's anti-windup ceiling ({@link ReceivableRateController#RATE_HEADROOM} times the QP's delivered
 * rate) holds R_rev (docs/design.md §4, "Anti-windup" and "Never worse than the inter-host CC alone").
 */
public enum RateCeiling
{
    /** On every valid probe ACK: rhcc's ceiling as the {@code rhcc} scheme runs it. */
    ALWAYS,
    /**
     * Only while the smoothed delay is above its target ({@code D_cur > D_thr}): conditional anti-windup, the
     * {@code rhcc-gated} scheme. Below the target Eq. (3) alone moves R_rev; the moment the delay crosses the target
     * the ceiling pulls a wound-up R_rev down to twice the delivered rate in one ACK, so the integrator never has to
     * wind down through the gap. A host without intra-host congestion then leaves every flow to its inter-host CC:
     * a flow whose delivered rate dips while its switch port serves others (incast) is not held to twice that dip.
     */
    ABOVE_TARGET
}
