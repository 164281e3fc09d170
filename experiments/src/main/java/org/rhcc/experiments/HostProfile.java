package org.rhcc.experiments;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.rhcc.sim.SimParameters;

/**
 * A host the simulator models: a name, one line saying what it is, and its simulator parameters. The default is the
 * paper's testbed ({@link SimParameters#calibrated()}); another host is that set with the overrides of a profile
 * file, one {@code path = value} per line in the paths of {@code rhcc list --parameters}, each with its source in a
 * trailing {@code #} comment (docs/model.md §11 lists the built-in profiles' values and sources).
 * <p>
 * A profile file may also name its {@code base} (a built-in profile it starts from, the paper's testbed if absent)
 * and a {@code description}. Built-in profiles live beside this class under {@code host-profiles/NAME.conf}; an
 * operator's own profile is any file in the same format, given by its path.
 *
 * @param name        the profile's name ({@link #DEFAULT_NAME} for the paper's testbed, the file name otherwise).
 * @param description what host it is, one line.
 * @param overrides   the parameter overrides against its base, in file order (empty for the default).
 * @param parameters  the simulator parameters with every override applied.
 */
public record HostProfile(String name, String description, Map<String, String> overrides, SimParameters parameters)
{
    /** The paper's testbed: {@link SimParameters#calibrated()}. */
    public static final String DEFAULT_NAME = "cascadelake-100g";

    /** The built-in profiles, the default first. */
    public static final List<String> BUILT_IN = List.of(DEFAULT_NAME, "icelake-200g");

    private static final String RESOURCE_DIRECTORY = "host-profiles/";
    private static final String BASE_KEY = "base";
    private static final String DESCRIPTION_KEY = "description";

    /**
     * Freezes the overrides.
     */
    public HostProfile
    {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(parameters, "parameters");
        overrides = Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
    }

    public static HostProfile defaultProfile()
    {
        return new HostProfile(DEFAULT_NAME, "the paper's testbed: Xeon Gold 6240 (Cascade Lake), 2 channels of " +
            "DDR4-2933 on the NIC's socket, ConnectX-6 Dx 100 GbE on PCIe 3.0 x16", Map.of(),
            SimParameters.calibrated());
    }

    /**
     * @return true for the paper's testbed, whose results carry no profile name (they stay as they were before
     * profiles existed).
     */
    public boolean isDefault()
    {
        return DEFAULT_NAME.equals(name) && overrides.isEmpty();
    }

    /**
     * @param nameOrPath a built-in profile's name, a profile file's path, or null for the default.
     * @throws UserInputException naming the profiles there are when {@code nameOrPath} is neither, or the file and
     *                            line of a bad entry.
     */
    public static HostProfile resolve(final String nameOrPath)
    {
        if (null == nameOrPath || nameOrPath.isBlank() || DEFAULT_NAME.equals(nameOrPath.trim()))
        {
            return defaultProfile();
        }
        final String wanted = nameOrPath.trim();
        if (BUILT_IN.contains(wanted))
        {
            return builtIn(wanted);
        }
        final Path file = Path.of(wanted);
        if (!Files.isRegularFile(file))
        {
            throw new UserInputException("unknown host profile '" + wanted + "': give one of " +
                String.join(", ", BUILT_IN) + " ('rhcc list --profiles'), or the path of a profile file " +
                "(lines 'path = value', as 'rhcc list --parameters' names them)");
        }
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            return parse(fileName(file), file.toString(), reader);
        }
        catch (final IOException ex)
        {
            throw new UserInputException("cannot read host profile " + file + ": " + ex.getMessage(), ex);
        }
    }

    private static HostProfile builtIn(final String name)
    {
        final String resource = RESOURCE_DIRECTORY + name + ".conf";
        try (InputStream in = HostProfile.class.getResourceAsStream(resource))
        {
            if (null == in)
            {
                throw new IllegalStateException("the built-in host profile " + resource + " is missing from the jar");
            }
            return parse(name, resource, new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot read the built-in host profile " + resource, ex);
        }
    }

    /**
     * @param name   the profile's name.
     * @param source where the text comes from, for error messages.
     * @param text   the profile's lines.
     * @throws IOException        if the text cannot be read.
     * @throws UserInputException naming the source and line of a bad entry.
     */
    static HostProfile parse(final String name, final String source, final Reader text) throws IOException
    {
        final Map<String, String> overrides = new LinkedHashMap<>();
        String base = DEFAULT_NAME;
        String description = name;
        final BufferedReader lines = new BufferedReader(text);
        int number = 0;
        for (String line = lines.readLine(); null != line; line = lines.readLine())
        {
            number++;
            final int hash = line.indexOf('#');
            final String entry = (hash < 0 ? line : line.substring(0, hash)).trim();
            if (entry.isEmpty())
            {
                continue;
            }
            final int equals = entry.indexOf('=');
            if (equals <= 0 || equals == entry.length() - 1)
            {
                throw new UserInputException(source + " line " + number + ": '" + entry + "' is not 'path = value'");
            }
            final String key = entry.substring(0, equals).trim();
            final String value = entry.substring(equals + 1).trim();
            if (BASE_KEY.equals(key))
            {
                base = value;
            }
            else if (DESCRIPTION_KEY.equals(key))
            {
                description = value;
            }
            else if (null != overrides.put(key, value))
            {
                throw new UserInputException(source + " line " + number + ": '" + key + "' is set twice");
            }
        }
        if (!BUILT_IN.contains(base) || name.equals(base))
        {
            throw new UserInputException(source + ": base '" + base + "' must be another built-in profile (" +
                String.join(", ", BUILT_IN) + ")");
        }
        final HostProfile start = DEFAULT_NAME.equals(base) ? defaultProfile() : builtIn(base);
        final Map<String, String> all = new LinkedHashMap<>(start.overrides());
        all.putAll(overrides);
        try
        {
            return new HostProfile(name, description, all, ParameterOverrides.applyAll(start.parameters(), overrides));
        }
        catch (final UserInputException ex)
        {
            throw new UserInputException("host profile " + source + ": " + ex.getMessage(), ex);
        }
    }

    private static String fileName(final Path file)
    {
        final String fileName = file.getFileName().toString();
        final int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }
}
