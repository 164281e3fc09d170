package org.rhcc.actors.sender;

import org.rhcc.actors.CborSerializable;

/**
 * An event of a sender entity's journal ({@link QpBlockEntity}). A public schema, read back by {@code rhcc replay}.
 */
public interface QpBlockEvent extends CborSerializable
{
}
