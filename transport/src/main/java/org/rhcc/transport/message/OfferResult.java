package org.rhcc.transport.message;

import io.aeron.Publication;

/**
 * Reading the {@code long} a {@link MessageProxy} returns: a positive value is the new stream position (success); a
 * negative value is one of Aeron's {@link Publication} codes. No exception is thrown for back-pressure.
 */
public final class OfferResult
{
    private OfferResult()
    {
    }

    /**
     * @param result returned by an offer.
     * @return true if the message was published.
     */
    public static boolean isSuccess(final long result)
    {
        return result > 0;
    }

    /**
     * @param result returned by an offer.
     * @return true if trying again later may succeed: back-pressure, an admin action or no subscriber yet.
     */
    public static boolean isTransient(final long result)
    {
        return Publication.BACK_PRESSURED == result ||
            Publication.ADMIN_ACTION == result ||
            Publication.NOT_CONNECTED == result;
    }

    /**
     * A command port's check of its frame: a command the stream refused (after the proxy's retries) is a refused
     * change, which the caller must see. The message is built only then.
     *
     * @param result returned by an offer.
     * @param stream the stream's name for the message, e.g. {@code "MBA command"}.
     * @throws IllegalStateException if the frame was not published.
     */
    public static void requirePublished(final long result, final String stream)
    {
        if (result < 0)
        {
            throw new IllegalStateException(stream + " stream refused the frame: " + describe(result));
        }
    }

    /**
     * Describes a result for a log line or an error message (allocation-free: constant strings).
     *
     * @param result returned by an offer.
     * @return a short description.
     */
    public static String describe(final long result)
    {
        if (result > 0)
        {
            return "published";
        }

        if (Publication.NOT_CONNECTED == result)
        {
            return "not connected: no subscriber on the stream yet";
        }
        if (Publication.BACK_PRESSURED == result)
        {
            return "back-pressured: the slowest subscriber is a full term window behind";
        }
        if (Publication.ADMIN_ACTION == result)
        {
            return "admin action: the log rotated, retry";
        }
        if (Publication.CLOSED == result)
        {
            return "closed: the publication was closed";
        }
        if (Publication.MAX_POSITION_EXCEEDED == result)
        {
            return "max position exceeded: the stream reached its end, publish on a new one";
        }

        return "unknown offer result";
    }
}
