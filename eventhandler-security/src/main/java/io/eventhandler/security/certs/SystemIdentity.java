package io.eventhandler.security.certs;

/**
 * Who a system certificate belongs to: the first label of its CN, and the cloud it belongs to (the rest).
 * Both are lower case; obtain one from {@link ArrowheadName#parseSystem(String)}.
 *
 * @param systemName      e.g. {@code eventhandler}
 * @param cloudCommonName e.g. {@code testcloud2.aitia.arrowhead.eu}
 */
public record SystemIdentity(String systemName, String cloudCommonName) {

    /** The full system CN, e.g. {@code eventhandler.testcloud2.aitia.arrowhead.eu}. */
    public String commonName() {
        return systemName + "." + cloudCommonName;
    }

    /** Whether this system belongs to the given cloud (compared exactly; pass a canonical cloud CN). */
    public boolean belongsTo(final String cloudCommonName) {
        return this.cloudCommonName.equals(cloudCommonName);
    }
}
