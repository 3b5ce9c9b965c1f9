package io.eventhandler.server.arrowhead;

/** The Service Registry knows no provider of a service definition we need. */
public final class ServiceNotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String serviceDefinition;

    public ServiceNotFoundException(final String serviceDefinition) {
        super("the Service Registry knows no provider of '" + serviceDefinition + "'");
        this.serviceDefinition = serviceDefinition;
    }

    public String serviceDefinition() {
        return serviceDefinition;
    }
}
