package org.rhcc.actors.node;

/**
 * The node stopped because its cluster downed it: the split-brain resolver of the other members found it unreachable
 * for too long (a partition, a long pause, a failure detector's verdict), or its own resolver found it on the
 * minority side. Its sessions' journals are intact; a standby may have taken its sessions over. The message is one
 * line for the operator.
 */
public final class NodeDowned extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param address the node.
     */
    public NodeDowned(final String address)
    {
        super("this node (" + address + ") was downed by its cluster: it was unreachable for longer than the " +
            "split-brain resolver allows (a partition, a long pause) and stopped; its journals are intact, and a " +
            "standby may have taken its sessions over; start it again to rejoin");
    }
}
