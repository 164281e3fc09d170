package org.rhcc.actors.journal;

/**
 * An actuator's agent stopped on an error it could not handle; the session takes no further decisions.
 *
 * @param role   {@code receiver} or {@code sender}.
 * @param reason the error.
 */
public record ActuatorFailed(String role, String reason) implements SessionEvent
{
}
