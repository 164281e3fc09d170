package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Base of the message flyweights: a view of exactly one frame, header included, with the header accessors every
 * message shares. Subclasses add one accessor pair per field at fixed offsets from the start of the frame.
 * <p>
 * <b>Note:</b> a flyweight holds no data of its own; re-wrapping it is free, so one instance serves every frame a
 * thread reads or writes.
 */
public abstract class MessageFlyweight
{
    /**
     * View of the wrapped frame, starting at the frame's first byte.
     */
    protected final UnsafeBuffer frame = new UnsafeBuffer();

    /**
     * Creates an unwrapped flyweight.
     */
    protected MessageFlyweight()
    {
    }

    /**
     * Points the view at a frame.
     *
     * @param buffer      holding the frame.
     * @param offset      at which the frame starts.
     * @param frameLength of the frame in bytes.
     */
    protected final void wrapFrame(final DirectBuffer buffer, final int offset, final int frameLength)
    {
        frame.wrap(buffer, offset, frameLength);
    }

    /**
     * Writes the header of the current schema version at the start of the wrapped frame.
     *
     * @param blockLength of the message block.
     * @param templateId  of the message.
     */
    protected final void applyHeader(final int blockLength, final int templateId)
    {
        MessageHeaderDescriptor.applyHeader(frame, 0, blockLength, templateId);
    }

    /**
     * @return the block length in the wrapped frame's header.
     */
    public int blockLength()
    {
        return MessageHeaderDescriptor.blockLength(frame, 0);
    }

    /**
     * @return the template id in the wrapped frame's header.
     */
    public int templateId()
    {
        return MessageHeaderDescriptor.templateId(frame, 0);
    }

    /**
     * @return the schema id in the wrapped frame's header.
     */
    public int schemaId()
    {
        return MessageHeaderDescriptor.schemaId(frame, 0);
    }

    /**
     * @return the schema version in the wrapped frame's header.
     */
    public int version()
    {
        return MessageHeaderDescriptor.version(frame, 0);
    }
}
