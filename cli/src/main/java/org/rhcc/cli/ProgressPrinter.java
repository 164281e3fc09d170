package org.rhcc.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunListener;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

/**
 * Shows an experiment's progress on stderr, never on stdout. On a terminal one status line is redrawn in place
 * (every running run with its percentage); otherwise (a pipe, a log file, CI) it prints one line when a run
 * finishes, and a progress line for a run still going after every {@value #QUIET_PERIOD_S} s.
 * <p>
 * Wall-clock time is read here only to pace the display and to report elapsed time; it never reaches the results.
 */
public final class ProgressPrinter implements RunListener
{
    private static final int QUIET_PERIOD_S = 10;
    private static final long REDRAW_NS = 200_000_000L;

    private final PrintWriter err;
    private final boolean terminal;
    private final Map<Integer, Running> running = new TreeMap<>();
    private String experiment = "";
    private int runCount;
    private int finished;
    private long experimentStartNs;
    private long lastRedrawNs;
    private int statusLength;

    /**
     * @param err      where to print (stderr).
     * @param terminal true to redraw one status line in place.
     */
    public ProgressPrinter(final PrintWriter err, final boolean terminal)
    {
        this.err = err;
        this.terminal = terminal;
    }

    /**
     * @return true when stderr is a terminal: the launcher tells with {@code -Drhcc.progress=bar} or
     * {@code -Drhcc.progress=lines} (bash knows, the JVM does not); without it, true when the JVM has a console.
     */
    public static boolean stderrIsTerminal()
    {
        final String mode = System.getProperty("rhcc.progress", "");
        if ("bar".equals(mode))
        {
            return true;
        }
        if ("lines".equals(mode))
        {
            return false;
        }
        return null != System.console();
    }

    @Override
    public synchronized void onExperimentStarted(final String experiment, final int runCount, final int threads)
    {
        this.experiment = experiment;
        this.runCount = runCount;
        finished = 0;
        running.clear();
        experimentStartNs = System.nanoTime();
        err.printf(Locale.ROOT, "%s: %d runs on %d thread%s%n", experiment, runCount, threads, threads == 1 ? "" : "s");
        err.flush();
    }

    @Override
    public synchronized void onRunStarted(final int index, final PlannedRun run)
    {
        final long nowNs = System.nanoTime();
        running.put(index, new Running(run.label(), nowNs));
        redraw(nowNs, true);
    }

    @Override
    public synchronized void onRunProgress(final int index, final double fractionDone)
    {
        final Running run = running.get(index);
        if (null == run)
        {
            return;
        }
        run.fraction = fractionDone;
        final long nowNs = System.nanoTime();
        if (terminal)
        {
            redraw(nowNs, false);
        }
        else if (nowNs - run.lastLineNs >= QUIET_PERIOD_S * 1_000_000_000L && fractionDone < 1.0)
        {
            run.lastLineNs = nowNs;
            err.printf(Locale.ROOT, "  [%d/%d] %s: %3.0f %%%n", index + 1, runCount, run.label, 100.0 * fractionDone);
            err.flush();
        }
    }

    @Override
    public synchronized void onRunFinished(final int index, final PlannedRun run, final double rnicGbps)
    {
        final Running done = running.remove(index);
        finished++;
        final long nowNs = System.nanoTime();
        clearStatus();
        err.printf(Locale.ROOT, "  [%d/%d] %s: done in %.1f s (RDMA %.1f Gbit/s)%n", index + 1, runCount,
            run.label(), null == done ? 0.0 : (nowNs - done.startNs) / 1e9, rnicGbps);
        redraw(nowNs, true);
    }

    @Override
    public synchronized void onRunCopied(final int index, final PlannedRun run, final String original,
        final RunRecord record)
    {
        finished++;
        clearStatus();
        err.printf(Locale.ROOT, "  [%d/%d] %s: same inputs as %s, results copied (RDMA %.1f Gbit/s)%n", index + 1,
            runCount, run.label(), original, record.value(Metric.RNIC_GBPS));
        redraw(System.nanoTime(), true);
    }

    @Override
    public synchronized void onExperimentFinished(final String experiment)
    {
        clearStatus();
        err.printf(Locale.ROOT, "%s: %d runs in %.1f s%n", experiment, finished,
            (System.nanoTime() - experimentStartNs) / 1e9);
        err.flush();
    }

    /**
     * Prints a line about the runs (a fail-safe, a takeover the sim node reports) above the status line.
     *
     * @param line the line.
     */
    public synchronized void note(final String line)
    {
        clearStatus();
        err.println("rhcc experiment: " + line);
        err.flush();
    }

    private void redraw(final long nowNs, final boolean force)
    {
        if (!terminal)
        {
            err.flush();
            return;
        }
        if (!force && nowNs - lastRedrawNs < REDRAW_NS)
        {
            return;
        }
        lastRedrawNs = nowNs;
        final StringBuilder status = new StringBuilder();
        status.append(experiment).append(' ').append(finished).append('/').append(runCount).append(" done");
        for (final Map.Entry<Integer, Running> entry : running.entrySet())
        {
            status.append(String.format(Locale.ROOT, " | [%d] %s %3.0f %%",
                entry.getKey() + 1, entry.getValue().label, 100.0 * entry.getValue().fraction));
        }
        final String text = status.length() > 150 ? status.substring(0, 150) : status.toString();
        err.print('\r' + text + " ".repeat(Math.max(0, statusLength - text.length())));
        statusLength = text.length();
        err.flush();
    }

    private void clearStatus()
    {
        if (terminal && statusLength > 0)
        {
            err.print('\r' + " ".repeat(statusLength) + '\r');
            statusLength = 0;
        }
    }

    private static final class Running
    {
        private final String label;
        private final long startNs;
        private long lastLineNs;
        private double fraction;

        Running(final String label, final long startNs)
        {
            this.label = label;
            this.startNs = startNs;
            this.lastLineNs = startNs;
        }
    }
}
