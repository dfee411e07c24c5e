package io.astragal.realtime;

import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.MessageHandler;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.simp.config.ChannelRegistration;
import org.springframework.messaging.simp.stomp.StompCommand;
import org.springframework.messaging.simp.stomp.StompHeaderAccessor;
import org.springframework.messaging.support.ExecutorChannelInterceptor;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.web.socket.config.annotation.WebSocketMessageBrokerConfigurer;

/**
 * Nothing but CONNECT is handled on a connection until a CONNECT has passed security (the CSRF
 * token among it), and a refused CONNECT is answered with an ERROR frame, which closes the
 * connection. With ordered inbound frames a refused frame is only dropped (spring-framework
 * #33937), so without this a client could send a CONNECT without the token and go on sending
 * commands regardless. First on the inbound channel, ahead of Spring Security's interceptors, so
 * that it hears how they decided.
 */
@Configuration(proxyBeanMethods = false)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ConnectGuard implements WebSocketMessageBrokerConfigurer {

    private static final String CONNECTED = ConnectGuard.class.getName() + ".connected";

    private final ObjectProvider<MessageChannel> clientOutboundChannel;

    ConnectGuard(@Qualifier("clientOutboundChannel") ObjectProvider<MessageChannel> clientOutboundChannel) {
        this.clientOutboundChannel = clientOutboundChannel;
    }

    @Override
    public void configureClientInboundChannel(ChannelRegistration registration) {
        registration.interceptors(new ExecutorChannelInterceptor() {
            @Override
            public Message<?> preSend(Message<?> message, MessageChannel channel) {
                SimpMessageType type = SimpMessageHeaderAccessor.getMessageType(message.getHeaders());
                boolean needsConnect = type == SimpMessageType.MESSAGE || type == SimpMessageType.SUBSCRIBE
                        || type == SimpMessageType.UNSUBSCRIBE;
                if (needsConnect && !connected(message)) {
                    refuse(message, "Send CONNECT (with the session's CSRF token) first.");
                    return null; // dropped: an exception here would only be logged, as an ERROR with a stack trace
                }
                return message;
            }

            /**
             * A CONNECT that reaches its handlers passed every check. The connection counts as connected
             * from then, not from the end of the CONNECT's send: the first of its handlers to finish
             * releases the connection's next frame, which may then be checked on another thread before
             * that send has returned (a CONNECT read on Tomcat's poller is sent from another thread, {@link PollerFrames}).
             */
            @Override
            public Message<?> beforeHandle(Message<?> message, MessageChannel channel, MessageHandler handler) {
                Map<String, Object> session = SimpMessageHeaderAccessor.getSessionAttributes(message.getHeaders());
                if (session != null && SimpMessageHeaderAccessor.getMessageType(message.getHeaders()) == SimpMessageType.CONNECT) {
                    session.put(CONNECTED, Boolean.TRUE);
                }
                return message;
            }

            @Override
            public void afterSendCompletion(Message<?> message, MessageChannel channel, boolean sent, Exception ex) {
                if (ex != null && SimpMessageHeaderAccessor.getMessageType(message.getHeaders()) == SimpMessageType.CONNECT) {
                    refuse(message, "CONNECT refused: it needs the session's CSRF token in the X-XSRF-TOKEN header.");
                }
            }
        });
    }

    private static boolean connected(Message<?> message) {
        Map<String, Object> session = SimpMessageHeaderAccessor.getSessionAttributes(message.getHeaders());
        return session != null && Boolean.TRUE.equals(session.get(CONNECTED));
    }

    /** An ERROR frame to the connection; Spring closes a connection after sending it an ERROR. */
    private void refuse(Message<?> message, String why) {
        String sessionId = SimpMessageHeaderAccessor.getSessionId(message.getHeaders());
        if (sessionId == null) {
            return;
        }
        StompHeaderAccessor error = StompHeaderAccessor.create(StompCommand.ERROR);
        error.setMessage(why);
        error.setSessionId(sessionId);
        clientOutboundChannel.getObject().send(MessageBuilder.createMessage(new byte[0], error.getMessageHeaders()));
    }
}
