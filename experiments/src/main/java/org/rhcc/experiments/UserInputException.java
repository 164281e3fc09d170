package org.rhcc.experiments;

/**
 * Bad input from the person at the keyboard: an unknown name, a value out of range, a directory that cannot be
 * written. The rhcc command prints its message on one line, without a stack trace, and exits with its usage
 * status. The message says what was wrong and what to do instead.
 */
public final class UserInputException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what was wrong and what to do instead, one line.
     */
    public UserInputException(final String message)
    {
        super(message);
    }

    /**
     * @param message what was wrong and what to do instead, one line.
     * @param cause   the underlying failure, kept for debugging.
     */
    public UserInputException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
