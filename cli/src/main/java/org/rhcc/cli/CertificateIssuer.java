package org.rhcc.cli;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.regex.Pattern;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The X.509 side of {@code rhcc certs}: EC P-256 keys, the cluster CA's self-signed certificate and the nodes'
 * certificates signed by it, built in process with BouncyCastle's certificate builder and signed with the JDK's
 * SHA256withECDSA. The extensions are those a TLS peer of Artery checks: the CA is a CA for one level
 * (basicConstraints, critical, path length 0) that may only sign (keyUsage keyCertSign and cRLSign, critical); a node
 * names its host (subjectAltName: a DNS name, or an IP address for a dotted quad), signs handshakes (keyUsage
 * digitalSignature, critical) and is both TLS server and client (extendedKeyUsage), with the key identifiers that link
 * it to its CA.
 */
final class CertificateIssuer
{
    private static final String SIGNATURE = "SHA256withECDSA";
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final int PEM_LINE = 64;

    private final SecureRandom random;
    private final JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
    private final JcaX509ExtensionUtils extensions;

    /**
     * @param random the source of the keys and serial numbers.
     */
    CertificateIssuer(final SecureRandom random)
    {
        this.random = random;
        try
        {
            this.extensions = new JcaX509ExtensionUtils();
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("this JDK has no SHA-1 for key identifiers: " + ex.getMessage(), ex);
        }
    }

    /**
     * @return a new EC key pair on the curve secp256r1 (P-256).
     */
    KeyPair newKeyPair()
    {
        try
        {
            final KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), random);
            return generator.generateKeyPair();
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("this JDK cannot make EC P-256 keys: " + ex.getMessage(), ex);
        }
    }

    /**
     * @param commonName the CA's name (its subject and issuer).
     * @param keys       the CA's key pair.
     * @param validity   how long the certificate is valid from now.
     * @param nowMs      the time it is issued, ms since the epoch.
     * @return the CA's self-signed certificate.
     */
    X509Certificate certificateAuthority(final String commonName, final KeyPair keys, final Duration validity,
        final long nowMs)
    {
        final X500Name name = new X500Name("CN=" + commonName);
        final JcaX509v3CertificateBuilder builder = builder(name, name, keys.getPublic(), validity, nowMs);
        try
        {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
                .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                .addExtension(Extension.subjectKeyIdentifier, false,
                    extensions.createSubjectKeyIdentifier(keys.getPublic()));
        }
        catch (final CertIOException ex)
        {
            throw new IllegalStateException("cannot encode the CA's extensions: " + ex.getMessage(), ex);
        }
        return sign(builder, keys.getPrivate());
    }

    /**
     * @param node     the node's host name or IPv4 address: its subject's CN and its subjectAltName.
     * @param key      the node's public key.
     * @param ca       the CA's certificate.
     * @param caKey    the CA's private key, which signs.
     * @param validity how long the certificate is valid from now.
     * @param nowMs    the time it is issued, ms since the epoch.
     * @return the node's certificate.
     */
    X509Certificate node(final String node, final PublicKey key, final X509Certificate ca, final PrivateKey caKey,
        final Duration validity, final long nowMs)
    {
        final X500Name issuer = X500Name.getInstance(ca.getSubjectX500Principal().getEncoded());
        final JcaX509v3CertificateBuilder builder = builder(issuer, new X500Name("CN=" + node), key, validity, nowMs);
        final GeneralName altName = new GeneralName(IPV4.matcher(node).matches() ?
            GeneralName.iPAddress : GeneralName.dNSName, node);
        try
        {
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(altName))
                .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(
                    new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}))
                .addExtension(Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(key))
                .addExtension(Extension.authorityKeyIdentifier, false, extensions.createAuthorityKeyIdentifier(ca));
        }
        catch (final CertIOException | GeneralSecurityException ex)
        {
            throw new IllegalStateException("cannot encode " + node + "'s extensions: " + ex.getMessage(), ex);
        }
        return sign(builder, caKey);
    }

    /**
     * @param certificate a certificate.
     * @return it in PEM ({@code -----BEGIN CERTIFICATE-----}, base64 in lines of 64), as {@code keytool -rfc} writes.
     */
    static String pem(final X509Certificate certificate)
    {
        try
        {
            return "-----BEGIN CERTIFICATE-----\n" +
                Base64.getMimeEncoder(PEM_LINE, new byte[] {'\n'}).encodeToString(certificate.getEncoded()) +
                "\n-----END CERTIFICATE-----\n";
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("cannot encode a certificate: " + ex.getMessage(), ex);
        }
    }

    private JcaX509v3CertificateBuilder builder(final X500Name issuer, final X500Name subject, final PublicKey key,
        final Duration validity, final long nowMs)
    {
        final Instant notBefore = Instant.ofEpochMilli(nowMs);
        return new JcaX509v3CertificateBuilder(issuer, new BigInteger(63, random).add(BigInteger.ONE),
            Date.from(notBefore), Date.from(notBefore.plus(validity)), subject, key);
    }

    private X509Certificate sign(final X509v3CertificateBuilder builder, final PrivateKey signer)
    {
        try
        {
            return converter.getCertificate(builder.build(new JcaContentSignerBuilder(SIGNATURE).build(signer)));
        }
        catch (final OperatorCreationException | GeneralSecurityException ex)
        {
            throw new IllegalStateException("cannot sign a certificate with " + SIGNATURE + ": " + ex.getMessage(),
                ex);
        }
    }
}
