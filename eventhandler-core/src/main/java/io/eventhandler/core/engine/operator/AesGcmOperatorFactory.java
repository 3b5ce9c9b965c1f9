package io.eventhandler.core.engine.operator;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Map;
import java.util.Set;

/**
 * Makes {@code aes-gcm} operators (see {@link AesGcmOperator}). Parameters: {@code key}, hex of a 128, 192 or 256-bit
 * AES key (upper or lower case); optional {@code aad}, additional authenticated data taken as the UTF-8 bytes of the
 * text, verbatim (default none). One input. Error messages never repeat the key.
 */
public final class AesGcmOperatorFactory implements OperatorFactory {

    /** The type name. */
    public static final String TYPE = "aes-gcm";

    private static final Set<String> PARAMETERS = Set.of("key", "aad");

    /** One generator for all operators: seeding is costly and SecureRandom is thread-safe. */
    private final SecureRandom random = new SecureRandom();

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Operator create(final Map<String, String> parameters, final int inputCount) {
        Parameters.requireInputs(TYPE, inputCount, 1);
        final Parameters p = Parameters.of(TYPE, parameters, PARAMETERS);
        final byte[] key = hexKey(p);
        // verbatim, like concat's separator: whitespace is authenticated data too
        final String aadText = parameters.get("aad");
        final byte[] aad = aadText == null ? new byte[0] : aadText.getBytes(StandardCharsets.UTF_8);
        return new AesGcmOperator(key, aad, random);
    }

    private static byte[] hexKey(final Parameters p) {
        final String hex = p.text("key");
        for (int i = 0; i < hex.length(); i++) {
            if (Character.digit(hex.charAt(i), 16) < 0) {
                throw p.invalid("key", "must be hexadecimal; character " + i + " is not a hex digit");
            }
        }
        final int bits = hex.length() * 4;
        if (bits != 128 && bits != 192 && bits != 256) {
            throw p.invalid("key", "must be a 128, 192 or 256-bit AES key (32, 48 or 64 hex digits), got "
                    + hex.length() + " hex digits");
        }
        final byte[] key = new byte[hex.length() / 2];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) Integer.parseInt(hex, 2 * i, 2 * i + 2, 16);
        }
        return key;
    }
}
