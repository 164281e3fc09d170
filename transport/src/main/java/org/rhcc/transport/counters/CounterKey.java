package org.rhcc.transport.counters;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The key of an rhcc counter in the media driver's counters file, next to its type id: whose counter it is (a
 * session, or the node), which one of a family (a reason, an MBA group, a histogram bucket) and where it counts (a
 * stream or an agent). A reader of the counters file (the metrics endpoint, a test) finds a counter by type id and
 * key, never by parsing its label.
 * <p>
 * Layout, little-endian: session id (8 bytes) at {@link #SESSION_ID_OFFSET}, index (4 bytes) at
 * {@link #INDEX_OFFSET}, scope as an ASCII string with a 4-byte length prefix at {@link #SCOPE_OFFSET}.
 *
 * @param sessionId the session whose counter it is, or {@link #NODE} for a counter of the node.
 * @param index     position within its family: a reason's ordinal, an MBA group, a histogram bucket; 0 otherwise.
 * @param scope     where it counts, e.g. {@code iio-samples} or {@code rate-updater}; empty when the type says it all.
 */
public record CounterKey(long sessionId, int index, String scope)
{
    /** Session id of the node's own counters (they outlive every session). */
    public static final long NODE = -1L;
    /** Offset of the session id in the key. */
    public static final int SESSION_ID_OFFSET = 0;
    /** Offset of the index in the key. */
    public static final int INDEX_OFFSET = 8;
    /** Offset of the scope's length prefix in the key. */
    public static final int SCOPE_OFFSET = 12;
    /** Longest scope, characters: the key fits Aeron's 112-byte key area. */
    public static final int MAX_SCOPE_LENGTH = 96;

    /**
     * Checks the scope.
     */
    public CounterKey
    {
        if (scope.length() > MAX_SCOPE_LENGTH)
        {
            throw new IllegalArgumentException("counter scope '" + scope + "' is longer than " + MAX_SCOPE_LENGTH);
        }
    }

    /**
     * @param sessionId the session.
     * @return the key of a session's single counter of a type.
     */
    public static CounterKey session(final long sessionId)
    {
        return new CounterKey(sessionId, 0, "");
    }

    /**
     * @param index position within the family.
     * @param scope where it counts.
     * @return the key of a counter of the node.
     */
    public static CounterKey node(final int index, final String scope)
    {
        return new CounterKey(NODE, index, scope);
    }

    /**
     * @return the encoded length, bytes.
     */
    public int encodedLength()
    {
        return SCOPE_OFFSET + 4 + scope.length();
    }

    /**
     * @param buffer to write to.
     * @param offset at which the key starts.
     * @return bytes written.
     */
    public int encode(final MutableDirectBuffer buffer, final int offset)
    {
        buffer.putLong(offset + SESSION_ID_OFFSET, sessionId, ByteOrder.LITTLE_ENDIAN);
        buffer.putInt(offset + INDEX_OFFSET, index, ByteOrder.LITTLE_ENDIAN);
        buffer.putStringAscii(offset + SCOPE_OFFSET, scope, ByteOrder.LITTLE_ENDIAN);
        return encodedLength();
    }

    /**
     * Decodes a key that {@link #encode} wrote. A counter allocated without a key has an all-zero key area, which
     * reads as session 0, index 0, no scope.
     *
     * @param buffer holding the key (the counters file's key area).
     * @param offset at which the key starts.
     * @param length bytes available for it.
     */
    public static CounterKey decode(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < SCOPE_OFFSET + 4)
        {
            return new CounterKey(0, 0, "");
        }
        final int scopeLength = buffer.getInt(offset + SCOPE_OFFSET, ByteOrder.LITTLE_ENDIAN);
        final String scope = scopeLength > 0 && scopeLength <= Math.min(MAX_SCOPE_LENGTH, length - SCOPE_OFFSET - 4) ?
            buffer.getStringAscii(offset + SCOPE_OFFSET, ByteOrder.LITTLE_ENDIAN) : "";
        return new CounterKey(buffer.getLong(offset + SESSION_ID_OFFSET, ByteOrder.LITTLE_ENDIAN),
            buffer.getInt(offset + INDEX_OFFSET, ByteOrder.LITTLE_ENDIAN), scope);
    }
}
