package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import java.net.URI;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.socket.WebSocketHttpHeaders;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.client.standard.StandardWebSocketClient;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;

/**
 * The handshake's origin is checked before the upgrade ({@link WebSocketUpgrade}): a signed-in
 * browser on another site cannot open the table socket, and one on this site can.
 */
@IntegrationTest
class HandshakeOriginTest {

    @LocalServerPort
    int port;

    private WebSocketSession open(Player player, String origin) throws Exception {
        WebSocketHttpHeaders headers = new WebSocketHttpHeaders();
        headers.add("Cookie", player.cookieHeader());
        headers.add("Origin", origin);
        return new StandardWebSocketClient().execute(new AbstractWebSocketHandler() {
        }, headers, URI.create("ws://localhost:" + port + "/ws")).get(10, TimeUnit.SECONDS);
    }

    @Test
    void aSignedInBrowserOnAnotherSiteCannotOpenTheSocket() {
        Player alda = Player.signUp(port, "Alda");
        assertThatThrownBy(() -> open(alda, "https://elsewhere.example"))
                .isInstanceOf(ExecutionException.class)
                .hasStackTraceContaining("403");
    }

    @Test
    void aSignedInBrowserOnThisSiteOpensIt() throws Exception {
        Player alda = Player.signUp(port, "Alda");
        WebSocketSession socket = open(alda, "http://localhost:" + port);
        assertThat(socket.isOpen()).isTrue();
        socket.close();
    }
}
