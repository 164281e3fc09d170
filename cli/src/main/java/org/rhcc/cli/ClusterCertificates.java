package org.rhcc.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The keys of a cluster's Artery TLS (conf/profiles/tls.conf): a certificate authority of the cluster's own and, per
 * node, a PKCS12 key store holding the node's key and its certificate signed by that CA, a trust store holding only
 * the CA's certificate, and {@code NAME.conf}, the {@code pekko.remote.artery.ssl.config-ssl-engine} block that points
 * the node at its stores with their passwords. Every file is written 0600, first into a directory only this user may
 * enter, then moved into place. A second run into the same directory signs the new nodes with the same CA
 * ({@code ca.p12} and {@code ca.password}), so a node can be added later; a node whose key store exists is refused.
 * The keys and certificates are made in process ({@link CertificateIssuer}) and stored with the JDK's PKCS12
 * {@link KeyStore}, the stores {@code keytool} would write: a seven-node cluster's keys take well under a second.
 */
final class ClusterCertificates
{
    /** Key store of the CA (its private key). */
    static final String CA_STORE = "ca.p12";
    /** The trust store every node shares. */
    static final String TRUST_STORE = "trust.p12";
    private static final String CA_PASSWORD = "ca.password";
    private static final String TRUST_PASSWORD = "trust.password";
    private static final String CA_CERT = "ca.crt";
    private static final String CA_ALIAS = "rhcc-ca";
    private static final String CA_NAME = "rhcc cluster CA";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9.-]*");
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");
    private static final Duration CA_VALIDITY = Duration.ofDays(3650);
    private static final Duration NODE_VALIDITY = Duration.ofDays(825);

    private final Path out;
    private final SecureRandom random = new SecureRandom();
    private final CertificateIssuer issuer = new CertificateIssuer(random);

    /**
     * @param out the directory the stores go to (created if missing).
     */
    ClusterCertificates(final Path out)
    {
        this.out = out.toAbsolutePath().normalize();
    }

    /**
     * @param nodes node names (host names or addresses: [A-Za-z0-9.-]).
     * @return the files written, in order.
     * @throws IllegalArgumentException for a bad or duplicate name, a node whose key store exists, or a directory
     *                                  with a CA but without its password.
     */
    List<Path> make(final List<String> nodes)
    {
        final Set<String> names = names(nodes);
        final Path work;
        try
        {
            if (!Files.exists(out))
            {
                Files.createDirectories(out, PosixFilePermissions.asFileAttribute(OWNER_DIR));
            }
            work = Files.createTempDirectory(out, ".rhcc-certs-", PosixFilePermissions.asFileAttribute(OWNER_DIR));
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("--out " + out + " cannot be written (" + ex.getMessage() +
                "): give a directory this user may write");
        }
        try
        {
            final boolean newCa = !Files.exists(out.resolve(CA_STORE));
            final String caPassword = newCa ? secret(work, CA_PASSWORD) : existing(work, CA_PASSWORD);
            final String trustPassword = newCa ? secret(work, TRUST_PASSWORD) : existing(work, TRUST_PASSWORD);
            final long nowMs = System.currentTimeMillis();
            final KeyStore ca = newCa ? makeCa(work, caPassword, trustPassword, nowMs) : existingCa(caPassword);
            final PrivateKey caKey = (PrivateKey)ca.getKey(CA_ALIAS, caPassword.toCharArray());
            final X509Certificate caCert = (X509Certificate)ca.getCertificate(CA_ALIAS);
            final Map<String, String> passwords = new LinkedHashMap<>();
            for (final String name : names)
            {
                final String password = password();
                passwords.put(name, password);
                makeNode(work, name, password, caCert, caKey, nowMs);
            }
            final List<String> written = new ArrayList<>();
            for (final Map.Entry<String, String> node : passwords.entrySet())
            {
                final String name = node.getKey();
                Files.writeString(work.resolve(name + ".conf"), nodeConf(name, node.getValue(), trustPassword),
                    StandardCharsets.UTF_8);
                written.add(name + ".p12");
                written.add(name + ".conf");
            }
            if (newCa)
            {
                written.addAll(0, List.of(CA_STORE, CA_PASSWORD, CA_CERT, TRUST_STORE, TRUST_PASSWORD));
            }
            return moveOut(work, written);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("cannot read or write a PKCS12 key store in " + out + ": " +
                ex.getMessage(), ex);
        }
        finally
        {
            delete(work);
        }
    }

    private Set<String> names(final List<String> nodes)
    {
        final Set<String> names = new LinkedHashSet<>();
        for (final String node : nodes)
        {
            final String name = node.trim();
            if (!NAME.matcher(name).matches())
            {
                throw new IllegalArgumentException("--nodes '" + node + "': a node name is a host name or address " +
                    "(letters, digits, '.' and '-'), e.g. --nodes sim,receiver,sender");
            }
            if (!names.add(name))
            {
                throw new IllegalArgumentException("--nodes names " + name + " twice: give each node once");
            }
            if (Files.exists(out.resolve(name + ".p12")))
            {
                throw new IllegalArgumentException(out.resolve(name + ".p12") + " exists: remove it (and " + name +
                    ".conf) to give " + name + " a new key, or leave " + name + " out of --nodes");
            }
        }
        return names;
    }

    private KeyStore makeCa(final Path work, final String caPassword, final String trustPassword, final long nowMs)
        throws IOException, GeneralSecurityException
    {
        final KeyPair keys = issuer.newKeyPair();
        final X509Certificate cert = issuer.certificateAuthority(CA_NAME, keys, CA_VALIDITY, nowMs);
        final KeyStore ca = emptyStore();
        ca.setKeyEntry(CA_ALIAS, keys.getPrivate(), caPassword.toCharArray(), new Certificate[] {cert});
        store(ca, work.resolve(CA_STORE), caPassword);
        Files.writeString(work.resolve(CA_CERT), CertificateIssuer.pem(cert), StandardCharsets.US_ASCII);
        final KeyStore trust = emptyStore();
        trust.setCertificateEntry(CA_ALIAS, cert);
        store(trust, work.resolve(TRUST_STORE), trustPassword);
        return ca;
    }

    private KeyStore existingCa(final String caPassword) throws IOException, GeneralSecurityException
    {
        final KeyStore ca = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(out.resolve(CA_STORE)))
        {
            ca.load(in, caPassword.toCharArray());
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException(out.resolve(CA_STORE) + " cannot be opened with the password in " +
                out.resolve(CA_PASSWORD) + " (" + ex.getMessage() + "): restore the pair, or use a new --out " +
                "directory for a new CA");
        }
        if (!ca.isKeyEntry(CA_ALIAS))
        {
            throw new IllegalArgumentException(out.resolve(CA_STORE) + " holds no key '" + CA_ALIAS + "': it is " +
                "not a CA of 'rhcc certs'; use a new --out directory for a new CA");
        }
        return ca;
    }

    /**
     * Makes a node's key store: its EC key with its certificate and the CA's as the chain, and the CA's certificate
     * as a trusted entry.
     */
    private void makeNode(final Path work, final String name, final String password, final X509Certificate caCert,
        final PrivateKey caKey, final long nowMs) throws IOException, GeneralSecurityException
    {
        final KeyPair keys = issuer.newKeyPair();
        final X509Certificate cert = issuer.node(name, keys.getPublic(), caCert, caKey, NODE_VALIDITY, nowMs);
        final KeyStore store = emptyStore();
        store.setKeyEntry(name, keys.getPrivate(), password.toCharArray(), new Certificate[] {cert, caCert});
        store.setCertificateEntry(CA_ALIAS, caCert);
        store(store, work.resolve(name + ".p12"), password);
    }

    private static KeyStore emptyStore() throws IOException, GeneralSecurityException
    {
        final KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        return store;
    }

    private static void store(final KeyStore store, final Path file, final String password)
        throws IOException, GeneralSecurityException
    {
        try (OutputStream stream = Files.newOutputStream(file))
        {
            store.store(stream, password.toCharArray());
        }
    }

    private String nodeConf(final String name, final String password, final String trustPassword)
    {
        return "# Artery TLS keys of rhcc node " + name + ", from 'rhcc certs'. Keep this file 0600 (the node " +
            "refuses it otherwise)\n" +
            "# and include it after profiles/tls.conf:\n#   include classpath(\"profiles/tls.conf\")\n" +
            "#   include file(\"" + out.resolve(name + ".conf") + "\")\n" +
            "pekko.remote.artery.ssl.config-ssl-engine {\n" +
            "  key-store = \"" + out.resolve(name + ".p12") + "\"\n" +
            "  key-store-password = \"" + password + "\"\n" +
            "  key-password = \"" + password + "\"\n" +
            "  trust-store = \"" + out.resolve(TRUST_STORE) + "\"\n" +
            "  trust-store-password = \"" + trustPassword + "\"\n" +
            "}\n";
    }

    private String secret(final Path work, final String file) throws IOException
    {
        final String password = password();
        Files.writeString(work.resolve(file), password + "\n", StandardCharsets.UTF_8);
        return password;
    }

    private String existing(final Path work, final String file) throws IOException
    {
        final Path source = out.resolve(file);
        if (!Files.isRegularFile(source))
        {
            throw new IllegalArgumentException(out.resolve(CA_STORE) + " exists but " + source + " does not: " +
                "restore it, or use a new --out directory for a new CA");
        }
        return Files.readString(source, StandardCharsets.UTF_8).strip();
    }

    private List<Path> moveOut(final Path work, final List<String> files) throws IOException
    {
        final List<Path> moved = new ArrayList<>();
        for (final String file : files)
        {
            final Path source = work.resolve(file);
            Files.setPosixFilePermissions(source, OWNER_ONLY);
            moved.add(Files.move(source, out.resolve(file), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE));
        }
        return moved;
    }

    private String password()
    {
        final byte[] bytes = new byte[18];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static void delete(final Path dir)
    {
        try (Stream<Path> files = Files.walk(dir))
        {
            for (final Path p : files.sorted(Comparator.reverseOrder()).toList())
            {
                Files.deleteIfExists(p);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot remove " + dir, ex);
        }
    }
}
