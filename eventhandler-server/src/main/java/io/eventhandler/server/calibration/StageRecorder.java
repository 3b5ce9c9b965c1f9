package io.eventhandler.server.calibration;

/**
 * Where the publish → deliver path reports per-stage service times, for fitting the capacity model: {@code accept}
 * (a worker from receiving a publish to the broker having it), {@code wait} (accepted to a delivery thread taking it
 * for a subscriber), {@code write} (taken to written, per batch and shared by its events). The server hands one to
 * the publish and SSE paths: {@link #NONE} unless calibration is configured ({@link CalibrationSession}).
 */
public interface StageRecorder {

    /** Records nothing: the product's recorder. */
    StageRecorder NONE = new StageRecorder() {
        @Override
        public long received() {
            return 0;
        }

        @Override
        public void accepted(final long receivedNanos, final int events) {
        }

        @Override
        public void taken(final long acceptedNanos, final long takenNanos) {
        }

        @Override
        public void written(final long takenNanos, final int events) {
        }
    };

    /** Now, for {@link #accepted}; 0 when not recording. */
    long received();

    /**
     * A publish of {@code events} received at {@code receivedNanos} is accepted: each event is charged its share, so
     * that the accept stage stays a per-event service time.
     */
    void accepted(long receivedNanos, int events);

    /** A delivery thread took an event accepted at {@code acceptedNanos} at {@code takenNanos}. */
    void taken(long acceptedNanos, long takenNanos);

    /** A batch of {@code events} taken at {@code takenNanos} is written: each event is charged its share. */
    void written(long takenNanos, int events);
}
