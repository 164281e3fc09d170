package org.rhcc.dashboard;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SseEventTest
{
    @Test
    void shouldFrameOneLineOfDataAsOneDataLineEndedByABlankLine()
    {
        assertEquals("id: 7\nevent: windows\ndata: {\"a\":1}\n\n", SseEvent.frame(7, "windows", "{\"a\":1}"));
    }

    @Test
    void shouldGiveEachLineOfDataItsOwnDataLineWhateverTheLineEnd()
    {
        assertEquals("id: 1\nevent: run\ndata: a\ndata: b\ndata: c\ndata: d\n\n",
            SseEvent.frame(1, "run", "a\nb\r\nc\rd"));
    }

    @Test
    void shouldKeepEmptyDataAsOneEmptyDataLine()
    {
        assertEquals("id: 2\nevent: closing\ndata: \n\n", SseEvent.frame(2, "closing", ""));
        assertEquals("id: 3\nevent: x\ndata: a\ndata: \n\n", SseEvent.frame(3, "x", "a\n"));
    }

    @Test
    void shouldRefuseAnEventTypeThatWouldBreakTheFraming()
    {
        assertThrows(IllegalArgumentException.class, () -> SseEvent.frame(1, "run\ndata: forged", "{}"));
        assertThrows(IllegalArgumentException.class, () -> SseEvent.frame(1, "", "{}"));
    }

    @Test
    void shouldKeepAnIdleStreamAliveWithACommentTheBrowserIgnores()
    {
        assertEquals(':', SseEvent.KEEP_ALIVE.charAt(0));
        assertEquals("\n\n", SseEvent.KEEP_ALIVE.substring(SseEvent.KEEP_ALIVE.length() - 2));
    }
}
