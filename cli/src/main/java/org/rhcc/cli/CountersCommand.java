package org.rhcc.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import io.aeron.CncFileDescriptor;
import org.agrona.DirectBuffer;
import org.agrona.IoUtil;
import org.agrona.concurrent.status.CountersReader;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc counters --work-dir DIR | --aeron-dir DIR}: what AeronStat shows, from the jar: every counter of a
 * running node's media driver (the driver's own, and rhcc's agent, journal and control-plane counters,
 * docs/design.md §7 "Counters"), read from its {@code cnc.dat} without connecting to the driver, one line each: id,
 * value, label.
 */
@Command(
    name = "counters",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Prints the Aeron counters of running nodes (like AeronStat): id, value and label of each.")
public final class CountersCommand implements Callable<Integer>
{
    @Option(names = "--work-dir", paramLabel = "DIR",
        description = "A node's rhcc.work-dir: every driver directory (aeron-<pid>-<n>) of a running process in it.")
    private Path workDir;

    @Option(names = "--aeron-dir", paramLabel = "DIR", description = "One driver directory (it holds cnc.dat).")
    private Path aeronDir;

    @Spec
    private picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException
    {
        if ((null == workDir) == (null == aeronDir))
        {
            throw new UsageException("give either --work-dir (a node's rhcc.work-dir) or --aeron-dir (a driver " +
                "directory with cnc.dat)");
        }
        final List<Path> dirs = new ArrayList<>();
        if (null != aeronDir)
        {
            dirs.add(aeronDir);
        }
        else
        {
            if (!Files.isDirectory(workDir))
            {
                throw new UsageException("--work-dir " + workDir + " is not a directory");
            }
            try (Stream<Path> entries = Files.list(workDir))
            {
                entries.filter((d) -> d.getFileName().toString().startsWith("aeron-") &&
                    Files.exists(d.resolve(CncFileDescriptor.CNC_FILE))).sorted().forEach(dirs::add);
            }
            if (dirs.isEmpty())
            {
                throw new UsageException("no driver directory (aeron-<pid>-<n> with cnc.dat) in " + workDir +
                    ": is a node running with this rhcc.work-dir?");
            }
        }
        final PrintWriter out = spec.commandLine().getOut();
        for (final Path dir : dirs)
        {
            print(dir, out);
        }
        out.flush();
        return RhccCommand.EXIT_OK;
    }

    private static void print(final Path dir, final PrintWriter out)
    {
        final Path cnc = dir.resolve(CncFileDescriptor.CNC_FILE);
        if (!Files.isRegularFile(cnc))
        {
            throw new UsageException(dir + " has no " + CncFileDescriptor.CNC_FILE + ": not a running driver's " +
                "directory");
        }
        final MappedByteBuffer mapped = IoUtil.mapExistingFile(cnc.toFile(), "cnc");
        try
        {
            final DirectBuffer meta = CncFileDescriptor.createMetaDataBuffer(mapped);
            final int version = meta.getInt(CncFileDescriptor.cncVersionOffset(0));
            if (0 == version)
            {
                throw new UsageException(cnc + " is not ready (a driver starting, or one that crashed)");
            }
            CncFileDescriptor.checkVersion(version);
            final long pid = CncFileDescriptor.pid(meta);
            out.println("# " + dir + " (driver pid " + pid + (ProcessHandle.of(pid).map(ProcessHandle::isAlive)
                .orElse(false) ? "" : ", NOT RUNNING") + ")");
            final CountersReader reader = new CountersReader(
                CncFileDescriptor.createCountersMetaDataBuffer(mapped, meta),
                CncFileDescriptor.createCountersValuesBuffer(mapped, meta));
            reader.forEach((counterId, typeId, keyBuffer, label) ->
                out.printf("%3d: %,20d - %s%n", counterId, reader.getCounterValue(counterId), label));
        }
        catch (final IllegalStateException ex)
        {
            throw new UsageException(cnc + ": " + ex.getMessage());
        }
        finally
        {
            IoUtil.unmap(mapped);
        }
    }
}
