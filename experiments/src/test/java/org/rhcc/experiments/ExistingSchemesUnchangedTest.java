package org.rhcc.experiments;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.ResultJson;
import org.rhcc.sim.SimParameters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A change that is not meant to move the simulator's results does not move them: the schemes that ran before HPCC and
 * Swift joined the simulator give the same JSON, byte for byte, as the reference files, which were written by
 * {@code rhcc experiment NAME --seed 7 --warmup-ms 1 --duration-ms 1 --scheme
 * dcqcn,rhcc,hostcc,rnic-only,cpu-only,hostcc-5level} with the code of the commit that last changed the model on
 * purpose (the last commit of the files in {@code src/test/resources/golden/}; docs/model.md records why it moved).
 * This test runs the same request on the current code.
 */
class ExistingSchemesUnchangedTest
{
    private static final List<String> EXISTING_SCHEMES =
        List.of("dcqcn", "rhcc", "hostcc", "rnic-only", "cpu-only", "hostcc-5level");

    @ParameterizedTest
    @ValueSource(strings = { "congestion", "incast" })
    void shouldWriteTheSameJsonAsBeforeForTheExistingSchemes(final String experiment) throws IOException
    {
        final SimParameters base = SimParameters.calibrated();
        final ExperimentRequest request = new ExperimentRequest(experiment, 7L, 1.0, 1.0, EXISTING_SCHEMES, Map.of());
        final Map.Entry<Experiment, ExperimentSettings> resolved =
            request.resolve(base).entrySet().iterator().next();
        final ExperimentResult result =
            new ExperimentRunner(base, 2, RunListener.NONE).run(resolved.getKey(), resolved.getValue());

        assertEquals(reference(experiment), ResultJson.toJson(result));
    }

    private static String reference(final String experiment) throws IOException
    {
        try (InputStream in = ExistingSchemesUnchangedTest.class.getResourceAsStream(
            "/golden/" + experiment + "-reference.json"))
        {
            assertNotNull(in, "missing reference JSON for " + experiment);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
