package org.rhcc.actors;

/**
 * Marker of every message, event and snapshot rhcc sends between nodes or writes to a journal: bound to Pekko's
 * {@code jackson-cbor} serializer in {@code reference.conf}. Java serialization stays off.
 * <p>
 * Persisted events are a public schema: rename or remove a field only with a migration, and keep their tests.
 */
public interface CborSerializable
{
}
