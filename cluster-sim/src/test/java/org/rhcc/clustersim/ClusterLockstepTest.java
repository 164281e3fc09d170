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
    }

    private static String json(final Scenario scenario, final ControllerHook hook)
    {
        final SimulationResult result = Simulation.run(scenario, SimParameters.calibrated(), hook,
            ProgressListener.NONE);
        return new String(SimFixtures.json(result), StandardCharsets.UTF_8);
    }

}
