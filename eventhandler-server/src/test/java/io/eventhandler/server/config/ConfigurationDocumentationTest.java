package io.eventhandler.server.config;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** docs/configuration.md documents exactly the keys the typed configuration reads. */
class ConfigurationDocumentationTest {

    private static final Pattern DOCUMENTED_KEY = Pattern.compile("^\\| `([a-z0-9_.-]+)` \\|", Pattern.MULTILINE);

    @Test
    void shouldDocumentEveryKeyAndNoOther() throws IOException {
        final String doc = Files.readString(Path.of("..", "docs", "configuration.md"));
        final List<String> documented = new ArrayList<>();
        final Matcher matcher = DOCUMENTED_KEY.matcher(doc);
        while (matcher.find()) {
            documented.add(matcher.group(1));
        }
        final List<String> keys = new ArrayList<>(ServerConfiguration.defaults().describe().keySet());
        assertEquals(keys, documented, "docs/configuration.md lists the keys in the order of describe()");
    }
}
