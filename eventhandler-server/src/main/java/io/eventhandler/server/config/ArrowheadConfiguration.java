package io.eventhandler.server.config;

import java.util.Map;
import java.util.Set;

import static io.eventhandler.server.config.Setting.atLeast;
import static io.eventhandler.server.config.Setting.between;

/**
 * How the Event Handler takes part in an Arrowhead local cloud. With no Service Registry address it runs standalone:
 * nothing is registered, and subscriptions are authorized by the local policy instead of the Authorization system.
 *
 * @param serviceRegistryAddress   {@link #SR_ADDRESS} — Service Registry host (default blank: standalone)
 * @param serviceRegistryPort      {@link #SR_PORT} — Service Registry port (8443)
 * @param domainName               {@link #DOMAIN_NAME} — address registered for the Event Handler's services
 *                                 (default: {@code server.address})
 * @param domainPort               {@link #DOMAIN_PORT} — port registered (default 0: the port listened on)
 * @param registryRetryInitialMs   {@link #SR_RETRY_INITIAL_MS} — first delay between attempts to reach the Service
 *                                 Registry at start, doubled each time (500)
 * @param registryRetryMaxMs       {@link #SR_RETRY_MAX_MS} — longest such delay (30000)
 * @param registryCheckIntervalMs  {@link #SR_CHECK_INTERVAL_MS} — how often the registration is checked and
 *                                 restored if the registry lost it (30000)
 * @param authorizationMaxRetries  {@link #AUTH_MAX_RETRY} — attempts to re-check the stored
 *                                 subscriptions with the Authorization at start (3, Arrowhead's)
 * @param authorizationRetrySeconds {@link #AUTH_RETRY_INTERVAL_SEC} — seconds between those
 *                                 attempts (10, Arrowhead's), and between later attempts while the
 *                                 Authorization cannot be reached
 * @param authorizationRecheckIntervalMs {@link #AUTH_RECHECK_INTERVAL_MS} — how often every stored subscriber
 *                                 is checked with the Authorization again, so that a rule change whose update
 *                                 notice was lost takes effect (60000)
 * @param localAuthorizationRules  {@link #LOCAL_AUTHORIZATION_RULES} — standalone policy:
 *                                 {@code subscriber:publisher,publisher;other:*} (default blank: every publisher
 *                                 reaches every subscriber)
 * @param coreConnectTimeoutMs     {@link #CORE_CONNECT_TIMEOUT_MS} — connect timeout of calls to core systems
 *                                 (5000)
 * @param coreResponseTimeoutMs    {@link #CORE_RESPONSE_TIMEOUT_MS} — response timeout of calls to core systems
 *                                 (10000)
 * @param dialect                  {@link #DIALECT} — the generation of the cloud ({@code arrowhead46}: 4.6 with
 *                                 {@code sr_address}, else standalone; {@code arrowhead5} needs {@code sr_address})
 * @param arrowhead5               the settings only an Arrowhead 5 cloud uses
 */
public record ArrowheadConfiguration(
        String serviceRegistryAddress,
        int serviceRegistryPort,
        String domainName,
        int domainPort,
        int registryRetryInitialMs,
        int registryRetryMaxMs,
        int registryCheckIntervalMs,
        int authorizationMaxRetries,
        int authorizationRetrySeconds,
        int authorizationRecheckIntervalMs,
        String localAuthorizationRules,
        int coreConnectTimeoutMs,
        int coreResponseTimeoutMs,
        ArrowheadDialect dialect,
        Arrowhead5Configuration arrowhead5) {

    private static final Settings<ArrowheadConfiguration> SETTINGS = new Settings<>();

    public static final Setting<String> SR_ADDRESS = SETTINGS.add(Setting.string("sr_address", ""),
            ArrowheadConfiguration::serviceRegistryAddress);
    public static final Setting<Integer> SR_PORT = SETTINGS.add(Setting.integer("sr_port", 8443, between(1, 65535)),
            ArrowheadConfiguration::serviceRegistryPort);
    public static final Setting<String> DOMAIN_NAME = SETTINGS.add(Setting.string("domain.name", null),
            ArrowheadConfiguration::domainName);
    public static final Setting<Integer> DOMAIN_PORT = SETTINGS.add(
            Setting.integer("domain.port", 0, between(0, 65535)), ArrowheadConfiguration::domainPort);
    public static final Setting<Integer> SR_RETRY_INITIAL_MS = SETTINGS.add(
            Setting.integer("eh.sr.retry.initial.ms", 500, atLeast(1)), ArrowheadConfiguration::registryRetryInitialMs);
    public static final Setting<Integer> SR_RETRY_MAX_MS = SETTINGS.add(
            Setting.integer("eh.sr.retry.max.ms", 30_000, atLeast(1)), ArrowheadConfiguration::registryRetryMaxMs);
    public static final Setting<Integer> SR_CHECK_INTERVAL_MS = SETTINGS.add(
            Setting.integer("eh.sr.check.interval.ms", 30_000, atLeast(100)),
            ArrowheadConfiguration::registryCheckIntervalMs);
    public static final Setting<Integer> AUTH_MAX_RETRY = SETTINGS.add(
            Setting.integer("event_handler_max_retry_connect_auth", 3, atLeast(1)),
            ArrowheadConfiguration::authorizationMaxRetries);
    public static final Setting<Integer> AUTH_RETRY_INTERVAL_SEC = SETTINGS.add(
            Setting.integer("event_handler_retry_connect_auth_interval_sec", 10, atLeast(0)),
            ArrowheadConfiguration::authorizationRetrySeconds);
    public static final Setting<Integer> AUTH_RECHECK_INTERVAL_MS = SETTINGS.add(
            Setting.integer("eh.authorization.recheck.interval.ms", 60_000, atLeast(100)),
            ArrowheadConfiguration::authorizationRecheckIntervalMs);
    public static final Setting<String> LOCAL_AUTHORIZATION_RULES = SETTINGS.add(
            Setting.string("eh.local.authorization.rules", ""), ArrowheadConfiguration::localAuthorizationRules);
    public static final Setting<Integer> CORE_CONNECT_TIMEOUT_MS = SETTINGS.add(
            Setting.integer("eh.core.connect.timeout.ms", 5_000, atLeast(1)),
            ArrowheadConfiguration::coreConnectTimeoutMs);
    public static final Setting<Integer> CORE_RESPONSE_TIMEOUT_MS = SETTINGS.add(
            Setting.integer("eh.core.response.timeout.ms", 10_000, atLeast(1)),
            ArrowheadConfiguration::coreResponseTimeoutMs);

    public static final Setting<ArrowheadDialect> DIALECT = SETTINGS.add(
            Setting.choice("eh.arrowhead.dialect", ArrowheadDialect.ARROWHEAD46, ArrowheadDialect.class,
                    "arrowhead46, arrowhead5"), ArrowheadConfiguration::dialect);

    /** An Arrowhead 4.6 (or standalone) configuration: the 5.x settings at their defaults. */
    public ArrowheadConfiguration(final String serviceRegistryAddress, final int serviceRegistryPort,
                                  final String domainName, final int domainPort, final int registryRetryInitialMs,
                                  final int registryRetryMaxMs, final int registryCheckIntervalMs,
                                  final int authorizationMaxRetries, final int authorizationRetrySeconds,
                                  final int authorizationRecheckIntervalMs, final String localAuthorizationRules,
                                  final int coreConnectTimeoutMs, final int coreResponseTimeoutMs) {
        this(serviceRegistryAddress, serviceRegistryPort, domainName, domainPort, registryRetryInitialMs,
                registryRetryMaxMs, registryCheckIntervalMs, authorizationMaxRetries, authorizationRetrySeconds,
                authorizationRecheckIntervalMs, localAuthorizationRules, coreConnectTimeoutMs, coreResponseTimeoutMs,
                ArrowheadDialect.ARROWHEAD46, Arrowhead5Configuration.defaults(serviceRegistryAddress));
    }

    /** No Service Registry configured: nothing is registered and the local policy authorizes. */
    public boolean standalone() {
        return serviceRegistryAddress == null || serviceRegistryAddress.isBlank();
    }

    /** @param address the listen address, the default of the registered one */
    static ArrowheadConfiguration read(final ConfigSource source, final String address) {
        final ArrowheadConfiguration arrowhead = new ArrowheadConfiguration(source.get(SR_ADDRESS),
                source.get(SR_PORT), source.get(DOMAIN_NAME, address), source.get(DOMAIN_PORT),
                source.get(SR_RETRY_INITIAL_MS), source.get(SR_RETRY_MAX_MS), source.get(SR_CHECK_INTERVAL_MS),
                source.get(AUTH_MAX_RETRY), source.get(AUTH_RETRY_INTERVAL_SEC), source.get(AUTH_RECHECK_INTERVAL_MS),
                source.get(LOCAL_AUTHORIZATION_RULES),
                source.get(CORE_CONNECT_TIMEOUT_MS), source.get(CORE_RESPONSE_TIMEOUT_MS), source.get(DIALECT),
                Arrowhead5Configuration.read(source, source.get(SR_ADDRESS)));
        if (arrowhead.dialect() == ArrowheadDialect.ARROWHEAD5 && arrowhead.standalone()) {
            source.problem(DIALECT + "=arrowhead5 needs " + SR_ADDRESS + ": an Arrowhead 5 Event Handler registers in"
                    + " the cloud's Service Registry");
        }
        if (!arrowhead.standalone() && Set.of("0.0.0.0", "::", "[::]").contains(arrowhead.domainName())) {
            source.problem(DOMAIN_NAME + " must be the address other systems reach the Event Handler at; "
                    + arrowhead.domainName() + " (from " + HttpConfiguration.ADDRESS + ") cannot be registered");
        }
        if (arrowhead.registryRetryMaxMs() < arrowhead.registryRetryInitialMs()) {
            source.problem(SR_RETRY_MAX_MS + " must be at least " + SR_RETRY_INITIAL_MS);
        }
        return arrowhead;
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
        arrowhead5.describe(into);
    }

    /** The port registered for the Event Handler's services: {@link #DOMAIN_PORT}, or the one it listens on. */
    public int registeredPort(final int listeningPort) {
        return domainPort != 0 ? domainPort : listeningPort;
    }
}
