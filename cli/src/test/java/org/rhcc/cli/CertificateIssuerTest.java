package org.rhcc.cli;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The certificates of {@code rhcc certs}, read back with the JDK's X.509 parser: a CA for one level that only signs,
 * and node certificates it signed that name their host and serve as TLS server and client (RFC 5280 §4.2.1).
 */
class CertificateIssuerTest
{
    private static final long NOW_MS = 1_800_000_000_000L;
    private static final String SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
    private static final String CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";
    private static final int DNS_NAME = 2;
    private static final int IP_ADDRESS = 7;

    private final CertificateIssuer issuer = new CertificateIssuer(new SecureRandom());

    @Test
    void shouldMakeACaForOneLevelThatOnlySigns() throws GeneralSecurityException
    {
        final KeyPair keys = issuer.newKeyPair();
        final X509Certificate ca = issuer.certificateAuthority("rhcc cluster CA", keys, Duration.ofDays(3650), NOW_MS);

        ca.verify(keys.getPublic());
        assertEquals("CN=rhcc cluster CA", ca.getSubjectX500Principal().getName());
        assertEquals(ca.getSubjectX500Principal(), ca.getIssuerX500Principal());
        assertEquals(0, ca.getBasicConstraints(), "a CA with path length 0");
        assertTrue(ca.getCriticalExtensionOIDs().containsAll(List.of("2.5.29.19", "2.5.29.15")));
        final boolean[] usage = ca.getKeyUsage();
        assertTrue(usage[5] && usage[6], "keyCertSign and cRLSign");
        assertTrue(!usage[0], "no digitalSignature");
        assertEquals(NOW_MS / 1000 * 1000, ca.getNotBefore().getTime());
        assertEquals(Duration.ofDays(3650).toMillis(), ca.getNotAfter().getTime() - ca.getNotBefore().getTime());
        assertEquals("SHA256withECDSA", ca.getSigAlgName());
    }

    @Test
    void shouldSignNodesThatNameTheirHostAndServeBothEndsOfTls() throws Exception
    {
        final KeyPair caKeys = issuer.newKeyPair();
        final X509Certificate ca = issuer.certificateAuthority("rhcc cluster CA", caKeys, Duration.ofDays(3650),
            NOW_MS);
        final X509Certificate byName = issuer.node("receiver", issuer.newKeyPair().getPublic(), ca,
            caKeys.getPrivate(), Duration.ofDays(825), NOW_MS);
        final X509Certificate byAddress = issuer.node("10.0.0.3", issuer.newKeyPair().getPublic(), ca,
            caKeys.getPrivate(), Duration.ofDays(825), NOW_MS);

        for (final X509Certificate node : List.of(byName, byAddress))
        {
            node.verify(caKeys.getPublic());
            assertEquals(ca.getSubjectX500Principal(), node.getIssuerX500Principal());
            assertEquals(-1, node.getBasicConstraints(), "not a CA");
            assertTrue(node.getKeyUsage()[0], "digitalSignature");
            assertTrue(node.getExtendedKeyUsage().containsAll(List.of(SERVER_AUTH, CLIENT_AUTH)));
            assertEquals(Duration.ofDays(825).toMillis(), node.getNotAfter().getTime() - node.getNotBefore().getTime());
        }
        assertEquals("CN=receiver", byName.getSubjectX500Principal().getName());
        assertEquals(List.of(List.of(DNS_NAME, "receiver")), List.copyOf(byName.getSubjectAlternativeNames()));
        assertEquals(List.of(List.of(IP_ADDRESS, "10.0.0.3")), List.copyOf(byAddress.getSubjectAlternativeNames()));
        assertTrue(byName.getSerialNumber().signum() > 0);

        final KeyPair otherCa = issuer.newKeyPair();
        assertThrows(SignatureException.class, () -> byName.verify(otherCa.getPublic()), "another CA's key");
    }

    @Test
    void shouldWritePemThatParsesBackToTheSameCertificate() throws GeneralSecurityException
    {
        final KeyPair keys = issuer.newKeyPair();
        final X509Certificate ca = issuer.certificateAuthority("rhcc cluster CA", keys, Duration.ofDays(1), NOW_MS);
        final String pem = CertificateIssuer.pem(ca);

        assertTrue(pem.startsWith("-----BEGIN CERTIFICATE-----\n") && pem.endsWith("\n-----END CERTIFICATE-----\n"));
        assertTrue(pem.lines().allMatch((line) -> line.length() <= 64), pem);
        final X509Certificate parsed = (X509Certificate)CertificateFactory.getInstance("X.509")
            .generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
        assertArrayEquals(ca.getEncoded(), parsed.getEncoded());
    }
}
