package org.rhcc.actors.journal;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import org.apache.pekko.Done;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.persistence.testkit.javadsl.EventSourcedBehaviorTestKit;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNode;
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.sender.BlockOpened;
import org.rhcc.actors.sender.QpStatesChanged;
import org.rhcc.core.sender.QpStateTable;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SessionJournalTest
{
    private static TestNode node;
    private static ActorTestKit kit;

    @BeforeAll
    static void start()
    {
        node = new TestNode("journal", Map.of());
        kit = ActorTestKit.create("journal", node.config(EventSourcedBehaviorTestKit.config()));
    }

    @AfterAll
    static void stop()
    {
        kit.shutdownTestKit();
        node.close();
    }

    @Test
    void shouldPersistAppendedDecisionsInOrderAndAnswerSyncAfterThem()
    {
        final EventSourcedBehaviorTestKit<SessionJournal.Command, SessionEvent, SessionJournal.State> journal =
            EventSourcedBehaviorTestKit.create(kit.system(), SessionJournal.create("receiver", 1L, 1, 100, 2));
        final SessionSpec spec = new SessionSpec(1L, "hostcc", Map.of("i_thr", "50"), 8, 100.0, 2, 0);
        final var result = journal.<Done>runCommand((replyTo) -> new SessionJournal.Append(List.of(
            new SessionStarted(spec, "receiver", 1, "node", 3L, 0, 100_000L),
            new MbaLevelChanged(1, 4, 12_400L),
            new EcnMarkingChanged(true, 12_400L),
            new FailSafeEntered("MBA actuator refused level 3", 40_000L)), replyTo));

        assertEquals(4, result.events().size());
        assertEquals(new SessionJournal.State(4, 3), result.state());
        assertEquals(Done.done(), result.reply());
        final var sync = journal.<Done>runCommand(SessionJournal.Sync::new);
        assertEquals(Done.done(), sync.reply());
        journal.restart();
        assertEquals(new SessionJournal.State(4, 3), journal.getState());
    }

    @Test
    void shouldKeepThePublicSchemaOfEveryEvent() throws Exception
    {
        assertSchema(new MbaLevelChanged(0, 2, 5L), "type", "group", "level", "nowNs");
        assertSchema(new EcnMarkingChanged(false, 5L), "type", "on", "nowNs");
        assertSchema(new FailSafeEntered("x", 5L), "type", "reason", "nowNs");
        assertSchema(new ActuatorFailed("sender", "x"), "type", "role", "reason");
        final SessionSpec spec = new SessionSpec(9L, "rhcc", Map.of("alpha", "0.001"), 4, 100.0, 2, 0);
        assertSchema(new SessionStarted(spec, "sender", 2, "node", 1L, 1024, 100_000L), "type", "spec", "role",
            "controllerId", "archiveName", "recordingId", "qpsPerEntity", "controlIntervalNs");
        assertSchema(new BlockOpened(spec, 0, 0, 4), "spec", "block", "firstQp", "qps");
        assertSchema(new QpStatesChanged(0L, new int[]{ 1 }, new byte[QpStateTable.BYTES_PER_QP],
            new float[]{ 5.0f }), "windowStartNs", "qps", "state", "rSendGbps");
    }

    private static void assertSchema(final Object event, final String... fields) throws Exception
    {
        final Serialization serialization = SerializationExtension.get(kit.system());
        final byte[] bytes = serialization.serialize(event).get();
        assertEquals("JacksonCborSerializer", serialization.findSerializerFor(event).getClass().getSimpleName());
        final JsonNode tree = new CBORMapper().readTree(bytes);
        final java.util.List<String> names = new java.util.ArrayList<>();
        tree.fieldNames().forEachRemaining(names::add);
        assertEquals(List.of(fields), names, event.getClass().getSimpleName() + " fields");
        final Object back = serialization.deserialize(bytes, serialization.findSerializerFor(event).identifier(),
            Serializers.manifestFor(serialization.findSerializerFor(event), event)).get();
        assertEquals(event, back);
    }
}
