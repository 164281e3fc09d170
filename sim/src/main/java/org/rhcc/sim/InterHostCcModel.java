package org.rhcc.sim;

import org.rhcc.core.dcqcn.DcqcnReactionPoints;
import org.rhcc.core.hpcc.HpccFlows;
import org.rhcc.core.hpcc.HpccParameters;
import org.rhcc.core.swift.SwiftFlows;
import org.rhcc.core.swift.SwiftParameters;
import org.rhcc.sim.api.CcSettings;
import org.rhcc.sim.net.DcqcnSenderCc;
import org.rhcc.sim.net.HpccSenderCc;
import org.rhcc.sim.net.SenderCc;
import org.rhcc.sim.net.SwiftSenderCc;

/**
 * The inter-host congestion control of a run, with what the model knows filled in (docs/model.md §4.11):
 * <ul>
 *   <li>the base RTT T of a full-size data packet and its ACK with no queue anywhere:
 *   {@code T = 2 (wire x 8 / B + propagation)} (sender link and switch egress) {@code + host delay + reverse path},
 *   the reverse path being the fabric's ({@code 2 propagation + 2 x probe bytes x 8 / B});</li>
 *   <li>the receiver's no-congestion host delay, from the receiver NIC's receive timestamp to the packet's ACK: its
 *   payload moved over PCIe at the usable rate, {@code MTU x 8 / B_pcie}, plus one host step (the DMA engine moves
 *   data once per step);</li>
 *   <li>HPCC: the paper's profile ({@link HpccParameters#paper}) at the line rate and T, with the scheme's eta and
 *   maxStage and N = the run's QPs unless the scheme sets it;</li>
 *   <li>Swift: rhcc's profile ({@link SwiftParameters#defaults}) at the line rate, the MTU and T, with the endpoint
 *   target = the no-congestion host delay + the scheme's margin.</li>
 * </ul>
 */
public final class InterHostCcModel
{
    private InterHostCcModel()
    {
    }

    /**
     * @param p the simulator's parameters.
     * @return the delay of a control packet (ACK, CNP, NAK) from the receiver NIC to the sender NIC, ns.
     */
    public static double reversePathNs(final SimParameters p)
    {
        final double controlSerNs = 2.0 * p.rnic().probeBytes() * 8.0 / p.network().lineRateGbps();
        return 2.0 * p.network().propagationNs() + controlSerNs;
    }

    /**
     * @param p the simulator's parameters.
     * @return the receiver's host delay of a full-size packet with no congestion, ns.
     */
    public static double noCongestionHostDelayNs(final SimParameters p)
    {
        return p.rnic().mtuBytes() * 8.0 / p.pcie().usableGbps() + p.stepNs();
    }

    /**
     * @param p the simulator's parameters.
     * @return the base RTT T, ns (rounded to a whole ns).
     */
    public static long baseRttNs(final SimParameters p)
    {
        final double wireBytes = p.rnic().mtuBytes() + p.rnic().headerBytes();
        final double forwardNs = 2.0 * (wireBytes * 8.0 / p.network().lineRateGbps() + p.network().propagationNs());
        return Math.round(forwardNs + noCongestionHostDelayNs(p) + reversePathNs(p));
    }

    /**
     * @param settings the scheme's choice.
     * @param p        the simulator's parameters.
     * @param qps      the run's QPs.
     * @return HPCC's parameters for the run.
     */
    public static HpccParameters hpccParameters(final CcSettings settings, final SimParameters p, final int qps)
    {
        final double lineRateGbps = p.network().lineRateGbps();
        final int flows = settings.hpccFlows() > 0 ? settings.hpccFlows() : Math.max(1, qps);
        final HpccParameters paper = HpccParameters.paper(lineRateGbps, baseRttNs(p), flows);
        final double additiveIncreaseBytes = paper.maxWindowBytes() * (1.0 - settings.hpccEta()) / flows;
        return new HpccParameters(lineRateGbps, paper.baseRttNs(), settings.hpccEta(), settings.hpccMaxStage(),
            additiveIncreaseBytes, paper.minRateGbps());
    }

    /**
     * @param settings the scheme's choice.
     * @param p        the simulator's parameters.
     * @return Swift's parameters for the run.
     */
    public static SwiftParameters swiftParameters(final CcSettings settings, final SimParameters p)
    {
        final long endpointTargetNs = Math.round(noCongestionHostDelayNs(p) + settings.swiftEndpointMarginNs());
        return SwiftParameters.defaults(p.network().lineRateGbps(), p.rnic().mtuBytes(), baseRttNs(p),
            Math.max(1L, endpointTargetNs));
    }

    /**
     * Builds the senders' inter-host CC of a run.
     *
     * @param settings the scheme's choice.
     * @param p        the simulator's parameters.
     * @param qps      the run's QPs (one flow each).
     * @return the senders' CC, every flow opened.
     */
    public static SenderCc senderCc(final CcSettings settings, final SimParameters p, final int qps)
    {
        switch (settings.cc())
        {
            case DCQCN:
                return new DcqcnSenderCc(new DcqcnReactionPoints(p.network().dcqcn(), qps, 0L));
            case HPCC:
                return new HpccSenderCc(new HpccFlows(hpccParameters(settings, p, qps), qps));
            case SWIFT:
                return new SwiftSenderCc(new SwiftFlows(swiftParameters(settings, p), qps));
            default:
                throw new IllegalArgumentException("unknown inter-host CC " + settings.cc());
        }
    }
}
