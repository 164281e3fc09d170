package org.rhcc.actors.journal;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.rhcc.actors.CborSerializable;

/**
 * An event of a session journal ({@link SessionJournal}): the session's configuration, then the decisions the
 * controller took, in the order it took them. A public schema: events are read back by {@code rhcc replay}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = SessionStarted.class, name = "session-started"),
    @JsonSubTypes.Type(value = MbaLevelChanged.class, name = "mba-level-changed"),
    @JsonSubTypes.Type(value = EcnMarkingChanged.class, name = "ecn-marking-changed"),
    @JsonSubTypes.Type(value = FailSafeEntered.class, name = "fail-safe-entered"),
    @JsonSubTypes.Type(value = ActuatorFailed.class, name = "actuator-failed"),
})
public interface SessionEvent extends CborSerializable
{
}
