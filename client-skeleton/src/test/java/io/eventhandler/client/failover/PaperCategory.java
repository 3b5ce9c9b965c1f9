package io.eventhandler.client.failover;

/**
 * The topic categories of FRAME's Table 3.2 (times in ms): emergency response (0, 1), monitoring (2, 3, 4) and
 * logging (5). Loss tolerance null is best effort.
 */
enum PaperCategory {
    CAT0(50, 50, 0, 2, "EDGE"),
    CAT1(50, 50, 3, 0, "EDGE"),
    CAT2(100, 100, 0, 1, "EDGE"),
    CAT3(100, 100, 3, 0, "EDGE"),
    CAT4(100, 100, null, 0, "EDGE"),
    CAT5(500, 500, 0, 1, "CLOUD");

    final int periodMs;
    final int deadlineMs;
    final Integer lossTolerance;
    final int retention;
    final String destination;

    PaperCategory(final int periodMs, final int deadlineMs, final Integer lossTolerance, final int retention,
                  final String destination) {
        this.periodMs = periodMs;
        this.deadlineMs = deadlineMs;
        this.lossTolerance = lossTolerance;
        this.retention = retention;
        this.destination = destination;
    }

    String topic() {
        return "frame-" + name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The body of {@code PUT /eventhandler/mgmt/qos/topics/{topic}}.
     *
     * @param extraRetention added to N (FRAME+ adds 1 to categories 2 and 5)
     */
    String qosJson(final int extraRetention) {
        return "{\"periodMs\":" + periodMs + ",\"deadlineMs\":" + deadlineMs
                + (lossTolerance == null ? "" : ",\"lossTolerance\":" + lossTolerance)
                + ",\"retention\":" + (retention + extraRetention) + ",\"destination\":\"" + destination + "\"}";
    }
}
