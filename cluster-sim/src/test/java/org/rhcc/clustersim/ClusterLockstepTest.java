package org.rhcc.clustersim;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.core.control.Scheme;
import org.rhcc.sim.ProgressListener;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;
import org.rhcc.sim.SimulationResult;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.Scenario;
import org.rhcc.sim.control.InProcessControllerHook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClusterLockstepTest
{
    private static ClusterControllers cluster;

    @BeforeAll
    static void startCluster()
    {
        cluster = ClusterControllers.start(1, SimFixtures.workDir("lockstep"), Map.of());
    }

    @AfterAll
    static void stopCluster()
    {
        if (null != cluster)
        {
            cluster.close();
        }
    }

    @Test
    void shouldGiveByteIdenticalResultsThroughTheClusterForRhccAt3x()
    {
        final Scenario scenario = SimFixtures.scenario(3, 8, 1_000_000L, 500_000L, 7L);
        final Map<String, String> params = new LinkedHashMap<>();
        final String inProcess = json(scenario, new InProcessControllerHook(Scheme.RHCC, params));
        final ControllerHook hook = cluster.hook("rhcc", params);
        final String viaCluster = json(scenario, hook);
        ((AeronLockstepHook)hook).close();

        assertNotEquals(json(scenario, ControllerHook.NONE), inProcess, "the controller must change the run");
        assertEquals(inProcess, viaCluster);
        final AeronLockstepHook lockstep = (AeronLockstepHook)hook;
        long samples = 0;
        long acks = 0;
        for (final SessionProtocol.Ended e : lockstep.ended())
        {
            if ("receiver".equals(e.role()))
            {
                samples = e.inputFrames();
            }
            else
            {
                acks = e.inputFrames();
            }
        }
        assertTrue(samples > 1000, "IIO samples through the cluster: " + samples);
        assertTrue(acks > 10, "probe ACKs through the cluster: " + acks);
        // the samples that cannot change a level went without a wait, the others were waited for: same JSON
        assertTrue(lockstep.streamedSamples() > 0, "streamed IIO samples: " + lockstep.streamedSamples());
        assertTrue(lockstep.streamedSamples() < samples, "streamed " + lockstep.streamedSamples() + " of " +
            samples + " IIO sample frames: the cascade's changes must have been waited for");
        // the simulator ran ahead of the sender controller's answers, waiting once per AckLookahead.CAPACITY ACKs
        assertTrue(lockstep.streamedAcks() > 0, "ACKs run ahead of: " + lockstep.streamedAcks());
        assertTrue(lockstep.streamedAcks() <= acks - acks / (AckLookahead.CAPACITY + 1), "ran ahead of " +
            lockstep.streamedAcks() + " of " + acks + " probe ACK frames: every " + (AckLookahead.CAPACITY + 1) +
            "th must have been waited for");
    }

    /**
     * rhcc-gated through the cluster: the simulated receiver NIC's state travels in the probe-ACK frame to the sender
     * node. With TCP sharing the NIC's PCIe link the receiver reports no IIO congestion, so the gated loop stands aside
     * where the paper's cuts: the two differ, and a frame that lost the state would make the cluster's run the paper's.
     */
    @Test
    void shouldCarryTheReceiversStateToTheSenderNode()
    {
        assertLikeInProcessAndUnlikeRhcc(Scheme.RHCC_GATED, pcieCongestion(2_000_000L),
            "the receiver's state must change the gated run");
    }

    /**
     * hostcc-emulated through the cluster: the sender entities keep each QP's increase clock in the byte of its 16-byte
     * state a weight would take, and hold rises within 300 us as the in-process loop does. At 3x local congestion the
     * paper's loop cuts from line rate and rises again as the receiver's cascade relieves the memory, so within 3 ms
     * the held rises make the run differ from rhcc's.
     */
    @Test
    void shouldHoldRisesThroughTheClusterAsInProcess()
    {
        assertLikeInProcessAndUnlikeRhcc(Scheme.HOSTCC_EMULATED,
            new Scenario(true, 3, CpuTraffic.LOCAL, 1, 8, 65536, 0, 0.0, 0, 3_000_000L, 500_000L, 7L),
            "the increase interval must change the run");
    }

    /**
     * @return the PCIe-congestion scenario: TCP 71 Gbit/s offered on the NIC's second port, no CPU traffic.
     */
    private static Scenario pcieCongestion(final long durationNs)
    {
        return new Scenario(true, 0, CpuTraffic.LOCAL, 1, 8, 65536, 0, 71.0, 2, durationNs, 500_000L, 7L);
    }

    /**
     * Runs a scenario under rhcc in process, and under {@code scheme} in process and through the cluster.
     */
    private static void assertLikeInProcessAndUnlikeRhcc(final Scheme scheme, final Scenario scenario,
        final String why)
    {
        final Map<String, String> params = new LinkedHashMap<>();
        final String paper = json(scenario, new InProcessControllerHook(Scheme.RHCC, params));
        final String inProcess = json(scenario, new InProcessControllerHook(scheme, params));
        final ControllerHook hook = cluster.hook(scheme.label(), params);
        final String viaCluster = json(scenario, hook);
        ((AeronLockstepHook)hook).close();

        assertNotEquals(paper, inProcess, why);
        assertEquals(inProcess, viaCluster);
    }

    private static String json(final Scenario scenario, final ControllerHook hook)
    {
        final SimulationResult result = Simulation.run(scenario, SimParameters.calibrated(), hook,
            ProgressListener.NONE);
        return new String(SimFixtures.json(result), StandardCharsets.UTF_8);
    }

}
