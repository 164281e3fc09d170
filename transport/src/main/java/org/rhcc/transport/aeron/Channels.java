package org.rhcc.transport.aeron;

import io.aeron.ChannelUri;
import io.aeron.ChannelUriStringBuilder;
import io.aeron.CommonContext;

/**
 * Aeron channel URIs rhcc uses: shared-memory IPC inside a host and unicast UDP between hosts.
 */
public final class Channels
{
    /**
     * The IPC channel, for streams between agents of the same host (same media driver).
     */
    public static final String IPC = CommonContext.IPC_CHANNEL;

    private Channels()
    {
    }

    /**
     * @return the IPC channel {@code aeron:ipc}.
     */
    public static String ipc()
    {
        return IPC;
    }

    /**
     * Unicast UDP channel to a subscriber's endpoint. Both the publisher and the subscriber use the same URI; the
     * subscriber binds to the endpoint.
     *
     * @param host name or address of the subscribing host, e.g. {@code 127.0.0.1}.
     * @param port UDP port the subscriber binds, 1..65535, or 0 for a subscriber that lets the OS pick one (read it
     *             back with {@link io.aeron.Subscription#resolvedEndpoint()}).
     * @return the channel URI, e.g. {@code aeron:udp?endpoint=127.0.0.1:40123}.
     * @throws IllegalArgumentException if the host is blank or the port is out of range.
     */
    public static String udp(final String host, final int port)
    {
        if (null == host || host.isBlank())
        {
            throw new IllegalArgumentException("UDP host must not be blank: give a host name or an address");
        }
        if (port < 0 || port > 65535)
        {
            throw new IllegalArgumentException("UDP port must be in 0..65535, got " + port);
        }

        final String endpointHost = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
        return new ChannelUriStringBuilder().media(CommonContext.UDP_MEDIA).endpoint(endpointHost + ":" + port).build();
    }

    /**
     * Unicast UDP channel to an endpoint given as {@code host:port}.
     *
     * @param endpoint of the subscriber, e.g. {@code 10.0.0.2:40123}.
     * @throws IllegalArgumentException if the endpoint has no {@code :port} or the port is not a number in range.
     */
    public static String udp(final String endpoint)
    {
        final int colon = null == endpoint ? -1 : endpoint.lastIndexOf(':');
        if (colon <= 0 || colon == endpoint.length() - 1)
        {
            throw new IllegalArgumentException("UDP endpoint must be host:port, got '" + endpoint + "'");
        }

        final String host = endpoint.substring(0, colon);
        final int port;
        try
        {
            port = Integer.parseInt(endpoint.substring(colon + 1));
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("UDP endpoint port is not a number in '" + endpoint + "'", ex);
        }

        return udp(host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host, port);
    }

    /**
     * Sets the term length of a channel, overriding the driver's default for publications on it.
     *
     * @param channel           URI to change.
     * @param termLengthBytes   power of two in 64 KiB .. 1 GiB.
     * @return the channel URI with {@code term-length} set.
     */
    public static String withTermLength(final String channel, final int termLengthBytes)
    {
        DriverConfig.checkTermLength("term-length", termLengthBytes);
        final ChannelUri uri = ChannelUri.parse(channel);
        uri.put(CommonContext.TERM_LENGTH_PARAM_NAME, Integer.toString(termLengthBytes));
        return uri.toString();
    }

    /**
     * A UDP publication's channel that sends from one local address ({@code interface}): otherwise the driver binds its
     * send socket to every interface (0.0.0.0), even on a node whose every other socket is on loopback.
     *
     * @param channel   a publication's channel.
     * @param localHost the address (or a name that resolves to one) to send from; empty to leave the channel as it is.
     * @return the channel with {@code interface} set (the loopback interface's address for any loopback host), or as
     * it was (not UDP, {@code interface} already set, no host, or a host that is no address of this machine).
     */
    public static String sendingFrom(final String channel, final String localHost)
    {
        final ChannelUri uri = ChannelUri.parse(channel);
        if (null == localHost || localHost.isEmpty() || !CommonContext.UDP_MEDIA.equals(uri.media()) ||
            null != uri.get(CommonContext.INTERFACE_PARAM_NAME))
        {
            return channel;
        }
        final String bind;
        try
        {
            final java.net.InetAddress address = java.net.InetAddress.getByName(localHost);
            // Aeron looks the address up among the host's interfaces: a loopback alias (127.0.0.2) is no interface's
            // own address, so it sends from the loopback interface's
            bind = address.isLoopbackAddress() ? java.net.InetAddress.getLoopbackAddress().getHostAddress() :
                null != java.net.NetworkInterface.getByInetAddress(address) ? address.getHostAddress() : null;
        }
        catch (final java.io.IOException ex)
        {
            return channel;
        }
        if (null == bind)
        {
            return channel;
        }
        uri.put(CommonContext.INTERFACE_PARAM_NAME, bind.indexOf(':') >= 0 ? "[" + bind + "]" : bind);
        return uri.toString();
    }
}
