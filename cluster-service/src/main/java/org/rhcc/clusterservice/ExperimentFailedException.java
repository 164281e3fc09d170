package org.rhcc.clusterservice;

/**
 * An experiment asked of a sim node did not finish: the node could not run it or left the cluster. Its message is
 * one line for the person who asked.
 */
public final class ExperimentFailedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what happened, on one line.
     */
    public ExperimentFailedException(final String message)
    {
        super(message);
    }
}
