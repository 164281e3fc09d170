package org.rhcc.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.rhcc.nativeio.failsafe.FailsafeMain;
import org.rhcc.nativeio.failsafe.FailsafeWatchdog;
import org.rhcc.nativeio.failsafe.ResctrlFailsafe;
import org.rhcc.nativeio.failsafe.RestoreAction;
import org.rhcc.nativeio.resctrl.LinuxResctrlFs;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc failsafe}: the MBA watchdog. Watches the receiver controller's heartbeat file and restores 100 %
 * memory bandwidth to rhcc's resctrl groups when the beats stop or the controller dies (SIGKILL, OOM killer, JVM
 * crash). With {@code --reset-now} it restores once and exits (for {@code ExecStopPost=}). A thin wrapper around
 * {@link FailsafeWatchdog} and {@link ResctrlFailsafe}; exit 0 restored or stopped, 1 a restore failed.
 */
@Command(
    name = "failsafe",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Watchdog: restores 100 %% memory bandwidth to rhcc's resctrl groups when the controller's "
        + "heartbeat stops or its process dies. --reset-now restores once and exits.")
public final class FailsafeCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--heartbeat", paramLabel = "FILE",
        description = "Heartbeat file the receiver controller writes (required unless --reset-now).")
    private Path heartbeat;

    @Option(names = "--timeout-ms", paramLabel = "MS", defaultValue = "1000",
        description = "Restore when the heartbeat has not changed for this long (default: ${DEFAULT-VALUE}).")
    private long timeoutMs;

    @Option(names = "--poll-ms", paramLabel = "MS", defaultValue = "-1",
        description = "Poll period (default: a quarter of the timeout, 10..100 ms).")
    private long pollMs;

    @Option(names = "--resctrl-root", paramLabel = "DIR", defaultValue = "/sys/fs/resctrl",
        description = "resctrl mount point (default: ${DEFAULT-VALUE}).")
    private Path resctrlRoot;

    @Option(names = "--groups", paramLabel = "NAME,...", split = ",", defaultValue = "rhcc-local,rhcc-xnuma",
        description = "rhcc's resctrl groups (default: ${DEFAULT-VALUE}).")
    private List<String> groups;

    @Option(names = "--action", paramLabel = "reset|rmdir", defaultValue = "reset",
        description = "reset: write 100 %% to every domain of each group; rmdir: remove the groups "
            + "(default: ${DEFAULT-VALUE}).")
    private String action;

    @Option(names = "--proc-root", paramLabel = "DIR", defaultValue = "/proc",
        description = "procfs root, for the controller's liveness (default: ${DEFAULT-VALUE}).")
    private Path procRoot;

    @Option(names = "--exit-after-restore", description = "Exit after the first successful restore.")
    private boolean exitAfterRestore;

    @Option(names = "--reset-now", description = "Restore once now and exit (no heartbeat needed).")
    private boolean resetNow;

    @Override
    public Integer call()
    {
        final RestoreAction restoreAction;
        try
        {
            restoreAction = FailsafeMain.action(action);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UsageException(ex.getMessage(), ex);
        }
        final LinuxResctrlFs fs = new LinuxResctrlFs(resctrlRoot);
        if (resetNow)
        {
            final PrintWriter out = spec.commandLine().getOut();
            final List<String> report = ResctrlFailsafe.restore(fs, groups, restoreAction);
            report.forEach((line) -> out.println("rhcc failsafe: " + line));
            out.flush();
            return ResctrlFailsafe.succeeded(report) ? RhccCommand.EXIT_OK : RhccCommand.EXIT_FAILURE;
        }
        if (null == heartbeat)
        {
            throw new UsageException("give --heartbeat FILE (the controller's heartbeat) or --reset-now");
        }
        final FailsafeWatchdog watchdog;
        try
        {
            watchdog = new FailsafeWatchdog(new FailsafeWatchdog.Context().heartbeatFile(heartbeat)
                .timeoutMs(timeoutMs).pollMs(pollMs).fs(fs).groups(groups).action(restoreAction)
                .procRoot(procRoot).exitAfterRestore(exitAfterRestore));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UsageException(ex.getMessage(), ex);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(watchdog::stop, "rhcc-failsafe-stop"));
        return watchdog.run() == 0 ? RhccCommand.EXIT_OK : RhccCommand.EXIT_FAILURE;
    }
}
