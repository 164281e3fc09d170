package org.rhcc.transport.codec;

import org.agrona.MutableDirectBuffer;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameKey;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.auth.FrameSigner;
import org.rhcc.transport.auth.TrailerOracle;
import org.rhcc.transport.codec.WireSchemaOracle.Template;

import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Writes the frames of the frame fuzz tests, one at a time, from a seeded {@link SplittableRandom}: valid frames of
 * every template encoded by the generated encoders (via {@link Frames}) with {@link FuzzValues}, and frames broken
 * in the ways {@link Kind} lists. The same seed writes the same frames.
 */
public final class FuzzFrames
{
    /**
     * How a frame is made.
     */
    public enum Kind
    {
        /** A valid frame of any template with any field values. */
        VALID,
        /** A valid frame with one to four header fields overwritten by values near or far from the valid ones. */
        BAD_HEADER,
        /** A valid frame delivered with any length from 0 to twice its own, the tail zero or random. */
        BAD_LENGTH,
        /** Random bytes of any length, each header field valid half the time, the length matching it sometimes. */
        RANDOM_BYTES,
        /** A valid frame with one to eight bits flipped, in the header only one time in three. */
        BIT_FLIPS,
        /** A valid signed frame with one byte anywhere (header, block or trailer) changed: always refused. */
        TAMPERED,
        /** Every other frame a genuine frame offered before, again: always refused as replayed. */
        REPLAYED,
        /**
         * A well-formed frame signed with another key, for another session, or by a publisher the stream does not
         * accept: always refused as unauthenticated.
         */
        FORGED
    }

    /** Publishers whose frames the fuzzed stream accepts; {@link FramePublisher#HOST_IIO_SENSOR} is not one. */
    public static final Set<Integer> ACCEPTED_PUBLISHERS = Set.of(FramePublisher.PLATFORM_IIO,
        FramePublisher.PLATFORM_ACKS, FramePublisher.RECEIVER_CONTROLLER, FramePublisher.SENDER_CONTROLLER);

    private static final int REPLAY_RING = 16;

    private static final int MAX_HEADER_PATCHES = 4;
    private static final int MAX_BIT_FLIPS = 8;

    private final WireSchemaOracle oracle;
    private final List<Template> templates;
    private final List<String> headerFields;
    private final int maxFrameLength;
    private final SplittableRandom rng;
    private final MutableDirectBuffer buffer;
    private final FrameSigner[] signers;
    private final FrameSigner[] forgers;
    private final byte[][] sent = new byte[REPLAY_RING][];
    private int sentCount;
    private long[] encodedFields;
    private boolean mustBeRefused;
    private int generated;

    /**
     * @param oracle the schema's templates and header.
     * @param rng    the seeded source of every choice.
     * @param buffer to write frames into; at least {@link #maxLength} bytes past the largest offset used.
     * @param key       the stream's key: valid frames are signed with it.
     * @param sessionId the stream's session.
     */
    public FuzzFrames(final WireSchemaOracle oracle, final SplittableRandom rng, final MutableDirectBuffer buffer,
        final FrameKey key, final long sessionId)
    {
        final FrameAuth auth = FrameAuth.of(key);
        signers = ACCEPTED_PUBLISHERS.stream().sorted().map((p) -> auth.signer(p, sessionId, 1))
            .toArray(FrameSigner[]::new);
        final byte[] otherKey = new byte[FrameKey.LENGTH];
        rng.nextBytes(otherKey);
        forgers = new FrameSigner[] {
            FrameAuth.of(FrameKey.of(otherKey)).signer(FramePublisher.PLATFORM_IIO, sessionId, 1L << 40),
            auth.signer(FramePublisher.RECEIVER_CONTROLLER, sessionId + 1, 1L << 40),
            auth.signer(FramePublisher.HOST_IIO_SENSOR, sessionId, 1L << 40),
            FrameAuth.unsigned()
        };
        this.oracle = oracle;
        this.templates = oracle.templates();
        this.headerFields = oracle.headerFields();
        this.maxFrameLength = maxLength(oracle) / 2;
        this.rng = rng;
        this.buffer = buffer;
    }

    /**
     * @param oracle the schema's templates and header.
     * @return the longest frame {@link #next} writes, in bytes: twice the longest template's frame.
     */
    public static int maxLength(final WireSchemaOracle oracle)
    {
        return 2 * (oracle.headerLength() +
            oracle.templates().stream().mapToInt(Template::blockLength).max().orElseThrow() +
            TrailerOracle.TRAILER_LENGTH);
    }

    /**
     * Writes the next frame. The bytes from {@code offset} to {@code offset + maxLength} must be zero.
     *
     * @param kind   of frame.
     * @param offset at which to write it.
     * @return the frame's length as delivered, in bytes.
     */
    public int next(final Kind kind, final int offset)
    {
        encodedFields = null;
        mustBeRefused = false;
        generated++;
        return switch (kind)
        {
            case VALID -> valid(offset);
            case BAD_HEADER -> badHeader(offset);
            case BAD_LENGTH -> badLength(offset);
            case RANDOM_BYTES -> randomBytes(offset);
            case BIT_FLIPS -> bitFlips(offset);
            case TAMPERED -> tampered(offset);
            case REPLAYED -> replayed(offset);
            case FORGED -> forged(offset);
        };
    }

    /**
     * @return true if the last frame must be refused whatever else holds (tampered, replayed or forged).
     */
    public boolean mustBeRefused()
    {
        return mustBeRefused;
    }

    /**
     * @return the field values of the last frame in the schema's order if it is a {@link Kind#VALID} frame, else
     * null.
     */
    public long[] encodedFields()
    {
        return encodedFields;
    }

    private int valid(final int offset)
    {
        final Template template = templates.get(rng.nextInt(templates.size()));
        final long[] fields = new long[template.fields().size()];
        for (int i = 0; i < fields.length; i++)
        {
            fields[i] = value(template.fields().get(i).type());
        }

        final int length = encode(template, fields, offset);
        signers[rng.nextInt(signers.length)].sign(buffer, offset, length - TrailerOracle.TRAILER_LENGTH);
        encodedFields = fields;
        return length;
    }

    private int tampered(final int offset)
    {
        final int length = valid(offset);
        final int index = offset + rng.nextInt(length);
        buffer.putByte(index, (byte)(buffer.getByte(index) ^ (1 + rng.nextInt(255))));
        encodedFields = null;
        mustBeRefused = true;
        return length;
    }

    private int replayed(final int offset)
    {
        if (0 == (generated & 1) && sentCount > 0)
        {
            final byte[] frame = sent[rng.nextInt(Math.min(sentCount, REPLAY_RING))];
            buffer.putBytes(offset, frame);
            mustBeRefused = true;
            return frame.length;
        }
        final int length = valid(offset);
        final byte[] frame = new byte[length];
        buffer.getBytes(offset, frame);
        sent[sentCount++ % REPLAY_RING] = frame;
        return length;
    }

    private int forged(final int offset)
    {
        final int length = valid(offset);
        forgers[rng.nextInt(forgers.length)].sign(buffer, offset, length - TrailerOracle.TRAILER_LENGTH);
        encodedFields = null;
        mustBeRefused = true;
        return length;
    }

    private int badHeader(final int offset)
    {
        final int length = valid(offset);
        final int patches = 1 + rng.nextInt(MAX_HEADER_PATCHES);
        for (int i = 0; i < patches; i++)
        {
            final String field = headerFields.get(rng.nextInt(headerFields.size()));
            oracle.putHeader(buffer, offset, field, FuzzValues.u16Near(rng, validHeaderValue(field)));
        }

        encodedFields = null;
        return length;
    }

    private int badLength(final int offset)
    {
        final int frameLength = valid(offset);
        final int length = rng.nextInt(2 * frameLength + 1);
        if (length > frameLength && rng.nextBoolean())
        {
            randomize(offset + frameLength, length - frameLength);
        }

        encodedFields = null;
        return length;
    }

    private int randomBytes(final int offset)
    {
        int length = rng.nextInt(2 * maxFrameLength + 1);
        randomize(offset, length);
        final Template template = templates.get(rng.nextInt(templates.size()));
        for (final String field : headerFields)
        {
            if (rng.nextBoolean())
            {
                oracle.putHeader(buffer, offset, field, validHeaderValue(field, template));
            }
        }

        if (0 == rng.nextInt(3))
        {
            length = oracle.headerLength() + template.blockLength() + TrailerOracle.TRAILER_LENGTH;
        }

        return length;
    }

    private int bitFlips(final int offset)
    {
        final int length = valid(offset);
        final int bits = 8 * (0 == rng.nextInt(3) ? oracle.headerLength() : length);
        final int flips = 1 + rng.nextInt(MAX_BIT_FLIPS);
        for (int i = 0; i < flips; i++)
        {
            final int bit = rng.nextInt(bits);
            final int index = offset + bit / 8;
            buffer.putByte(index, (byte)(buffer.getByte(index) ^ (1 << (bit % 8))));
        }

        encodedFields = null;
        return length;
    }

    private void randomize(final int offset, final int length)
    {
        for (int i = 0; i < length; i++)
        {
            buffer.putByte(offset + i, (byte)rng.nextInt());
        }
    }

    private int validHeaderValue(final String field)
    {
        return validHeaderValue(field, templates.get(rng.nextInt(templates.size())));
    }

    private int validHeaderValue(final String field, final Template template)
    {
        return switch (field)
        {
            case "schemaId" -> oracle.schemaId();
            case "version" -> oracle.version();
            case "templateId" -> template.id();
            case "blockLength" -> template.blockLength();
            default -> throw new IllegalStateException("unknown header field " + field);
        };
    }

    private long value(final String type)
    {
        return switch (type)
        {
            case "uint8" -> rng.nextInt(256);
            case "int32" -> FuzzValues.int32(rng);
            case "int64" -> FuzzValues.int64(rng);
            case "double" -> FuzzValues.doubleBits(rng);
            case "MbaReason" -> MbaReason.values()[rng.nextInt(MbaReason.values().length)].value();
            default -> throw new IllegalStateException("no generator for field type " + type);
        };
    }

    /**
     * Encodes with the generated encoders. {@code markingOn} is written as the boolean the encoding API takes, so its
     * value is normalized to 0 or 1 first.
     */
    private int encode(final Template template, final long[] fields, final int offset)
    {
        final Values v = new Values(template, fields);
        return switch (template.id())
        {
            case IioSampleEncoder.TEMPLATE_ID -> Frames.iioSample(buffer, offset,
                v.int32("hostId"), v.int64("seq"), v.int64("nowNs"), v.float64("occupancy"), v.float64("pcieGbps"));
            case MbaLevelCommandEncoder.TEMPLATE_ID -> Frames.mbaLevelCommand(buffer, offset,
                v.int32("hostId"), v.int32("group"), v.int32("level"), v.int64("nowNs"), v.int64("seq"),
                MbaReason.get(v.int32("reason")));
            case ProbeAckEncoder.TEMPLATE_ID -> Frames.probeAck(buffer, offset,
                v.int32("qp"), v.int32("reqRecvTs32"), v.int32("respSendTs32"), (short)v.int32("receiverClear"),
                v.float64("rccGbps"), v.int64("nowNs"));
            case RateUpdateEncoder.TEMPLATE_ID -> Frames.rateUpdate(buffer, offset,
                v.int32("qp"), v.float64("rRevGbps"), v.int64("nowNs"));
            case ClockAdvanceEncoder.TEMPLATE_ID -> Frames.clockAdvance(buffer, offset,
                v.int64("advanceToNs"), v.int64("sessionId"));
            case ClockDoneEncoder.TEMPLATE_ID -> Frames.clockDone(buffer, offset,
                v.int64("doneUpToNs"), v.int64("sessionId"), v.int32("controllerId"));
            case EcnMarkingEncoder.TEMPLATE_ID -> Frames.ecnMarking(buffer, offset,
                v.int32("hostId"), v.normalizedFlag("markingOn"), v.int64("nowNs"));
            case ReceiverStateEncoder.TEMPLATE_ID -> Frames.receiverState(buffer, offset,
                v.int32("hostId"), v.normalizedFlag("congested"), v.int64("nowNs"));
            default -> throw new IllegalStateException("no encoder for template " + template.name());
        };
    }

    /**
     * Field values of one frame by name.
     */
    private record Values(Template template, long[] fields)
    {
        int int32(final String name)
        {
            return (int)fields[template.index(name)];
        }

        long int64(final String name)
        {
            return fields[template.index(name)];
        }

        double float64(final String name)
        {
            return Double.longBitsToDouble(fields[template.index(name)]);
        }

        boolean normalizedFlag(final String name)
        {
            final int index = template.index(name);
            fields[index] = 0 != fields[index] ? 1 : 0;
            return 1 == fields[index];
        }
    }
}
