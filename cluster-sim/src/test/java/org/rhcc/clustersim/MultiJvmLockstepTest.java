package org.rhcc.clustersim;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.actors.replay.DecisionReplayer;
import org.rhcc.actors.replay.JournalReader;
import org.rhcc.actors.replay.ReplayReport;
import org.rhcc.core.control.Scheme;
import org.rhcc.sim.ProgressListener;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.Scenario;
import org.rhcc.sim.control.InProcessControllerHook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lockstep across three JVMs (docs/design.md §6): a 3x run of rhcc with the receiver and the sender controllers in
 * child JVMs of a local cluster ({@link ClusterControllers}, Aeron UDP between them) gives the in-process JSON byte for
 * byte, and {@code rhcc replay}'s replayer reproduces every journaled decision of the run's session from the two nodes'
 * archives.
 */
class MultiJvmLockstepTest
{
    @Test
    void shouldGiveByteIdenticalResultsWithReceiverAndSenderInTheirOwnJvms()
    {
        final Scenario scenario = SimFixtures.scenario(3, 8, 1_000_000L, 500_000L, 5L);
        final String inProcess = json(scenario, new InProcessControllerHook(Scheme.RHCC, Map.of()));
        final var work = SimFixtures.workDir("three-jvm");
        final String viaCluster;
        final ClusterControllers cluster = ClusterControllers.start(3, work, Map.of());
        final var journal = cluster.journal();
        final var archive = cluster.archiveDir();
        try
        {
            final AeronLockstepHook hook = (AeronLockstepHook)cluster.hook("rhcc", Map.of());
            viaCluster = json(scenario, hook);
            hook.close();
        }
        finally
        {
            cluster.close();
        }

        assertEquals(inProcess, viaCluster);
        final ReplayReport report = new DecisionReplayer(new JournalReader(journal), List.of(archive),
            work.resolve("replay")).replay();
        assertTrue(report.reproduced(), report.summary());
        assertEquals(2, report.sessions());
    }

    private static String json(final Scenario scenario, final ControllerHook hook)
    {
        return new String(SimFixtures.json(Simulation.run(scenario, SimParameters.calibrated(), hook,
            ProgressListener.NONE)), StandardCharsets.UTF_8);
    }
}
