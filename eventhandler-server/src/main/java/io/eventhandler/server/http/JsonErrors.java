package io.eventhandler.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.PropertyBindingException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a client is told about a request body Jackson could not read: a limit with its setting, a field of the wrong
 * JSON type with the field's path and the type it must have ({@code Field source.port must be a whole number, not
 * "abc".}), or the syntax error. Never a Java class name: Jackson's own binding messages carry them.
 */
public final class JsonErrors {

    private static final Pattern TOKEN = Pattern.compile("JsonToken\\.([A-Z_]+)");

    private JsonErrors() {
    }

    /** The client's message for a body that could not be read. */
    public static String describe(final JsonProcessingException e) {
        return JsonLimits.describeLimit(e).orElseGet(() -> content(e));
    }

    private static String content(final JsonProcessingException e) {
        if (e instanceof PropertyBindingException unknown) {
            return "Request body field " + path(unknown) + " is not known for this endpoint.";
        }
        if (e instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
            return "Request body field " + path(mismatch) + " must be " + expected(mismatch.getTargetType())
                    + given(mismatch) + ".";
        }
        if (e instanceof MismatchedInputException mismatch) {
            return "Request body must be " + expected(mismatch.getTargetType()) + given(mismatch) + ".";
        }
        if (e instanceof ValueInstantiationException || e instanceof InvalidDefinitionException) {
            // Jackson's text names Java classes: say where, not what it says
            final String path = path((JsonMappingException) e);
            return "(the whole body)".equals(path) ? "Request body does not fit this endpoint."
                    : "Request body field " + path + " has a value this endpoint cannot use.";
        }
        // a syntax error, or our own refusal while reading (text that is not Unicode): the message says what
        return "Request body is not valid JSON for this endpoint: " + e.getOriginalMessage();
    }

    /** The field's path as JSON names it: {@code source.port}, {@code events[2].payload}. */
    private static String path(final JsonMappingException e) {
        final StringBuilder path = new StringBuilder();
        for (final JsonMappingException.Reference reference : e.getPath()) {
            if (reference.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.length() == 0 ? "(the whole body)" : path.toString();
    }

    /** The JSON type a Java type is read from. */
    static String expected(final Class<?> type) {
        if (type == null) {
            return "of another type";
        }
        if (CharSequence.class.isAssignableFrom(type) || type == char.class || type == Character.class) {
            return "a string";
        }
        if (List.of(int.class, long.class, short.class, byte.class, Integer.class, Long.class, Short.class,
                Byte.class, BigInteger.class).contains(type)) {
            return "a whole number";
        }
        if (type == double.class || type == float.class || Number.class.isAssignableFrom(type)
                || type == BigDecimal.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.toString(type.getEnumConstants());
        }
        if (Map.class.isAssignableFrom(type) || !type.isPrimitive()) {
            return "an object";
        }
        return "of another type";
    }

    /** What was sent instead: the value when Jackson kept it, else the kind of JSON value it found. */
    private static String given(final MismatchedInputException e) {
        if (e instanceof InvalidFormatException invalid && invalid.getValue() instanceof String text) {
            return ", not \"" + text + "\"";
        }
        final Matcher token = TOKEN.matcher(String.valueOf(e.getOriginalMessage()));
        if (!token.find()) {
            return "";
        }
        return switch (token.group(1)) {
            case "START_OBJECT" -> ", not an object";
            case "START_ARRAY" -> ", not an array";
            case "VALUE_STRING" -> ", not a string";
            case "VALUE_NUMBER_INT", "VALUE_NUMBER_FLOAT" -> ", not a number";
            case "VALUE_TRUE", "VALUE_FALSE" -> ", not " + (token.group(1).equals("VALUE_TRUE") ? "true" : "false");
            default -> "";
        };
    }
}
