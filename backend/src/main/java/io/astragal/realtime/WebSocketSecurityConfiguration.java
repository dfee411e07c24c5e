package io.astragal.realtime;

import io.astragal.table.TableDirectory;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.support.ChannelInterceptor;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.config.annotation.web.socket.EnableWebSocketSecurity;
import org.springframework.security.messaging.access.intercept.MessageMatcherDelegatingAuthorizationManager;
import org.springframework.security.messaging.web.csrf.CsrfChannelInterceptor;

/**
 * Who may send and subscribe to what (ARCHITECTURE.md, "Security"). Everything not allowed here is
 * denied: clients SEND only to {@code /app/**}, SUBSCRIBE only to their own table streams of
 * campaigns they belong to, and never to a broker destination directly.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocketSecurity
class WebSocketSecurityConfiguration {

    @Bean
    AuthorizationManager<Message<?>> messageAuthorizationManager(
            MessageMatcherDelegatingAuthorizationManager.Builder messages, TableDirectory directory,
            @Value("${astragal.bench.enabled:false}") boolean bench) {
        AuthorizationManager<org.springframework.security.messaging.access.intercept.MessageAuthorizationContext<?>> member =
                (authentication, context) -> new AuthorizationDecision(
                        isMember(directory, authentication.get().getName(), context.getVariables().get("tableId")));
        var rules = messages
                .simpTypeMatchers(SimpMessageType.CONNECT, SimpMessageType.HEARTBEAT).authenticated()
                .simpTypeMatchers(SimpMessageType.UNSUBSCRIBE, SimpMessageType.DISCONNECT).permitAll()
                .simpSubscribeDestMatchers("/user/queue/tables/{tableId}").access(member)
                .simpSubscribeDestMatchers("/user/queue/errors").authenticated()
                .simpMessageDestMatchers("/app/tables/{tableId}/**").authenticated();
        if (bench) { // the load benchmark's relay (io.astragal.bench); off by default
            rules.simpSubscribeDestMatchers("/user/queue/bench/*").authenticated()
                    .simpMessageDestMatchers("/app/bench/rooms/*").authenticated();
        }
        return rules.anyMessage().denyAll().build();
    }

    /**
     * The CONNECT frame must carry the session's CSRF token as the SPA sends it everywhere: the
     * value of the {@code XSRF-TOKEN} cookie in an {@code X-XSRF-TOKEN} header.
     */
    @Bean
    ChannelInterceptor csrfChannelInterceptor() {
        return new CsrfChannelInterceptor();
    }

    private static boolean isMember(TableDirectory directory, String userId, String tableId) {
        try {
            UUID id = UUID.fromString(tableId);
            return directory.members(id).stream().anyMatch(m -> m.userId().equals(userId));
        } catch (IllegalArgumentException | NullPointerException e) {
            return false;
        }
    }
}
