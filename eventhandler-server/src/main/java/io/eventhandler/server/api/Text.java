package io.eventhandler.server.api;

/** String checks as Arrowhead's {@code Utilities.isEmpty}: null or only white space. */
final class Text {

    private Text() {
    }

    static boolean isBlank(final String value) {
        return value == null || value.isBlank();
    }
}
