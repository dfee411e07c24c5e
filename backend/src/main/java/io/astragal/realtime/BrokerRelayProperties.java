package io.astragal.realtime;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Spring's STOMP broker relay to RabbitMQ's STOMP plugin, for running several Astragal nodes as
 * one (the {@code cluster} profile turns it on). Off, the in-memory simple broker serves one node.
 *
 * @param enabled     relay to an external broker instead of the simple broker
 * @param host        the broker's STOMP host
 * @param port        the broker's STOMP port (RabbitMQ's plugin: 61613)
 * @param login       broker user, for the relay's own connection and for each client's
 * @param passcode    that user's password
 * @param virtualHost the broker's virtual host (RabbitMQ's default is {@code /}); sent as the CONNECT frame's
 *                    {@code host} header, which otherwise carries the relay host's name
 */
@ConfigurationProperties("astragal.realtime.relay")
record BrokerRelayProperties(boolean enabled, String host, Integer port, String login, String passcode,
                             String virtualHost) {

    BrokerRelayProperties {
        host = host == null ? "127.0.0.1" : host;
        port = port == null ? 61613 : port;
        login = login == null ? "guest" : login;
        passcode = passcode == null ? "guest" : passcode;
        virtualHost = virtualHost == null ? "/" : virtualHost;
    }
}
