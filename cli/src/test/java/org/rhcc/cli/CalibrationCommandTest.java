package org.rhcc.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code rhcc calibration}: the rows of docs/model.md §9 for the calibrated parameters and for overridden ones. Uses
 * row A1 (one CPU-only run of 1.2 simulated ms) and A4 (two idle runs); {@code CalibrationTest} asserts every row.
 */
class CalibrationCommandTest
{
    @Test
    void shouldHoldRowA1WithTheCalibratedParametersAndExitZero(@TempDir final Path dir) throws IOException
    {
        final Path json = dir.resolve("calibration.json");

        final CommandResult result = CommandResult.run("calibration", "--rows", "A1", "--json", json.toString());

        assertEquals(RhccCommand.EXIT_OK, result.exitCode(), result.err());
        assertTrue(result.out().contains("| A1 | saturating 1:1 DRAM GB/s | 33.200 +- 0.996 | 33."), result.out());
        assertTrue(result.out().contains("1 of 1 rows hold"), result.out());
        assertTrue(result.err().contains("calibration: [1/1] A1 holds"), result.err());
        final String written = Files.readString(json);
        assertTrue(written.contains("\"key\" : \"A1\"") && written.contains("\"holds\" : true"), written);

        // the misfit is the check's deviation in tolerances, squared: (model - 33.2) / 0.996, within -1..1 as it holds
        final JsonNode document = new ObjectMapper().readTree(json.toFile());
        final JsonNode check = document.path("rows").path(0).path("checks").path(0);
        final double deviation = check.path("deviation").asDouble(Double.NaN);
        assertEquals((Double.parseDouble(check.path("model").asText()) - 33.2) / 0.996, deviation, 1e-3);
        assertTrue(Math.abs(deviation) <= 1.0, "A1 holds: " + deviation);
        assertEquals(deviation * deviation, document.path("misfit").asDouble(), 1e-12);
        assertEquals(1, document.path("misfit_checks").asInt());
        assertTrue(result.out().contains(String.format(java.util.Locale.ROOT, "misfit %.3f = sum of ((model - " +
            "paper) / tolerance)^2, numeric checks: 1", deviation * deviation)), result.out());
    }

    @Test
    void shouldFailRowA1WhenTheBusTurnaroundIsFourTimesLongerAndExitOne()
    {
        final CommandResult result = CommandResult.run("calibration", "--rows", "A1", "--set", "dram.tSwitchNs=40");

        assertEquals(RhccCommand.EXIT_FAILURE, result.exitCode(), result.out());
        assertTrue(result.out().contains("calibrated parameters with {dram.tSwitchNs=40}"), result.out());
        assertTrue(result.out().contains("| **no** |"), result.out());
        assertTrue(result.out().contains("0 of 1 rows hold; not: A1"), result.out());
    }

    @Test
    void shouldSelectEveryPartOfARowByItsName()
    {
        assertEquals(List.of("B1 1x", "B1 2x 3x", "C2"), CalibrationCommand.selectedKeys(List.of("c2", "B1")));
        assertEquals(List.of("A4"), CalibrationCommand.selectedKeys(List.of(" A4 ")));
    }

    @Test
    void shouldRefuseAnUnknownRowNamingTheRows()
    {
        final UsageException ex = assertThrows(UsageException.class,
            () -> CalibrationCommand.selectedKeys(List.of("B99")));

        assertTrue(ex.getMessage().startsWith("--rows: no calibration row 'B99'; the rows are A1, A2,"),
            ex.getMessage());
    }

    @Test
    void shouldRefuseAnUnknownParameterInOneLine()
    {
        final CommandResult result = CommandResult.run("calibration", "--rows", "A1", "--set", "dram.noSuchKnob=1");

        assertEquals(RhccCommand.EXIT_USAGE, result.exitCode(), result.out());
        assertEquals(1, result.err().strip().lines().count(), result.err());
        assertTrue(result.err().startsWith("rhcc calibration: ") && result.err().contains("dram.noSuchKnob"),
            result.err());
    }
}
