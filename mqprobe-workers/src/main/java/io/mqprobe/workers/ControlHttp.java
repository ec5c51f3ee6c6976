package io.mqprobe.workers;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.mqprobe.api.HostPort;
import java.net.InetSocketAddress;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The two ends of the control channel over the JDK's own HTTP server and client: JSON bodies, the token in a
 * header, an error as one line of text with its status. Bounded everywhere: no call waits without a timeout.
 */
final class ControlHttp {

    static {
        // the JDK's server writes an answer's head and body apart; with Nagle on, the body waits for the peer's delayed
        // ACK: 40 ms on every call, which also read as a 20 ms clock offset (read once, before the first server starts)
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient client;
    private final WorkerToken token;
    private final ControlTls tls;

    /** @param tls TLS for both ends, or {@code null} for plain HTTP */
    ControlHttp(WorkerToken token, ControlTls tls) {
        this.token = token;
        this.tls = tls;
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT);
        if (tls != null) {
            builder.sslContext(tls.context());
        }
        this.client = builder.build();
    }

    /** This end's server on {@code address}: HTTPS with the fleet's keystore under TLS, else HTTP. */
    HttpServer listen(InetSocketAddress address, int backlog) throws IOException {
        if (tls == null) {
            return HttpServer.create(address, backlog);
        }
        HttpsServer server = HttpsServer.create(address, backlog);
        server.setHttpsConfigurator(new HttpsConfigurator(tls.context()));
        return server;
    }

    /** {@code scheme://host:port} of this channel's kind. */
    URI uri(String host, int port) {
        return new HostPort(host, port).uri(ControlTls.scheme(tls));
    }

    /** {@code GET} or {@code POST} (with {@code body} as JSON, or none) and the answer read as {@code type}. */
    <T> T call(String method, URI uri, Object body, Class<T> type, Duration timeout) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout)
                .header(WorkerProtocol.TOKEN_HEADER, token.value())
                .header("Content-Type", "application/json");
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(WorkerProtocol.JSON.writeValueAsBytes(body)));
        HttpResponse<byte[]> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while calling " + uri.getPath(), e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new Refused(response.statusCode(), new String(response.body(), StandardCharsets.UTF_8).strip());
        }
        return type == Void.class || response.body().length == 0 ? null : WorkerProtocol.JSON.readValue(response.body(), type);
    }

    /** The other end answered, and said no (wrong token, a target it does not allow, a share it does not know). */
    static final class Refused extends IOException {
        final int status;

        Refused(int status, String reason) {
            super(reason.isEmpty() ? "status " + status : reason);
            this.status = status;
        }
    }

    /**
     * {@code handler} behind the token: a request without it is answered 401 (and told to {@code onRefused}), a
     * handler that fails is answered 500 with its reason, and the exchange is closed whatever happens.
     */
    HttpHandler guarded(HttpHandler handler, Consumer<HttpExchange> onRefused) {
        return exchange -> {
            try {
                if (!token.matches(exchange.getRequestHeaders().getFirst(WorkerProtocol.TOKEN_HEADER))) {
                    onRefused.accept(exchange);
                    error(exchange, 401, "wrong or missing token");
                    return;
                }
                handler.handle(exchange);
            } catch (RuntimeException e) {
                error(exchange, 500, e.getClass().getSimpleName() + ": " + e.getMessage());
            } finally {
                exchange.close();
            }
        };
    }

    HttpHandler guarded(HttpHandler handler) {
        return guarded(handler, refused -> { });
    }

    static <T> T read(HttpExchange exchange, Class<T> type) throws IOException {
        return WorkerProtocol.JSON.readValue(exchange.getRequestBody(), type);
    }

    static void json(HttpExchange exchange, Object body) throws IOException {
        byte[] bytes = WorkerProtocol.JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    static void empty(HttpExchange exchange) throws IOException {
        exchange.sendResponseHeaders(204, -1);
        exchange.close();
    }

    static void error(HttpExchange exchange, int status, String message) throws IOException {
        byte[] bytes = (message == null ? "" : message).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** {@code a=1&b=2} as a map (no escapes needed: only numbers travel this way). */
    static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> values = new HashMap<>();
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                String[] kv = pair.split("=", 2);
                values.put(kv[0], kv.length == 2 ? kv[1] : "");
            }
        }
        return values;
    }
}
