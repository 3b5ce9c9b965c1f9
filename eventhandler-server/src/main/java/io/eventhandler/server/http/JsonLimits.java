package io.eventhandler.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.server.config.LimitsConfiguration;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The JSON side of the request limits: Jackson refuses too deep or too long input while parsing (before anything is
 * built from it), and the refusal is described to the client with the setting that decides it.
 */
public final class JsonLimits {

    private static final Pattern JACKSON_SOURCE = Pattern.compile(", from `[^`]*`\\)");

    private JsonLimits() {
    }

    /** Apply the limits to everything this mapper reads, and refuse text that is not Unicode. */
    public static ObjectMapper apply(final ObjectMapper mapper, final LimitsConfiguration limits) {
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(limits.maxJsonDepth())
                .maxStringLength(limits.maxJsonStringLength())
                .maxNameLength(limits.maxJsonStringLength())
                .build());
        mapper.registerModule(WellFormedText.module());
        return mapper;
    }

    /** The client's message when a body was refused for exceeding a limit, naming its setting; else empty. */
    static Optional<String> describeLimit(final JsonProcessingException e) {
        final StreamConstraintsException limit = limitOf(e);
        if (limit == null) {
            return Optional.empty();
        }
        final String message = JACKSON_SOURCE.matcher(limit.getOriginalMessage()).replaceAll(")");
        return Optional.of("Request body exceeds a limit of this Event Handler: " + message + settingOf(message));
    }

    /** Databind wraps the parser's refusal when it happens inside a value. */
    private static StreamConstraintsException limitOf(final Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof StreamConstraintsException limit) {
                return limit;
            }
        }
        return null;
    }

    private static String settingOf(final String message) {
        if (message.contains("nesting depth")) {
            return " (" + LimitsConfiguration.MAX_JSON_DEPTH.key() + ")";
        }
        if (message.startsWith("String value length") || message.startsWith("Name length")) {
            return " (" + LimitsConfiguration.MAX_JSON_STRING_LENGTH.key() + ")";
        }
        return "";
    }
}
