package io.eventhandler.server.fuzz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eventhandler.server.testing.EhHttp;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Hostile and malformed input from a seeded {@link Random} (jqwik supplies it, so a failure replays): odd strings,
 * random JSON, valid documents with a few mutations, deep nesting, huge values, broken encodings.
 */
final class HostileInput {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] ODD = {"", " ", "\t", "\u0000", "\u0001", "\u001b[31m", "\u007f", "\r\n", "\n",
        "\u00e9", "\u00df", "\u0130", "\u0131", "\u200b", "\u202e", "\ufeff", "\ud83d\ude00", "\ud800", "\udfff",
        "\uffff", "\\", "\"", "'", "<script>", "%00", "%", "%zz", "../..", "{}", "[]", "null", "true", "-1", "0",
        "65536", "2147483648", "1e309", "NaN", "-0", "\u0969", "SUBSCRIBER_AUTH_UPDATE", "a b", "a;b", "a,b",
        "data: x\n\n", "id: 1", ":", "/", "?", "#", "&", "=", "+"};
    private static final int[] LONG_LENGTHS = {254, 255, 256, 1_000, 2_047, 2_048, 8_200, 65_537};

    private HostileInput() {
    }

    /** A string chosen to upset parsers, validators, stores and logs. */
    static String oddString(final Random random) {
        return switch (random.nextInt(7)) {
            case 0 -> ODD[random.nextInt(ODD.length)];
            case 1 -> {
                final StringBuilder text = new StringBuilder();
                for (int i = random.nextInt(6); i >= 0; i--) {
                    text.append(random.nextBoolean() ? ODD[random.nextInt(ODD.length)] : ascii(random, 4));
                }
                yield text.toString();
            }
            case 2 -> {
                final StringBuilder text = new StringBuilder();
                for (int i = random.nextInt(40); i > 0; i--) {
                    text.append((char) random.nextInt(0x10000));
                }
                yield text.toString();
            }
            case 3 -> String.valueOf((char) (' ' + random.nextInt(95)))
                    .repeat(LONG_LENGTHS[random.nextInt(LONG_LENGTHS.length)]);
            case 4 -> ascii(random, 1 + random.nextInt(30));
            case 5 -> Long.toString(random.nextLong());
            default -> new String(Character.toChars(0x10000 + random.nextInt(0xF0000))).repeat(1 + random.nextInt(5));
        };
    }

    /** Printable ASCII. */
    static String ascii(final Random random, final int length) {
        final StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append((char) (' ' + random.nextInt(95)));
        }
        return text.toString();
    }

    /** Any JSON value, nested at most {@code depth} more levels. */
    static JsonNode value(final Random random, final int depth) {
        final int kind = random.nextInt(depth > 0 ? 11 : 9);
        return switch (kind) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.booleanNode(random.nextBoolean());
            case 2 -> NODES.numberNode(random.nextInt());
            case 3 -> NODES.numberNode(random.nextLong());
            case 4 -> NODES.numberNode(random.nextDouble() * Math.pow(10, random.nextInt(600) - 300));
            case 5 -> NODES.numberNode(new BigInteger(1 + random.nextInt(3000), random));
            case 6 -> NODES.numberNode(new BigDecimal(new BigInteger(64, random), random.nextInt(800) - 400));
            case 7, 8 -> NODES.textNode(oddString(random));
            case 9 -> {
                final ArrayNode array = NODES.arrayNode();
                for (int i = random.nextInt(5); i > 0; i--) {
                    array.add(value(random, depth - 1));
                }
                yield array;
            }
            default -> {
                final ObjectNode object = NODES.objectNode();
                for (int i = random.nextInt(5); i > 0; i--) {
                    object.set(oddString(random), value(random, depth - 1));
                }
                yield object;
            }
        };
    }

    /** Arrays or objects nested {@code depth} levels. */
    static String deep(final Random random, final int depth) {
        final boolean arrays = random.nextBoolean();
        return (arrays ? "[" : "{\"a\":").repeat(depth) + "1" + (arrays ? "]" : "}").repeat(depth);
    }

    /** A copy of the valid document with one to three changes at random places. */
    static ObjectNode mutate(final Random random, final ObjectNode valid) {
        final ObjectNode copy = valid.deepCopy();
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
            final List<JsonNode> containers = new ArrayList<>();
            collectContainers(copy, containers);
            final JsonNode target = containers.get(random.nextInt(containers.size()));
            if (target instanceof ObjectNode object) {
                mutateObject(random, object);
            } else if (target instanceof ArrayNode array) {
                if (array.isEmpty() || random.nextBoolean()) {
                    array.add(value(random, 2));
                } else {
                    array.set(random.nextInt(array.size()), value(random, 2));
                }
            }
        }
        return copy;
    }

    private static void mutateObject(final Random random, final ObjectNode object) {
        final List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        final String name = names.isEmpty() || random.nextInt(5) == 0 ? oddString(random)
                : names.get(random.nextInt(names.size()));
        switch (random.nextInt(7)) {
            case 0 -> object.remove(name);
            case 1 -> object.set(name, manyEntries(random));
            case 2 -> object.putRawValue(name, new com.fasterxml.jackson.databind.util.RawValue(
                    deep(random, 1 + random.nextInt(60))));
            default -> object.set(name, value(random, 2));
        }
    }

    private static ObjectNode manyEntries(final Random random) {
        final ObjectNode map = NODES.objectNode();
        for (int i = 60 + random.nextInt(100); i > 0; i--) {
            map.put("k" + i, random.nextBoolean() ? "v" : oddString(random));
        }
        return map;
    }

    private static void collectContainers(final JsonNode node, final List<JsonNode> into) {
        if (node.isContainerNode()) {
            into.add(node);
            node.forEach(child -> collectContainers(child, into));
        }
    }

    /** A request body for an endpoint whose valid document is {@code valid}: mostly near-valid, some plain junk. */
    static byte[] body(final Random random, final ObjectNode valid) {
        final int kind = random.nextInt(100);
        if (kind < 55) {
            return bytes(mutate(random, valid));
        }
        if (kind < 62) {
            return bytes(valid);
        }
        if (kind < 72) {
            return bytes(value(random, 3));
        }
        if (kind < 78) {
            return deep(random, 1 + random.nextInt(random.nextBoolean() ? 40 : 5_000)).getBytes(StandardCharsets.UTF_8);
        }
        if (kind < 86) {
            return broken(random, bytes(random.nextBoolean() ? valid : mutate(random, valid)));
        }
        if (kind < 93) {
            final byte[] junk = new byte[random.nextInt(300)];
            random.nextBytes(junk);
            return junk;
        }
        final ObjectNode huge = valid.deepCopy();
        final List<String> names = new ArrayList<>();
        huge.fieldNames().forEachRemaining(names::add);
        huge.put(names.get(random.nextInt(names.size())), "x".repeat(60_000 + random.nextInt(10_000)));
        return bytes(huge);
    }

    /** Truncated, or with bytes that are not UTF-8 spliced in. */
    private static byte[] broken(final Random random, final byte[] document) {
        if (document.length == 0 || random.nextBoolean()) {
            final byte[] cut = new byte[random.nextInt(document.length + 1)];
            System.arraycopy(document, 0, cut, 0, cut.length);
            return cut;
        }
        final byte[][] invalid = {{(byte) 0xC3, 0x28}, {(byte) 0xFF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {0}, {(byte) 0xE2, (byte) 0x82}};
        final int at = random.nextInt(document.length);
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(document, 0, at);
        out.writeBytes(invalid[random.nextInt(invalid.length)]);
        out.write(document, at, document.length - at);
        return out.toByteArray();
    }

    /** The document's JSON text (lone surrogates become '?' in UTF-8). */
    static byte[] bytes(final JsonNode document) {
        try {
            return EhHttp.JSON.writeValueAsString(document).getBytes(StandardCharsets.UTF_8);
        } catch (final JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A query string of random parameters, some of them the endpoint's, encoded properly or not at all. */
    static String query(final Random random, final List<String> names) {
        final StringBuilder query = new StringBuilder();
        for (int i = random.nextInt(6); i > 0; i--) {
            query.append(query.length() == 0 ? "?" : "&");
            final String name = random.nextInt(4) > 0 ? names.get(random.nextInt(names.size())) : oddString(random);
            final String value = oddString(random);
            query.append(encode(random, name)).append('=').append(encode(random, value));
        }
        return query.toString();
    }

    /** Percent-encoded, or (sometimes) raw: then the request line itself carries the odd bytes. */
    static String encode(final Random random, final String text) {
        if (random.nextInt(8) == 0) {
            return text.replace(' ', '+').replace("\r", "").replace("\n", "").replace("#", "%23");
        }
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** A header value: odd, but on one line. */
    static String headerValue(final Random random) {
        return oddString(random).replace('\r', ' ').replace('\n', ' ');
    }
}
