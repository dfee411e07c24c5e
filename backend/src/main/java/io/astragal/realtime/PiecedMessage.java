package io.astragal.realtime;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.WebSocketMessage;

/**
 * A binary WebSocket message made of byte arrays sent one after another, never copied into one. A
 * table's event is one array for every member who sees it alike; each member's STOMP frame only puts
 * its own head before it, where copying the event into every frame was 6 % of all the server
 * allocated (docs/performance.md, step 88). {@link UpgradedWebSocket} writes the pieces as they are;
 * a session that wants the payload whole gets them joined ({@link #getPayload()}).
 *
 * @param pieces the arrays, each sent whole and none changed after
 * @param length their bytes in all
 */
record PiecedMessage(List<byte[]> pieces, int length) implements WebSocketMessage<ByteBuffer> {

    PiecedMessage {
        pieces = List.copyOf(pieces);
    }

    static PiecedMessage of(byte[]... pieces) {
        int length = 0;
        for (byte[] piece : pieces) {
            length += piece.length;
        }
        return new PiecedMessage(List.of(pieces), length);
    }

    /**
     * Binary messages sent one after another as one: STOMP lets a message carry several frames. A
     * {@link BinaryMessage} whose payload is a whole array is taken as that array, others copied.
     */
    static PiecedMessage joining(List<WebSocketMessage<?>> messages) {
        List<byte[]> pieces = new ArrayList<>();
        int length = 0;
        for (WebSocketMessage<?> message : messages) {
            switch (message) {
                case PiecedMessage pieced -> pieces.addAll(pieced.pieces());
                case BinaryMessage binary -> pieces.add(bytesOf(binary.getPayload()));
                default -> throw new IllegalArgumentException("Not a binary message: " + message.getClass());
            }
            length += message.getPayloadLength();
        }
        return new PiecedMessage(pieces, length);
    }

    /** The payload's bytes: its array when it is a whole one, which Spring's messages mostly are, else a copy. */
    static byte[] bytesOf(ByteBuffer payload) {
        if (payload.hasArray() && payload.arrayOffset() == 0 && payload.position() == 0
                && payload.remaining() == payload.array().length) {
            return payload.array();
        }
        byte[] bytes = new byte[payload.remaining()];
        payload.duplicate().get(bytes);
        return bytes;
    }

    /** The pieces joined: a copy, for a session that sends only whole payloads. */
    @Override
    public ByteBuffer getPayload() {
        ByteBuffer joined = ByteBuffer.allocate(length);
        for (byte[] piece : pieces) {
            joined.put(piece);
        }
        return joined.flip();
    }

    @Override
    public int getPayloadLength() {
        return length;
    }

    @Override
    public boolean isLast() {
        return true;
    }
}
