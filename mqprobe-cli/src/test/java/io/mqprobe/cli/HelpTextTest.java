package io.mqprobe.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * picocli renders every description through {@link String#format}; a text that is not a valid format string ("17.5 %
 * apart" holds the specifier "% a") is printed raw, after a "[picocli WARN] Could not format" on the process's stderr,
 * three times per {@code --help}. The warning goes to picocli's own stream, not the command's, so this test formats
 * the texts as written, as picocli would.
 */
class HelpTextTest {

    @Test
    void should_hold_only_texts_picocli_can_format_in_every_commands_help() {
        CommandLine root = MqprobeCommand.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        List<CommandSpec> commands = new ArrayList<>();
        collect(root.getCommandSpec(), commands);

        List<String> unformattable = commands.stream().flatMap(HelpTextTest::texts).filter(t -> !formats(t)).toList();

        assertThat(commands).hasSizeGreaterThan(20);
        assertThat(unformattable).isEmpty();
    }

    @Test
    void should_tell_a_bare_percent_sign_from_a_doubled_one() {
        assertThat(formats("lay a median of 17.5 % apart")).isFalse();
        assertThat(formats("lay a median of 17.5 %% apart%n")).isTrue();
    }

    private static void collect(CommandSpec spec, List<CommandSpec> into) {
        into.add(spec);
        spec.subcommands().values().forEach(sub -> collect(sub.getCommandSpec(), into));
    }

    /**
     * Every text of one command as written in its annotations, before picocli formats it (the model's own
     * {@code description()} is already formatted, or raw after the warning): the command's description, header and
     * footer, and each option's and parameter's description.
     */
    private static Stream<String> texts(CommandSpec spec) {
        Command command = spec.userObject() == null ? null : spec.userObject().getClass().getAnnotation(Command.class);
        Stream<String> own = command == null ? Stream.empty()
                : Stream.of(command.description(), command.header(), command.footer()).flatMap(Stream::of);
        Stream<String> args = spec.args().stream().map(ArgSpec::userObject)
                .filter(AnnotatedElement.class::isInstance).map(AnnotatedElement.class::cast)
                .flatMap(HelpTextTest::descriptions);
        return Stream.concat(own, args).map(t -> spec.qualifiedName() + ": " + t);
    }

    private static Stream<String> descriptions(AnnotatedElement element) {
        Option option = element.getAnnotation(Option.class);
        Parameters parameters = element.getAnnotation(Parameters.class);
        return Stream.concat(option == null ? Stream.empty() : Stream.of(option.description()),
                parameters == null ? Stream.empty() : Stream.of(parameters.description()));
    }

    /** As picocli formats a text: its variables resolved first (it escapes their values), then String.format. */
    private static boolean formats(String text) {
        try {
            String.format(text.replace("${DEFAULT-VALUE}", "x").replace("${COMPLETION-CANDIDATES}", "x"));
            return true;
        } catch (IllegalFormatException e) {
            return false;
        }
    }
}
