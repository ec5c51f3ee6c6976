package io.mqprobe.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The page's inlined assets: Chart.js from its webjar (with its MIT licence) and the report's own CSS and
 * script. Loaded once per JVM; every report is one self-contained file that makes no requests.
 */
final class Assets {

    private static final String WEBJAR = "META-INF/resources/webjars/chart.js/";
    private static final String WEBJAR_POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static final ConcurrentHashMap<String, String> CACHE = new ConcurrentHashMap<>();

    private Assets() {
    }

    /** Chart.js's UMD build preceded by its licence, safe to put inside a {@code <script>} element. */
    static String chartJs() {
        return CACHE.computeIfAbsent("chart.js", k -> {
            String dir = WEBJAR + chartJsVersion() + "/";
            String license = load(dir + "LICENSE.md").replace("*/", "* /");
            return scriptSafe("/*!\n * Chart.js licence (" + dir + "LICENSE.md)\n *\n" + license + "\n */\n"
                    + load(dir + "dist/chart.umd.min.js"));
        });
    }

    static String chartJsVersion() {
        return CACHE.computeIfAbsent("chart.js.version", k -> {
            Properties pom = new Properties();
            try (InputStream in = resource(WEBJAR_POM)) {
                pom.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return pom.getProperty("version");
        });
    }

    /** A file next to this class ({@code report.css}, {@code report.js}, {@code errors.js}). */
    static String own(String name) {
        return CACHE.computeIfAbsent(name, k -> scriptSafe(load("io/mqprobe/report/" + name)));
    }

    private static String load(String path) {
        try (InputStream in = resource(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream resource(String path) {
        InputStream in = Assets.class.getClassLoader().getResourceAsStream(path);
        if (in == null) {
            // a packaging fault, not a user error: the jar was built without its resources
            throw new IllegalStateException("missing class-path resource " + path);
        }
        return in;
    }

    /** A {@code </script} inside inlined code would end the element early; JS reads {@code <\/} the same. */
    private static String scriptSafe(String code) {
        return code.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT").replace("<!--", "<\\!--");
    }
}
