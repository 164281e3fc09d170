package org.rhcc.actors.config;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.concurrent.atomic.AtomicLong;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

import com.typesafe.config.Config;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.remote.artery.tcp.SSLEngineProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Option;

/**
 * Artery's TLS engines for rhcc's nodes, from the same {@code pekko.remote.artery.ssl.config-ssl-engine} block as
 * Pekko's {@code ConfigSSLEngineProvider} (key store, trust store, protocol, algorithms, mutual authentication,
 * hostname verification), with one addition an operator needs: every connection refused because the peer's
 * certificate is not one of the cluster's CA is logged on the refusing node, with the peer's address, the
 * certificate's subject and the reason, and counted ({@link #refused()}): a node with keys of another CA says which
 * node it refused and why. With TLS 1.3 the connecting side checks the other's certificate first and aborts, so a
 * node of another CA that tries to join logs the refusal itself, and the seed node only sees the connection close;
 * the seed logs the refusal when it is the one to check (an intruder that skips its own check). A peer that presents
 * no certificate at all is refused by the TLS library before the trust check, and is not logged here.
 */
public final class AuditingSSLEngineProvider implements SSLEngineProvider
{
    /** The value of {@code pekko.remote.artery.ssl.ssl-engine-provider} that selects it. */
    public static final String NAME = AuditingSSLEngineProvider.class.getName();

    private static final Logger LOGGER = LoggerFactory.getLogger(AuditingSSLEngineProvider.class);
    private static final AtomicLong REFUSED = new AtomicLong();

    private final SSLContext context;
    private final String[] protocols;
    private final String[] algorithms;
    private final boolean mutual;
    private final boolean hostnameVerification;

    /**
     * @param system the actor system whose Artery uses it (Pekko's constructor contract).
     * @throws IllegalArgumentException if the stores cannot be opened.
     */
    public AuditingSSLEngineProvider(final ActorSystem system)
    {
        final Config engine = system.settings().config().getConfig("pekko.remote.artery.ssl.config-ssl-engine");
        protocols = new String[] {engine.getString("protocol")};
        algorithms = engine.getStringList("enabled-algorithms").toArray(String[]::new);
        mutual = engine.getBoolean("require-mutual-authentication");
        hostnameVerification = engine.getBoolean("hostname-verification");
        try
        {
            final KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store(engine, "key-store"), engine.getString("key-password").toCharArray());
            final TrustManagerFactory trust = TrustManagerFactory.getInstance(
                TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store(engine, "trust-store"));
            final TrustManager[] managers = trust.getTrustManagers();
            for (int i = 0; i < managers.length; i++)
            {
                if (managers[i] instanceof X509ExtendedTrustManager x509)
                {
                    managers[i] = new Auditing(x509);
                }
            }
            context = SSLContext.getInstance(protocols[0]);
            context.init(keys.getKeyManagers(), managers, new SecureRandom());
        }
        catch (final IOException | GeneralSecurityException ex)
        {
            throw new IllegalArgumentException("cannot set up TLS from pekko.remote.artery.ssl.config-ssl-engine: " +
                ex.getMessage(), ex);
        }
    }

    private static KeyStore store(final Config engine, final String key) throws IOException, GeneralSecurityException
    {
        return KeyStore.getInstance(Path.of(engine.getString(key)).toFile(),
            engine.getString(key + "-password").toCharArray());
    }

    /**
     * @return connections this JVM refused for a certificate not of the cluster's CA.
     */
    public static long refused()
    {
        return REFUSED.get();
    }

    @Override
    public SSLEngine createServerSSLEngine(final String hostname, final int port)
    {
        final SSLEngine engine = engine(hostname, port);
        engine.setUseClientMode(false);
        engine.setNeedClientAuth(mutual);
        return engine;
    }

    @Override
    public SSLEngine createClientSSLEngine(final String hostname, final int port)
    {
        final SSLEngine engine = engine(hostname, port);
        engine.setUseClientMode(true);
        if (hostnameVerification)
        {
            final SSLParameters parameters = engine.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            engine.setSSLParameters(parameters);
        }
        return engine;
    }

    private SSLEngine engine(final String hostname, final int port)
    {
        final SSLEngine engine = context.createSSLEngine(hostname, port);
        engine.setEnabledProtocols(protocols);
        engine.setEnabledCipherSuites(algorithms);
        return engine;
    }

    @Override
    public Option<Throwable> verifyClientSession(final String hostname, final SSLSession session)
    {
        return Option.empty();
    }

    @Override
    public Option<Throwable> verifyServerSession(final String hostname, final SSLSession session)
    {
        return Option.empty();
    }

    /**
     * The trust store's manager, logging what it refuses.
     */
    private static final class Auditing extends X509ExtendedTrustManager
    {
        private final X509ExtendedTrustManager trust;

        Auditing(final X509ExtendedTrustManager trust)
        {
            this.trust = trust;
        }

        @Override
        public void checkClientTrusted(final X509Certificate[] chain, final String authType, final SSLEngine engine)
            throws CertificateException
        {
            audited(() -> trust.checkClientTrusted(chain, authType, engine), "refused a cluster connection from",
                engine, chain);
        }

        @Override
        public void checkServerTrusted(final X509Certificate[] chain, final String authType, final SSLEngine engine)
            throws CertificateException
        {
            audited(() -> trust.checkServerTrusted(chain, authType, engine), "refused to connect to", engine, chain);
        }

        /**
         * A trust check that may refuse.
         */
        private interface Check
        {
            /**
             * @throws CertificateException if the trust store refuses the chain.
             */
            void run() throws CertificateException;
        }

        private static void audited(final Check check, final String what, final SSLEngine engine,
            final X509Certificate[] chain) throws CertificateException
        {
            try
            {
                check.run();
            }
            catch (final CertificateException ex)
            {
                refuse(what, engine.getPeerHost() + ":" + engine.getPeerPort(), chain, ex);
                throw ex;
            }
        }

        private static void refuse(final String what, final String peer, final X509Certificate[] chain,
            final CertificateException ex)
        {
            REFUSED.incrementAndGet();
            LOGGER.warn("{} {}: its certificate ({}) is not signed by this cluster's CA ({}); every node needs keys " +
                "from 'rhcc certs' of the same CA", what, peer, null == chain || 0 == chain.length ? "none" :
                chain[0].getSubjectX500Principal().getName(), ex.getMessage());
        }

        @Override
        public void checkClientTrusted(final X509Certificate[] chain, final String authType, final Socket socket)
            throws CertificateException
        {
            trust.checkClientTrusted(chain, authType, socket);
        }

        @Override
        public void checkServerTrusted(final X509Certificate[] chain, final String authType, final Socket socket)
            throws CertificateException
        {
            trust.checkServerTrusted(chain, authType, socket);
        }

        @Override
        public void checkClientTrusted(final X509Certificate[] chain, final String authType)
            throws CertificateException
        {
            trust.checkClientTrusted(chain, authType);
        }

        @Override
        public void checkServerTrusted(final X509Certificate[] chain, final String authType)
            throws CertificateException
        {
            trust.checkServerTrusted(chain, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers()
        {
            return trust.getAcceptedIssuers();
        }
    }
}
