package org.rhcc.transport.aeron;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ChannelsTest
{
    @Test
    void shouldBuildIpcAndUdpChannels()
    {
        assertEquals("aeron:ipc", Channels.ipc());
        assertEquals("aeron:udp?endpoint=127.0.0.1:40123", Channels.udp("127.0.0.1", 40123));
        assertEquals("aeron:udp?endpoint=host-b:7000", Channels.udp("host-b:7000"));
        assertEquals("aeron:udp?endpoint=[::1]:7000", Channels.udp("::1", 7000));
        assertEquals("aeron:udp?endpoint=[::1]:7000", Channels.udp("[::1]:7000"));
    }

    @Test
    void shouldRejectBadEndpoints()
    {
        assertThrows(IllegalArgumentException.class, () -> Channels.udp("", 1));
        assertThrows(IllegalArgumentException.class, () -> Channels.udp("h", 70000));
        assertThrows(IllegalArgumentException.class, () -> Channels.udp("h", -1));
        assertThrows(IllegalArgumentException.class, () -> Channels.udp("h"));
        assertThrows(IllegalArgumentException.class, () -> Channels.udp("h:"));
        assertThrows(IllegalArgumentException.class, () -> Channels.udp("h:port"));
    }

    @Test
    void shouldSetTermLength()
    {
        assertEquals("aeron:ipc?term-length=65536", Channels.withTermLength("aeron:ipc", 65536));
        assertThrows(IllegalArgumentException.class, () -> Channels.withTermLength("aeron:ipc", 100_000));
    }
}
