package org.rhcc.nativeio.resctrl;

import org.junit.jupiter.api.Test;
import org.rhcc.core.receiver.MbaLevelTable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MbaLevelMappingTest
{
    @Test
    void shouldKeepThePaperLevelsOnTenPercentSteps()
    {
        final MbaLevelMapping mapping = MbaLevelMapping.percent(MbaLevelTable.paper(), 10, 10);
        assertEquals("100/80/60/40/20", values(mapping));
        assertTrue(mapping.notes().isEmpty(), mapping.notes().toString());
    }

    @Test
    void shouldRoundUpToTheGranularityAndSaySo()
    {
        final MbaLevelMapping mapping = MbaLevelMapping.percent(MbaLevelTable.paper(), 25, 25);
        assertEquals("100/100/75/50/25", values(mapping));
        assertTrue(mapping.notes().stream().anyMatch((n) -> n.contains("rounded up to 100")), mapping.notes().toString());
        assertTrue(mapping.notes().stream().anyMatch((n) -> n.contains("cannot tell them apart")));
    }

    @Test
    void shouldClampToMinBandwidthAndSaySo()
    {
        final MbaLevelMapping mapping = MbaLevelMapping.percent(MbaLevelTable.paper(), 30, 10);
        assertEquals("100/80/60/40/30", values(mapping));
        assertTrue(mapping.notes().get(0).contains("below min_bandwidth 30"), mapping.notes().toString());
    }

    @Test
    void shouldUseEighthsOfGigabytesOnAmd()
    {
        final MbaLevelMapping mapping = MbaLevelMapping.amd(MbaLevelTable.paper(), 25.0);
        assertEquals("2048/160/120/80/40", values(mapping));
        assertThrows(IllegalArgumentException.class, () -> MbaLevelMapping.amd(MbaLevelTable.paper(), 0));
    }

    private static String values(final MbaLevelMapping mapping)
    {
        final StringBuilder sb = new StringBuilder();
        for (int level = 1; level <= mapping.levelCount(); level++)
        {
            sb.append(level == 1 ? "" : "/").append(mapping.value(level));
        }
        return sb.toString();
    }
}
