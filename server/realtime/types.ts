import type { Server, Socket } from "socket.io";
import type { CartUpdatePayload } from "@shared/realtime/protocol";

/** Browsers send nothing: the server defines no client event (whatever arrives is dropped). */
export type ClientToServerEvents = Record<never, never>;

export interface ServerToClientEvents {
  "cart-update": (payload: CartUpdatePayload) => void;
}

export type InterServerEvents = Record<never, never>;

/** What the handshake learnt, from the session cookie and the back-office's GET /api/auth/me. */
export interface SocketData {
  orgRoom: string;
  sessionRoom: string;
  /**
   * The rooms of the accounts whose ended sessions end this socket (decision 0120): the user's,
   * and, behind a login-as, the contributor's (its password change ends its login-as tokens).
   */
  userRooms: string[];
  /** When the back-office token dies: the socket is closed then. */
  expiresAt: number;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
