import type { EventKind, OrderStatus, RequestStatus } from "@shared/contracts/orders";
import { moveRefusal, remainingOf, shortfall, statusAfterQuantities, type EventData, type OrderMove } from "@shared/domain/index";

/**
 * A past order written by the demo seed, moved through its lifecycle in memory with the same
 * rules as the back-office's calls (shared/domain/order-lifecycle.ts): a step its status does
 * not allow stops the seed, so the demo data cannot show an impossible history.
 */

export interface PastLine {
  position: number;
  productId: number;
  ref: string;
  title: string;
  qty: number;
  isPort: boolean;
  unitPrice: number;
  ecotaxe: number;
  shipped: number;
  cancelled: number;
  backorder: number;
  backorderedAt: Date | null;
  availableAt: Date | null;
}

export interface PastEvent {
  at: Date;
  kind: EventKind;
  status: OrderStatus | null;
  author: string;
  note: string | null;
  data: EventData;
}

export interface PastShipment {
  number: number;
  at: Date;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  lines: { position: number; qty: number }[];
}

export interface PastRequest {
  position: number;
  qty: number;
  by: { id: number; name: string };
  at: Date;
  reason: string;
  status: RequestStatus;
  answeredAt: Date | null;
  answer: string | null;
}

export interface Carrier {
  name: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

export class PastOrder {
  status: OrderStatus = "confirmée";
  readonly events: PastEvent[] = [];
  readonly shipments: PastShipment[] = [];
  readonly requests: PastRequest[] = [];

  constructor(
    /** Unique within the seed (the idempotency key). */
    readonly key: string,
    readonly createdAt: Date,
    readonly lines: PastLine[],
    /** The distributor's system that moves it. */
    private readonly system: string,
  ) {}

  /** Confirmed by `author`: what the stock then on hand could not serve is on back-order. */
  confirm(author: string, stockAtOrder: (line: PastLine) => number): this {
    for (const line of this.lines) {
      if (line.isPort) continue;
      line.backorder = shortfall(line.qty, stockAtOrder(line));
      line.backorderedAt = line.backorder > 0 ? this.createdAt : null;
    }
    this.event(this.createdAt, "confirmed", "confirmée", author);
    return this;
  }

  private allow(move: OrderMove): void {
    const refusal = moveRefusal(this.key, this.status, move);
    if (refusal) throw new Error(`demo seed: ${refusal}`);
  }

  private event(
    at: Date,
    kind: EventKind,
    status: OrderStatus | null,
    author = this.system,
    note: string | null = null,
    data: EventData = {},
  ): void {
    this.events.push({ at, kind, status, author, note, data });
  }

  private products(): PastLine[] {
    return this.lines.filter((line) => !line.isPort);
  }

  private quantities(line: PastLine) {
    return { qty: line.qty, shipped: line.shipped, cancelled: line.cancelled };
  }

  private settle(): OrderStatus {
    this.status = statusAfterQuantities(
      this.status,
      this.products().map((line) => this.quantities(line)),
    );
    return this.status;
  }

  accept(at: Date): this {
    this.allow("accept");
    this.status = "acceptée";
    this.event(at, "accepted", this.status);
    return this;
  }

  prepare(at: Date): this {
    this.allow("prepare");
    this.status = "en préparation";
    this.event(at, "preparing", this.status);
    return this;
  }

  /** Sends `sent(line)` units of each product line; whatever remains is on back-order. */
  ship(at: Date, carrier: Carrier, sent: (line: PastLine) => number): this {
    this.allow("ship");
    const lines = this.products()
      .map((line) => ({ line, qty: Math.min(sent(line), remainingOf(this.quantities(line))) }))
      .filter(({ qty }) => qty > 0);
    if (lines.length === 0) throw new Error(`demo seed: empty shipment for ${this.key}`);
    for (const { line, qty } of lines) line.shipped += qty;
    for (const line of this.products()) {
      line.backorder = remainingOf(this.quantities(line));
      if (line.backorder > 0) line.backorderedAt ??= at;
    }
    const number = this.shipments.length + 1;
    this.shipments.push({
      number,
      at,
      carrier: carrier.name,
      trackingNumber: carrier.trackingNumber,
      trackingUrl: carrier.trackingUrl,
      lines: lines.map(({ line, qty }) => ({ position: line.position, qty })),
    });
    const units = lines.reduce((sum, { qty }) => sum + qty, 0);
    this.event(at, "shipped", this.settle(), this.system, null, {
      shipment_number: number,
      units,
      carrier: carrier.name,
      tracking_number: carrier.trackingNumber,
    });
    return this;
  }

  deliver(at: Date): this {
    this.allow("deliver");
    this.status = "livrée";
    this.event(at, "delivered", this.status);
    return this;
  }

  cancel(at: Date, note: string): this {
    this.allow("cancel");
    for (const line of this.products()) {
      line.cancelled = line.qty - line.shipped;
      line.backorder = 0;
    }
    this.status = "annulée";
    this.event(at, "cancelled", this.status, this.system, note);
    return this;
  }

  /** Cancels the remainder of a line (a granted request answers with `note`). */
  cancelLine(line: PastLine, at: Date, note: string | null = null): this {
    this.allow("cancel_line");
    const remaining = remainingOf(this.quantities(line));
    line.cancelled += remaining;
    line.backorder = 0;
    const before = this.status;
    const after = this.settle();
    this.event(at, "line_cancelled", after === before ? null : after, this.system, note, { obj_ref: line.ref, qty: remaining });
    return this;
  }

  /** A stock arrival made the line's back-order available. */
  markAvailable(line: PastLine, at: Date): this {
    line.availableAt = at;
    this.event(at, "backorder_available", null, this.system, null, { obj_ref: line.ref, qty: line.backorder });
    return this;
  }

  /** A customer asks to cancel the line's remainder; returns the request to answer later. */
  request(line: PastLine, at: Date, by: { id: number; name: string }, reason: string): PastRequest {
    this.allow("cancel_line");
    const request: PastRequest = {
      position: line.position,
      qty: line.backorder,
      by,
      at,
      reason,
      status: "en attente",
      answeredAt: null,
      answer: null,
    };
    this.requests.push(request);
    this.event(at, "cancellation_requested", null, by.name, reason, { obj_ref: line.ref, qty: line.backorder });
    return request;
  }

  grant(request: PastRequest, at: Date, answer: string): this {
    const line = this.lines.find((candidate) => candidate.position === request.position);
    if (!line) throw new Error(`demo seed: no line ${request.position} in ${this.key}`);
    Object.assign(request, { status: "acceptée", answeredAt: at, answer });
    return this.cancelLine(line, at, answer);
  }

  refuse(request: PastRequest, at: Date, answer: string): this {
    const line = this.lines.find((candidate) => candidate.position === request.position);
    Object.assign(request, { status: "refusée", answeredAt: at, answer });
    this.event(at, "cancellation_refused", null, this.system, answer, { obj_ref: line?.ref ?? "" });
    return this;
  }
}
