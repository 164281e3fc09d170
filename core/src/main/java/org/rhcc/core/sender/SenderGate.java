package org.rhcc.core.sender;

/**
 * What gates the sender loop of Eq. (2)-(4) besides its own delay signal (docs/design.md §4, "Never worse than the
 * inter-host CC alone").
 */
public enum SenderGate
{
    /**
     * Nothing: the paper's loop ({@code rhcc}). Every valid probe ACK runs Eq. (3), and rhcc's anti-windup ceiling
     * ({@link ReceivableRateController#RATE_HEADROOM} times the QP's delivered rate) holds on every one.
     */
    NONE,
    /**
     * The receiver's state ({@code rhcc-gated}). The receiver reports its Eq. (1) verdict ({@code I_cur > I_thr}) in
     * the probe response's spare bytes. While it reports no IIO congestion the sender loop stands aside: R_rev is
     * the line rate, so the QP sends at R_cc alone; the delay then comes from something slowing the NIC down can not
     * relieve (PCIe shared with other traffic, loaded memory), or from nothing at all. While it reports congestion,
     * Eq. (3) runs, and the ceiling holds only while {@code D_cur > D_thr}: the first congested ACK whose delay is
     * above target pulls R_rev from line rate to twice the delivered rate at once (conditional anti-windup).
     */
    RECEIVER,
    /**
     * DCQCN's rate-increase interval ({@code hostcc-emulated}, the paper's emulation of hostCC inside RHCC's
     * framework, docs/design.md §4): Eq. (2) and (3) run as the paper's on every valid ACK, but R_rev may rise at most
     * once per {@link ReceivableRateController#INCREASE_INTERVAL_NS} (300 us) of the receiver NIC's clock. An ACK
     * whose Eq. (3) would raise R_rev applies that rise only if at least 300 us have passed since the QP's last
     * applied rise; otherwise R_rev is held where it is and the rise is dropped, not deferred or summed. Decreases act
     * at once and do not restart the interval. The time of the last rise lives in the byte a weight would take
     * ({@link QpStateTable#increaseTick}), so a QP under this gate is unweighted.
     */
    INCREASE_INTERVAL
}
