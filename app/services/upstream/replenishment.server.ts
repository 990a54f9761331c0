import {
  scheduleDetail,
  scheduleListResponse,
  type CreateScheduleRequest,
  type ScheduleDetail,
  type ScheduleListResponse,
  type UpdateScheduleRequest,
} from "@shared/contracts/replenishment";
import type { UpstreamHttp } from "./http.server";

/**
 * The organization's replenishment schedules (shared/contracts/replenishment.ts,
 * docs/replenishment.md). The back-office checks the rights (`orders`, or `cart` whose runs go
 * to approval) and who may change a schedule (its author, the administrators); another
 * organization's schedule is a 404 UpstreamError.
 */
export interface ReplenishmentClient {
  list(orgId: number): Promise<ScheduleListResponse>;
  get(orgId: number, id: number): Promise<ScheduleDetail>;
  create(orgId: number, body: CreateScheduleRequest): Promise<ScheduleDetail>;
  update(orgId: number, id: number, body: UpdateScheduleRequest): Promise<ScheduleDetail>;
  skip(orgId: number, id: number): Promise<ScheduleDetail>;
  pause(orgId: number, id: number): Promise<ScheduleDetail>;
  resume(orgId: number, id: number): Promise<ScheduleDetail>;
  remove(orgId: number, id: number): Promise<void>;
}

export function createReplenishmentClient(http: UpstreamHttp): ReplenishmentClient {
  const base = (orgId: number) => `api/replenishment/${orgId}`;
  const action = (orgId: number, id: number, name: "skip" | "pause" | "resume") =>
    http.send({ method: "POST", path: `${base(orgId)}/${id}/${name}`, schema: scheduleDetail });
  return {
    list: (orgId) => http.send({ method: "GET", path: base(orgId), schema: scheduleListResponse }),
    get: (orgId, id) => http.send({ method: "GET", path: `${base(orgId)}/${id}`, schema: scheduleDetail }),
    create: (orgId, body) => http.send({ method: "POST", path: base(orgId), body, schema: scheduleDetail }),
    update: (orgId, id, body) => http.send({ method: "PATCH", path: `${base(orgId)}/${id}`, body, schema: scheduleDetail }),
    skip: (orgId, id) => action(orgId, id, "skip"),
    pause: (orgId, id) => action(orgId, id, "pause"),
    resume: (orgId, id) => action(orgId, id, "resume"),
    remove: (orgId, id) => http.send({ method: "DELETE", path: `${base(orgId)}/${id}`, schema: null }).then(() => undefined),
  };
}
