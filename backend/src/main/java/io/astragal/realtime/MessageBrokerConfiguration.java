package io.astragal.realtime;

import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.simp.SimpMessagingTemplate;
import org.springframework.messaging.simp.annotation.support.SimpAnnotationMethodMessageHandler;
import org.springframework.messaging.support.AbstractSubscribableChannel;
import org.springframework.web.socket.config.annotation.DelegatingWebSocketMessageBrokerConfiguration;

/**
 * Spring's STOMP messaging, as {@code @EnableWebSocketMessageBroker} would import it (configured by
 * {@link WebSocketConfiguration}), with the handler of {@code @MessageMapping} methods that takes
 * commands the short way ({@link TableCommandShortcut}).
 */
@Configuration(proxyBeanMethods = false)
class MessageBrokerConfiguration extends DelegatingWebSocketMessageBrokerConfiguration {

    @Override
    protected SimpAnnotationMethodMessageHandler createAnnotationMethodMessageHandler(
            AbstractSubscribableChannel clientInboundChannel, AbstractSubscribableChannel clientOutboundChannel,
            SimpMessagingTemplate brokerMessagingTemplate) {
        TableCommandShortcut handler = new TableCommandShortcut(clientInboundChannel, clientOutboundChannel,
                brokerMessagingTemplate);
        handler.setPhase(getPhase());
        return handler;
    }
}
