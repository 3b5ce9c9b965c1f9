package io.eventhandler.server.validation;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.http.ArrowheadException;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The configured bounds on the names and maps of a request (see {@link LimitsConfiguration}), checked after
 * Arrowhead's own checks so that every request Arrowhead refuses gets Arrowhead's message. A violation is a 400
 * INVALID_PARAMETER naming the field, the bound and the setting.
 */
public final class RequestLimits {

    private final LimitsConfiguration limits;
    private final Pattern eventTypePattern;
    /** One matcher per thread, reset per name: a fresh one per publish was a tenth of the validator's garbage. */
    private final ThreadLocal<Matcher> eventTypeMatcher;
    /**
     * The default pattern is checked by a loop over its characters: the regular expression engine was 1 % of the
     * server's CPU per event in a publish-heavy profile (interpreted under C1). Another pattern uses the engine.
     */
    private final boolean defaultPattern;

    public RequestLimits(final LimitsConfiguration limits) {
        this.limits = limits;
        this.eventTypePattern = Pattern.compile(limits.eventTypePattern());
        this.eventTypeMatcher = ThreadLocal.withInitial(() -> eventTypePattern.matcher(""));
        this.defaultPattern = LimitsConfiguration.DEFAULT_EVENT_TYPE_PATTERN.equals(limits.eventTypePattern());
    }

    /** The limits of a server with the default configuration. */
    public static RequestLimits defaults() {
        return new RequestLimits(ServerConfiguration.defaults().limits());
    }

    /** An event type (or topic name): its trimmed form within the length, of the allowed characters. */
    public void eventType(final String eventType, final String field, final String origin) {
        final String name = eventType.trim();
        length(name, limits.maxEventTypeLength(), field, "", LimitsConfiguration.MAX_EVENT_TYPE_LENGTH.key(), origin);
        if (!(defaultPattern ? ofDefaultCharacters(name) : eventTypeMatcher.get().reset(name).matches())) {
            throw ArrowheadException.invalidParameter(field + " may only consist of characters matching "
                    + eventTypePattern.pattern() + " (" + LimitsConfiguration.EVENT_TYPE_PATTERN.key() + ").",
                    origin);
        }
    }

    /** Whether the name matches {@link LimitsConfiguration#DEFAULT_EVENT_TYPE_PATTERN}. */
    static boolean ofDefaultCharacters(final String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            final char c = name.charAt(i);
            final boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '_' || c == '.' || c == ':' || c == '/' || c == '-';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }

    /**
     * A system of a request: name, address, authentication info and metadata. Each message names {@code field}
     * and the part, joined only when it is sent: this runs on every publish.
     */
    public void system(final SystemRequestDTO system, final String field, final String origin) {
        length(system.systemName(), limits.maxSystemNameLength(), field, ".SystemName",
                LimitsConfiguration.MAX_SYSTEM_NAME_LENGTH.key(), origin);
        length(system.address(), limits.maxAddressLength(), field, ".Address",
                LimitsConfiguration.MAX_ADDRESS_LENGTH.key(), origin);
        if (system.authenticationInfo() != null
                && system.authenticationInfo().length() > LimitsConfiguration.STORED_AUTHENTICATION_INFO_COLUMN) {
            throw ArrowheadException.invalidParameter(field + ".AuthenticationInfo is longer than "
                    + LimitsConfiguration.STORED_AUTHENTICATION_INFO_COLUMN + " characters.", origin);
        }
        metadata(system.metadata(), field, ".Metadata", origin);
    }

    public void systemName(final String name, final String field, final String origin) {
        length(name, limits.maxSystemNameLength(), field, "", LimitsConfiguration.MAX_SYSTEM_NAME_LENGTH.key(),
                origin);
    }

    public void address(final String address, final String field, final String origin) {
        length(address, limits.maxAddressLength(), field, "", LimitsConfiguration.MAX_ADDRESS_LENGTH.key(), origin);
    }

    /** A metadata map (null is none). */
    public void metadata(final Map<?, ?> metadata, final String field, final String origin) {
        metadata(metadata, field, "", origin);
    }

    private void metadata(final Map<?, ?> metadata, final String field, final String part, final String origin) {
        if (metadata != null && metadata.size() > limits.maxMetadataEntries()) {
            throw ArrowheadException.invalidParameter(field + part + " has " + metadata.size()
                    + " entries, more than " + limits.maxMetadataEntries() + " ("
                    + LimitsConfiguration.MAX_METADATA_ENTRIES.key() + ").", origin);
        }
    }

    /** The message names {@code field} followed by {@code part}. */
    private static void length(final String value, final int max, final String field, final String part,
                               final String setting, final String origin) {
        if (value != null && value.length() > max) {
            throw ArrowheadException.invalidParameter(field + part + " is longer than " + max + " characters ("
                    + setting + ").", origin);
        }
    }
}
