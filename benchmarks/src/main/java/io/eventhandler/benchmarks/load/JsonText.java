package io.eventhandler.benchmarks.load;

/** The little JSON writing the lean client needs: string literals with RFC 8259 escaping. */
final class JsonText {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private JsonText() {
    }

    /** Appends {@code text} as a quoted JSON string, or {@code null}. */
    static void appendString(final StringBuilder out, final String text) {
        if (text == null) {
            out.append("null");
            return;
        }
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
