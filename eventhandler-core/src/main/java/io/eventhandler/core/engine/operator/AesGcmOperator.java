package io.eventhandler.core.engine.operator;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.GCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * {@code aes-gcm}: encrypts one payload (its UTF-8 bytes) with AES-GCM and a 128-bit tag. Output: standard Base64
 * (with padding) of {@code nonce (12 bytes) ‖ ciphertext ‖ tag (16 bytes)}; the nonce is fresh from
 * {@link SecureRandom} for every invocation, so a key can be used for about 2³² messages before random nonces risk a
 * collision (NIST SP 800-38D §8.3).
 *
 * <p>Bouncy Castle's lightweight API ({@link GCMBlockCipher} over {@link AESEngine}) rather than the JCE provider: no
 * provider is registered in the JVM's global {@code Security} list, no JCE jar-signature check applies (the shaded
 * benchmarks jar strips signatures), and the nonce is an explicit argument, which the test hook needs.
 *
 * <p>Thread-safe: a GCM cipher object is stateful, so each invocation makes its own (cheap next to the encryption
 * of a batch); the key and {@link SecureRandom} are shared and safe to share.
 */
final class AesGcmOperator implements Operator {

    /** 96 bits, the size GCM handles without hashing the nonce (SP 800-38D §5.2.1.1). */
    static final int NONCE_BYTES = 12;

    static final int TAG_BITS = 128;

    private final KeyParameter key;
    private final byte[] aad;
    private final SecureRandom random;

    /**
     * @param key 16, 24 or 32 bytes
     * @param aad additional authenticated data, possibly empty
     */
    AesGcmOperator(final byte[] key, final byte[] aad, final SecureRandom random) {
        this.key = new KeyParameter(key);
        this.aad = aad.clone();
        this.random = random;
    }

    @Override
    public Optional<String> apply(final List<String> inputs) {
        final byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        final byte[] sealed = seal(inputs.get(0).getBytes(StandardCharsets.UTF_8), nonce);
        return Optional.of(Base64.getEncoder().encodeToString(sealed));
    }

    /** {@code nonce ‖ ciphertext ‖ tag} for a given nonce; package-private so tests can check known vectors. */
    byte[] seal(final byte[] plaintext, final byte[] nonce) {
        final GCMModeCipher cipher = GCMBlockCipher.newInstance(AESEngine.newInstance());
        cipher.init(true, new AEADParameters(key, TAG_BITS, nonce, aad));
        final byte[] out = new byte[nonce.length + cipher.getOutputSize(plaintext.length)];
        System.arraycopy(nonce, 0, out, 0, nonce.length);
        int length = nonce.length + cipher.processBytes(plaintext, 0, plaintext.length, out, nonce.length);
        try {
            length += cipher.doFinal(out, length);
        } catch (InvalidCipherTextException e) {
            // only decryption checks a tag; encryption cannot fail this way
            throw new IllegalStateException("AES-GCM encryption failed", e);
        }
        if (length != out.length) {
            throw new IllegalStateException("AES-GCM wrote " + length + " bytes, expected " + out.length);
        }
        return out;
    }

    @Override
    public boolean threadSafe() {
        return true;
    }
}
