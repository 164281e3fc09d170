package org.rhcc.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BiConsumer;

import org.rhcc.clusterservice.ClusterHooks;
import org.rhcc.clusterservice.ExperimentClient;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRequest;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.result.ExperimentResult;

/**
 * {@code rhcc experiment NAME --cluster HOST:PORT}: the experiments run on the sim node of an already-running cluster
 * ({@code rhcc node --role sim}), one after the other, through its receiver and sender nodes; this command is a client
 * of the sim node, not a member of the cluster: it shows the progress and what the sim node reports of the runs (a
 * fail-safe, a takeover), and writes each result as an in-process run would.
 */
final class RemoteExperiments
{
    private RemoteExperiments()
    {
    }

    /**
     * @param hostPort  a node of the cluster.
     * @param config    the client's configuration, or null.
     * @param request   the command line's request.
     * @param resolved  the settings of each experiment, resolved here.
     * @param onResult  writes a result.
     * @param stderr    progress.
     */
    static void run(final String hostPort, final Path config, final ExperimentRequest request,
        final Map<Experiment, ExperimentSettings> resolved,
        final BiConsumer<Experiment, ExperimentResult> onResult, final PrintWriter stderr)
    {
        resolved.values().forEach((settings) -> ClusterHooks.requireClusterSchemes(settings.schemes()));
        // initialise logging on this thread before Pekko's threads log concurrently (no SLF4J replay warnings)
        org.slf4j.LoggerFactory.getLogger("rhcc");
        stderr.println("connecting to the sim node of the rhcc cluster at " + hostPort);
        stderr.flush();
        try (ExperimentClient client = ExperimentClient.connect(hostPort, config))
        {
            final ProgressPrinter progress = new ProgressPrinter(stderr, ProgressPrinter.stderrIsTerminal());
            for (final Map.Entry<Experiment, ExperimentSettings> entry : resolved.entrySet())
            {
                onResult.accept(entry.getKey(),
                    client.run(request, entry.getKey(), entry.getValue(), progress, progress::note));
            }
        }
    }
}
