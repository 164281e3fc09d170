package org.rhcc.nativeio.resctrl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MbSchemataTest
{
    @Test
    void shouldParseTheKernelsPaddedRendering()
    {
        final MbSchemata mb = MbSchemata.parse("L3:0=7ff;1=7ff\nMB:0= 80;1=100\n");
        assertArrayEquals(new int[]{ 0, 1 }, mb.domainIds());
        assertArrayEquals(new long[]{ 80, 100 }, mb.values());
        assertEquals(80, mb.valueOf(0));
    }

    @Test
    void shouldParseAmdWithSmbaPadding()
    {
        final MbSchemata mb = MbSchemata.parse("    L3:0=ffff;1=ffff\n    MB:0=2048;1=  16\n  SMBA:0=2048;1=2048\n");
        assertArrayEquals(new long[]{ 2048, 16 }, mb.values());
    }

    @Test
    void shouldFormatCommandsWithTheTrailingNewline()
    {
        assertEquals("MB:0=60;1=60\n", MbSchemata.command(new int[]{ 0, 1 }, 60));
    }

    @Test
    void shouldExplainAMissingMbLine()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> MbSchemata.parse("L3:0=7ff\n"));
        assertTrue(ex.getMessage().contains("MBA is not enabled"), ex.getMessage());
    }
}
