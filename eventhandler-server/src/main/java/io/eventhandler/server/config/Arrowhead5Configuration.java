package io.eventhandler.server.config;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import static io.eventhandler.server.config.Setting.atLeast;
import static io.eventhandler.server.config.Setting.between;

/**
 * The settings only an Arrowhead 5 local cloud needs; read whatever the dialect, used only when
 * {@code eh.arrowhead.dialect=arrowhead5}. The Service Registry's address and the registration timing are the
 * shared {@link ArrowheadConfiguration} keys.
 *
 * @param systemName             {@link #SYSTEM_NAME} — the system name the Event Handler registers and declares
 *                               (PascalCase, {@code EventHandler})
 * @param identity               {@link #IDENTITY} — how callers and the Event Handler itself are identified
 *                               ({@code declared}, {@code certificate})
 * @param unrestrictedDiscovery  {@link #UNRESTRICTED_DISCOVERY} — whether the services carry
 *                               {@code unrestrictedDiscovery=true}, visible to every Service Registry lookup (true,
 *                               as the core systems' services); false: found only through orchestration
 * @param authorizationAddress   {@link #AUTHORIZATION_ADDRESS} — ConsumerAuthorization host (default: the Service
 *                               Registry's)
 * @param authorizationPort      {@link #AUTHORIZATION_PORT} — ConsumerAuthorization port (8445)
 * @param authorizationCacheMs   {@link #AUTHORIZATION_CACHE_MS} — longest time an authorization answer is used
 *                               before it is asked again (30000): 5.x sends no updates
 * @param eventTypes             {@link #EVENT_TYPES} — explicit 4.6 → 5.x event type names,
 *                               {@code TEMPERATURE_READING:temperatureReading,...}
 * @param authenticationAddress  {@link #AUTHENTICATION_ADDRESS} — the Authentication system's host, used (outsourced
 *                               identity) while its {@code identity} service is not found in the Service Registry
 *                               (default: the Service Registry's)
 * @param authenticationPort     {@link #AUTHENTICATION_PORT} — its port (8444)
 * @param password               {@link #PASSWORD} — the Event Handler's password at the Authentication system
 *                               (outsourced identity; required there)
 */
public record Arrowhead5Configuration(
        String systemName,
        Identity identity,
        boolean unrestrictedDiscovery,
        String authorizationAddress,
        int authorizationPort,
        int authorizationCacheMs,
        String eventTypes,
        String authenticationAddress,
        int authenticationPort,
        String password) {

    /** Without outsourced identity's settings (the Authentication system at ConsumerAuthorization's host). */
    public Arrowhead5Configuration(final String systemName, final Identity identity,
                                   final boolean unrestrictedDiscovery, final String authorizationAddress,
                                   final int authorizationPort, final int authorizationCacheMs,
                                   final String eventTypes) {
        this(systemName, identity, unrestrictedDiscovery, authorizationAddress, authorizationPort,
                authorizationCacheMs, eventTypes, authorizationAddress, 8444, "");
    }

    /** The 5.x authentication policies this Event Handler can follow. */
    public enum Identity {
        /** {@code Authorization: Bearer SYSTEM//<Name>}. */
        DECLARED,
        /** TLS client certificates with the 5.x profile ({@code dnQualifier=sy}, {@code op} for the operator). */
        CERTIFICATE,
        /** {@code Authorization: Bearer IDENTITY-TOKEN//<token>}, verified with the Authentication system. */
        OUTSOURCED
    }

    private static final Settings<Arrowhead5Configuration> SETTINGS = new Settings<>();

    public static final Setting<String> SYSTEM_NAME = SETTINGS.add(
            Setting.string("eh.ah5.system.name", "EventHandler"), Arrowhead5Configuration::systemName);
    public static final Setting<Identity> IDENTITY = SETTINGS.add(
            Setting.choice("eh.ah5.identity", Identity.DECLARED, Identity.class, "[declared, certificate, outsourced]"),
            Arrowhead5Configuration::identity);
    public static final Setting<Boolean> UNRESTRICTED_DISCOVERY = SETTINGS.add(
            Setting.bool("eh.ah5.unrestricted.discovery", true), Arrowhead5Configuration::unrestrictedDiscovery);
    public static final Setting<String> AUTHORIZATION_ADDRESS = SETTINGS.add(
            Setting.string("eh.ah5.authorization.address", null), Arrowhead5Configuration::authorizationAddress);
    public static final Setting<Integer> AUTHORIZATION_PORT = SETTINGS.add(
            Setting.integer("eh.ah5.authorization.port", 8445, between(1, 65535)),
            Arrowhead5Configuration::authorizationPort);
    public static final Setting<Integer> AUTHORIZATION_CACHE_MS = SETTINGS.add(
            Setting.integer("eh.ah5.authorization.cache.ms", 30_000, atLeast(0)),
            Arrowhead5Configuration::authorizationCacheMs);
    public static final Setting<String> EVENT_TYPES = SETTINGS.add(
            Setting.string("eh.ah5.event.types", ""), Arrowhead5Configuration::eventTypes);
    public static final Setting<String> AUTHENTICATION_ADDRESS = SETTINGS.add(
            Setting.string("eh.ah5.authentication.address", null), Arrowhead5Configuration::authenticationAddress);
    public static final Setting<Integer> AUTHENTICATION_PORT = SETTINGS.add(
            Setting.integer("eh.ah5.authentication.port", 8444, between(1, 65535)),
            Arrowhead5Configuration::authenticationPort);
    public static final Setting<String> PASSWORD = SETTINGS.secret(
            Setting.string("eh.ah5.authentication.password", ""), Arrowhead5Configuration::password);

    /** The 5.x defaults (the dialect is not chosen or nothing is set). */
    public static Arrowhead5Configuration defaults(final String serviceRegistryAddress) {
        return new Arrowhead5Configuration("EventHandler", Identity.DECLARED, true, serviceRegistryAddress, 8445,
                30_000, "", serviceRegistryAddress, 8444, "");
    }

    static Arrowhead5Configuration read(final ConfigSource source, final String serviceRegistryAddress) {
        final Arrowhead5Configuration five = new Arrowhead5Configuration(source.get(SYSTEM_NAME),
                source.get(IDENTITY), source.get(UNRESTRICTED_DISCOVERY),
                source.get(AUTHORIZATION_ADDRESS, serviceRegistryAddress), source.get(AUTHORIZATION_PORT),
                source.get(AUTHORIZATION_CACHE_MS), source.get(EVENT_TYPES),
                source.get(AUTHENTICATION_ADDRESS, serviceRegistryAddress), source.get(AUTHENTICATION_PORT),
                source.get(PASSWORD));
        if (five.identity() == Identity.OUTSOURCED && five.password().isEmpty()) {
            source.problem(IDENTITY + "=outsourced needs " + PASSWORD
                    + ": the Event Handler logs in to the Authentication system with it");
        }
        if (!five.systemName().matches("[A-Z][0-9A-Za-z]{0,62}")) {
            source.problem(SYSTEM_NAME + "=" + five.systemName()
                    + " must be an Arrowhead 5 system name: PascalCase letters and digits, at most 63");
        }
        try {
            five.eventTypeMapping();
        } catch (final IllegalArgumentException e) {
            source.problem(EVENT_TYPES + ": " + e.getMessage());
        }
        return five;
    }

    /** The 5.x event type name rule: camelCase letters and digits, starting with a lower-case letter. */
    public static final String EVENT_TYPE_RULE = "([a-z]{1})|(^[a-z][0-9A-Za-z]+$)";
    /** The longest 5.x event type name. */
    public static final int EVENT_TYPE_MAX_LENGTH = 63;

    /** Whether {@code name} follows the 5.x event type rule. */
    public static boolean isFiveEventType(final String name) {
        return name != null && name.length() <= EVENT_TYPE_MAX_LENGTH && name.matches(EVENT_TYPE_RULE);
    }

    /**
     * {@link #eventTypes} as 4.6 name → 5.x name, in the order given.
     *
     * @throws IllegalArgumentException naming the entry that is not {@code NAME:fiveName} with a 5.x name, or a name
     *                                  mapped twice
     */
    public Map<String, String> eventTypeMapping() {
        final Map<String, String> mapping = new LinkedHashMap<>();
        if (eventTypes == null || eventTypes.isBlank()) {
            return mapping;
        }
        final Set<String> targets = new HashSet<>();
        for (final String entry : eventTypes.split(",")) {
            final String[] pair = entry.trim().split(":", -1);
            if (pair.length != 2 || pair[0].isBlank() || !isFiveEventType(pair[1].trim())) {
                throw new IllegalArgumentException("'" + entry.trim() + "' must be OLD_NAME:fiveName, the second a"
                        + " camelCase event type name of letters and digits, at most " + EVENT_TYPE_MAX_LENGTH);
            }
            if (mapping.put(pair[0].trim(), pair[1].trim()) != null || !targets.add(pair[1].trim())) {
                throw new IllegalArgumentException("'" + entry.trim() + "' maps a name already mapped");
            }
        }
        return mapping;
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
