package io.eventhandler.core.engine.operator;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import static io.eventhandler.core.engine.operator.RangeBearingEkfTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Known answers are from McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)", Appendix B (the test cases
 * NIST's GCM validation builds on); decryption is checked with the JDK's own AES-GCM (SunJCE), a second,
 * independent implementation.
 */
class AesGcmOperatorTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final String KEY_128 = "feffe9928665731c6d6a8f9467308308";
    private static final String IV = "cafebabefacedbaddecaf888";
    private static final String PLAIN_64 = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
            + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255";
    private static final String PLAIN_60 = PLAIN_64.substring(0, 120);
    private static final String AAD = "feedfacedeadbeeffeedfacedeadbeefabaddad2";

    @Test
    void shouldMatchGcmTestCase1EmptyPlaintext() {
        assertSeal("00000000000000000000000000000000", "", "000000000000000000000000", "", "",
                "58e2fccefa7e3061367f1d57a4e7455a");
    }

    @Test
    void shouldMatchGcmTestCase2() {
        assertSeal("00000000000000000000000000000000", "", "000000000000000000000000",
                "00000000000000000000000000000000", "0388dace60b6a392f328c2b971b2fe78",
                "ab6e47d42cec13bdf53a67b21257bddf");
    }

    @Test
    void shouldMatchGcmTestCase3() {
        assertSeal(KEY_128, "", IV, PLAIN_64,
                "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
                        + "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
                "4d5c2af327cd64a62cf35abd2ba6fab4");
    }

    @Test
    void shouldMatchGcmTestCase4WithAad() {
        assertSeal(KEY_128, AAD, IV, PLAIN_60,
                "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
                        + "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
                "5bc94fbc3221a5db94fae95ae7121a47");
    }

    @Test
    void shouldMatchGcmTestCase16With256BitKey() {
        assertSeal(KEY_128 + KEY_128, AAD, IV, PLAIN_60,
                "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
                        + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
                "76fc6ece0f4e1768cddf8853bb2d551b");
    }

    @Test
    void shouldRoundTripThroughTheJdkWithAFreshNoncePerInvocation() throws Exception {
        final String key = "000102030405060708090a0b0c0d0e0f1011121314151617";
        final Operator aes = new AesGcmOperatorFactory().create(Map.of("key", key, "aad", "stream-7"), 1);
        assertTrue(aes.threadSafe());
        final String payload = "1.5,2,-3e-2,température";
        final byte[] first = Base64.getDecoder().decode(aes.apply(List.of(payload)).orElseThrow());
        final byte[] second = Base64.getDecoder().decode(aes.apply(List.of(payload)).orElseThrow());
        final int plainBytes = payload.getBytes(StandardCharsets.UTF_8).length;
        assertEquals(12 + plainBytes + 16, first.length, "nonce ‖ ciphertext ‖ tag");
        assertFalse(java.util.Arrays.equals(java.util.Arrays.copyOf(first, 12), java.util.Arrays.copyOf(second, 12)),
                "a fresh nonce each time");
        assertEquals(payload, new String(jdkOpen(HEX.parseHex(key), "stream-7".getBytes(StandardCharsets.UTF_8),
                first), StandardCharsets.UTF_8));
        assertEquals(payload, new String(jdkOpen(HEX.parseHex(key), "stream-7".getBytes(StandardCharsets.UTF_8),
                second), StandardCharsets.UTF_8));
    }

    @Test
    void shouldFailTheTagCheckWhenTamperedOrTheAadDiffers() {
        final byte[] key = HEX.parseHex(KEY_128);
        final byte[] aad = "meta".getBytes(StandardCharsets.UTF_8);
        final Operator aes = new AesGcmOperatorFactory().create(Map.of("key", KEY_128, "aad", "meta"), 1);
        final byte[] sealed = Base64.getDecoder().decode(aes.apply(List.of("100,200,300")).orElseThrow());
        for (int position : new int[] {0, 12, sealed.length - 1}) { // nonce, ciphertext, tag
            final byte[] tampered = sealed.clone();
            tampered[position] ^= 0x01;
            assertThrows(AEADBadTagException.class, () -> jdkOpen(key, aad, tampered), "bit flipped at " + position);
        }
        assertThrows(AEADBadTagException.class, () -> jdkOpen(key, "other".getBytes(StandardCharsets.UTF_8),
                sealed));
    }

    @Test
    void shouldRejectBadKeysWithoutRepeatingThem() {
        final AesGcmOperatorFactory factory = new AesGcmOperatorFactory();
        assertMessage(() -> factory.create(Map.of("key", "00112233445566778899aabbccddee"), 1),
                "'key' must be a 128, 192 or 256-bit AES key");
        assertMessage(() -> factory.create(Map.of("key", "00112233445566778899aabbccddeeff00"), 1),
                "got 34 hex digits");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> factory.create(Map.of("key", "zz112233445566778899aabbccddeeff"), 1));
        assertTrue(e.getMessage().contains("'key' must be hexadecimal"));
        assertFalse(e.getMessage().contains("445566"), "the key is not echoed");
        assertMessage(() -> factory.create(Map.of(), 1), "'key' is required");
        assertMessage(() -> factory.create(Map.of("key", KEY_128, "iv", "00"), 1), "unknown parameter(s) [iv]");
        assertMessage(() -> factory.create(Map.of("key", KEY_128), 2), "takes 1 input");
    }

    private static void assertSeal(final String key, final String aad, final String nonce, final String plain,
                                   final String cipherText, final String tag) {
        final AesGcmOperator aes = new AesGcmOperator(HEX.parseHex(key), HEX.parseHex(aad),
                new java.security.SecureRandom());
        final byte[] sealed = aes.seal(HEX.parseHex(plain), HEX.parseHex(nonce));
        assertEquals(nonce + cipherText + tag, HEX.formatHex(sealed));
    }

    private static byte[] jdkOpen(final byte[] key, final byte[] aad, final byte[] sealed) throws Exception {
        final Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"),
                new GCMParameterSpec(128, sealed, 0, 12));
        cipher.updateAAD(aad);
        return cipher.doFinal(sealed, 12, sealed.length - 12);
    }
}
