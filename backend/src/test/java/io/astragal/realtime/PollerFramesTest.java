package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.simp.broker.OrderedMessageChannelDecorator;
import org.springframework.messaging.simp.stomp.BufferingStompDecoder;
import org.springframework.messaging.simp.stomp.StompCommand;
import org.springframework.messaging.simp.stomp.StompConversionException;
import org.springframework.messaging.simp.stomp.StompDecoder;
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
        var connection = new PollerFrames.InOrder(handOff);
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
        var connection = new PollerFrames.InOrder(handOff);
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

    @Test
    void aConnectionsNextFrameWaitsUntilEveryHandlerOfTheInboundChannelIsDoneWithTheOneBefore() {
        // The channel runs each handler at once, in turn.
        List<Message<?>> handled = new CopyOnWriteArrayList<>();
        var connection = inOrderTo(new ExecutorSubscribableChannel(Runnable::run), handled);
        Message<?> subscribe = frame(StompCommand.SUBSCRIBE);
        Message<?> send = frame(StompCommand.SEND);

        // Without Spring's ordering interceptor on the channel nothing runs a frame's release task: the test does.
        connection.send(subscribe);
        connection.send(send);
        assertThat(handled).containsExactly(subscribe);
        Runnable release = OrderedMessageChannelDecorator.getNextMessageTask(subscribe);
        release.run();
        assertThat(handled).as("one of the two handlers is done").containsExactly(subscribe);
        release.run();
        assertThat(handled).containsExactly(subscribe, send);

        OrderedMessageChannelDecorator.getNextMessageTask(send).run();
        OrderedMessageChannelDecorator.getNextMessageTask(send).run();
        Message<?> later = frame(StompCommand.UNSUBSCRIBE);
        connection.send(later);
        assertThat(handled).as("with nothing waiting, a frame goes on at once").containsExactly(subscribe, send, later);
    }

    @Test
    void springsInboundChannelReleasesTheNextFrameWithTheTaskTheFrameCarries() {
        var channel = new ExecutorSubscribableChannel(Runnable::run);
        OrderedMessageChannelDecorator.configureInterceptor(channel, true); // as setPreserveReceiveOrder(true) does
        List<Message<?>> handled = new CopyOnWriteArrayList<>();
        var connection = inOrderTo(channel, handled);

        Message<?> subscribe = frame(StompCommand.SUBSCRIBE);
        Message<?> send = frame(StompCommand.SEND);
        connection.send(subscribe);
        connection.send(send);

        assertThat(handled).containsExactly(subscribe, send);
    }

    @Test
    void theDecoderTakesAFrameWholeOrInPartsAndKeepsOnlyAPartFrame() {
        var decoder = new PollerFrames.FrameDecoder(new BufferingStompDecoder(new StompDecoder(), 1024));
        String frame = "SEND\ndestination:/app/x\ncontent-length:5\n\nhello\0";

        assertThat(decoder.decode(bytes(frame))).hasSize(1);
        assertThat(decoder.getBufferSize()).isZero();

        assertThat(decoder.decode(bytes(frame.substring(0, 20)))).isEmpty();
        assertThat(decoder.getBufferSize()).isEqualTo(20);
        assertThat(decoder.decode(bytes(frame.substring(20) + frame.substring(0, 45)))).hasSize(1);
        assertThat(decoder.getExpectedContentLength()).isEqualTo(5);
        var rest = decoder.decode(bytes(frame.substring(45)));
        assertThat(rest).hasSize(1);
        assertThat(new String((byte[]) rest.getFirst().getPayload(), StandardCharsets.UTF_8)).isEqualTo("hello");
        assertThat(decoder.getBufferSize()).isZero();
        assertThat(decoder.getExpectedContentLength()).isNull();
    }

    @Test
    void theDecoderRefusesAFrameOverItsLimitAsSpringsDoes() {
        var decoder = new PollerFrames.FrameDecoder(new BufferingStompDecoder(new StompDecoder(), 64));
        var another = new PollerFrames.FrameDecoder(new BufferingStompDecoder(new StompDecoder(), 64));
        String body = "x".repeat(100);

        // A frame that says it is longer: refused at its next part.
        assertThat(decoder.decode(bytes("SEND\ndestination:/app/x\ncontent-length:100\n\n" + body.substring(0, 10)))).isEmpty();
        assertThatThrownBy(() -> decoder.decode(bytes(body.substring(10, 20))))
                .isInstanceOf(StompConversionException.class).hasMessageContaining("content-length");
        // One longer than the limit in a single message.
        assertThatThrownBy(() -> another.decode(bytes("SEND\ndestination:/app/x\n\n" + body)))
                .isInstanceOf(StompConversionException.class);
    }

    /** A connection's frames in order to a channel with two handlers, one of which records what it handles. */
    private PollerFrames.InOrder inOrderTo(ExecutorSubscribableChannel channel, List<Message<?>> handled) {
        channel.subscribe(handled::add);
        channel.subscribe(frame -> { });
        return new PollerFrames.InOrder(new PollerFrames.HandOff(channel, elsewhere::add));
    }

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
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
