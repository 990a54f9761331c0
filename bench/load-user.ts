import { setTimeout as sleep } from "node:timers/promises";
import { findForm, type HtmlForm } from "./html-form";
import { RequestFailure, type LoadBrowser, type Page } from "./load-browser";
import type { LoadRecorder } from "./load-stats";

/**
 * A virtual user of the mixed load test: logs in through the real form, then loops a buyer's
 * journey with a think time between pages — sometimes the home page, a category page, a
 * search, a product of that category, add it to the cart (the product page's form), the cart,
 * one journey in `orderEvery` the four-step checkout, the orders list and one order — until
 * the deadline. A failed action is recorded and ends the journey; the user starts another.
 */

export interface JourneyPlan {
  /** Category pages to browse (paths). */
  categories: readonly string[];
  searches: readonly string[];
  /** A checkout every this many journeys, on average (1: every journey). */
  orderEvery: number;
  thinkMs: readonly [number, number];
}

/** Thrown when the deadline comes: the user stops where it is. */
class DeadlineReached extends Error {}

/** Ends the current journey after a recorded failure. */
class JourneyAborted extends Error {}

/** A small deterministic generator (mulberry32): each user draws the same sequence on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class VirtualUser {
  private readonly random: () => number;
  private journeys = 0;
  /** Lines added since the last order: a checkout needs one. */
  private cartLines = 0;
  private deadline = Number.POSITIVE_INFINITY;

  constructor(
    private readonly browser: LoadBrowser,
    private readonly recorder: LoadRecorder,
    private readonly login: string,
    private readonly plan: JourneyPlan,
    private readonly index: number,
  ) {
    this.random = seededRandom(index + 1);
  }

  /** Journeys until `deadline` (a performance.now() time), once logged in. */
  async run(deadline: number, maxJourneys = Number.POSITIVE_INFINITY): Promise<void> {
    this.deadline = deadline;
    try {
      while (this.journeys < maxJourneys) {
        try {
          await this.journey();
        } catch (error) {
          if (!(error instanceof JourneyAborted)) throw error;
          await this.think();
        }
      }
    } catch (error) {
      if (!(error instanceof DeadlineReached)) throw error;
    }
  }

  /** The login page, then its form posted (the redirect lands on the home page); false when it failed (recorded). */
  async logIn(): Promise<boolean> {
    try {
      await this.loginSteps();
      return true;
    } catch (error) {
      if (error instanceof JourneyAborted) return false;
      throw error;
    }
  }

  private async loginSteps(): Promise<void> {
    await this.step("login", async () => {
      const page = await this.browser.get("/connexion");
      const form = this.form(page, 'action="/connexion"', "the login form");
      form.fields.set("login", this.login);
      form.fields.set("password", "demo1234");
      const landing = await this.browser.post(form.action, form.fields);
      if (landing.path.startsWith("/connexion")) throw new RequestFailure("POST", "/connexion", 200, `login refused for ${this.login}`);
    });
  }

  /** The category paths a logged-in user sees on the catalogue's first page (second level: they list products). */
  async categoryPaths(): Promise<string[]> {
    const page = await this.step("catalogue", () => this.browser.get("/catalogue"));
    const paths = [...page.html.matchAll(/href="(\/catalogue\/(?!marques|produit)[a-z0-9-]+\/[a-z0-9-]+)"/g)].map(
      (match) => match[1] ?? "",
    );
    return [...new Set(paths)];
  }

  private async journey(): Promise<void> {
    const journey = this.journeys;
    this.journeys += 1;
    // The login already landed on the home page: one journey in three comes back to it.
    if (this.random() < 1 / 3) {
      await this.page("home", "/");
      await this.think();
    }
    const category = await this.page("category", this.pick(this.plan.categories));
    const productIds = [...category.html.matchAll(/name="productId" value="(\d+)"/g)].map((match) => match[1] ?? "");
    await this.think();
    await this.page("search", `/catalogue?q=${encodeURIComponent(this.pick(this.plan.searches))}`);
    await this.think();
    if (productIds.length === 0) this.fail("GET", category.path, "no product to add on the category page");
    const product = await this.page("product", `/catalogue/produit/${this.pick(productIds)}`);
    await this.think();
    // An MMSI product needs a certificate per unit before the order: this buyer leaves it.
    const add = product.html.includes("notice--mmsi") ? null : findForm(product.html, 'action="/mon-panier/ajouter"');
    if (add) {
      add.fields.set("qty", String(1 + Math.floor(this.random() * 3)));
      await this.submit("add to cart", add);
      this.cartLines += 1;
      await this.think();
    }
    const cart = await this.page("cart", "/mon-panier");
    await this.think();
    // Drawn rather than every n-th journey: a one-minute run (a journey or two per user) orders too.
    if (this.random() < 1 / this.plan.orderEvery && this.cartLines > 0) await this.checkOut(cart, journey);
    const orders = await this.page("orders list", "/mon-compte/commandes");
    const order = /href="(\/mon-compte\/commandes\/\d+)"/.exec(orders.html)?.[1];
    if (order) {
      await this.think();
      await this.page("order", order);
    }
    await this.think();
  }

  /** Delivery (the address the page checks first), instructions, summary, confirmation: as a browser without JavaScript. */
  private async checkOut(cart: Page, journey: number): Promise<void> {
    if (!cart.html.includes('href="/commander/livraison"')) this.fail("GET", cart.path, "no checkout link on the cart page");
    const delivery = await this.page("checkout: delivery", "/commander/livraison");
    await this.think();
    const instructions = await this.submit(
      "checkout: address",
      this.form(delivery, 'id="delivery-form"', "the delivery form"),
      "/commander/consignes",
    );
    await this.think();
    const instructionsForm = this.form(instructions, 'action="/commander/consignes"', "the instructions form");
    instructionsForm.fields.set("ref", `CHARGE-${this.index}-${journey}`);
    const summary = await this.submit("checkout: instructions", instructionsForm, "/commander/recapitulatif");
    await this.think();
    const done = await this.submit(
      "checkout: confirm",
      this.form(summary, 'class="confirm-order"', "the confirm form (order not confirmable)"),
      "/commander/terminer",
    );
    if (!/data-testid="order-number">CMD-\d+</.test(done.html)) this.fail("GET", done.path, "no order number on the last step");
    this.cartLines = 0;
  }

  private form(page: Page, marker: string, what: string): HtmlForm {
    const form = findForm(page.html, marker);
    if (!form) this.fail("GET", page.path, `${what} is not on the page`);
    return form;
  }

  private page(action: string, path: string): Promise<Page> {
    return this.step(action, () => this.browser.get(path));
  }

  /** Posts a form; `expected`: the path the redirects must end on. */
  private submit(action: string, form: HtmlForm, expected?: string): Promise<Page> {
    return this.step(action, async () => {
      const page = await this.browser.post(form.action, form.fields);
      if (expected && page.path !== expected)
        throw new RequestFailure("POST", form.action, 200, `ended on ${page.path} instead of ${expected}`);
      return page;
    });
  }

  /** A check on a page already recorded as a success: recorded as a failure of its own. */
  private fail(method: string, path: string, reason: string): never {
    this.recorder.action("page content", performance.now(), 0, { method, path, status: 200, reason });
    throw new JourneyAborted(reason);
  }

  private async step<T>(action: string, work: () => Promise<T>): Promise<T> {
    if (performance.now() >= this.deadline) throw new DeadlineReached();
    const started = performance.now();
    try {
      const result = await work();
      this.recorder.action(action, started, performance.now() - started);
      return result;
    } catch (error) {
      const failure =
        error instanceof RequestFailure
          ? { method: error.method, path: error.path, status: error.status, reason: error.message }
          : { method: "?", path: "?", status: 0, reason: error instanceof Error ? error.message : String(error) };
      this.recorder.action(action, started, performance.now() - started, failure);
      throw new JourneyAborted(failure.reason);
    }
  }

  private async think(): Promise<void> {
    const [min, max] = this.plan.thinkMs;
    const wanted = min + this.random() * (max - min);
    const left = this.deadline - performance.now();
    await sleep(Math.max(0, Math.min(wanted, left)));
    if (performance.now() >= this.deadline) throw new DeadlineReached();
  }

  private pick<T>(list: readonly T[]): T {
    const item = list[Math.floor(this.random() * list.length)];
    if (item === undefined) throw new Error("nothing to pick from");
    return item;
  }
}
