package org.rhcc.experiments;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.scheme.SchemeRegistry;
import org.rhcc.sim.SimParameters;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParameterOverridesTest
{
    private static final SimParameters CALIBRATED = SimParameters.calibrated();

    @Test
    void shouldReplaceANestedValueAndKeepEverythingElse()
    {
        final SimParameters changed = ParameterOverrides.apply(CALIBRATED, "io.creditsLines", "92");

        assertEquals(92, changed.io().creditsLines());
        assertEquals(CALIBRATED.io().llcLatencyNs(), changed.io().llcLatencyNs());
        assertSame(CALIBRATED.dram(), changed.dram());
        assertEquals(CALIBRATED.io().creditsLines(), SimParameters.calibrated().io().creditsLines());
    }

    @Test
    void shouldParseTopLevelNumbersBooleansAndArrays()
    {
        assertEquals(4.0, ParameterOverrides.apply(CALIBRATED, "stepNs", "4").stepNs());
        assertFalse(ParameterOverrides.apply(CALIBRATED, "io.ddio", "false").io().ddio());
        assertArrayEquals(new double[]{ 0.0, 10.0, 50.0, 100.0, 200.0 },
            ParameterOverrides.apply(CALIBRATED, "mba.delayNs", "0, 10, 50, 100, 200").mba().delayNs());
    }

    @Test
    void shouldNameTheGroupAndItsComponentsForAnUnknownPath()
    {
        final UserInputException ex = assertThrows(UserInputException.class,
            () -> ParameterOverrides.apply(CALIBRATED, "io.credits", "92"));

        assertTrue(ex.getMessage().contains("unknown parameter 'io.credits'"), ex.getMessage());
        assertTrue(ex.getMessage().contains("creditsLines"), ex.getMessage());
    }

    @Test
    void shouldRejectBadValuesWithTheReason()
    {
        final UserInputException notANumber = assertThrows(UserInputException.class,
            () -> ParameterOverrides.apply(CALIBRATED, "io.creditsLines", "many"));
        final UserInputException notABoolean = assertThrows(UserInputException.class,
            () -> ParameterOverrides.apply(CALIBRATED, "io.ddio", "yes"));
        final UserInputException group = assertThrows(UserInputException.class,
            () -> ParameterOverrides.apply(CALIBRATED, "io", "1"));
        final UserInputException outOfRange = assertThrows(UserInputException.class,
            () -> ParameterOverrides.apply(CALIBRATED, "stepNs", "50"));

        assertTrue(notANumber.getMessage().contains("is not a whole number"), notANumber.getMessage());
        assertTrue(notABoolean.getMessage().contains("true or false"), notABoolean.getMessage());
        assertTrue(group.getMessage().contains("is a group"), group.getMessage());
        assertTrue(outOfRange.getMessage().contains("rejected"), outOfRange.getMessage());
    }

    @Test
    void shouldListEveryLeafWithItsValue()
    {
        final Map<String, String> leaves = ParameterOverrides.leaves(CALIBRATED);

        assertEquals("5.0", leaves.get("stepNs"));
        assertEquals(Integer.toString(CALIBRATED.io().creditsLines()), leaves.get("io.creditsLines"));
        assertTrue(ParameterOverrides.isLeafPath(CALIBRATED, "telemetry.iioReadLatencyNs"));
        assertFalse(ParameterOverrides.isLeafPath(CALIBRATED, "telemetry"));
        assertFalse(ParameterOverrides.isLeafPath(CALIBRATED, "ithr"));
        assertTrue(leaves.keySet().stream().allMatch((path) -> ParameterOverrides.isLeafPath(CALIBRATED, path)));
    }

    @Test
    void shouldChangeADependentPairTogether()
    {
        // each of these alone breaks a check against the calibrated value of another (wpqHighLines <= wpqLines,
        // wpqLowLines < wpqHighLines); together they are consistent
        final Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put("dram.wpqHighLines", "44");
        overrides.put("dram.wpqLowLines", "40");
        overrides.put("dram.wpqLines", "48");
        overrides.put("io.creditsLines", "92");

        final SimParameters changed = ParameterOverrides.applyAll(CALIBRATED, overrides);

        assertEquals(48, changed.dram().wpqLines());
        assertEquals(44, changed.dram().wpqHighLines());
        assertEquals(40, changed.dram().wpqLowLines());
        assertEquals(92, changed.io().creditsLines());
        assertEquals(CALIBRATED.dram().tTransNs(), changed.dram().tTransNs());
        assertSame(CALIBRATED.cpu(), changed.cpu());
        assertThrows(UserInputException.class,
            () -> ParameterOverrides.apply(CALIBRATED, "dram.wpqHighLines", "44"));
    }

    @Test
    void shouldRefuseAnInconsistentFinalSetNamingTheKeysAndValues()
    {
        final Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put("io.creditsLines", "92");
        overrides.put("dram.wpqHighLines", "30");
        overrides.put("dram.wpqLowLines", "32");

        final UserInputException ex = assertThrows(UserInputException.class,
            () -> ParameterOverrides.applyAll(CALIBRATED, overrides));

        assertEquals("--set dram.wpqHighLines=30 dram.wpqLowLines=32 rejected: dram.wpqLowLines = 32 must be " +
            "within 0..29", ex.getMessage());
    }

    @Test
    void shouldValidateTheCommandLinesFinalSet()
    {
        final SchemeRegistry schemes = SchemeRegistry.builtIn();
        final Map<String, String> together = new LinkedHashMap<>();
        together.put("dram.wpqLowLines", "40");
        together.put("dram.wpqHighLines", "44");
        together.put("dram.wpqLines", "48");
        together.put("i_thr", "50");
        RunOverrides.validate(CALIBRATED,
            new ExperimentSettings(1L, 1_000_000L, 0L, schemes.parse(List.of("rhcc")), together));

        final Map<String, String> inconsistent = Map.of("dram.wpqLowLines", "40");
        final UserInputException ex = assertThrows(UserInputException.class, () -> RunOverrides.validate(
            CALIBRATED, new ExperimentSettings(1L, 1_000_000L, 0L, schemes.parse(List.of("dcqcn")), inconsistent)));
        assertEquals("--set dram.wpqLowLines=40 rejected: dram.wpqLowLines = 40 must be within 0..35",
            ex.getMessage());
    }
}
