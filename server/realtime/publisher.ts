import { CART_UPDATE_EVENT, cartUpdatePayload, organizationRoom } from "@shared/realtime/events";
import { normalizeExclusion, type CartUpdatePublisher } from "@shared/realtime/publisher";
import { sessionRoom, userRoom } from "./rooms";
import type { RealtimeServer } from "./types";

/**
 * The load context's `realtime`, bound to the socket.io server. Every emit goes through the
 * adapter, so with Redis it reaches the organization's sockets on every instance.
 */
export function createSocketPublisher(io: RealtimeServer, onError: (message: string, details: object) => void): CartUpdatePublisher {
  return {
    publishCartUpdate(orgId, event, except) {
      const parsed = cartUpdatePayload.safeParse(event);
      if (!parsed.success || parsed.data.orgId !== orgId) {
        onError("cart-update refused: payload does not fit the schema", { orgId, issues: parsed.error?.issues.length ?? 0 });
        return;
      }
      const { sessionKey, socketId } = normalizeExclusion(except);
      const authorRoom = sessionKey === undefined ? null : sessionRoom(sessionKey);
      const excluded = [socketId, authorRoom].filter((room): room is string => typeof room === "string" && room !== "");
      const payload = socketId ? { ...parsed.data, originSocketId: socketId } : parsed.data;
      io.to(organizationRoom(orgId)).except(excluded).emit(CART_UPDATE_EVENT, payload);
      // The author's other tabs refresh silently; the tab that acted already has the new cart.
      if (authorRoom)
        io.to(authorRoom)
          .except(socketId ?? [])
          .emit(CART_UPDATE_EVENT, { ...payload, own: true });
    },
    disconnectSession(sessionKey) {
      io.in(sessionRoom(sessionKey)).disconnectSockets(true);
    },
    disconnectUser(orgId, userId, exceptSessionKey) {
      // The adapter carries rooms and exceptions to every instance (Redis included), so the
      // kept session's sockets stay open wherever they are connected.
      io.in(userRoom(orgId, userId))
        .except(exceptSessionKey === undefined ? [] : sessionRoom(exceptSessionKey))
        .disconnectSockets(true);
    },
  };
}
