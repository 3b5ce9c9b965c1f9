package io.eventhandler.server.config;

/**
 * How the Event Handler takes part in an Arrowhead local cloud. With no Service Registry address it runs standalone:
 * nothing is registered, and subscriptions are authorized by the local policy instead of the Authorization system.
 *
 * @param serviceRegistryAddress   {@value ServerConfiguration#SR_ADDRESS} — Service Registry host (default blank:
 *                                 standalone)
 * @param serviceRegistryPort      {@value ServerConfiguration#SR_PORT} — Service Registry port (8443)
 * @param domainName               {@value ServerConfiguration#DOMAIN_NAME} — address registered for the Event
 *                                 Handler's services (default: {@code server.address})
 * @param domainPort               {@value ServerConfiguration#DOMAIN_PORT} — port registered (default 0: the port
 *                                 listened on)
 * @param registryRetryInitialMs   {@value ServerConfiguration#SR_RETRY_INITIAL_MS} — first delay between attempts to
 *                                 reach the Service Registry at start, doubled each time (500)
 * @param registryRetryMaxMs       {@value ServerConfiguration#SR_RETRY_MAX_MS} — longest such delay (30000)
 * @param registryCheckIntervalMs  {@value ServerConfiguration#SR_CHECK_INTERVAL_MS} — how often the registration is
 *                                 checked and restored if the registry lost it (30000)
 * @param authorizationMaxRetries  {@value ServerConfiguration#AUTH_MAX_RETRY} — attempts to re-check the stored
 *                                 subscriptions with the Authorization at start (3, Arrowhead's)
 * @param authorizationRetrySeconds {@value ServerConfiguration#AUTH_RETRY_INTERVAL_SEC} — seconds between those
 *                                 attempts (10, Arrowhead's)
 * @param localAuthorizationRules  {@value ServerConfiguration#LOCAL_AUTHORIZATION_RULES} — standalone policy:
 *                                 {@code subscriber:publisher,publisher;other:*} (default blank: every publisher
 *                                 reaches every subscriber)
 * @param coreConnectTimeoutMs     {@value ServerConfiguration#CORE_CONNECT_TIMEOUT_MS} — connect timeout of calls to
 *                                 core systems (5000)
 * @param coreResponseTimeoutMs    {@value ServerConfiguration#CORE_RESPONSE_TIMEOUT_MS} — response timeout of calls
 *                                 to core systems (10000)
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
        String localAuthorizationRules,
        int coreConnectTimeoutMs,
        int coreResponseTimeoutMs) {

    /** No Service Registry configured: nothing is registered and the local policy authorizes. */
    public boolean standalone() {
        return serviceRegistryAddress == null || serviceRegistryAddress.isBlank();
    }
}
