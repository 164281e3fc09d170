package org.rhcc.core.control;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import org.rhcc.core.sender.SenderGate;

/**
 * The intra-host control schemes rhcc can run, each a named pair of a receiver-side rule ({@link ReceiverRule}) and a
 * sender-side rule ({@link SenderRule}) on top of the inter-host congestion control (DCQCN, as compared in the RHCC paper's evaluation; the simulator can also put
 * HPCC or Swift under a scheme, {@link InterHostCc}).
 */
public enum Scheme
{
    /** DCQCN only: no intra-host control (the baseline). */
    DCQCN(ReceiverRule.NONE, SenderRule.NONE),
    /** RHCC: the receiver's MBA cascade on IIO occupancy and the sender's probe/PID receivable rate. */
    RHCC(ReceiverRule.RHCC_CASCADE, SenderRule.PROBE),
    /**
     * RHCC with its sender loop gated by the receiver's state, reported in the probe response
     * ({@link SenderGate#RECEIVER}): rhcc's variant that is never worse than its inter-host CC alone
     * (docs/design.md §4). {@link #RHCC} stays the paper's scheme and the default.
     */
    RHCC_GATED(ReceiverRule.RHCC_CASCADE, SenderRule.PROBE_GATED_BY_RECEIVER),
    /**
     * hostCC as published, emulated for RDMA: its signals, rule and levels (MBA 90 on one more remote socket per
     * level, then the memory-heavy process paused) and CE marking while its smoothed occupancy is above I_T.
     */
    HOSTCC(ReceiverRule.HOSTCC, SenderRule.NONE),
    /** RHCC's sender loop only (ablation). */
    RNIC_ONLY(ReceiverRule.NONE, SenderRule.PROBE),
    /** RHCC's receiver loop only (ablation). */
    CPU_ONLY(ReceiverRule.RHCC_CASCADE, SenderRule.NONE),
    /** hostCC's decision rule over RHCC's five-level MBA table for every group, I_T = I_thr, and CE marking. */
    HOSTCC_5LEVEL(ReceiverRule.HOSTCC_FIVE_LEVEL, SenderRule.NONE),
    /**
     * The paper's emulation of hostCC inside RHCC's framework: RHCC's receiver loop, and RHCC's sender loop whose
     * receivable rate may rise at most once per DCQCN's 300 us rate-increase interval
     * ({@link SenderGate#INCREASE_INTERVAL}; docs/design.md §4), because hostCC does not tell intra-host from
     * inter-host congestion and so answers both on the inter-host timescale.
     */
    HOSTCC_EMULATED(ReceiverRule.RHCC_CASCADE, SenderRule.PROBE_INCREASE_INTERVAL);

    private final ReceiverRule receiverRule;
    private final SenderRule senderRule;

    Scheme(final ReceiverRule receiverRule, final SenderRule senderRule)
    {
        this.receiverRule = receiverRule;
        this.senderRule = senderRule;
    }

    /**
     * @return the receiver side's rule.
     */
    public ReceiverRule receiverRule()
    {
        return receiverRule;
    }

    /**
     * @return the sender side's rule.
     */
    public SenderRule senderRule()
    {
        return senderRule;
    }

    /**
     * @return what gates the sender loop under this scheme.
     */
    public SenderGate senderGate()
    {
        return senderRule.gate();
    }

    /**
     * @return true if the scheme runs a receiver-side loop on IIO samples.
     */
    public boolean receiverLoop()
    {
        return ReceiverRule.NONE != receiverRule;
    }

    /**
     * @return true if the receiver controller reports its verdict for the sender loop to read in the probe responses
     * ({@link SenderGate#RECEIVER}, rhcc-gated).
     */
    public boolean receiverReportsState()
    {
        return receiverLoop() && SenderGate.RECEIVER == senderGate();
    }

    /**
     * @return true if the scheme runs RHCC's sender loop on probe ACKs.
     */
    public boolean senderLoop()
    {
        return SenderRule.NONE != senderRule;
    }

    /**
     * @return true if the receiver side follows hostCC's rules instead of RHCC's.
     */
    public boolean hostCc()
    {
        return receiverRule.marksCe();
    }

    /**
     * @return true if the receiver follows hostCC as published (its signals' gates, I_T = 70 and its levels: MBA 90
     * per remote socket, then the process paused) rather than RHCC's level table.
     */
    public boolean hostCcLevels()
    {
        return ReceiverRule.HOSTCC == receiverRule;
    }

    /**
     * @return the name used on the command line and in results: {@code dcqcn}, {@code rhcc}, {@code hostcc},
     * {@code rnic-only}, {@code cpu-only}, {@code hostcc-5level}, {@code rhcc-gated}, {@code hostcc-emulated}.
     */
    public String label()
    {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @param label a scheme label.
     * @throws IllegalArgumentException for an unknown label, listing the known ones.
     */
    public static Scheme parse(final String label)
    {
        for (final Scheme scheme : values())
        {
            if (scheme.label().equals(label))
            {
                return scheme;
            }
        }
        throw new IllegalArgumentException("unknown scheme '" + label + "'; known schemes: " +
            Arrays.stream(values()).map(Scheme::label).collect(Collectors.joining(", ")));
    }
}
