package io.astragal.realtime;

import io.astragal.table.CommandRequest;
import java.util.UUID;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.MessageHandlingException;
import org.springframework.messaging.SubscribableChannel;
import org.springframework.messaging.handler.HandlerMethod;
import org.springframework.messaging.handler.invocation.HandlerMethodReturnValueHandlerComposite;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageSendingOperations;
import org.springframework.messaging.support.MessageHeaderAccessor;
import org.springframework.web.socket.messaging.WebSocketAnnotationMethodMessageHandler;

/**
 * Spring's handler of the {@code @MessageMapping} methods, which takes a well-formed command
 * straight to {@link TableMessaging#command}. Every command is a SEND to
 * {@code /app/tables/{tableId}/commands}, and Spring's way there, for each one, copies the frame's
 * headers, matches the destination against every mapping, resolves each argument through its list
 * of resolvers and calls the method by reflection: about 6 % of the server's CPU under load
 * (docs/performance.md, step 90). What the shortcut does is what that mapping does, by the same
 * converter, the same return-value handlers and the same exception handlers; a frame it would read
 * differently (a table id that is no UUID, an empty or unreadable body) goes Spring's way, to the
 * error that way gives. One thing Spring's way does that this does not: it puts the session's
 * attributes in {@code SimpAttributesContextHolder}, which nothing of Astragal's reads.
 */
final class TableCommandShortcut extends WebSocketAnnotationMethodMessageHandler {

    // The mapped pattern around its {tableId}, under the application's prefix.
    private static final String PREFIX = WebSocketConfiguration.APPLICATION_PREFIX
            + TableMessaging.COMMANDS.substring(0, TableMessaging.COMMANDS.indexOf('{'));
    private static final String SUFFIX = TableMessaging.COMMANDS.substring(TableMessaging.COMMANDS.indexOf('}') + 1);

    /** The commands' controller and its mapped method, found at the first command. */
    private record Commands(TableMessaging messaging, HandlerMethod method, HandlerMethodReturnValueHandlerComposite returns) {
    }

    private volatile Commands commands;

    TableCommandShortcut(SubscribableChannel clientInChannel, MessageChannel clientOutChannel,
                         SimpMessageSendingOperations brokerTemplate) {
        super(clientInChannel, clientOutChannel, brokerTemplate);
    }

    @Override
    public void handleMessage(Message<?> message) {
        UUID tableId = tableOfCommands(SimpMessageHeaderAccessor.getDestination(message.getHeaders()));
        CommandRequest request = tableId == null ? null : read(message);
        if (request == null) {
            super.handleMessage(message);
            return;
        }
        Commands to = commands();
        SimpMessageHeaderAccessor headers = MessageHeaderAccessor.getAccessor(message, SimpMessageHeaderAccessor.class);
        try {
            StompErrors.StompError error = to.messaging().command(tableId, request,
                    headers != null ? headers : SimpMessageHeaderAccessor.wrap(message));
            if (error != null) {
                to.returns().handleReturnValue(error, to.method().getReturnType(), message);
            }
        } catch (Exception e) {
            processHandlerMethodException(to.method(), e, message);
        } catch (Throwable t) { // as Spring's invocation does
            processHandlerMethodException(to.method(),
                    new MessageHandlingException(message, "Unexpected handler method invocation error", t), message);
        }
    }

    /**
     * The table of a destination {@code /app/tables/{tableId}/commands}, or null for any other
     * destination and for an id that is not a UUID as Java writes one (Spring's way answers those).
     */
    static UUID tableOfCommands(String destination) {
        if (destination == null || !destination.startsWith(PREFIX) || !destination.endsWith(SUFFIX)
                || destination.length() <= PREFIX.length() + SUFFIX.length()) {
            return null;
        }
        try {
            return UUID.fromString(destination.substring(PREFIX.length(), destination.length() - SUFFIX.length()));
        } catch (IllegalArgumentException notAUuid) {
            return null;
        }
    }

    /** The body as the mapped method's {@code @Payload}, read by the same converter; null where that fails. */
    CommandRequest read(Message<?> message) {
        if (!(message.getPayload() instanceof byte[] body) || body.length == 0) {
            return null;
        }
        try {
            return (CommandRequest) getMessageConverter().fromMessage(message, CommandRequest.class);
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    private Commands commands() {
        Commands found = commands;
        if (found == null) {
            HandlerMethod method = getHandlerMethods().entrySet().stream()
                    .filter(e -> e.getKey().getDestinationConditions().getPatterns().contains(TableMessaging.COMMANDS))
                    .map(e -> e.getValue().createWithResolvedBean())
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("No @MessageMapping for " + TableMessaging.COMMANDS));
            found = new Commands((TableMessaging) method.getBean(), method,
                    new HandlerMethodReturnValueHandlerComposite().addHandlers(getReturnValueHandlers()));
            commands = found;
        }
        return found;
    }
}
