package org.rhcc.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.rhcc.dashboard.DashboardFeed;
import org.rhcc.dashboard.DashboardServer;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc dashboard}: the dashboard's page (README "Dashboard") for finished runs read from their JSON
 * ({@code --from DIR}), scrubbable, or for an experiment running elsewhere with {@code --dashboard-port}
 * ({@code --live HOST:PORT}, its events relayed). Serves until Ctrl-C.
 */
@Command(
    name = "dashboard",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Serves the dashboard of finished runs (--from DIR: the JSON of 'rhcc experiment', scrubbable) or of an " +
            "experiment running with --dashboard-port (--live HOST:PORT) until Ctrl-C; prints its address on stderr.",
    })
public final class DashboardCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--from", paramLabel = "DIR",
        description = "Directory holding NAME.json files written by 'rhcc experiment' (their time series: signals, " +
            "ablation, settling).")
    private Path from;

    @Option(names = "--experiment", paramLabel = "NAME",
        description = "With --from: show this experiment only. Default: every result in DIR.")
    private String experiment;

    @Option(names = "--live", paramLabel = "HOST:PORT",
        description = "Show the experiment whose dashboard server runs there ('rhcc experiment NAME " +
            "--dashboard-port PORT'), relaying its events.")
    private String live;

    @Option(names = "--port", paramLabel = "N", defaultValue = "0",
        description = "Port to serve the page on, 0 for a free one. Default: ${DEFAULT-VALUE}.")
    private int port;

    @Option(names = "--host", paramLabel = "ADDR", defaultValue = "127.0.0.1",
        description = "Address to listen on. Default: ${DEFAULT-VALUE} (this host only).")
    private String host;

    @Override
    public Integer call()
    {
        if ((null == from) == (null == live))
        {
            throw new UsageException("give --from DIR (finished runs, from their JSON) or --live HOST:PORT (an " +
                "experiment running with --dashboard-port), one of them");
        }
        if (null != experiment && null == from)
        {
            throw new UsageException("--experiment chooses among the results of --from DIR; leave it out with " +
                "--live");
        }
        if (port < 0 || port > 65_535)
        {
            throw new UsageException("--port " + port + " must be within 0..65535 (0 for a free port)");
        }
        final PrintWriter stderr = spec.commandLine().getErr();
        final DashboardServer server;
        if (null != from)
        {
            final DashboardFeed feed = DashboardFeed.fromResults(from, experiment);
            server = DashboardServer.serve(feed, host, port, "--port");
            stderr.println("dashboard: " + server.url() + " (" + feed.experimentCount() + " experiment" +
                (1 == feed.experimentCount() ? "" : "s") + " from " + from + "); Ctrl-C stops it");
        }
        else
        {
            server = DashboardServer.relay(live, host, port, "--port");
            stderr.println("dashboard: " + server.url() + " (relaying the experiment at " + live + "); Ctrl-C " +
                "stops it");
        }
        stderr.flush();
        server.serveUntilShutdown();
        return RhccCommand.EXIT_OK;
    }
}
