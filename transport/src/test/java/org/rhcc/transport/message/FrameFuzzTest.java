package org.rhcc.transport.message;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameKey;
import org.rhcc.transport.auth.TrailerOracle;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.codec.FrameValidator;
import org.rhcc.transport.codec.FuzzFrames.Kind;
import org.rhcc.transport.codec.FuzzFrames;
import org.rhcc.transport.codec.WireSchemaOracle.Template;
import org.rhcc.transport.codec.WireSchemaOracle;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Fuzzes {@link FrameValidator} and {@link MessageAdapter} (and through it every generated decoder) with seeded
 * random frames of each {@link Kind}: valid frames of every template with any field values (NaN with any payload,
 * infinities, -0.0, extreme ints and longs), wrong header fields, every length from 0 to twice the frame's, random
 * bytes, bit flips, and, with the authentication trailer, tampered, replayed and forged frames. The adapter verifies
 * trailers with a key and session of the run, accepting four of the five publishers. For every frame:
 * <ul>
 *     <li>neither the validator nor the adapter throws, though the buffer ends where the frame ends (bounds checks
 *     are on in the test JVM, so a read past the frame would throw);</li>
 *     <li>the validator returns the verdict of {@link WireSchemaOracle}, the schema's rules read from
 *     {@code rhcc-messages.xml} itself, and the adapter that verdict followed by {@link TrailerOracle}'s (the trailer
 *     rule over the tests' own SipHash); a tampered, replayed or forged frame is refused;</li>
 *     <li>an accepted frame reaches exactly one listener callback, of its template, with the field values the oracle
 *     reads from its bytes (bit-exact for doubles) and, for a valid frame, the values it was encoded from; no drop
 *     counter moves;</li>
 *     <li>a rejected frame reaches no callback and raises the counter of the oracle's reason, and only it, by one.</li>
 * </ul>
 * After each kind, dispatched plus dropped frames equal the frames offered, per template and per reason.
 * <p>
 * Volume: {@value #DEFAULT_FRAMES_PER_KIND} frames per kind, 1,000,000 in all: 10 to 20 s in surefire on a 2-core
 * machine. More with {@code -Drhcc.fuzz.frames=<per kind>}. The seed is random per run and printed in every failure;
 * rerun a failure with {@code -Drhcc.fuzz.seed=<seed>}. Schema and drop rules: docs/design.md §2,
 * transport/README.md.
 */
class FrameFuzzTest
{
    private static final int DEFAULT_FRAMES_PER_KIND = 125_000;
    private static final int FRAMES_PER_KIND = Integer.getInteger("rhcc.fuzz.frames", DEFAULT_FRAMES_PER_KIND);
    private static final long SEED = Long.getLong("rhcc.fuzz.seed", new SplittableRandom().nextLong());
    private static final int MAX_OFFSET = 15;

    private final WireSchemaOracle oracle = WireSchemaOracle.load();
    private final CapturingListener listener = new CapturingListener(oracle);
    private final FrameDropCounters drops = new FrameDropCounters("fuzz");
    private final FrameKey key = FrameKey.of(keyBytes());
    private final long sessionId = new SplittableRandom(SEED).nextLong();
    private final MessageAdapter adapter = new MessageAdapter(listener, drops, FrameAuth.of(key)
        .verifier(sessionId, FuzzFrames.ACCEPTED_PUBLISHERS.stream().mapToInt(Integer::intValue).toArray()));
    private final TrailerOracle trailerOracle = new TrailerOracle(key, sessionId, FuzzFrames.ACCEPTED_PUBLISHERS);
    private final FrameValidator validator = new FrameValidator();

    private final long[] droppedPerReason = new long[DropReason.count()];
    private final long[] dispatchedPerTemplate = new long[1 << 16];

    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void everyFrameIsDispatchedOnceOrCountedOnce(final Kind kind)
    {
        final SplittableRandom rng = new SplittableRandom(SEED + kind.ordinal());
        final byte[] bytes = new byte[MAX_OFFSET + FuzzFrames.maxLength(oracle)];
        final FuzzFrames frames = new FuzzFrames(oracle, rng, new UnsafeBuffer(bytes), key, sessionId);
        final UnsafeBuffer frame = new UnsafeBuffer(bytes);
        for (int i = 0; i < FRAMES_PER_KIND; i++)
        {
            Arrays.fill(bytes, (byte)0);
            final int offset = rng.nextInt(MAX_OFFSET + 1);
            final int length = frames.next(kind, offset);
            frame.wrap(bytes, 0, offset + length);
            new Offer(kind, i, frame, offset, length).check(frames.encodedFields(), frames.mustBeRefused());
        }

        assertTotals(kind);
    }

    private void assertTotals(final Kind kind)
    {
        long dispatched = 0;
        for (final Template template : oracle.templates())
        {
            final long accepted = dispatchedPerTemplate[template.id()];
            final long received = adapter.receivedCount(template.id());
            dispatched += accepted;
            expect(accepted == received, () -> kind + ": dispatched " + received + " " + template.name() +
                " frames, the oracle accepted " + accepted);
        }

        long dropped = 0;
        for (final DropReason reason : DropReason.values())
        {
            final long rejected = droppedPerReason[reason.ordinal()];
            final long counted = drops.count(reason);
            dropped += rejected;
            expect(rejected == counted, () -> kind + ": counted " + counted + " " + reason + " drops, the oracle " +
                rejected);
        }

        final long offered = dispatched + dropped;
        expect(FRAMES_PER_KIND == offered && offered == adapter.totalReceivedCount() + drops.totalCount(),
            () -> kind + ": " + FRAMES_PER_KIND + " frames offered, " + adapter.totalReceivedCount() +
            " dispatched and " + drops.totalCount() + " dropped");
        if (FRAMES_PER_KIND >= DEFAULT_FRAMES_PER_KIND)
        {
            assertCoverage(kind);
        }
    }

    /**
     * Guards the generators: at the default volume or more, each kind reaches every template and the drop reasons
     * it exists for, so that the frames offered do not quietly become all alike.
     */
    private void assertCoverage(final Kind kind)
    {
        for (final Template template : oracle.templates())
        {
            expect(!dispatches(kind) || dispatchedPerTemplate[template.id()] > 0,
                () -> kind + ": no " + template.name() + " dispatched");
        }

        for (final DropReason reason : expectedReasons(kind))
        {
            expect(droppedPerReason[reason.ordinal()] > 0, () -> kind + ": no frame dropped as " + reason);
        }
    }

    private static boolean dispatches(final Kind kind)
    {
        return Kind.VALID == kind || Kind.BAD_LENGTH == kind || Kind.REPLAYED == kind;
    }

    private static Set<DropReason> expectedReasons(final Kind kind)
    {
        return switch (kind)
        {
            case VALID -> EnumSet.noneOf(DropReason.class);
            case BAD_HEADER -> EnumSet.range(DropReason.WRONG_SCHEMA_ID, DropReason.OVERLONG_FRAME);
            case BAD_LENGTH -> EnumSet.of(
                DropReason.SHORT_FRAME, DropReason.TRUNCATED_FRAME, DropReason.OVERLONG_FRAME);
            case RANDOM_BYTES -> EnumSet.range(DropReason.SHORT_FRAME, DropReason.UNAUTHENTICATED);
            case BIT_FLIPS -> EnumSet.of(DropReason.WRONG_SCHEMA_ID, DropReason.UNSUPPORTED_VERSION,
                DropReason.UNKNOWN_TEMPLATE, DropReason.WRONG_BLOCK_LENGTH, DropReason.UNAUTHENTICATED);
            case TAMPERED -> EnumSet.of(DropReason.WRONG_SCHEMA_ID, DropReason.UNSUPPORTED_VERSION,
                DropReason.UNKNOWN_TEMPLATE, DropReason.WRONG_BLOCK_LENGTH, DropReason.UNAUTHENTICATED);
            case REPLAYED -> EnumSet.of(DropReason.REPLAYED);
            case FORGED -> EnumSet.of(DropReason.UNAUTHENTICATED);
        };
    }

    private static byte[] keyBytes()
    {
        final byte[] bytes = new byte[FrameKey.LENGTH];
        new SplittableRandom(SEED ^ 0x6b6579L).nextBytes(bytes);
        return bytes;
    }

    private static void expect(final boolean holds, final Supplier<String> what)
    {
        if (!holds)
        {
            fail(what.get() + " (seed " + SEED + ": rerun with -Drhcc.fuzz.seed=" + SEED + ")");
        }
    }

    /**
     * One frame offered to the validator and the adapter, and the checks on what they did with it.
     */
    private final class Offer
    {
        private final Kind kind;
        private final int index;
        private final UnsafeBuffer frame;
        private final int offset;
        private final int length;

        Offer(final Kind kind, final int index, final UnsafeBuffer frame, final int offset, final int length)
        {
            this.kind = kind;
            this.index = index;
            this.frame = frame;
            this.offset = offset;
            this.length = length;
        }

        void check(final long[] encodedFields, final boolean mustBeRefused)
        {
            final int formatVerdict = oracle.verdict(frame, offset, length);
            final int validated = validate();
            expect(formatVerdict == validated,
                () -> "FrameValidator returned " + validated + ", the oracle " + formatVerdict);
            final int verdict = trailerOracle.verdict(frame, offset, length, formatVerdict);
            expect(null == encodedFields || verdict > 0, () -> "the oracle rejects a valid frame: " + verdict);
            expect(!mustBeRefused || verdict < 0, () -> "the oracle accepts a tampered, replayed or forged frame");

            final long droppedBefore = drops.totalCount();
            listener.reset();
            final int result = offer();
            expect(verdict == result, () -> "MessageAdapter returned " + result + ", the oracle " + verdict);
            if (verdict > 0)
            {
                checkDispatched(verdict, droppedBefore, encodedFields);
            }
            else
            {
                checkDropped(DropReason.fromResult(verdict), droppedBefore);
            }
        }

        private void checkDispatched(final int templateId, final long droppedBefore, final long[] encodedFields)
        {
            dispatchedPerTemplate[templateId]++;
            expect(1 == listener.callbacks() && templateId == listener.templateId(),
                () -> "accepted frame reached " + listener.callbacks() + " callbacks, the last of template " +
                listener.templateId());
            expect(droppedBefore == drops.totalCount(), () -> "accepted frame moved a drop counter");

            final Template template = oracle.template(templateId);
            final long[] onWire = CapturingListener.asDelivered(template, oracle.readFields(frame, offset, templateId));
            expect(Arrays.equals(onWire, listener.fields()), () -> "delivered " + Arrays.toString(listener.fields()) +
                ", the frame holds " + Arrays.toString(onWire) + " " + template.fields());
            if (null != encodedFields)
            {
                final long[] encoded = CapturingListener.asDelivered(template, encodedFields);
                expect(Arrays.equals(encoded, listener.fields()), () -> "delivered " +
                    Arrays.toString(listener.fields()) + ", encoded " + Arrays.toString(encoded) + " " +
                    template.fields());
            }
        }

        private void checkDropped(final DropReason reason, final long droppedBefore)
        {
            droppedPerReason[reason.ordinal()]++;
            expect(0 == listener.callbacks(), () -> reason + " frame reached a listener callback");
            final long expected = droppedPerReason[reason.ordinal()];
            expect(expected == drops.count(reason) && droppedBefore + 1 == drops.totalCount(),
                () -> reason + " frame: " + drops.count(reason) + " of this reason counted (expected " + expected +
                "), " + (drops.totalCount() - droppedBefore) + " drops in all for this frame");
        }

        private int validate()
        {
            try
            {
                return validator.validate(frame, offset, length);
            }
            catch (final RuntimeException ex)
            {
                throw new AssertionError(describe("FrameValidator threw " + ex), ex);
            }
        }

        private int offer()
        {
            try
            {
                return adapter.onFrame(frame, offset, length);
            }
            catch (final RuntimeException ex)
            {
                throw new AssertionError(describe("MessageAdapter threw " + ex), ex);
            }
        }

        private void expect(final boolean holds, final Supplier<String> what)
        {
            if (!holds)
            {
                fail(describe(what.get()));
            }
        }

        private String describe(final String what)
        {
            return kind + " frame #" + index + ": " + what + "; offset " + offset + ", length " + length + ", bytes " +
                HexFormat.of().formatHex(frame.byteArray(), offset, offset + length) + " (seed " + SEED +
                ": rerun with -Drhcc.fuzz.seed=" + SEED + ")";
        }
    }
}
