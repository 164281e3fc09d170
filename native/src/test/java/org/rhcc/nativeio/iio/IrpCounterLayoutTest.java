package org.rhcc.nativeio.iio;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class IrpCounterLayoutTest
{
    @Test
    void shouldMatchHostCcAndLinuxAddressesOnCascadeLake()
    {
        // hostCC: IRP ctl base 0xA5B, ctr base 0xA59, stride 0x20, counter index 1; NIC_IIO_STACK=2 -> 0xA9C/0xA9A
        assertEquals(0xA5B, IrpCounterLayout.SKX_CLX.irpCtl(0, 0));
        assertEquals(0xA59, IrpCounterLayout.SKX_CLX.irpCtr(0, 0));
        assertEquals(0xA58, IrpCounterLayout.SKX_CLX.irpBoxCtl(0));
        assertEquals(0xA9C, IrpCounterLayout.SKX_CLX.irpCtl(2, 1));
        assertEquals(0xA9A, IrpCounterLayout.SKX_CLX.irpCtr(2, 1));
        assertEquals(0x0040040FL, IrpCounterLayout.OCCUPANCY_CTL);
    }

    @Test
    void shouldUseUnevenBoxesOnIceLake()
    {
        assertEquals(0xA4D, IrpCounterLayout.ICX.irpCtl(0, 0));
        assertEquals(0xA4B, IrpCounterLayout.ICX.irpCtr(0, 0));
        assertEquals(0xADA + 3 + 1, IrpCounterLayout.ICX.irpCtl(3, 1));
        assertEquals(0xB1A + 1, IrpCounterLayout.ICX.irpCtr(5, 0));
    }

    @Test
    void shouldUseTheSapphireRapidsLayout()
    {
        assertEquals(0x3402, IrpCounterLayout.SPR.irpCtl(0, 0));
        assertEquals(0x3408, IrpCounterLayout.SPR.irpCtr(0, 0));
        assertEquals(0x34B3, IrpCounterLayout.SPR.irpCtl(11, 1));
        assertEquals(12, IrpCounterLayout.SPR.stackCount());
    }

    @Test
    void shouldRejectStacksAndCountersOutOfRange()
    {
        assertThrows(IllegalArgumentException.class, () -> IrpCounterLayout.SKX_CLX.irpCtl(6, 0));
        assertThrows(IllegalArgumentException.class, () -> IrpCounterLayout.SKX_CLX.irpCtl(0, 2));
    }
}
