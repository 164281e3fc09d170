package org.rhcc.sim;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.rhcc.core.signal.RateUpdateRecord;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.Scenario;
import org.rhcc.sim.api.SimPorts;
import org.rhcc.sim.net.FabricConfig;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Equal-rate QPs do not fall into step (docs/model.md §4.2, de-phased QPs): the sender NIC's scheduler jitters each
 * pacing gap and starts its QPs at independent phases, so eight QPs held at one rate put their packets on the wire as
 * eight QPs at rates spread by +-15 % do, and the probes measure the same delay. Paced exactly, the same QPs send their
 * packets together and the probes see half as much delay again or more: the test can fail.
 */
class DephasedQpsTest
{
    private static final double TOTAL_GBPS = 10.0;
    private static final int QPS = 8;

    private static double delayNs(final SimParameters params, final boolean spread)
    {
        final Scenario scenario = new Scenario(true, 3, CpuTraffic.LOCAL, 1, QPS, 65_536, 1, 0.0, 0, 6_000_000L,
            2_000_000L, 3L);
        final ControllerHook rates = new ControllerHook()
        {
            @Override
            public void attach(final SimPorts ports, final long nowNs)
            {
                for (int qp = 0; qp < QPS; qp++)
                {
                    final double share = spread ? 0.85 + 0.3 * qp / (QPS - 1) : 1.0;
                    final double rateGbps = TOTAL_GBPS / QPS * share;
                    ports.rateLimiter().apply(RateUpdateRecord.of(qp, rateGbps, nowNs));
                }
            }
        };
        return Simulation.run(RunSpec.of(scenario, params), params, rates, ProgressListener.NONE).metrics().rxDelayNs();
    }

    @Test
    @DisplayName("8 QPs at equal rates see the probes' D of 8 QPs at rates spread by +-15 % (3x, MBA level 1, 10 Gbit/s)")
    void shouldNotSendEqualRateQpsInStep()
    {
        final SimParameters params = SimParameters.calibrated();
        final double equal = delayNs(params, false);
        final double spread = delayNs(params, true);
        assertTrue(equal < 1.25 * spread, "equal rates: D " + equal + " ns against " + spread + " ns spread");
    }

    @Test
    @DisplayName("paced exactly, the same equal-rate QPs fall into step: D at least 1.5 times the spread case's")
    void shouldFallIntoStepWhenPacedExactly()
    {
        final SimParameters calibrated = SimParameters.calibrated();
        final SimParameters.Rnic r = calibrated.rnic();
        final SimParameters exact = calibrated.withRnic(new SimParameters.Rnic(r.rxBufferBytes(), r.xoffBytes(),
            r.xonBytes(), r.pfcReactionNs(), r.mtuBytes(), r.headerBytes(), r.rxEcnKminBytes(), r.rxEcnKmaxBytes(),
            r.rxEcnPmax(), r.retransmitTimeoutNs(), r.nakDelayNs(), r.cqeBytes(), r.txDepth(), r.probeIntervalBytes(),
            r.probeBytes(), r.probeRecordSlots(), FabricConfig.Scheduler.EXACT.pacingJitter(),
            FabricConfig.Scheduler.EXACT.doorbellJitterNs(), r.rateLimitGbps(), r.qpcCache(),
            r.activeQpsPerSender()));
        final double equal = delayNs(exact, false);
        final double spread = delayNs(calibrated, true);
        assertTrue(equal > 1.5 * spread, "in step: D " + equal + " ns against " + spread + " ns de-phased");
    }
}
