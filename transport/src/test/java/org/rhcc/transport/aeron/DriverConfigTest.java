package org.rhcc.transport.aeron;

import io.aeron.driver.ThreadingMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DriverConfigTest
{
    @AfterEach
    void after()
    {
        System.clearProperty(DriverConfig.TERM_LENGTH_PROP_NAME);
        System.clearProperty(DriverConfig.THREADING_MODE_PROP_NAME);
    }

    @Test
    void shouldDefaultToSmallTermsAndSharedThreading()
    {
        final DriverConfig config = new DriverConfig().workDir(Path.of("w")).conclude();
        assertEquals(1024 * 1024, config.termLengthBytes());
        assertEquals(1024 * 1024, config.ipcTermLengthBytes());
        assertEquals(ThreadingMode.SHARED, config.threadingMode());
        assertEquals("backoff", config.idleStrategy());
    }

    @Test
    void shouldTakeDefaultsFromSystemProperties()
    {
        System.setProperty(DriverConfig.TERM_LENGTH_PROP_NAME, "262144");
        System.setProperty(DriverConfig.THREADING_MODE_PROP_NAME, "dedicated");

        final DriverConfig config = new DriverConfig();
        assertEquals(262144, config.termLengthBytes());
        assertEquals(ThreadingMode.DEDICATED, config.threadingMode());
    }

    @Test
    void shouldExplainInvalidSystemProperties()
    {
        System.setProperty(DriverConfig.TERM_LENGTH_PROP_NAME, "1MB");
        final IllegalArgumentException term = assertThrows(IllegalArgumentException.class, DriverConfig::new);
        assertTrue(term.getMessage().contains("rhcc.transport.term.length=1MB"), term.getMessage());

        System.clearProperty(DriverConfig.TERM_LENGTH_PROP_NAME);
        System.setProperty(DriverConfig.THREADING_MODE_PROP_NAME, "turbo");
        final IllegalArgumentException mode = assertThrows(IllegalArgumentException.class, DriverConfig::new);
        assertTrue(mode.getMessage().contains("SHARED, SHARED_NETWORK or DEDICATED"), mode.getMessage());
    }

    @Test
    void shouldValidateArchiveSegmentLengthOnlyWithAnArchive()
    {
        new DriverConfig().workDir(Path.of("w")).archiveSegmentLengthBytes(3).conclude();
        assertThrows(IllegalArgumentException.class,
            () -> new DriverConfig().workDir(Path.of("w")).archiveDir(Path.of("a")).archiveSegmentLengthBytes(3)
                .conclude());
    }
}
