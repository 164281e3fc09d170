package org.rhcc.transport.auth;

/**
 * The logical publishers of rhcc's streams (docs/design.md §2), the {@code publisher} field of a
 * {@link FrameTrailer}. A stream accepts frames only from the publishers it expects, and keeps one sequence per
 * publisher, so a genuine frame moved to another stream is refused like a forged one.
 */
public final class FramePublisher
{
    /** The platform's IIO sample stream: the simulator (or a NIC agent) publishing IIO samples and their clock. */
    public static final int PLATFORM_IIO = 1;
    /** The platform's probe-ACK stream: the simulator or a NIC agent publishing ACKs and their clock. */
    public static final int PLATFORM_ACKS = 2;
    /** The receiver controller: MBA commands, ECN marking and lockstep answers on the platform's command stream. */
    public static final int RECEIVER_CONTROLLER = 3;
    /** The sender controller: rate updates and lockstep answers on the platform's command stream. */
    public static final int SENDER_CONTROLLER = 4;
    /** A real host's IIO sensor agent, publishing on the node's internal IIO stream. */
    public static final int HOST_IIO_SENSOR = 5;
    /** The largest publisher id. */
    public static final int MAX_ID = HOST_IIO_SENSOR;

    private FramePublisher()
    {
    }

    /**
     * @param publisher a publisher id.
     * @return true if it is one of rhcc's publishers.
     */
    public static boolean isKnown(final int publisher)
    {
        return publisher > 0 && publisher <= MAX_ID;
    }

    /**
     * @param publisher a publisher id.
     * @return its name, for diagnostics.
     */
    public static String name(final int publisher)
    {
        return switch (publisher)
        {
            case PLATFORM_IIO -> "platform-iio";
            case PLATFORM_ACKS -> "platform-acks";
            case RECEIVER_CONTROLLER -> "receiver-controller";
            case SENDER_CONTROLLER -> "sender-controller";
            case HOST_IIO_SENSOR -> "host-iio-sensor";
            default -> "unknown(" + publisher + ")";
        };
    }
}
