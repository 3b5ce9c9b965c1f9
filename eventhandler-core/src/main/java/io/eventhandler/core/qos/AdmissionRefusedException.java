package io.eventhandler.core.qos;

/** A topic whose QoS failed the admission test; carries the full result (reason, smallest admitting N). */
public final class AdmissionRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient AdmissionResult result;

    public AdmissionRefusedException(final String topic, final AdmissionResult result) {
        super("topic " + topic + " refused: " + result.reason());
        this.result = result;
    }

    public AdmissionResult result() {
        return result;
    }
}
