package org.rhcc.dashboard;

/**
 * Server-sent events framing (the HTML Living Standard, "Server-sent events", §9.2.4-9.2.6): an event is an
 * {@code id:} line, an {@code event:} line, one {@code data:} line per line of its data, and a blank line; a line
 * starting with a colon is a comment, which keeps an idle stream alive.
 */
final class SseEvent
{
    /** A comment sent on an idle stream, so that proxies and the browser keep it open. */
    static final String KEEP_ALIVE = ": keep-alive\n\n";

    private SseEvent()
    {
    }

    /**
     * @param id    the event's id (the browser's {@code lastEventId}).
     * @param event the event's type, letters, digits and '-' only.
     * @param data  the event's data; each of its lines (split at CR LF, CR or LF) becomes one {@code data:} line.
     * @return the framed event, ending with a blank line.
     * @throws IllegalArgumentException for an event type that would break the framing.
     */
    static String frame(final long id, final String event, final String data)
    {
        if (!event.matches("[A-Za-z0-9-]+"))
        {
            throw new IllegalArgumentException("SSE event type '" + event + "' must be letters, digits and '-'");
        }
        final StringBuilder frame = new StringBuilder(data.length() + event.length() + 32);
        frame.append("id: ").append(id).append('\n');
        frame.append("event: ").append(event).append('\n');
        for (final String line : data.split("\r\n|\r|\n", -1))
        {
            frame.append("data: ").append(line).append('\n');
        }
        return frame.append('\n').toString();
    }
}
