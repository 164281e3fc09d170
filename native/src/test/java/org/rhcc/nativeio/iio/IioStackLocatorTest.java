package org.rhcc.nativeio.iio;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.nativeio.fixture.FakeSysfs;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IioStackLocatorTest
{
    @TempDir
    Path dir;

    private FakeSysfs twoSocketSkx() throws IOException
    {
        final FakeSysfs sys = new FakeSysfs(dir.resolve("sys"));
        final String[][] buses = { { "0000:00", "0000:80" }, { "0000:17", "0000:85" }, { "0000:3a", "0000:ae" } };
        for (int stack = 0; stack < buses.length; stack++)
        {
            sys.iioMapping(stack, 0, buses[stack][0]).iioMapping(stack, 1, buses[stack][1]);
        }
        return sys.node(0, "0-3").node(1, "4-7");
    }

    @Test
    void shouldFindTheStackDieAndCpuOfANic() throws IOException
    {
        final FakeSysfs sys = twoSocketSkx().pciDevice("0000:86:00.0", "0000:85", 1);
        final IioStackLocation location = new IioStackLocator(sys.root()).locate("0000:86:00.0");
        assertEquals("0000:85", location.rootBus());
        assertEquals(1, location.stack());
        assertEquals(1, location.die());
        assertEquals(4, location.cpu());
    }

    @Test
    void shouldFallBackToThePackageWhenTheNicHasNoNumaNode() throws IOException
    {
        final FakeSysfs sys = twoSocketSkx().pciDevice("0000:3b:00.1", "0000:3a", -1)
            .cpuPackage(0, 0).cpuPackage(1, 0).cpuPackage(2, 1);
        final IioStackLocation location = new IioStackLocator(sys.root()).locate("0000:3b:00.1");
        assertEquals(2, location.stack());
        assertEquals(0, location.die());
        assertEquals(0, location.cpu());
    }

    @Test
    void shouldRejectAnUnknownPciAddress() throws IOException
    {
        final FakeSysfs sys = twoSocketSkx();
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> new IioStackLocator(sys.root()).locate("0000:99:00.0"));
        assertTrue(ex.getMessage().contains("lspci -D"), ex.getMessage());
    }

    @Test
    void shouldExplainWhenTheKernelHasNoMapping() throws IOException
    {
        final FakeSysfs sys = new FakeSysfs(dir.resolve("sys")).pciDevice("0000:18:00.0", "0000:17", 0);
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> new IioStackLocator(sys.root()).locate("0000:18:00.0"));
        assertTrue(ex.getMessage().contains("pcm-iio"), ex.getMessage());
        assertTrue(ex.getMessage().contains("0000:17"), ex.getMessage());
    }
}
