package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Layout of the header that starts every rhcc message frame. It is the standard SBE {@code messageHeader} composite,
 * so a frame can also be read with SBE tooling.
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-------------------------------+-------------------------------+
 *  |      Block Length (uint16)    |      Template Id (uint16)     |  0
 *  +-------------------------------+-------------------------------+
 *  |       Schema Id (uint16)      |        Version (uint16)       |  4
 *  +-------------------------------+-------------------------------+
 *  |                 Message block (Block Length bytes)          ...   8
 *  +---------------------------------------------------------------+
 * </pre>
 * All fields are little-endian. Block length counts the bytes after the header.
 */
public final class MessageHeaderDescriptor
{
    /**
     * Offset of the block length field.
     */
    public static final int BLOCK_LENGTH_OFFSET = 0;

    /**
     * Offset of the template id field.
     */
    public static final int TEMPLATE_ID_OFFSET = 2;

    /**
     * Offset of the schema id field.
     */
    public static final int SCHEMA_ID_OFFSET = 4;

    /**
     * Offset of the schema version field.
     */
    public static final int VERSION_OFFSET = 6;

    /**
     * Length of the header in bytes.
     */
    public static final int HEADER_LENGTH = 8;

    private MessageHeaderDescriptor()
    {
    }

    /**
     * Reads the block length of the frame at an offset.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @return the block length, 0..65535.
     */
    public static int blockLength(final DirectBuffer buffer, final int offset)
    {
        return buffer.getShort(offset + BLOCK_LENGTH_OFFSET, LITTLE_ENDIAN) & 0xFFFF;
    }

    /**
     * Reads the template id of the frame at an offset.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @return the template id, 0..65535.
     */
    public static int templateId(final DirectBuffer buffer, final int offset)
    {
        return buffer.getShort(offset + TEMPLATE_ID_OFFSET, LITTLE_ENDIAN) & 0xFFFF;
    }

    /**
     * Reads the schema id of the frame at an offset.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @return the schema id, 0..65535.
     */
    public static int schemaId(final DirectBuffer buffer, final int offset)
    {
        return buffer.getShort(offset + SCHEMA_ID_OFFSET, LITTLE_ENDIAN) & 0xFFFF;
    }

    /**
     * Reads the schema version of the frame at an offset.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @return the schema version, 0..65535.
     */
    public static int version(final DirectBuffer buffer, final int offset)
    {
        return buffer.getShort(offset + VERSION_OFFSET, LITTLE_ENDIAN) & 0xFFFF;
    }

    /**
     * Writes a header for the current schema id and version.
     *
     * @param buffer      to write into.
     * @param offset      at which the frame starts.
     * @param blockLength of the message block that follows the header.
     * @param templateId  of the message.
     */
    public static void applyHeader(
        final MutableDirectBuffer buffer, final int offset, final int blockLength, final int templateId)
    {
        buffer.putShort(offset + BLOCK_LENGTH_OFFSET, (short)blockLength, LITTLE_ENDIAN);
        buffer.putShort(offset + TEMPLATE_ID_OFFSET, (short)templateId, LITTLE_ENDIAN);
        buffer.putShort(offset + SCHEMA_ID_OFFSET, (short)MessageSchema.SCHEMA_ID, LITTLE_ENDIAN);
        buffer.putShort(offset + VERSION_OFFSET, (short)MessageSchema.SCHEMA_VERSION, LITTLE_ENDIAN);
    }
}
