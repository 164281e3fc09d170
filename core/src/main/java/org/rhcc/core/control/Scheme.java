package org.rhcc.core.control;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import org.rhcc.core.sender.SenderGate;

/**
 * The intra-host control schemes rhcc can run, each a combination of a receiver-side and a sender-side response on top
 * of the inter-host congestion control (DCQCN, as compared in the RHCC paper's evaluation; the simulator can also put
 * HPCC or Swift under a scheme, {@link InterHostCc}).
 */
public enum Scheme
{
    /** DCQCN only: no intra-host control (the baseline). */
    DCQCN(false, false, false, false),
    /** RHCC: the receiver's MBA cascade on IIO occupancy and the sender's probe/PID receivable rate. */
    RHCC(true, true, false, false),
    /**
     * RHCC with its sender loop gated by the receiver's state, reported in the probe response
     * ({@link SenderGate#RECEIVER}): rhcc's variant that is never worse than its inter-host CC alone
     * (docs/design.md §4). {@link #RHCC} stays the paper's scheme and the default.
     */
    RHCC_GATED(true, true, false, false, SenderGate.RECEIVER),
    /**
     * hostCC as published, emulated for RDMA: its signals, rule and levels (MBA 90 on one more remote socket per
     * level, then the memory-heavy process paused) and CE marking while its smoothed occupancy is above I_T.
     */
    HOSTCC(true, false, true, true),
    /** RHCC's sender loop only (ablation). */
    RNIC_ONLY(false, true, false, false),
    /** RHCC's receiver loop only (ablation). */
    CPU_ONLY(true, false, false, false),
    /** hostCC's decision rule over RHCC's five-level MBA table for every group, I_T = I_thr, and CE marking. */
    HOSTCC_5LEVEL(true, false, true, false),
    /**
     * The paper's emulation of hostCC inside RHCC's framework: RHCC's receiver loop, and RHCC's sender loop whose
     * receivable rate may rise at most once per DCQCN's 300 us rate-increase interval
     * ({@link SenderGate#INCREASE_INTERVAL}; docs/design.md §4), because hostCC does not tell intra-host from
     * inter-host congestion and so answers both on the inter-host timescale.
     */
    HOSTCC_EMULATED(true, true, false, false, SenderGate.INCREASE_INTERVAL);

    private final boolean receiverLoop;
    private final boolean senderLoop;
    private final boolean hostCc;
    private final boolean hostCcLevels;
    private final SenderGate senderGate;

    Scheme(final boolean receiverLoop, final boolean senderLoop, final boolean hostCc, final boolean hostCcLevels)
    {
        this(receiverLoop, senderLoop, hostCc, hostCcLevels, SenderGate.NONE);
    }

    Scheme(final boolean receiverLoop, final boolean senderLoop, final boolean hostCc, final boolean hostCcLevels,
        final SenderGate senderGate)
    {
        this.receiverLoop = receiverLoop;
        this.senderLoop = senderLoop;
        this.hostCc = hostCc;
        this.hostCcLevels = hostCcLevels;
        this.senderGate = senderGate;
    }

    /**
     * @return what gates the sender loop under this scheme.
     */
    public SenderGate senderGate()
    {
        return senderGate;
    }

    /**
     * @return true if the scheme runs a receiver-side loop on IIO samples.
     */
    public boolean receiverLoop()
    {
        return receiverLoop;
    }

    /**
     * @return true if the scheme runs RHCC's sender loop on probe ACKs.
     */
    public boolean senderLoop()
    {
        return senderLoop;
    }

    /**
     * @return true if the receiver side follows hostCC's rules instead of RHCC's.
     */
    public boolean hostCc()
    {
        return hostCc;
    }

    /**
     * @return true if the receiver follows hostCC as published (its signals' gates, I_T = 70 and its levels: MBA 90
     * per remote socket, then the process paused) rather than RHCC's level table.
     */
    public boolean hostCcLevels()
    {
        return hostCcLevels;
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
     * @return the scheme.
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
