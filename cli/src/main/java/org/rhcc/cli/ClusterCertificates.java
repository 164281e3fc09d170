package org.rhcc.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The keys of a cluster's Artery TLS (conf/profiles/tls.conf): a certificate authority of the cluster's own and, per
 * node, a PKCS12 key store holding the node's key and its certificate signed by that CA, a trust store holding only
 * the CA's certificate, and {@code NAME.conf}, the {@code pekko.remote.artery.ssl.config-ssl-engine} block that points
 * the node at its stores with their passwords. Every file is written 0600, first into a directory only this user may
 * enter, then moved into place. A second run into the same directory signs the new nodes with the same CA
 * ({@code ca.p12} and {@code ca.password}), so a node can be added later; a node whose key store exists is refused.
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
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9.-]*");
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");
    private static final String CA_DAYS = "3650";
    private static final String NODE_DAYS = "825";

    private final Path out;
    private final SecureRandom random = new SecureRandom();

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
            final Keytool keytool = new Keytool(work);
            final boolean newCa = !Files.exists(out.resolve(CA_STORE));
            final String caPassword = newCa ? secret(work, CA_PASSWORD) : existing(work, CA_PASSWORD);
            final String trustPassword = newCa ? secret(work, TRUST_PASSWORD) : existing(work, TRUST_PASSWORD);
            if (newCa)
            {
                makeCa(keytool, caPassword, trustPassword);
            }
            else
            {
                copyIn(work, CA_STORE);
                copyIn(work, CA_CERT);
            }
            final Map<String, String> passwords = new LinkedHashMap<>();
            for (final String name : names)
            {
                passwords.put(name, password());
            }
            makeNodes(keytool, passwords, caPassword);
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

    private void makeCa(final Keytool keytool, final String caPassword, final String trustPassword)
    {
        keytool.run("-genkeypair", "-alias", CA_ALIAS, "-dname", "CN=rhcc cluster CA", "-keyalg", "EC",
            "-groupname", "secp256r1", "-validity", CA_DAYS, "-ext", "bc:c=ca:true,pathlen:0",
            "-ext", "ku:c=keyCertSign,cRLSign", "-storetype", "PKCS12", "-keystore", CA_STORE,
            "-storepass", caPassword);
        keytool.run("-exportcert", "-rfc", "-alias", CA_ALIAS, "-keystore", CA_STORE, "-storepass", caPassword,
            "-file", CA_CERT);
        keytool.run("-importcert", "-noprompt", "-alias", CA_ALIAS, "-file", CA_CERT, "-storetype", "PKCS12",
            "-keystore", TRUST_STORE, "-storepass", trustPassword);
    }

    /**
     * Makes every node's key store, the nodes side by side on the machine's cores: each node's keytool runs are one
     * chain of their own that only reads the CA's store, and a keytool run is a JVM start, CPU-bound.
     *
     * @throws IllegalStateException the first node's failure, by node order, once every chain has ended.
     */
    private static void makeNodes(final Keytool keytool, final Map<String, String> passwords, final String caPassword)
    {
        final int threads = Math.max(1, Math.min(passwords.size(), Runtime.getRuntime().availableProcessors()));
        final ExecutorService pool = Executors.newFixedThreadPool(threads, (task) ->
        {
            final Thread thread = new Thread(task, "rhcc-certs");
            thread.setDaemon(true);
            return thread;
        });
        try
        {
            final List<Future<?>> chains = new ArrayList<>();
            for (final Map.Entry<String, String> node : passwords.entrySet())
            {
                chains.add(pool.submit(() -> makeNode(keytool, node.getKey(), node.getValue(), caPassword)));
            }
            RuntimeException failure = null;
            for (final Future<?> chain : chains)
            {
                try
                {
                    chain.get();
                }
                catch (final ExecutionException ex)
                {
                    if (null == failure)
                    {
                        failure = ex.getCause() instanceof RuntimeException runtime ? runtime :
                            new IllegalStateException(ex.getCause());
                    }
                }
            }
            if (null != failure)
            {
                throw failure;
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while keytool ran", ex);
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    private static void makeNode(final Keytool keytool, final String name, final String password,
        final String caPassword)
    {
        final String store = name + ".p12";
        final String san = "san=" + (IPV4.matcher(name).matches() ? "ip:" : "dns:") + name;
        keytool.run("-genkeypair", "-alias", name, "-dname", "CN=" + name, "-keyalg", "EC", "-groupname",
            "secp256r1", "-validity", NODE_DAYS, "-storetype", "PKCS12", "-keystore", store, "-storepass", password);
        keytool.run("-certreq", "-alias", name, "-keystore", store, "-storepass", password, "-file", name + ".csr");
        keytool.run("-gencert", "-rfc", "-alias", CA_ALIAS, "-keystore", CA_STORE, "-storepass", caPassword,
            "-infile", name + ".csr", "-outfile", name + ".crt", "-validity", NODE_DAYS, "-ext", san,
            "-ext", "ku:c=digitalSignature", "-ext", "eku=serverAuth,clientAuth");
        keytool.run("-importcert", "-noprompt", "-alias", CA_ALIAS, "-file", CA_CERT, "-keystore", store,
            "-storepass", password);
        keytool.run("-importcert", "-alias", name, "-file", name + ".crt", "-keystore", store, "-storepass",
            password);
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

    private void copyIn(final Path work, final String file) throws IOException
    {
        Files.copy(out.resolve(file), work.resolve(file));
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
