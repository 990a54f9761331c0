import {
  clientListResponse,
  meResponse,
  sessionResponse,
  type ClientSummary,
  type MeResponse,
  type SessionResponse,
} from "@shared/contracts/api";
import type { UpstreamHttp } from "./http.server";

/** The back-office's /api/auth endpoints. */
export interface AuthClient {
  login(credentials: { login: string; password: string }): Promise<SessionResponse>;
  me(): Promise<MeResponse>;
  logout(usrId: number): Promise<void>;
  listClients(query: string): Promise<ClientSummary[]>;
  loginAs(masterId: number, slaveId: number): Promise<SessionResponse>;
  backToMaster(): Promise<SessionResponse>;
}

export function createAuthClient(http: UpstreamHttp): AuthClient {
  return {
    login: (credentials) => http.send({ method: "POST", path: "api/auth/login", body: credentials, schema: sessionResponse }),
    me: () => http.send({ method: "GET", path: "api/auth/me", schema: meResponse }),
    logout: (usrId) => http.send({ method: "POST", path: "api/auth/logout", body: { usr_id: usrId }, schema: null }),
    listClients: (query) =>
      http.send({
        method: "GET",
        path: "api/auth/clients",
        query: { q: query.trim() === "" ? undefined : query.trim() },
        schema: clientListResponse,
      }),
    loginAs: (masterId, slaveId) =>
      http.send({
        method: "POST",
        path: "api/auth/login-as",
        body: { master_id: masterId, slave_id: slaveId },
        schema: sessionResponse,
      }),
    backToMaster: () => http.send({ method: "POST", path: "api/auth/back-to-master", body: {}, schema: sessionResponse }),
  };
}
