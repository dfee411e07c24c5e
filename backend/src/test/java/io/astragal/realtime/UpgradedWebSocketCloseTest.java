package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.scheduling.concurrent.SimpleAsyncTaskScheduler;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;

/**
 * How a connection closes its socket against Tomcat's own threads. Tomcat handles each event of a
 * connection (a read, a write made possible) holding the socket's lock, and a close hands the
 * socket's buffers and channel back for the next connection; a close from another thread in the
 * middle of a read once failed the read with a BufferUnderflowException (StompFuzzTest, in CI).
 * Tomcat's socket is a Mockito stand-in here, so that the test holds its lock as Tomcat would and
 * sees whether, and on which path, the socket was closed.
 */
class UpgradedWebSocketCloseTest {

    private static final InetSocketAddress HERE = InetSocketAddress.createUnresolved("127.0.0.1", 8080);

    final ReentrantLock tomcatsLock = new ReentrantLock();
    final List<CloseStatus> heardClosed = new CopyOnWriteArrayList<>();
    final SimpleAsyncTaskScheduler timer = new SimpleAsyncTaskScheduler();
    SocketWrapperBase<?> socket;
    UpgradedWebSocket connection;

    @BeforeEach
    void aConnection() {
        socket = mock(SocketWrapperBase.class);
        when(socket.getLock()).thenReturn(tomcatsLock);
        connection = new UpgradedWebSocket();
        connection.handshake(new UpgradedWebSocket.Handshake(new AbstractWebSocketHandler() {
            @Override
            public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
                heardClosed.add(status);
            }
        }, URI.create("ws://localhost:8080/ws"), Map.of(), null, HERE, HERE, "v12.stomp", 1 << 20, 10_000, timer));
        connection.setSocketWrapper(socket);
    }

    @AfterEach
    void stopTheTimer() {
        timer.close();
    }

    @Test
    void aCloseFromAnotherThreadWhileTomcatHandlesAnEventOfTheConnectionLeavesTheSocketToTomcat() throws Exception {
        tomcatsLock.lock(); // as Tomcat's thread does while it reads from the connection
        try {
            Thread closer = Thread.ofPlatform().start(() -> connection.close(CloseStatus.SERVER_ERROR));
            closer.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(closer.isAlive()).as("the closing thread waits for no lock of Tomcat's").isFalse();

            verify(socket, never()).close();
            verify(socket).processSocket(SocketEvent.DISCONNECT, true);
            assertThat(heardClosed).as("the handler hears of the close at once, and once").containsExactly(CloseStatus.SERVER_ERROR);
        } finally {
            tomcatsLock.unlock();
        }
        // Tomcat's events from here on, the DISCONNECT among them, read nothing and are answered CLOSED: Tomcat closes the socket.
        assertThat(connection.upgradeDispatch(SocketEvent.OPEN_READ)).isEqualTo(SocketState.CLOSED);
        assertThat(connection.upgradeDispatch(SocketEvent.DISCONNECT)).isEqualTo(SocketState.CLOSED);
        verify(socket, never()).read(anyBoolean(), any(byte[].class), anyInt(), anyInt());
        assertThat(heardClosed).containsExactly(CloseStatus.SERVER_ERROR);
    }

    @Test
    void aCloseWhileTomcatHandlesNoEventOfTheConnectionClosesTheSocketAtOnce() {
        connection.close(CloseStatus.SERVER_ERROR);

        verify(socket).close();
        verify(socket, never()).processSocket(any(), anyBoolean());
        assertThat(tomcatsLock.isLocked()).as("Tomcat's lock, taken to close, is given back").isFalse();
        assertThat(heardClosed).containsExactly(CloseStatus.SERVER_ERROR);
    }

    @Test
    void theSocketClosesOnlyOnceAWriteUnderWayIsDone() throws Exception {
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch letTheWriteFinish = new CountDownLatch(1);
        doAnswer(invocation -> {
            writing.countDown();
            letTheWriteFinish.await(10, TimeUnit.SECONDS);
            return false;
        }).when(socket).flush(false);
        Thread writer = Thread.ofPlatform().start(() -> {
            try {
                connection.sendMessage(new TextMessage("MESSAGE\n\n\0"));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(writing.await(10, TimeUnit.SECONDS)).isTrue();

        // Tomcat finds the client gone, on a thread of its own, while the write is under way.
        Thread tomcat = Thread.ofPlatform().start(() -> connection.upgradeDispatch(SocketEvent.ERROR));
        while (tomcat.isAlive() && tomcat.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        assertThat(tomcat.isAlive()).as("the close waits for the write").isTrue();
        verify(socket, never()).close();

        letTheWriteFinish.countDown();
        writer.join(TimeUnit.SECONDS.toMillis(10));
        tomcat.join(TimeUnit.SECONDS.toMillis(10));
        var order = inOrder(socket);
        order.verify(socket).flush(false);
        order.verify(socket).close();
        assertThat(heardClosed).containsExactly(CloseStatus.NO_CLOSE_FRAME);
    }
}
