package org.rhcc.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The JDK's {@code keytool}, run as a child process from the {@code java.home} of this JVM (it ships with every JDK),
 * in a given directory. Passwords go on its command line ({@code -storepass}), so the files it makes are only ever
 * written into a directory that only this user may enter ({@link ClusterCertificates}). A run of keytool is almost all
 * JVM start-up, so its JVM runs with the client compiler only and the serial collector ({@link #JVM_OPTIONS}): that
 * halves its CPU time, and {@code rhcc certs} runs it five times per node.
 */
final class Keytool
{
    private static final long TIMEOUT_S = 60;
    /** Options of keytool's own JVM: C1 only (C2 never pays off in a run this short) and the serial collector. */
    static final List<String> JVM_OPTIONS = List.of("-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC");

    private final Path dir;

    /**
     * @param dir the working directory of every run.
     */
    Keytool(final Path dir)
    {
        this.dir = dir;
    }

    /**
     * Runs keytool with the arguments and waits for it.
     *
     * @param args its arguments, e.g. {@code -genkeypair -alias ca ...}.
     * @throws IllegalStateException with keytool's own output when it fails.
     */
    void run(final String... args)
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(List.of(args));
        try
        {
            final Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .start();
            process.getOutputStream().close();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(TIMEOUT_S, TimeUnit.SECONDS) || process.exitValue() != 0)
            {
                process.destroyForcibly();
                throw new IllegalStateException("keytool " + args[0] + " failed: " + output.strip()
                    .replace('\n', ' '));
            }
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot run " + command.get(0) + " (" + ex.getMessage() + "): run rhcc " +
                "on a JDK, which ships keytool", ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while keytool ran", ex);
        }
    }
}
