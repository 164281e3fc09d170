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
    void shouldSendUdpFromTheNodesAddress()
    {
        final io.aeron.ChannelUri sending = io.aeron.ChannelUri.parse(
            Channels.sendingFrom("aeron:udp?endpoint=127.0.0.2:40123", "localhost"));
        assertEquals("127.0.0.1", sending.get("interface"), "the host's address");
        assertEquals("127.0.0.2:40123", sending.get("endpoint"));
        assertEquals("127.0.0.1", io.aeron.ChannelUri.parse(Channels.sendingFrom(
            "aeron:udp?endpoint=127.0.0.1:40123", "127.0.0.2")).get("interface"),
            "a loopback alias sends from the loopback interface's address");
        assertEquals("aeron:udp?endpoint=127.0.0.2:40123",
            Channels.sendingFrom("aeron:udp?endpoint=127.0.0.2:40123", "192.0.2.1"), "not this machine's address");
        assertEquals("127.0.0.3", io.aeron.ChannelUri.parse(Channels.sendingFrom(
            "aeron:udp?endpoint=127.0.0.2:40123|interface=127.0.0.3", "127.0.0.1")).get("interface"),
            "an interface the channel names stays");
        assertEquals("aeron:ipc", Channels.sendingFrom("aeron:ipc", "127.0.0.1"), "IPC has no socket");
        assertEquals("aeron:udp?endpoint=127.0.0.2:40123",
            Channels.sendingFrom("aeron:udp?endpoint=127.0.0.2:40123", ""), "no host: any interface");
    }

    @Test
    void shouldSetTermLength()
    {
        assertEquals("aeron:ipc?term-length=65536", Channels.withTermLength("aeron:ipc", 65536));
        assertThrows(IllegalArgumentException.class, () -> Channels.withTermLength("aeron:ipc", 100_000));
    }
}
