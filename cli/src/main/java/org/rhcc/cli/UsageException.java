package org.rhcc.cli;

/**
 * Bad input to an rhcc command that the command itself checks: an option out of range, options that do not go
 * together, a directory or device that is not what the option needs. Like the harness's
 * {@code org.rhcc.experiments.UserInputException} (bad experiment input), the rhcc command prints its message on one
 * line, without a stack trace, and exits with its usage status; the message says what was wrong and what to do
 * instead.
 */
public final class UsageException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what was wrong and what to do instead, one line.
     */
    public UsageException(final String message)
    {
        super(message);
    }

    /**
     * @param message what was wrong and what to do instead, one line.
     * @param cause   the underlying failure, kept for debugging.
     */
    public UsageException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
