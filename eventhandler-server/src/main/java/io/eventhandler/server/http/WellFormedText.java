package io.eventhandler.server.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;

/**
 * Refuses JSON text that is not Unicode. Jackson (2.22) reads two kinds of it into Java strings holding a surrogate
 * without its other half: an escaped lone surrogate in a string value, and a four-byte UTF-8 sequence that is no
 * code point (above U+10FFFF, or overlong), in a value or a field name, which it decodes unchecked (found by the fuzz
 * test: bytes F4 90 80 80 in a metadata key became two lone low surrogates, DC00). Such a key was stored, and Jackson
 * then wrote it escaped, so every listing that held it was JSON no client could read; such a value reached
 * subscribers with {@code ?} in its place. Applies to every string value and map key the request DTOs read.
 */
final class WellFormedText {

    private WellFormedText() {
    }

    static SimpleModule module() {
        final SimpleModule module = new SimpleModule("well-formed-text");
        module.addDeserializer(String.class, new Values());
        module.addKeyDeserializer(String.class, new Keys());
        return module;
    }

    /** The index of the first surrogate without its pair, or -1. */
    static int unpairedSurrogate(final String text) {
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                    continue;
                }
                return i;
            }
            if (Character.isLowSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    private static String checked(final String text, final JsonParser parser, final String what)
            throws JsonMappingException {
        if (text == null) {
            return null;
        }
        final int at = unpairedSurrogate(text);
        if (at >= 0) {
            throw JsonMappingException.from(parser, String.format("%s has an unpaired surrogate \\u%04X at "
                    + "character %d: it is not Unicode text", what, (int) text.charAt(at), at));
        }
        return text;
    }

    private static final class Values extends StringDeserializer {
        private static final long serialVersionUID = 1L;

        @Override
        public String deserialize(final JsonParser parser, final DeserializationContext context) throws IOException {
            return checked(super.deserialize(parser, context), parser, "A string");
        }
    }

    private static final class Keys extends KeyDeserializer {
        @Override
        public Object deserializeKey(final String key, final DeserializationContext context)
                throws JsonMappingException {
            return checked(key, context.getParser(), "A field name");
        }
    }
}
