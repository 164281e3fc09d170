package org.rhcc.sim;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A calibration row's checks and their deviations in tolerances, the terms of the misfit `rhcc calibration` prints.
 */
class CalibrationRowTest
{
    @Test
    void shouldMeasureANumericCheckInTolerancesAndLeaveConditionsOut()
    {
        final CalibrationRow.Check inside = CalibrationRow.Check.within("x", 10.0, 12.0, 4.0);
        final CalibrationRow.Check outside = CalibrationRow.Check.relative("y", 200.0, 150.0, 0.10);
        final CalibrationRow.Check condition = CalibrationRow.Check.that("z < 1", 0.5, true);
        final CalibrationRow.Check none = CalibrationRow.Check.none("w", List.of("a violation"));

        assertTrue(inside.holds());
        assertEquals(0.5, inside.deviation(), 1e-12);
        assertFalse(outside.holds());
        assertEquals(-2.5, outside.deviation(), 1e-12, "50 below 200 with a tolerance of 20");
        assertNull(condition.deviation());
        assertNull(none.deviation());

        final CalibrationRow row = new CalibrationRow("R", "a row", List.of(inside, condition, outside, none));
        assertEquals(0.25 + 6.25, row.squaredDeviations(), 1e-12);
        assertEquals(2, row.numericChecks());
        assertFalse(row.holds());
    }
}
