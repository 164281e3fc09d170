package org.rhcc.cli;

import java.io.PrintWriter;

import org.rhcc.dashboard.DashboardFeed;
import org.rhcc.dashboard.DashboardServer;
import org.rhcc.experiments.RunListener;

/**
 * {@code rhcc experiment --dashboard-port N}: the live dashboard of the runs this command simulates (README
 * "Dashboard"): started before the first run, fed by the runner's telemetry, stopped after the last run, or kept until
 * Ctrl-C with {@code --dashboard-keep}.
 */
final class ExperimentDashboard implements AutoCloseable
{
    private static final String LOOPBACK = "127.0.0.1";

    private final DashboardFeed feed;
    private final DashboardServer server;
    private final boolean keep;
    private final PrintWriter stderr;

    private ExperimentDashboard(final DashboardFeed feed, final DashboardServer server, final boolean keep,
        final PrintWriter stderr)
    {
        this.feed = feed;
        this.server = server;
        this.keep = keep;
        this.stderr = stderr;
    }

    /**
     * @param port   {@code --dashboard-port}, null for no dashboard.
     * @param host   {@code --dashboard-host}, null for 127.0.0.1.
     * @param keep   {@code --dashboard-keep}.
     * @param wait   {@code --dashboard-wait}.
     * @param stderr where the address is printed.
     * @return the running dashboard, or null when no port was given.
     * @throws UsageException for a port out of range, the other options without a port, or a port in use.
     */
    static ExperimentDashboard open(final Integer port, final String host, final boolean keep, final boolean wait,
        final PrintWriter stderr)
    {
        if (null == port)
        {
            if (keep || wait || null != host)
            {
                throw new UsageException((keep ? "--dashboard-keep" : wait ? "--dashboard-wait" :
                    "--dashboard-host") + " needs --dashboard-port N (0 for a free port)");
            }
            return null;
        }
        if (port < 0 || port > 65_535)
        {
            throw new UsageException("--dashboard-port " + port + " must be within 0..65535 (0 for a free port)");
        }
        final DashboardFeed feed = DashboardFeed.live();
        final DashboardServer server =
            DashboardServer.serve(feed, null == host ? LOOPBACK : host, port, "--dashboard-port");
        stderr.println("dashboard: " + server.url() + (wait ? " (the runs start once a page has opened it)" : ""));
        stderr.flush();
        return new ExperimentDashboard(feed, server, keep, stderr);
    }

    /**
     * @param progress the progress display.
     * @return a listener feeding both the progress display and the dashboard.
     */
    RunListener listener(final RunListener progress)
    {
        return RunListener.all(progress, feed.listener());
    }

    /**
     * Blocks until a page has opened the dashboard's event stream.
     */
    void awaitFirstPage()
    {
        try
        {
            while (!feed.awaitFirstPage(60_000L))
            {
                stderr.println("dashboard: still waiting for a page to open " + server.url());
                stderr.flush();
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a page to open " + server.url(), ex);
        }
    }

    /**
     * After the last run: with {@code --dashboard-keep}, serves until Ctrl-C (or until this thread is interrupted);
     * otherwise returns at once (and {@link #close()} stops the server).
     */
    void finished()
    {
        if (!keep)
        {
            return;
        }
        stderr.println("dashboard: the experiment has finished; serving " + server.url() + " until Ctrl-C");
        stderr.flush();
        server.serveUntilShutdown();
    }

    @Override
    public void close()
    {
        server.close();
    }
}
