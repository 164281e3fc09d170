package org.rhcc.multijvm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.rhcc.cli.RhccCommand;
import org.rhcc.transport.auth.FrameKey;

/**
 * A class-data-sharing archive of the classes a node loads as it starts, made once per build and mapped by every
 * node JVM these tests start (JDK 17's dynamic AppCDS, JEP 350): the classes are parsed and verified once instead of
 * in every node. On two cores a node's start is CPU the other nodes of the same cluster and the other test classes'
 * clusters wait for: a node with every role took 3.5-3.7 CPU-s to be up without the archive and 2.1-2.4 with it.
 * <p>
 * The archive is made by one training node (every role, the single-host profile) that starts, comes up and stops
 * with SIGTERM, under a file lock that the parallel test JVMs share, so the first to need it makes it and the others
 * wait. The JDK maps an archive only on the class path it was made with, and only from jar files: when the modules
 * are directories (a build that has not packaged them), nodes start without one; and it refuses an archive older than
 * the jars, so a build that wrote a jar since the archive was made makes it again.
 */
final class NodeClassArchive
{
    private static final Path ARCHIVE = RunDirectory.ROOT.resolve("node-classes.jsa").toAbsolutePath();
    private static final Path LOCK = RunDirectory.ROOT.resolve("node-classes.lock").toAbsolutePath();
    private static final Duration TRAINING_TIMEOUT = Duration.ofMinutes(2);
    private static List<String> flags;

    private NodeClassArchive()
    {
    }

    /**
     * @param javaCommand the java command and its options up to the class path, without the main class.
     * @param classPath   the nodes' class path.
     * @return the options that map the archive ({@code -XX:SharedArchiveFile=...}), made first if this build has none;
     * empty when the class path holds a directory.
     */
    static synchronized List<String> flags(final List<String> javaCommand, final String classPath)
    {
        if (null == flags)
        {
            flags = jarsOnly(classPath) ? List.of("-XX:SharedArchiveFile=" + ensure(javaCommand, classPath)) :
                List.of();
        }
        return flags;
    }

    private static boolean jarsOnly(final String classPath)
    {
        for (final String entry : classPath.split(java.io.File.pathSeparator))
        {
            if (Files.isDirectory(Path.of(entry)))
            {
                return false;
            }
        }
        return true;
    }

    /**
     * @return whether a jar of the class path was written after the archive (a build since the last one's tests): the
     * JDK would refuse the archive, so it is made again.
     */
    private static boolean olderThanAJar(final String classPath) throws IOException
    {
        final FileTime archived = Files.getLastModifiedTime(ARCHIVE);
        for (final String entry : classPath.split(java.io.File.pathSeparator))
        {
            final Path jar = Path.of(entry);
            if (Files.exists(jar) && Files.getLastModifiedTime(jar).compareTo(archived) > 0)
            {
                return true;
            }
        }
        return false;
    }

    private static Path ensure(final List<String> javaCommand, final String classPath)
    {
        try
        {
            Files.createDirectories(RunDirectory.ROOT);
            try (FileChannel channel = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE))
            {
                final FileLock lock = channel.lock();
                try
                {
                    if (!Files.exists(ARCHIVE) || olderThanAJar(classPath))
                    {
                        train(javaCommand, classPath);
                    }
                }
                finally
                {
                    lock.release();
                }
            }
            return ARCHIVE;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot make the node class archive " + ARCHIVE, ex);
        }
    }

    /**
     * Starts a node with every role under {@code -XX:ArchiveClassesAtExit}, waits for it to be up, stops it with
     * SIGTERM (the JVM writes the archive as it exits) and moves the archive into place.
     */
    private static void train(final List<String> javaCommand, final String classPath) throws IOException
    {
        final Path dir = RunDirectory.create("node-class-archive");
        final Path frameKey = dir.resolve("frame.key");
        FrameKey.random().writeNew(frameKey);
        final Path config = dir.resolve("training.conf");
        Files.writeString(config, String.join("\n",
            "include classpath(\"profiles/single-host.conf\")",
            "pekko.remote.artery.canonical.port = " + new FreePorts().tcp("127.0.0.1"),
            "rhcc.security.frame-key-file = \"" + frameKey + "\"",
            "rhcc.work-dir = \"" + dir.resolve("work") + "\"", ""));
        final Path written = dir.resolve("node-classes.jsa");
        final List<String> command = new ArrayList<>(javaCommand);
        command.add("-XX:ArchiveClassesAtExit=" + written);
        command.add("-cp");
        command.add(classPath);
        command.add(RhccCommand.class.getName());
        command.addAll(List.of("node", "--role", "sim,receiver,sender", "--config", config.toString()));
        final NodeProcess node = NodeProcess.start(dir, "training", command, Map.of(), "training");
        try
        {
            node.awaitUp(TRAINING_TIMEOUT);
        }
        finally
        {
            node.stop(TRAINING_TIMEOUT);
        }
        if (!Files.exists(written))
        {
            throw new IllegalStateException("the training node wrote no class archive: see " + dir + "/training.log");
        }
        Files.move(written, ARCHIVE, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
