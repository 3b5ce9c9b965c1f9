package io.eventhandler.server.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;

/**
 * Refuses JSON text that is not Unicode: an escaped surrogate without its other half (a low one, DC00, alone) reads
 * as a Java string that no UTF-8 writer can encode. Accepted, such a string was stored, then broke every listing that contained it (the
 * client's parser refused the answer), and in an event it would reach subscribers with a {@code ?} in its place.
 * Applies to every string value the request DTOs read; field names Jackson's parser checks itself.
 */
final class WellFormedText {

    private WellFormedText() {
    }

    static SimpleModule module() {
        final SimpleModule module = new SimpleModule("well-formed-text");
        module.addDeserializer(String.class, new Values());
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
}
