package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.simp.broker.OrderedMessageChannelDecorator;
import org.springframework.messaging.simp.stomp.StompCommand;
import org.springframework.messaging.simp.stomp.StompHeaderAccessor;
import org.springframework.messaging.support.ExecutorSubscribableChannel;
import org.springframework.messaging.support.ImmutableMessageChannelInterceptor;
import org.springframework.messaging.support.MessageBuilder;

/**
 * A poller hands on only the frames whose checks look at memory; the rest go to another thread,
 * and the connection's frames behind them wait for them, released as Spring releases them.
 */
class PollerFramesTest {

    private final List<Message<?>> sent = new CopyOnWriteArrayList<>();
    private final Queue<Runnable> elsewhere = new ArrayDeque<>();
    private boolean refuse;
    private final MessageChannel inbound = (frame, timeout) -> {
        sent.add(frame);
        return !refuse;
    };
    private final PollerFrames.HandOff handOff = new PollerFrames.HandOff(inbound, elsewhere::add);

    @Test
    void onThePollerASendAndAHeartBeatGoOnAtOnce() {
        PollerReads.onPoller(() -> {
            handOff.send(frame(StompCommand.SEND));
            handOff.send(heartBeat());
        });

        assertThat(sent).hasSize(2);
        assertThat(elsewhere).isEmpty();
    }

    @Test
    void onThePollerEveryOtherFrameGoesOnFromAnotherThread() {
        List<StompCommand> others = List.of(StompCommand.CONNECT, StompCommand.SUBSCRIBE, StompCommand.UNSUBSCRIBE,
                StompCommand.DISCONNECT, StompCommand.ACK);
        PollerReads.onPoller(() -> others.forEach(command -> handOff.send(frame(command))));

        assertThat(sent).isEmpty();
        assertThat(elsewhere).hasSize(others.size());
        elsewhere.forEach(Runnable::run);
        assertThat(sent).extracting(PollerFramesTest::command).containsExactlyElementsOf(others);
    }

    @Test
    void offThePollerEveryFrameGoesOnAtOnce() {
        handOff.send(frame(StompCommand.SUBSCRIBE));

        assertThat(sent).extracting(PollerFramesTest::command).containsExactly(StompCommand.SUBSCRIBE);
        assertThat(elsewhere).isEmpty();
    }

    @Test
    void aSendBehindAHandedOverSubscribeWaitsUntilTheSubscribeIsHandled() {
        var connection = new OrderedMessageChannelDecorator(handOff, LogFactory.getLog(getClass()));
        Message<?> subscribe = frame(StompCommand.SUBSCRIBE);

        PollerReads.onPoller(() -> {
            connection.send(subscribe);
            connection.send(frame(StompCommand.SEND));
        });
        elsewhere.remove().run();

        assertThat(sent).extracting(PollerFramesTest::command).containsExactly(StompCommand.SUBSCRIBE);
        // Spring's inbound channel releases the next frame once a handler has handled this one.
        OrderedMessageChannelDecorator.getNextMessageTask(subscribe).run();
        assertThat(sent).extracting(PollerFramesTest::command).containsExactly(StompCommand.SUBSCRIBE, StompCommand.SEND);
    }

    @Test
    void aHandedOverFrameTheChannelRefusesReleasesTheConnectionsNextFrame() {
        var connection = new OrderedMessageChannelDecorator(handOff, LogFactory.getLog(getClass()));
        refuse = true;

        PollerReads.onPoller(() -> {
            connection.send(frame(StompCommand.SUBSCRIBE));
            connection.send(frame(StompCommand.SEND));
        });
        assertThat(sent).isEmpty();
        elsewhere.remove().run();

        // Refused, the SUBSCRIBE is never handled, so nothing else would let the SEND go.
        assertThat(sent).extracting(PollerFramesTest::command).containsExactly(StompCommand.SUBSCRIBE, StompCommand.SEND);
    }

    @Test
    void itAnswersWithTheInboundChannelsHandlersAndInterceptorsWhichSpringsOrderingCounts() {
        var channel = new ExecutorSubscribableChannel();
        channel.subscribe(message -> { });
        channel.subscribe(message -> { });
        channel.addInterceptor(new ImmutableMessageChannelInterceptor());

        var wrapped = new PollerFrames.HandOff(channel, elsewhere::add);

        assertThat(wrapped.getSubscribers()).isEqualTo(channel.getSubscribers()).hasSize(2);
        assertThat(wrapped.getInterceptors()).isEqualTo(channel.getInterceptors());
    }

    private static Message<?> frame(StompCommand command) {
        StompHeaderAccessor headers = StompHeaderAccessor.create(command);
        headers.setSessionId("s1");
        headers.setLeaveMutable(true); // as Spring's STOMP handler leaves a client's frame
        return MessageBuilder.createMessage(new byte[0], headers.getMessageHeaders());
    }

    private static Message<?> heartBeat() {
        SimpMessageHeaderAccessor headers = SimpMessageHeaderAccessor.create(SimpMessageType.HEARTBEAT);
        headers.setSessionId("s1");
        headers.setLeaveMutable(true);
        return MessageBuilder.createMessage(new byte[0], headers.getMessageHeaders());
    }

    private static StompCommand command(Message<?> frame) {
        return StompHeaderAccessor.wrap(frame).getCommand();
    }
}
