package org.rhcc.multijvm;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.rhcc.cli.RhccCommand;

/**
 * One {@code rhcc node --role R --config FILE} in a child JVM, as an operator starts it: the test JVM's java and
 * classpath, Aeron's {@code --add-opens} flags and a small heap. Its stdout and stderr go, line by line, to
 * {@code <dir>/<name>.log}; its stderr lines are also kept apart, for the one line a failed start ends with.
 * {@link #close()} stops it with SIGTERM and kills it if it has not stopped within {@link #STOP_TIMEOUT}; a JVM
 * shutdown hook kills whatever node the test JVM leaves running.
 */
final class NodeProcess implements AutoCloseable
{
    /** Longest a node may take to stop after SIGTERM before it is killed. */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
    /** The line a node prints on stdout once it is Up in its cluster. */
    static final String UP_PREFIX = "rhcc node up: ";
    /**
     * Part of the line a node logs once it has started and begins its wait to join ({@code rhcc.node.join-timeout}).
     */
    static final String STARTED = "started with roles";
    /**
     * The JVM options the {@code ./rhcc} launcher gives {@code rhcc node} (collector, JIT; README, "Operating rhcc",
     * what an idle node costs), so that these nodes run what operators run, but for the compile thresholds where no
     * test measures an idle node ({@link #DEFAULT_COMPILE_THRESHOLDS}). The launcher lets a sim node keep C2
     * for its simulations; here it runs on C1 like the others, as these tests' nodes always did (their runs are a few
     * simulated ms, and two cores have no room for C2's compilations beside five nodes).
     */
    static final Path NODE_OPTIONS = Path.of("..", "conf", "jvm", "node.options");
    private static final List<String> JVM_FLAGS = List.of(
        "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-opens", "java.base/java.util.zip=ALL-UNNAMED",
        "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
        "-Xmx320m", "@" + NODE_OPTIONS.toAbsolutePath().normalize());
    /**
     * Appended to {@link #NODE_OPTIONS} unless a test measures a node as operated: the JDK's default compile
     * thresholds instead of the operators' fiftieth ({@code -XX:CompileThresholdScaling=0.02}), which moves the idle
     * paths' compilations into a node's start so that it rests afterwards. A test cluster's nodes live a few minutes
     * and do not measure their rest: at a fiftieth the client compiler used 37 % of the CPU of this module's nodes
     * (102 of 279 CPU-s in the default suite) and a node's start took 3.9 CPU-s instead of 2.4.
     */
    private static final String DEFAULT_COMPILE_THRESHOLDS = "-XX:CompileThresholdScaling=1";
    /**
     * The nodes' log configuration: this module's, which adds Pekko's membership and remoting lines to the format and
     * levels of actors' logback.xml.
     */
    private static final Path LOGBACK = Path.of("target", "test-classes", "logback-test.xml").toAbsolutePath();
    /**
     * The nodes' class path: the test JVM's without this module's own directories (tests and their resources; the
     * log configuration comes by {@link #LOGBACK}), so that in a packaged build it holds jars only and the nodes can
     * map {@link NodeClassArchive}.
     */
    private static final String CLASS_PATH = nodeClassPath();
    private static final int TAIL_LINES = 40;
    private static final long PUMP_JOIN_MS = 5_000;
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static
    {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(Process::destroyForcibly),
            "rhcc-node-process-reaper"));
    }

    private final String name;
    private final Path log;
    private final Process process;
    private final BufferedWriter logWriter;
    private final List<String> stderrLines = new ArrayList<>();
    private final CountDownLatch up = new CountDownLatch(1);
    private final Thread stdoutPump;
    private final Thread stderrPump;
    private final CompletableFuture<Void> exited;
    private volatile String upLine;
    private volatile long startedNs;
    private volatile long exitNs;
    private boolean logClosed;

    private NodeProcess(final String name, final Path log, final Process process) throws IOException
    {
        this.name = name;
        this.log = log;
        this.process = process;
        this.logWriter = Files.newBufferedWriter(log, StandardCharsets.UTF_8);
        this.exited = process.onExit().thenRun(() -> exitNs = System.nanoTime());
        this.stdoutPump = pump(process.getInputStream(), false);
        this.stderrPump = pump(process.getErrorStream(), true);
    }

    /**
     * Starts {@code rhcc node --role roles --config config} with its log in {@code <dir>/<logName>.log}.
     *
     * @param dir        directory of its log.
     * @param name       the node's name.
     * @param roles      its roles, comma-separated.
     * @param config     its configuration file.
     * @param logName    its log's name, without {@code .log}.
     * @param asOperated whether it runs with {@link #NODE_OPTIONS} alone, as operators run it (a test that measures
     *                   an idle node), rather than at the JDK's default compile thresholds.
     * @return the running process (not yet necessarily Up).
     */
    static NodeProcess start(final Path dir, final String name, final String roles, final Path config,
        final String logName, final boolean asOperated)
    {
        return start(dir, name, command(roles, config, asOperated), java.util.Map.of(), logName);
    }

    /**
     * @return the java command line of {@code rhcc node --role roles --config config} in a child JVM.
     */
    private static List<String> command(final String roles, final Path config, final boolean asOperated)
    {
        final List<String> command = javaCommand(asOperated);
        command.add(RhccCommand.class.getName());
        command.addAll(List.of("node", "--role", roles, "--config", config.toString()));
        return command;
    }

    private static String nodeClassPath()
    {
        final Path own = Path.of("target").toAbsolutePath();
        final Set<String> entries = new LinkedHashSet<>();
        for (final String property : List.of("java.class.path", "surefire.test.class.path"))
        {
            for (final String entry : System.getProperty(property, "").split(File.pathSeparator))
            {
                if (!entry.isEmpty() && !Path.of(entry).toAbsolutePath().startsWith(own))
                {
                    entries.add(entry);
                }
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /**
     * @return the JVM's flags and classpath every child JVM of these tests runs with, before its main class, at the
     * JDK's default compile thresholds.
     */
    static List<String> javaCommand()
    {
        return javaCommand(false);
    }

    /**
     * @param asOperated whether the JVM runs with {@link #NODE_OPTIONS} alone, as operators run a node.
     * @return the JVM's flags and classpath, before its main class.
     */
    private static List<String> javaCommand(final boolean asOperated)
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_FLAGS);
        if (!asOperated)
        {
            command.add(DEFAULT_COMPILE_THRESHOLDS);
        }
        command.add("-Dlogback.configurationFile=" + LOGBACK);
        command.addAll(NodeClassArchive.flags(command, CLASS_PATH));
        command.add("-cp");
        command.add(CLASS_PATH);
        return command;
    }

    /**
     * Starts a node from a command line of its own (e.g. a line of the README run by a shell that execs it).
     *
     * @param dir         directory of its log, and its working directory.
     * @param name        the node's name.
     * @param command     the command; its process must be the node's JVM (exec), so that signals reach it.
     * @param environment variables to add to the test JVM's.
     * @param logName     its log's name, without {@code .log}.
     * @return the running process (not yet necessarily Up).
     */
    static NodeProcess start(final Path dir, final String name, final List<String> command,
        final java.util.Map<String, String> environment, final String logName)
    {
        try
        {
            final ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
            builder.environment().putAll(environment);
            final Process process = builder.start();
            LIVE.add(process);
            return new NodeProcess(name, dir.resolve(logName + ".log"), process);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot start node " + name + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * Waits for the node's "rhcc node up" line.
     *
     * @param timeout longest wait.
     * @throws AssertionError with the log's tail if the node exits first or the time passes.
     */
    String awaitUp(final Duration timeout)
    {
        final long deadlineNs = System.nanoTime() + timeout.toNanos();
        try
        {
            while (!up.await(100, TimeUnit.MILLISECONDS))
            {
                if (!process.isAlive())
                {
                    joinPumps();
                    if (null != upLine)
                    {
                        break;
                    }
                    throw new AssertionError(name + " exited with " + process.exitValue() +
                        " before it was up; its log ends:\n" + logTail());
                }
                if (System.nanoTime() - deadlineNs > 0)
                {
                    throw new AssertionError(name + " was not up within " + timeout.toSeconds() + " s; its log " +
                        "ends:\n" + logTail());
                }
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for " + name, ex);
        }
        return upLine;
    }

    /**
     * Kills the node with SIGKILL.
     *
     * @return {@link System#nanoTime()} just before the signal was sent.
     */
    long kill9()
    {
        final long killNs = System.nanoTime();
        process.destroyForcibly();
        return killNs;
    }

    /**
     * Sends SIGTERM and waits {@link #STOP_TIMEOUT} for the node to exit.
     *
     * @return its exit code.
     * @throws AssertionError with the log's tail if it has not exited in time (it is then killed).
     */
    int stop()
    {
        return stop(STOP_TIMEOUT);
    }

    /**
     * Sends SIGTERM and waits for the node to exit.
     *
     * @param timeout longest wait.
     * @return its exit code.
     * @throws AssertionError with the log's tail if it has not exited in time (it is then killed).
     */
    int stop(final Duration timeout)
    {
        process.destroy();
        try
        {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS))
            {
                process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                throw new AssertionError(name + " did not stop within " + timeout.toSeconds() + " s of " +
                    "SIGTERM and was killed; its log ends:\n" + logTail());
            }
        }
        catch (final InterruptedException ex)
        {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted stopping " + name, ex);
        }
        joinPumps();
        return process.exitValue();
    }

    /**
     * Waits for the node to exit by itself.
     *
     * @param timeout longest wait.
     * @return its exit code.
     * @throws AssertionError with the log's tail if it still runs after the timeout.
     */
    int exitCode(final Duration timeout)
    {
        try
        {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS))
            {
                throw new AssertionError(name + " still runs after " + timeout.toSeconds() + " s; its log ends:\n" +
                    logTail());
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for " + name + " to exit", ex);
        }
        joinPumps();
        return process.exitValue();
    }

    /**
     * @return {@link System#nanoTime()} when the node's {@link #STARTED} line arrived (its join timeout runs from
     * there), or 0 if none has.
     */
    long startedNs()
    {
        return startedNs;
    }

    /**
     * @return {@link System#nanoTime()} when the process was seen to exit, or 0 while it runs.
     */
    long exitNs()
    {
        if (!process.isAlive())
        {
            exited.join();
        }
        return exitNs;
    }

    long pid()
    {
        return process.pid();
    }

    /**
     * @return true while the process runs.
     */
    boolean isAlive()
    {
        return process.isAlive();
    }

    String name()
    {
        return name;
    }

    /**
     * @return its log file (stdout and stderr).
     */
    Path log()
    {
        return log;
    }

    /**
     * @return every line of its log so far.
     */
    List<String> logLines()
    {
        synchronized (logWriter)
        {
            try
            {
                return Files.readAllLines(log, StandardCharsets.UTF_8);
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException("cannot read " + log, ex);
            }
        }
    }

    /**
     * @return the last lines of its log, one per line.
     */
    String logTail()
    {
        final List<String> lines = logLines();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
    }

    /**
     * @return its stderr lines so far.
     */
    List<String> stderrLines()
    {
        synchronized (stderrLines)
        {
            return List.copyOf(stderrLines);
        }
    }

    /**
     * Stops the node if it runs (SIGTERM, then SIGKILL after {@link #STOP_TIMEOUT}); never throws.
     */
    @Override
    public void close()
    {
        if (process.isAlive())
        {
            try
            {
                stop();
            }
            catch (final AssertionError ignore)
            {
                // killed: close() only has to leave nothing running
            }
        }
        joinPumps();
        LIVE.remove(process);
        synchronized (logWriter)
        {
            logClosed = true;
            try
            {
                logWriter.close();
            }
            catch (final IOException ignore)
            {
                // every line was flushed when written
            }
        }
    }

    @Override
    public String toString()
    {
        return name + " (pid " + process.pid() + ")";
    }

    private Thread pump(final InputStream in, final boolean stderr)
    {
        final Thread thread = new Thread(() ->
        {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)))
            {
                String line;
                while (null != (line = reader.readLine()))
                {
                    write(line, stderr);
                }
            }
            catch (final IOException ignore)
            {
                // the process is gone
            }
        }, "rhcc-node-" + name + (stderr ? "-stderr" : "-stdout"));
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private void write(final String line, final boolean stderr)
    {
        if (0 == startedNs && line.contains(STARTED))
        {
            // logged on stdout or stderr, as the node's logging is configured
            startedNs = System.nanoTime();
        }
        synchronized (logWriter)
        {
            if (logClosed)
            {
                return;
            }
            try
            {
                logWriter.write(line);
                logWriter.newLine();
                logWriter.flush();
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException("cannot write " + log, ex);
            }
        }
        if (stderr)
        {
            synchronized (stderrLines)
            {
                stderrLines.add(line);
            }
        }
        else if (line.startsWith(UP_PREFIX) && null == upLine)
        {
            upLine = line;
            up.countDown();
        }
    }

    private void joinPumps()
    {
        try
        {
            stdoutPump.join(PUMP_JOIN_MS);
            stderrPump.join(PUMP_JOIN_MS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
