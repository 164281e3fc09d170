package org.rhcc.transport.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Set;

/**
 * A cluster's frame key: 32 secret bytes every node of the cluster shares (transport/README.md, "Authenticated
 * frames"). Read from a key file ({@code rhcc.security.frame-key-file}, conf/reference.conf) of one line, the key in
 * hex (64 digits) or base64; a file its group or others may read is refused, since anyone who can read the key can
 * forge frames.
 */
public final class FrameKey
{
    /** Bytes of a key. */
    public static final int LENGTH = 32;

    private static final Set<PosixFilePermission> GROUP_OR_OTHERS = Set.of(
        PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
        PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private final byte[] bytes;

    private FrameKey(final byte[] bytes)
    {
        this.bytes = bytes;
    }

    /**
     * @param bytes the key's 32 bytes (copied).
     * @throws IllegalArgumentException if it is not 32 bytes long.
     */
    public static FrameKey of(final byte[] bytes)
    {
        if (LENGTH != bytes.length)
        {
            throw new IllegalArgumentException("a frame key has " + LENGTH + " bytes, got " + bytes.length);
        }
        return new FrameKey(bytes.clone());
    }

    /**
     * @return a fresh random key.
     */
    public static FrameKey random()
    {
        final byte[] bytes = new byte[LENGTH];
        new SecureRandom().nextBytes(bytes);
        return new FrameKey(bytes);
    }

    /**
     * Reads a key file.
     *
     * @param file the key file: one line, 32 bytes in hex or base64, readable by its owner only.
     * @throws IllegalArgumentException (one line naming the file and what to do) if the file is missing, readable by
     *                                  its group or others, or does not hold a 32-byte key.
     */
    public static FrameKey load(final Path file)
    {
        if (!Files.isRegularFile(file))
        {
            throw new IllegalArgumentException("frame key file " + file + " does not exist: write a 32-byte key " +
                "(64 hex digits) into it and chmod 600 " + file);
        }
        final PosixFileAttributeView view =
            Files.getFileAttributeView(file, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        try
        {
            if (null != view)
            {
                final Set<PosixFilePermission> permissions = view.readAttributes().permissions();
                if (permissions.stream().anyMatch(GROUP_OR_OTHERS::contains))
                {
                    throw new IllegalArgumentException("frame key file " + file + " is accessible to its group or " +
                        "others (" + PosixFilePermissions.toString(permissions) + "): chmod 600 " + file);
                }
            }
            return parse(file, Files.readString(file, StandardCharsets.US_ASCII).strip());
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("cannot read the frame key file " + file + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * Writes this key to a new file readable and writable by its owner only ({@code 0600}), in hex.
     *
     * @param file the file to create; it must not exist.
     * @throws java.io.UncheckedIOException if it cannot be written.
     */
    public Path writeNew(final Path file)
    {
        try
        {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, HexFormat.of().formatHex(bytes) + "\n", StandardCharsets.US_ASCII);
            return file;
        }
        catch (final IOException ex)
        {
            throw new java.io.UncheckedIOException("cannot write the frame key file " + file, ex);
        }
    }

    /**
     * @return a copy of the key's bytes.
     */
    byte[] bytes()
    {
        return bytes.clone();
    }

    @Override
    public String toString()
    {
        return "FrameKey[secret]";
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof FrameKey other && java.security.MessageDigest.isEqual(bytes, other.bytes);
    }

    @Override
    public int hashCode()
    {
        return Arrays.hashCode(bytes);
    }

    private static FrameKey parse(final Path file, final String text)
    {
        byte[] bytes = null;
        if (2 * LENGTH == text.length())
        {
            try
            {
                bytes = HexFormat.of().parseHex(text);
            }
            catch (final IllegalArgumentException notHex)
            {
                bytes = null;
            }
        }
        if (null == bytes)
        {
            try
            {
                bytes = Base64.getDecoder().decode(text);
            }
            catch (final IllegalArgumentException notBase64)
            {
                bytes = null;
            }
        }
        if (null == bytes || LENGTH != bytes.length)
        {
            throw new IllegalArgumentException("frame key file " + file + " must hold one line with a " + LENGTH +
                "-byte key in hex (64 digits) or base64, e.g. the output of 'openssl rand -hex 32'");
        }
        return new FrameKey(bytes);
    }
}
