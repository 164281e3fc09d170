package org.rhcc.sim.net;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.rhcc.core.dcqcn.RedEcnMarker;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.swift.SwiftFlows;
import org.rhcc.core.swift.SwiftParameters;
import org.rhcc.sim.InterHostCcModel;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.api.CcSettings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fabric's per-packet ACKs (docs/model.md §4.11): the switch stamps INT at dequeue, the receiver NIC's ACK echoes
 * it with its two timestamps, and the sender's CC gets them; Swift in the fabric holds the fabric delay near its
 * target. The receiver host is a DMA engine draining the RX buffer at the PCIe rate every 5 ns.
 */
class PerPacketAckTest
{
    private static final SimParameters P = SimParameters.calibrated();
    private static final double STEP_NS = 5.0;
    private static final int WIRE_BYTES = P.rnic().mtuBytes() + P.rnic().headerBytes();

    /** One ACK as the sender's CC saw it. */
    private record Ack(int qp, long ackSeq, double nowNs, double sentNs, double hostDelayNs, long queueBytes,
        long txBytes, double stampNs, double linkGbps)
    {
    }

    /** Records every ACK and passes it on to the CC under test (line rate, no window, when there is none). */
    private static final class RecordingCc implements SenderCc
    {
        private final SenderCc inner;
        private final List<Ack> acks = new ArrayList<>();
        private final int flows;

        RecordingCc(final SenderCc inner, final int flows)
        {
            this.inner = inner;
            this.flows = flows;
        }

        public boolean perPacketAcks()
        {
            return true;
        }

        public boolean windowed()
        {
            return null != inner && inner.windowed();
        }

        public int flowCount()
        {
            return flows;
        }

        public double rateGbps(final int qp, final double nowNs)
        {
            return null == inner ? P.network().lineRateGbps() : inner.rateGbps(qp, nowNs);
        }

        public double lastRateGbps(final int qp)
        {
            return null == inner ? P.network().lineRateGbps() : inner.lastRateGbps(qp);
        }

        public double windowBytes(final int qp)
        {
            return null == inner ? Double.POSITIVE_INFINITY : inner.windowBytes(qp);
        }

        public void onBytesSent(final int qp, final int payloadBytes, final double nowNs)
        {
        }

        public void onCnp(final int qp, final double nowNs)
        {
        }

        public void onAck(final int qp, final long ackSeq, final long sndNxt, final double nowNs, final double sentNs,
            final double hostDelayNs, final long intQueueBytes, final long intTxBytes, final double intStampNs,
            final double linkGbps)
        {
            acks.add(new Ack(qp, ackSeq, nowNs, sentNs, hostDelayNs, intQueueBytes, intTxBytes, intStampNs,
                linkGbps));
            if (null != inner)
            {
                inner.onAck(qp, ackSeq, sndNxt, nowNs, sentNs, hostDelayNs, intQueueBytes, intTxBytes, intStampNs,
                    linkGbps);
            }
        }

        public void onNak(final int qp, final double nowNs)
        {
        }

        public void onTimeout(final int qp, final double nowNs)
        {
        }
    }

    private static final FabricListener QUIET = new FabricListener()
    {
        public void onProbeArrived(final int qp, final double nowNs)
        {
        }

        public void onProbeAck(final ProbeAck ack)
        {
        }

        public void onMessageCompleted(final int qp, final double latencyNs, final double nowNs)
        {
        }
    };

    private static FabricConfig config(final int senders)
    {
        final SimParameters.Rnic r = P.rnic();
        final SimParameters.Network n = P.network();
        return new FabricConfig(
            new FabricConfig.Workload(senders, 1, 1 << 20, r.txDepth()),
            new FabricConfig.Link(r.mtuBytes(), r.headerBytes(), n.lineRateGbps(), n.propagationNs(),
                InterHostCcModel.reversePathNs(P)),
            new FabricConfig.Pfc(true, r.pfcReactionNs()),
            new FabricConfig.RxBuffer(r.rxBufferBytes(), r.xoffBytes(), r.xonBytes(),
                new RedEcnMarker(r.rxEcnKminBytes(), r.rxEcnKmaxBytes(), r.rxEcnPmax())),
            new FabricConfig.SwitchQueue(n.switchBufferBytes(), n.pfcAlpha(),
                new RedEcnMarker(n.ecnKminBytes(), n.ecnKmaxBytes(), n.ecnPmax())),
            new FabricConfig.Nic(n.dcqcn().cnpIntervalNs(), r.retransmitTimeoutNs(), r.nakDelayNs(), r.cqeBytes()),
            new FabricConfig.Probes(false, r.probeIntervalBytes(), r.probeBytes()),
            FabricConfig.Scheduler.EXACT,
            FabricConfig.QpContexts.NONE);
    }

    private static RdmaFabric run(final FabricConfig cfg, final SenderCc cc, final double untilNs)
    {
        final RdmaFabric fabric = new RdmaFabric(cfg, cc, new SplittableRandom(1L), QUIET);
        final double bytesPerStep = P.pcie().usableGbps() / 8.0 * STEP_NS;
        fabric.start();
        for (double t = 0.0; t < untilNs; t += STEP_NS)
        {
            fabric.runUntil(t + STEP_NS);
            fabric.takePayload(bytesPerStep, t + STEP_NS);
        }
        return fabric;
    }

    @Test
    void shouldEchoTheSwitchIntRecordAndTheReceiverTimestampsInEveryAck()
    {
        final RecordingCc cc = new RecordingCc(null, 1);
        run(config(1), cc, 50_000.0);

        assertTrue(cc.acks.size() > 100, "ACKs: " + cc.acks.size());
        final double serNs = WIRE_BYTES * 8.0 / P.network().lineRateGbps();
        final double hostNs = InterHostCcModel.noCongestionHostDelayNs(P);
        for (int i = 1; i < cc.acks.size(); i++)
        {
            final Ack previous = cc.acks.get(i - 1);
            final Ack ack = cc.acks.get(i);
            assertEquals(previous.ackSeq() + 1, ack.ackSeq(), "one ACK per packet, in order");
            assertEquals(WIRE_BYTES, ack.txBytes() - previous.txBytes(), "tx counter advances by the packet before");
            assertEquals(serNs, ack.stampNs() - previous.stampNs(), 1e-6, "one line-rate packet time apart");
            assertEquals(0L, ack.queueBytes(), "a single line-rate sender leaves no queue behind");
            assertEquals(100.0, ack.linkGbps(), 0.0);
            assertTrue(ack.hostDelayNs() > 0.0 && ack.hostDelayNs() <= hostNs + STEP_NS,
                "host delay " + ack.hostDelayNs() + " ns within the no-congestion host delay " + hostNs + " ns");
            final double rttNs = ack.nowNs() - ack.sentNs();
            assertEquals(InterHostCcModel.baseRttNs(P), rttNs, 2 * STEP_NS, "an unloaded packet's RTT is T");
        }
    }

    @Test
    void shouldStampTheQueueBehindEachPacketWhenTwoSendersOverloadTheSwitch()
    {
        final RecordingCc cc = new RecordingCc(null, 2);
        final RdmaFabric fabric = run(config(2), cc, 20_000.0);

        long largest = 0;
        for (final Ack ack : cc.acks)
        {
            largest = Math.max(largest, ack.queueBytes());
        }
        // two line-rate senders into one line-rate egress: the queue grows by one packet per two departures
        assertTrue(largest > 10L * WIRE_BYTES, "largest INT queue " + largest + " B");
        assertTrue(fabric.switchQueueBytes() > 0L);
    }

    @Test
    void swiftShouldHoldTheFabricDelayNearItsTarget()
    {
        final SwiftParameters params = InterHostCcModel.swiftParameters(CcSettings.defaults(
            org.rhcc.core.control.InterHostCc.SWIFT), P);
        final SwiftFlows flows = new SwiftFlows(params, 2);
        final RecordingCc cc = new RecordingCc(new SwiftSenderCc(flows), 2);
        run(config(2), cc, 2_000_000.0);

        double fabricNs = 0.0;
        int n = 0;
        for (final Ack ack : cc.acks)
        {
            if (ack.nowNs() > 1_000_000.0)
            {
                fabricNs += ack.nowNs() - ack.sentNs() - ack.hostDelayNs();
                n++;
            }
        }
        fabricNs /= n;
        final double targetNs = 0.5 * (flows.fabricTargetNs(0) + flows.fabricTargetNs(1));
        System.out.printf("swift fabric %.0f ns target %.0f ns base %d%n", fabricNs, targetNs,
            InterHostCcModel.baseRttNs(P));
        assertEquals(targetNs, fabricNs, 0.25 * targetNs, "mean fabric delay near the target");
        assertEquals(flows.cwnd(0), flows.cwnd(1), 0.25 * flows.cwnd(0), "the two flows share the link");
    }
}
