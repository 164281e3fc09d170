package org.rhcc.testvectors;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VectorFilesAreCurrentTest
{
    @Test
    void shouldMatchWhatTheCoreGeneratesByteForByte() throws IOException
    {
        for (final Map.Entry<String, String> file : VectorGenerator.generate().entrySet())
        {
            final String committed = Files.readString(VectorFile.dir().resolve(file.getKey()));
            assertEquals(committed, file.getValue(), file.getKey() + " differs from the core's output: the core " +
                "changed behaviour; if intended, bump the vector version and regenerate (test-vectors/README.md)");
        }
    }

    @Test
    void shouldCoverNormalStepOscillatingExtremeAndMalformedInputs()
    {
        final VectorFile probe = VectorFile.read("probe_ack.csv");
        for (final String name : new String[]{ "normal", "step", "oscillating", "extreme", "wrap", "malformed" })
        {
            assertTrue(probe.rows.stream().anyMatch(r -> r.get("case").equals(name)), "probe_ack.csv case " + name);
        }
        assertTrue(probe.rows.stream().anyMatch(r -> r.get("status").equals("negative_delay")));
        assertTrue(probe.rows.stream().anyMatch(r -> r.get("status").equals("bad_rate")));
        assertTrue(probe.rows.stream().anyMatch(r -> r.get("r_cc_gbps").equals("0.0")));
        assertTrue(probe.rows.stream().anyMatch(r -> Long.parseLong(r.get("t_resp_ns")) <
            Long.parseLong(r.get("t_recv_ns")) && r.get("status").equals("ok")), "a wrapped timestamp pair");
        final VectorFile iio = VectorFile.read("iio_mba.csv");
        assertTrue(iio.rows.stream().anyMatch(r -> r.get("level_local").equals("5")), "cascade reaches its floor");
        assertTrue(iio.rows.stream().anyMatch(r -> r.get("i_sample").equals("NaN")));
    }
}
