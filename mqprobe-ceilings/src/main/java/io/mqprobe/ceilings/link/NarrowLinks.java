package io.mqprobe.ceilings.link;

import io.mqprobe.api.monitor.LinkRate;
import io.mqprobe.api.units.ByteSize;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Links that carried clearly less than they should: less than what mqprobe set on them, or, with nothing set, less than
 * the other brokers' links. Such a link was narrowed where mqprobe does not look (a tc rule on either end, a slow
 * interface, a busy bridge) and must be named, because the broker behind it runs out of NIC first.
 */
public final class NarrowLinks {

    /** TCP over a tbf link carries about 95 % of its rate; below this share something else narrows it. */
    static final double NARROWER_THAN = 0.8;

    private NarrowLinks() {
    }

    /**
     * One line per narrowed link, naming the broker and the direction.
     *
     * @param configuredBytesPerSecond the rate mqprobe set on every link, empty when it set none
     */
    public static List<String> find(List<LinkRate> links, OptionalDouble configuredBytesPerSecond) {
        boolean configured = configuredBytesPerSecond.orElse(0) > 0;
        List<String> found = new ArrayList<>();
        for (LinkRate link : links) {
            // a lone link without a set rate has nothing to be measured against
            double expected = configured ? configuredBytesPerSecond.getAsDouble() : widestOther(links, link).orElse(0);
            if (!(expected > 0) || link.narrowerBytesPerSecond() >= NARROWER_THAN * expected) {
                continue;
            }
            String against = configured
                    ? "the " + ByteSize.formatRate(expected) + " mqprobe set on it"
                    : "the other brokers' links (" + ByteSize.formatRate(expected) + ")";
            found.add(link.name() + "'s link carried " + ByteSize.formatRate(link.inBytesPerSecond()) + " in and "
                    + ByteSize.formatRate(link.outBytesPerSecond()) + " out, well below " + against
                    + ": narrowed outside mqprobe; its NIC is judged against what was measured");
        }
        return found;
    }

    private static OptionalDouble widestOther(List<LinkRate> links, LinkRate link) {
        return links.stream().filter(other -> other != link).mapToDouble(LinkRate::narrowerBytesPerSecond).max();
    }
}
