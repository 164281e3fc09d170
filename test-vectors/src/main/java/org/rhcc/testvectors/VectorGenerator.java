package org.rhcc.testvectors;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;

import org.rhcc.core.dcqcn.DcqcnParameters;

/**
 * Generates rhcc's shared test vectors from the Java core: the files the core's tests replay and the C PCC program
 * must reproduce. Deterministic: the same core gives the same bytes.
 * <p>
 * Usage: {@code java -cp <core+test-vectors classes> org.rhcc.testvectors.VectorGenerator [DIR]} (default
 * {@code test-vectors/v1}); see test-vectors/README.md for the Maven one-liner.
 */
public final class VectorGenerator
{
    /** Version directory of this vector format. */
    public static final String VERSION = "v1";

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
        final StringWriter probe = new StringWriter();
        new ProbeAckVectors(new CsvVectorWriter(probe), SEED).write();
        files.put("probe_ack.csv", probe.toString());

        final StringWriter iio = new StringWriter();
        new IioMbaVectors(new CsvVectorWriter(iio), SEED + 1).write();
        files.put("iio_mba.csv", iio.toString());

        final StringWriter nvidia = new StringWriter();
        new DcqcnVectors(new CsvVectorWriter(nvidia), DcqcnParameters.nvidia(DcqcnVectors.LINE_RATE_GBPS))
            .write("nvidia");
        files.put("dcqcn.csv", nvidia.toString());

        final StringWriter paper = new StringWriter();
        new DcqcnVectors(new CsvVectorWriter(paper), DcqcnParameters.paper(DcqcnVectors.LINE_RATE_GBPS))
            .write("paper");
        files.put("dcqcn_paper.csv", paper.toString());
        files.put("hostcc.csv", HostCcVectors.generate());
        return files;
    }

    /**
     * Writes the vectors.
     *
     * @param args optional output directory (default {@code test-vectors/v1}).
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
