package io.mqprobe.cli;

import io.mqprobe.cli.options.CommandDefaults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One home for each option: an option that means the same in several commands is declared once, in a mixin, and a
 * command that needs another default names it in its {@link CommandDefaults}.
 */
@Timeout(30)
class SharedOptionsTest {

    /** Names that mean different things in different commands, so each command declares its own, and why. */
    private static final Map<String, String> DIFFERENT_MEANINGS = Map.ofEntries(
            Map.entry("--duration", "how long each command's own activity lasts: a disk cell, a monitor, a load, a net server"),
            Map.entry("--warmup", "a load's leading seconds vs. an OMB workload's warm-up in place of its file's"),
            Map.entry("--out", "a directory of a run vs. the file of a report or a plan"),
            Map.entry("--format", "how a load prints vs. which report files are written"),
            Map.entry("--json", "the run's result document moved vs. a ceiling measurement's extra JSON copy"),
            Map.entry("--workers", "where a load's producers run vs. how many pods k8s render writes"),
            Map.entry("--listen", "where a coordinator takes joins vs. where a worker takes orders"),
            Map.entry("--token-file", "the secret a worker must present, a coordinator checks, k8s render writes"),
            Map.entry("--security", "how clients reach a target vs. the listeners cluster up starts"),
            Map.entry("--connect-timeout", "a cluster's first answer vs. one TCP connect of net client"),
            Map.entry("--vary", "sweep's settings grid vs. mirror's producer variations"),
            Map.entry("--topic", "an optional topic of a load vs. the topic consume must read"),
            Map.entry("--threads", "sender threads per producer vs. disk writer threads"),
            Map.entry("--block", "disk's list of write sizes vs. net client's one socket write"),
            Map.entry("--scenario-file", "probe's scenario YAML vs. chaos's fault plan"),
            Map.entry("--record-size", "what a load sends vs. plan's production message"),
            Map.entry("--replication-factor", "the topics a run creates vs. plan's production copies"),
            Map.entry("--from", "the probe results plan sizes a cluster from vs. the one probe result whose load a soak holds"),
            Map.entry("--scenario", "the scenario plan's broker count rests on vs. the scenario whose load a soak holds"),
            Map.entry("--throughput", "a load's records/s, -1 for as fast as it goes, vs. the rate a soak holds, in records/s or bytes/s"));

    private final List<CommandLine> commands = all(MqprobeCommand.commandLine(new PrintWriter(new StringWriter()),
            new PrintWriter(new StringWriter())));

    @Test
    void should_declare_an_option_of_one_meaning_in_one_place() {
        Map<String, Set<String>> homes = new TreeMap<>();
        for (CommandLine c : commands) {
            for (OptionSpec o : c.getCommandSpec().options()) {
                if (o.userObject() instanceof Field f && !f.getDeclaringClass().getName().startsWith("picocli.")) {
                    homes.computeIfAbsent(o.longestName(), k -> new TreeSet<>()).add(f.getDeclaringClass().getName());
                }
            }
        }
        homes.keySet().removeAll(DIFFERENT_MEANINGS.keySet());
        homes.values().removeIf(classes -> classes.size() == 1);

        assertThat(homes).as("options declared in more than one class").isEmpty();
    }

    @Test
    void should_name_only_options_a_command_has_in_its_own_defaults() {
        int checked = 0;
        for (CommandLine c : commands) {
            if (c.getCommandSpec().defaultValueProvider() instanceof CommandDefaults defaults) {
                for (String name : defaults.byOption().keySet()) {
                    assertThat(c.getCommandSpec().findOption(name)).as(c.getCommandName() + " " + name).isNotNull();
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(10);
    }

    @Test
    void should_give_each_command_its_own_default_in_the_value_and_the_help() {
        assertThat(parsedDefault("sweep", "--max-clients")).isEqualTo(4);
        assertThat(parsedDefault("probe", "--max-clients")).isEqualTo(8);
        assertThat(parsedDefault("mirror", "--partitions")).isEqualTo(3);
        assertThat(parsedDefault("produce", "--partitions")).isEqualTo(0);
        assertThat(help("sweep")).contains("Most producer clients in a step (default: 4).");
        assertThat(help("probe")).contains("Most producer clients in a step (default: 8).");
        assertThat(help("render")).contains("(default: 10.0.0.0/8)");
        assertThat(help("worker")).contains("(default: 127.0.0.0/8)");
    }

    private Object parsedDefault(String command, String option) {
        commands.get(0).parseArgs(command);
        return find(command).getCommandSpec().findOption(option).getValue();
    }

    /** The command's help with its line breaks folded, as one line. */
    private String help(String command) {
        return find(command).getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
    }

    private CommandLine find(String name) {
        return commands.stream().filter(c -> c.getCommandName().equals(name)).findFirst().orElseThrow();
    }

    private static List<CommandLine> all(CommandLine root) {
        List<CommandLine> found = new ArrayList<>(List.of(root));
        root.getSubcommands().values().stream().distinct().forEach(sub -> found.addAll(all(sub)));
        return found;
    }
}
