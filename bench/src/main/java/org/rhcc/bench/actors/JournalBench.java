package org.rhcc.bench.actors;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.typesafe.config.Config;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.rhcc.actors.config.JournalSchema;
import org.rhcc.actors.config.JournalSettings;
import org.rhcc.actors.config.RhccConfig;
import org.rhcc.actors.journal.MbaLevelChanged;
import org.rhcc.actors.journal.SessionEvent;
import org.rhcc.actors.journal.SessionJournal;
import org.rhcc.actors.replay.DecisionReplayer;
import org.rhcc.actors.replay.JournalReader;
import org.rhcc.actors.replay.ReplayReport;
import org.rhcc.clustersim.AeronLockstepHook;
import org.rhcc.clustersim.ClusterControllers;
import org.rhcc.sim.ProgressListener;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.Scenario;

/**
 * Journal speed on embedded H2, or on PostgreSQL with {@code -Drhcc.journal.backend=postgres}: decisions per second sustained by a session journal at several batch sizes (one
 * {@code persistAll} per batch, the way actuator actors drain their agents), and the replay speed of a recorded
 * cluster run.
 */
final class JournalBench
{
    private JournalBench()
    {
    }

    /**
     * @return the journal backend the bench writes to: {@code rhcc.journal.backend}, H2 unless
     * {@code -Drhcc.journal.backend=postgres} (with {@code -Drhcc.journal.postgres.url=...}) says otherwise.
     */
    static String backend()
    {
        return JournalSettings.from(RhccConfig.load(null, Map.of())).backend();
    }

    /**
     * @param batchSize decisions per persistAll.
     * @param decisions decisions in total.
     * @return decisions per second until the last one is stored.
     */
    static double journal(final int batchSize, final int decisions)
    {
        final Path work = Fixtures.workDir("journal");
        final Config config = RhccConfig.load(null, Map.of("rhcc.work-dir", work.toString(),
            "pekko.actor.provider", "local", "pekko.loglevel", "WARNING"));
        JournalSchema.ensure(JournalSettings.from(config));
        final ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "journal-bench", config);
        try
        {
            final ActorRef<SessionJournal.Command> journal = system.systemActorOf(SessionJournal.create("receiver",
                System.nanoTime(), 1, 1_000_000, 1), "journal", org.apache.pekko.actor.typed.Props.empty());
            sync(system, journal);
            final long startNs = System.nanoTime();
            for (int sent = 0; sent < decisions; sent += batchSize)
            {
                final List<SessionEvent> batch = new ArrayList<>(batchSize);
                for (int i = 0; i < batchSize; i++)
                {
                    batch.add(new MbaLevelChanged((sent + i) & 1, 1 + (sent + i) % 5, sent + i));
                }
                AskPattern.<SessionJournal.Command, Done>ask(journal,
                    (replyTo) -> new SessionJournal.Append(batch, replyTo), Duration.ofMinutes(5),
                    system.scheduler()).toCompletableFuture().join();
            }
            return decisions * 1e9 / (System.nanoTime() - startNs);
        }
        finally
        {
            system.terminate();
            try
            {
                system.getWhenTerminated().toCompletableFuture().get();
            }
            catch (final Exception ignore)
            {
                // best effort
            }
            Fixtures.delete(work);
        }
    }

    private static void sync(final ActorSystem<Void> system, final ActorRef<SessionJournal.Command> journal)
    {
        try
        {
            AskPattern.<SessionJournal.Command, Done>ask(journal, SessionJournal.Sync::new, Duration.ofMinutes(5),
                system.scheduler()).toCompletableFuture().get();
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /**
     * Records a cluster run of rhcc at 3x and replays it.
     *
     * @param durationNs simulated measured time, ns.
     */
    static ReplayReport replay(final long durationNs)
    {
        final Path work = Fixtures.workDir("replay");
        final JournalSettings journal;
        final Path archive;
        try (ClusterControllers cluster = ClusterControllers.start(1, work, Map.of()))
        {
            final AeronLockstepHook hook = (AeronLockstepHook)cluster.hook("rhcc", Map.of());
            Simulation.run(new Scenario(true, 3, CpuTraffic.LOCAL, 1, 64, 65536, 0, 0.0, 0, durationNs, 1_000_000L,
                1L), SimParameters.calibrated(), hook, ProgressListener.NONE);
            hook.close();
            journal = cluster.journal();
            archive = cluster.archiveDir();
        }
        try
        {
            return new DecisionReplayer(new JournalReader(journal), List.of(archive), work.resolve("replay")).replay();
        }
        finally
        {
            Fixtures.delete(work);
        }
    }
}
