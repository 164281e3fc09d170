package org.rhcc.testvectors;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.rhcc.core.dcqcn.DcqcnParameters;
import org.rhcc.core.sender.SenderGate;

/**
 * Generates rhcc's shared test vectors from the Java core: the files the core's tests replay and the C PCC program
 * must reproduce. Deterministic: the same core gives the same bytes.
 * <p>
 * Usage: {@code java -cp <core+test-vectors classes> org.rhcc.testvectors.VectorGenerator [DIR]} (default
 * {@code test-vectors/}{@link #VERSION}); see test-vectors/README.md for the Maven one-liner.
 */
public final class VectorGenerator
{
    /** Version directory of this vector format. */
    public static final String VERSION = "v4";

    private static final double LINE_GBPS = DcqcnVectors.LINE_RATE_GBPS;

    private static final long SEED = 20_250_301L;

    private VectorGenerator()
    {
    }

    /**
     * @return every vector file of this version, by file name, in a fixed order.
     */
    public static Map<String, String> generate()
    {
        final Map<String, String> files = new LinkedHashMap<>();
        add(files, "probe_ack.csv", out -> new ProbeAckVectors(out, SEED, SenderGate.NONE).write());
        add(files, "probe_ack_gated.csv", out -> new ProbeAckVectors(out, SEED, SenderGate.RECEIVER).write());
        add(files, "probe_ack_hostcc_emulated.csv",
            out -> new ProbeAckVectors(out, SEED, SenderGate.INCREASE_INTERVAL).write());
        add(files, "iio_mba.csv", out -> new IioMbaVectors(out, SEED + 1).write());
        add(files, "dcqcn.csv", out -> new DcqcnVectors(out, DcqcnParameters.nvidia(LINE_GBPS)).write("nvidia"));
        add(files, "dcqcn_paper.csv", out -> new DcqcnVectors(out, DcqcnParameters.paper(LINE_GBPS)).write("paper"));
        files.put("hostcc.csv", HostCcVectors.generate());
        return files;
    }

    private static void add(final Map<String, String> files, final String name, final Consumer<CsvVectorWriter> write)
    {
        final StringWriter text = new StringWriter();
        write.accept(new CsvVectorWriter(text));
        files.put(name, text.toString());
    }

    /**
     * Writes the vectors.
     *
     * @param args optional output directory (default {@code test-vectors/}{@link #VERSION}).
     * @throws IOException if a file cannot be written.
     */
    public static void main(final String[] args) throws IOException
    {
        final Path dir = Paths.get(args.length > 0 ? args[0] : "test-vectors/" + VERSION);
        Files.createDirectories(dir);
        for (final Map.Entry<String, String> file : generate().entrySet())
        {
            final Path path = dir.resolve(file.getKey());
            Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            System.out.println("wrote " + path + " (" + file.getValue().lines().count() + " lines)");
        }
    }
}
