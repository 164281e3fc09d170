package org.rhcc.nativeio.failsafe;

import org.rhcc.nativeio.resctrl.LinuxResctrlFs;
import org.rhcc.nativeio.resctrl.ResctrlFs;
import org.rhcc.nativeio.sys.SysFiles;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * A small separate process that restores 100 % memory bandwidth to rhcc's resctrl groups when the controller stops
 * beating or dies (SIGKILL, OOM killer, JVM crash), the cases a shutdown hook cannot cover (docs/platform.md
 * §5.2).
 * <p>
 * It watches a heartbeat file written by {@link HeartbeatWriter}. States: {@link State#WAITING} until a first beat is
 * seen; {@link State#ARMED} while beats keep changing the file and the controller's pid is alive (checked through
 * {@code /proc/<pid>/stat}, with its start time, so a reused pid is not mistaken for the controller); it trips when
 * the file has not changed for the timeout (measured on this process's monotonic clock, immune to wall-clock
 * jumps), when the pid is gone or a zombie, or when the file is removed. Tripping runs {@link ResctrlFailsafe}
 * ({@link RestoreAction#RESET} or {@link RestoreAction#RMDIR}); a failed restore is retried on every poll. After a
 * restore it re-arms when a new controller starts beating (unless told to exit).
 * <p>
 * {@link #poll(long)} is one deterministic step for tests; {@link #run()} loops on the real clock.
 */
public final class FailsafeWatchdog
{
    /**
     * Watchdog state.
     */
    public enum State
    {
        /** No heartbeat seen yet. */
        WAITING,
        /** Controller beating and alive. */
        ARMED,
        /** Tripped and restored (or restoring: see {@link #restorePending()}). */
        RESTORED
    }

    /**
     * Configuration.
     */
    public static final class Context
    {
        private Path heartbeatFile;
        private long timeoutMs = 1_000;
        private long pollMs = -1;
        private ResctrlFs fs = new LinuxResctrlFs(LinuxResctrlFs.DEFAULT_ROOT);
        private List<String> groups = List.of("rhcc-local", "rhcc-xnuma");
        private RestoreAction action = RestoreAction.RESET;
        private Path procRoot = Path.of("/proc");
        private boolean exitAfterRestore;
        private PrintStream log = System.err;
        private LongSupplier nanoClock = System::nanoTime;

        /**
         * @param heartbeatFile the file the controller's {@link HeartbeatWriter} writes.
         * @return this.
         */
        public Context heartbeatFile(final Path heartbeatFile)
        {
            this.heartbeatFile = heartbeatFile;
            return this;
        }

        /**
         * @param timeoutMs trip when the heartbeat has not changed for this long.
         * @return this.
         */
        public Context timeoutMs(final long timeoutMs)
        {
            this.timeoutMs = timeoutMs;
            return this;
        }

        /**
         * @param pollMs poll period; default a quarter of the timeout, between 10 and 100 ms.
         * @return this.
         */
        public Context pollMs(final long pollMs)
        {
            this.pollMs = pollMs;
            return this;
        }

        /**
         * @param fs the resctrl tree.
         * @return this.
         */
        public Context fs(final ResctrlFs fs)
        {
            this.fs = fs;
            return this;
        }

        /**
         * @param groups the rhcc group names to restore.
         * @return this.
         */
        public Context groups(final List<String> groups)
        {
            this.groups = List.copyOf(groups);
            return this;
        }

        /**
         * @param action reset the schemata or remove the groups.
         * @return this.
         */
        public Context action(final RestoreAction action)
        {
            this.action = action;
            return this;
        }

        /**
         * @param procRoot usually {@code /proc}.
         * @return this.
         */
        public Context procRoot(final Path procRoot)
        {
            this.procRoot = procRoot;
            return this;
        }

        /**
         * @param exitAfterRestore true to make {@link #run()} return after the first successful restore.
         * @return this.
         */
        public Context exitAfterRestore(final boolean exitAfterRestore)
        {
            this.exitAfterRestore = exitAfterRestore;
            return this;
        }

        /**
         * @param log where events are reported (stderr, i.e. the journal, by default).
         * @return this.
         */
        public Context log(final PrintStream log)
        {
            this.log = log;
            return this;
        }

        /**
         * @param nanoClock monotonic clock for {@link #run()}.
         * @return this.
         */
        public Context nanoClock(final LongSupplier nanoClock)
        {
            this.nanoClock = nanoClock;
            return this;
        }

        /**
         * @return the effective poll period in ms.
         */
        public long effectivePollMs()
        {
            return pollMs > 0 ? pollMs : Math.max(10, Math.min(100, timeoutMs / 4));
        }

        void conclude()
        {
            if (null == heartbeatFile)
            {
                throw new IllegalArgumentException("the watchdog needs a heartbeat file (--heartbeat FILE)");
            }
            if (timeoutMs <= 0)
            {
                throw new IllegalArgumentException("--timeout-ms must be > 0, got " + timeoutMs);
            }
            if (groups.isEmpty())
            {
                throw new IllegalArgumentException("the watchdog needs at least one resctrl group (--groups)");
            }
            if (!Files.isDirectory(heartbeatFile.toAbsolutePath().getParent()))
            {
                throw new IllegalArgumentException("directory of heartbeat file " + heartbeatFile +
                    " does not exist: create it (e.g. RuntimeDirectory=rhcc in the unit)");
            }
        }
    }

    private final Context ctx;
    private final long timeoutNs;
    private State state = State.WAITING;
    private String lastContent;
    private long lastChangeNs;
    private Heartbeat heartbeat;
    private boolean restorePending;
    private int restores;
    private volatile boolean running = true;

    /**
     * @param ctx configuration.
     */
    public FailsafeWatchdog(final Context ctx)
    {
        ctx.conclude();
        this.ctx = ctx;
        this.timeoutNs = ctx.timeoutMs * 1_000_000L;
    }

    /**
     * One step: read the heartbeat, update the state, restore if the controller is gone.
     *
     * @param nowNs this process's monotonic time.
     * @return the state after the step.
     */
    public State poll(final long nowNs)
    {
        final String content = SysFiles.readTrimmedOrNull(ctx.heartbeatFile);
        if (null == content)
        {
            if (state == State.ARMED)
            {
                trip("heartbeat file " + ctx.heartbeatFile + " was removed: the controller stopped");
            }
        }
        else if (!content.equals(lastContent))
        {
            final boolean first = null == lastContent;
            lastContent = content;
            lastChangeNs = nowNs;
            heartbeat = Heartbeat.parse(content);
            if (state != State.ARMED)
            {
                state = State.ARMED;
                ctx.log.println("rhcc failsafe: " + (first ? "armed" : "re-armed") + " on " + ctx.heartbeatFile +
                    (null == heartbeat ? " (unrecognised content, timeout only)" : " (controller pid " +
                    heartbeat.pid() + ")") + ", timeout " + ctx.timeoutMs + " ms, action " + ctx.action);
            }
        }
        if (state == State.ARMED)
        {
            if (null != heartbeat && !ProcessLiveness.isAlive(ctx.procRoot, heartbeat.pid(), heartbeat.startTime()))
            {
                trip("controller pid " + heartbeat.pid() + " is gone");
            }
            else if (nowNs - lastChangeNs > timeoutNs)
            {
                trip("no heartbeat for " + (nowNs - lastChangeNs) / 1_000_000 + " ms (timeout " + ctx.timeoutMs +
                    " ms)");
            }
        }
        else if (state == State.RESTORED && restorePending)
        {
            restore();
        }
        return state;
    }

    private void trip(final String why)
    {
        state = State.RESTORED;
        ctx.log.println("rhcc failsafe: " + why + ": restoring full memory bandwidth to " + ctx.groups);
        restore();
    }

    private void restore()
    {
        final List<String> report = ResctrlFailsafe.restore(ctx.fs, ctx.groups, ctx.action);
        for (final String line : report)
        {
            ctx.log.println("rhcc failsafe:   " + line);
        }
        restorePending = !ResctrlFailsafe.succeeded(report);
        if (!restorePending)
        {
            restores++;
        }
    }

    public State state()
    {
        return state;
    }

    /**
     * @return true if the last restore failed and is being retried.
     */
    public boolean restorePending()
    {
        return restorePending;
    }

    /**
     * @return number of successful restores.
     */
    public int restores()
    {
        return restores;
    }

    /**
     * Polls until {@link #stop()} (or, with exit-after-restore, until the first successful restore).
     *
     * @return 0 after a successful restore or a stop, 1 if stopped while a restore was still failing.
     */
    public int run()
    {
        final long pollNs = ctx.effectivePollMs() * 1_000_000L;
        ctx.log.println("rhcc failsafe: watching " + ctx.heartbeatFile + " for " + ctx.groups + " under " +
            ctx.fs.root() + " (poll " + ctx.effectivePollMs() + " ms)");
        while (running)
        {
            final State s = poll(ctx.nanoClock.getAsLong());
            if (ctx.exitAfterRestore && s == State.RESTORED && !restorePending)
            {
                return 0;
            }
            LockSupport.parkNanos(pollNs);
        }
        return restorePending ? 1 : 0;
    }

    /**
     * Makes {@link #run()} return after its current poll.
     */
    public void stop()
    {
        running = false;
    }
}
