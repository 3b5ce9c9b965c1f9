package io.eventhandler.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The repository's Markdown (README files, docs/, the lab notebook) is for users and maintainers: every relative link
 * resolves to a file inside the repository, and to a heading of it when it names one; nothing points outside the
 * repository (the project's private notes); and no page sends the reader to an issue number they cannot follow.
 * Links to web pages ({@code https://...}) are not fetched.
 */
class RepositoryDocumentationTest {

    /** {@code [text](target)} and {@code ![alt](target)}, with an optional title after the target. */
    private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\(\\s*([^)\\s]+)(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern FENCE = Pattern.compile("(?ms)^\\s*```.*?^\\s*```[^\\n]*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\\n]*`");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}\\s+(.+?)\\s*#*\\s*$");
    private static final Pattern ISSUE = Pattern.compile("(?i)\\bissues?[ -]?#?\\d+");
    private static final Pattern OUTSIDE = Pattern.compile("\\.\\./shared/|/work/|\\bshared/reference/");

    private static final Path ROOT = findRoot();

    @Test
    void everyRelativeLinkResolvesInsideTheRepository() {
        final List<String> problems = new ArrayList<>();
        final Map<Path, Set<String>> anchors = new HashMap<>();
        for (final Path page : markdown(ROOT)) {
            final Matcher link = LINK.matcher(withoutCode(read(page)));
            while (link.find()) {
                final String problem = check(page, link.group(2), anchors);
                if (problem != null) {
                    problems.add(ROOT.relativize(page) + ": (" + link.group(2) + ") " + problem);
                }
            }
        }
        assertEquals(List.of(), problems, "dangling links");
    }

    @Test
    void noPageSendsTheReaderToAnIssueNumberOrOutsideTheRepository() {
        final List<String> problems = new ArrayList<>();
        for (final Path page : markdown(ROOT)) {
            if (isRawResult(page)) {
                continue;
            }
            final String[] lines = read(page).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                final Matcher issue = ISSUE.matcher(lines[i]);
                if (issue.find()) {
                    problems.add(ROOT.relativize(page) + ":" + (i + 1) + ": \"" + issue.group() + "\"");
                }
                final Matcher outside = OUTSIDE.matcher(lines[i]);
                if (outside.find()) {
                    problems.add(ROOT.relativize(page) + ":" + (i + 1) + ": points outside the repository: \""
                            + outside.group() + "\"");
                }
            }
        }
        assertEquals(List.of(), problems, "say what is meant instead of an issue number; cite a paper by its title");
    }

    @Test
    void theCheckSeesTheDocumentation() {
        final List<Path> pages = markdown(ROOT);
        assertTrue(pages.contains(ROOT.resolve("README.md")), pages::toString);
        assertTrue(pages.contains(ROOT.resolve("docs/benchmarks.md")), pages::toString);
        assertTrue(pages.contains(ROOT.resolve("lab/notebook/README.md")), pages::toString);
        assertEquals("operator-engine-history-hostile-input", slug("Operator engine, history, hostile input"));
        assertEquals("7-failover-runbook", slug("7. Failover runbook"));
        assertEquals("webhook-delivery-where-its-limit-is", slug("Webhook delivery: where its `limit` is"));
        assertEquals("eh-ñ--2", slug("[EH](x.md) ñ → 2"));
    }

    /** Null when the link is fine, else what is wrong with it. */
    private static String check(final Path page, final String target, final Map<Path, Set<String>> anchors) {
        if (target.matches("(?i)^[a-z][a-z0-9+.-]*:.*")) {
            return null; // https:, mailto: ...
        }
        final int hash = target.indexOf('#');
        final String file = hash < 0 ? target : target.substring(0, hash);
        final String anchor = hash < 0 ? null : target.substring(hash + 1);
        final Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!resolved.startsWith(ROOT)) {
            return "points outside the repository";
        }
        if (!Files.exists(resolved)) {
            return "no such file";
        }
        if (anchor != null && resolved.toString().endsWith(".md")
                && !anchors.computeIfAbsent(resolved, RepositoryDocumentationTest::anchorsOf).contains(anchor)) {
            return "no heading #" + anchor;
        }
        return null;
    }

    private static Set<String> anchorsOf(final Path page) {
        final Set<String> anchors = new HashSet<>();
        final Map<String, Integer> seen = new HashMap<>();
        final Matcher heading = HEADING.matcher(FENCE.matcher(read(page)).replaceAll(""));
        while (heading.find()) {
            final String slug = slug(heading.group(1));
            final int n = seen.merge(slug, 1, Integer::sum) - 1;
            anchors.add(n == 0 ? slug : slug + "-" + n);
        }
        return anchors;
    }

    /** GitHub's heading anchor: link texts kept, lower case, letters, digits, '-' and '_' kept, spaces to '-'. */
    static String slug(final String heading) {
        final String text = LINK.matcher(heading).replaceAll("$1").toLowerCase(java.util.Locale.ROOT);
        final StringBuilder slug = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                slug.appendCodePoint(c);
            } else if (c == ' ') {
                slug.append('-');
            }
        });
        return slug.toString();
    }

    private static String withoutCode(final String markdown) {
        return CODE_SPAN.matcher(FENCE.matcher(markdown).replaceAll("")).replaceAll("");
    }

    /** Tables written by the experiments' scripts, kept as they were written. */
    private static boolean isRawResult(final Path page) {
        final Path relative = ROOT.relativize(page);
        final boolean inResults = relative.startsWith("benchmarks/results") || relative.startsWith("petri-models/results");
        return inResults && !page.getFileName().toString().equals("README.md");
    }

    private static List<Path> markdown(final Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> {
                        final String relative = root.relativize(p).toString().replace('\\', '/');
                        return !relative.startsWith(".") && !relative.contains("/target/")
                                && !relative.startsWith("target/") && !relative.contains("node_modules/");
                    })
                    .sorted().toList();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(final Path page) {
        try {
            return Files.readString(page);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The repository root: the nearest directory up from the module with the README and docs/. */
    private static Path findRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !(Files.isDirectory(dir.resolve("docs")) && Files.exists(dir.resolve("README.md"))
                && Files.exists(dir.resolve("pom.xml")))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
        }
        return dir.normalize();
    }
}
