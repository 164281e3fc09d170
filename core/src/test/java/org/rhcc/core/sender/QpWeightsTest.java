package org.rhcc.core.sender;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QpWeightsTest
{
    @Test
    void shouldRepeatAList()
    {
        final QpWeights weights = QpWeights.parse(" 1, 2,4 ,8");
        assertArrayEquals(new int[]{1, 2, 4, 8, 1, 2, 4, 8, 1, 2}, weights.toArray(10));
        assertEquals(-1, weights.lastNamedQp());
    }

    @Test
    void shouldLeaveQpsOutsideRangesUnweighted()
    {
        final QpWeights weights = QpWeights.parse("0-1,5:3; 3:255");
        assertArrayEquals(new int[]{3, 3, 0, 255, 0, 3, 0, 0}, weights.toArray(8));
        assertEquals(5, weights.lastNamedQp());
        assertEquals(0, weights.weightOf(1_000_000));
    }

    @Test
    void shouldTreatBlankAsUnweighted()
    {
        assertTrue(QpWeights.parse("  ").isNone());
        assertTrue(QpWeights.parse(null).isNone());
        assertEquals(0, QpWeights.NONE.weightOf(3));
    }

    @Test
    void shouldRejectBadWeightsNamingKeyValueAndRange()
    {
        assertMessage("1,0", "weight 0 must be within 1..255");
        assertMessage("256", "weight 256 must be within 1..255");
        assertMessage("1,x", "weight 'x' is not a whole number within 1..255");
        assertMessage("1,,2", "weight '' is not a whole number");
        assertMessage("0-3:0", "weight 0 must be within 1..255");
    }

    @Test
    void shouldRejectBadRanges()
    {
        assertMessage("0-3:1;2-5:2", "QP 2 is in both '0-3' and '2-5'");
        assertMessage("0-3,3:1", "QP 3 is in both '0-3' and '3'");
        assertMessage("3-1:1", "QP range '3-1' ends before it starts");
        assertMessage("a-3:1", "QP 'a' is not a QP number");
        assertMessage("0-3:1;4-7", "entry '4-7' must be qps:weight");
        assertMessage(":4", "entry ':4' must be qps:weight");
    }

    private static void assertMessage(final String text, final String expected)
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> QpWeights.parse(text));
        assertTrue(ex.getMessage().startsWith("qp_weights = '" + text.trim() + "'"), ex.getMessage());
        assertTrue(ex.getMessage().contains(expected), ex.getMessage());
    }
}
