package io.eventhandler.server.validation;

/** String checks as Arrowhead's {@code Utilities.isEmpty}: null or only white space. */
public final class Text {

    private Text() {
    }

    public static boolean isBlank(final String value) {
        return value == null || value.isBlank();
    }
}
