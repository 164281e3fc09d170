package org.rhcc.actors;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The size rule of docs/design.md §2 for the modules a change to the control loops touches (core, sim, transport,
 * actors): no main source file over {@value #MAX_FILE_LINES} lines, no method or constructor over
 * {@value #MAX_METHOD_LINES} lines from its signature to its closing brace. rhcc's code puts a body's braces on lines
 * of their own (Allman style), so a member's body is the lines from its opening brace to the brace at the same
 * indentation; nested classes count as classes, and lambdas and anonymous classes as part of the method around them.
 * A failure lists every file and member over its limit.
 */
class SourceSizeTest
{
    static final int MAX_FILE_LINES = 400;
    static final int MAX_METHOD_LINES = 60;
    private static final List<String> MODULES = List.of("core", "sim", "transport", "actors");
    private static final Pattern OPEN = Pattern.compile("^( {4}| {8}| {12})\\{\\s*$");
    private static final Pattern TYPE = Pattern.compile("\\b(class|interface|enum|record)\\s+\\w+");

    @Test
    void shouldKeepFilesAndMethodsSmall() throws IOException
    {
        final List<String> over = new ArrayList<>();
        int files = 0;
        for (final String module : MODULES)
        {
            final Path root = Path.of("..", module, "src", "main", "java");
            assertTrue(Files.isDirectory(root), "sources of " + module + " at " + root.toAbsolutePath());
            try (Stream<Path> paths = Files.walk(root))
            {
                for (final Path file : paths.filter((p) -> p.toString().endsWith(".java")).toList())
                {
                    files++;
                    check(file, Files.readAllLines(file), over);
                }
            }
        }
        assertTrue(files > 100, "read the modules' sources: " + files + " files");
        assertEquals(List.of(), over, "files over " + MAX_FILE_LINES + " lines or methods over " + MAX_METHOD_LINES +
            " lines: split them by concern (docs/design.md §2)");
    }

    private static void check(final Path file, final List<String> lines, final List<String> over)
    {
        if (lines.size() > MAX_FILE_LINES)
        {
            over.add(file + ": " + lines.size() + " lines");
        }
        for (int open = 1; open < lines.size(); open++)
        {
            final Matcher brace = OPEN.matcher(lines.get(open));
            if (!brace.matches())
            {
                continue;
            }
            final int signature = signatureStart(lines, open);
            if (signature < 0)
            {
                continue;
            }
            final int close = lines.subList(open + 1, lines.size()).indexOf(brace.group(1) + "}") + open + 1;
            final int length = close - signature + 1;
            if (close > open && length > MAX_METHOD_LINES)
            {
                over.add(file + ":" + (signature + 1) + ": " + lines.get(signature).strip() + " (" + length +
                    " lines)");
            }
        }
    }

    /**
     * @return the line a method's or constructor's signature starts on, for the body opening after it; -1 when the
     * brace opens a type, an initializer or a statement's block.
     */
    private static int signatureStart(final List<String> lines, final int open)
    {
        final String indent = lines.get(open).substring(0, lines.get(open).indexOf('{'));
        int line = open - 1;
        while (line > 0 && !lines.get(line).startsWith(indent + lines.get(line).strip()))
        {
            line--;
        }
        final String start = lines.get(line).strip();
        if (TYPE.matcher(start).find() || !start.contains("(") || start.startsWith("static") ||
            start.matches("(if|for|while|switch|try|catch|do|else|synchronized|case|default)\\b.*") ||
            start.startsWith("}") || start.startsWith("@") || start.startsWith(".") || start.contains("->") ||
            start.contains("new "))
        {
            return -1;
        }
        return line;
    }
}
