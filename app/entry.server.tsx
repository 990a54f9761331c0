import { Transform, type TransformCallback } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { keepSignedInPagesPrivate } from "~/services/cache-policy.server";
import { logRouteError } from "~/services/route-error-log.server";

/**
 * What the portal's server (server/app.ts) uses of the app. It reaches them through the Remix
 * build (`build.entry.module`), never by importing app sources, so that the services it
 * builds and the routes that use them are one copy of the same modules (decision 0099); from
 * app/ it imports only types, and only from this file.
 */
export { createPortalLoadContext, createPortalServices } from "~/services/context.server";
export type { PortalConfig, PortalLoadContext, PortalServices } from "~/services/context.server";
export { DEFAULT_MAIL_FROM, createMailer } from "~/services/mail.server";
export type { Mailer } from "~/services/mail.server";
export type { PortalLogger } from "~/services/logger.server";
export type { CatalogueConfig } from "~/services/catalogue/config.server";
/** The socket handshake tells a refused session (401, 403) from an unavailable back-office. */
export { UpstreamError } from "~/services/upstream/index.server";
export { inProcessTransport } from "~/services/upstream/transport.server";

const ABORT_DELAY_MS = 5000;

/**
 * React writes a document as many small chunks (about one per 2 KB, ~40 for a product list),
 * all within one tick for the shell. Each chunk then crosses a web stream and the HTTP
 * response on its own; joining the chunks written in the same tick sends the shell as one
 * (decision 0084). Later chunks (streamed stock, Suspense) still go out as they come.
 *
 * The document's closing `</body></html>` is held back to the very end: Remix renders the
 * streamed data's Suspense boundary after the document (a `<template>` and scripts after
 * `</html>`, which browsers move into the body but which is not valid HTML); holding the end
 * tags puts them in the body as written (decision 0190).
 */
const DOCUMENT_END = "</body></html>";

class TickCoalescer extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;
  private documentEndHeld = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.release();
    if (this.documentEndHeld) this.push(DOCUMENT_END);
    done();
  }

  private release(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const chunks = this.pending;
    this.pending = [];
    const [first] = chunks;
    this.push(this.holdDocumentEnd(chunks.length === 1 && first ? first : Buffer.concat(chunks)));
  }

  private holdDocumentEnd(chunk: Buffer): Buffer {
    if (this.documentEndHeld) return chunk;
    const at = chunk.indexOf(DOCUMENT_END);
    if (at === -1) return chunk;
    this.documentEndHeld = true;
    return Buffer.concat([chunk.subarray(0, at), chunk.subarray(at + DOCUMENT_END.length)]);
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  keepSignedInPagesPrivate(responseHeaders, request, loadContext.sessions.cookieName);
  const isBot = isbot(request.headers.get("user-agent") ?? "");
  // Crawlers get the bare status of a missing or broken page, not the error page (docs/specification.md §8).
  // Only error-boundary renders: a form answered with 400 and its field errors is a page.
  const rendersErrorPage = remixContext.staticHandlerContext.errors !== null;
  if (isBot && rendersErrorPage && responseStatusCode >= 400) {
    return Promise.resolve(
      new Response(String(responseStatusCode), {
        status: responseStatusCode,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      }),
    );
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let abortRender = () => undefined as void;
    const abortTimer = setTimeout(() => abortRender(), ABORT_DELAY_MS);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Bots wait for the whole page; people get the shell as soon as it is ready.
        [isBot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new TickCoalescer();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          // The render is over when the body ends: its abort timer must not hold the render
          // (the whole tree and its data) for five more seconds: at 300 pages a second that
          // was 1,500 renders kept alive, and a third of a bare page's CPU went to the GC.
          body.once("end", () => clearTimeout(abortTimer));
          body.once("close", () => clearTimeout(abortTimer));
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; before it, Remix's handleError has them.
          if (shellRendered) logRouteError(loadContext.logger, request, error, "render");
        },
      },
    );
    abortRender = abort;
  });
}

/**
 * A page's data asked by the browser (single fetch, `.data`) is as private as the page. An
 * error Remix answers as JSON (an old `?_data=` request) says which request it was, as the
 * error pages do, and never more than Remix's production message (decision 0139).
 */
export async function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context: AppLoadContext },
): Promise<Response> {
  keepSignedInPagesPrivate(response.headers, request, context.sessions.cookieName);
  const isJsonError =
    response.headers.get("X-Remix-Error") !== null && /\bapplication\/json\b/.test(response.headers.get("Content-Type") ?? "");
  if (!isJsonError) return response;
  const body: unknown = await response.json().catch(() => null);
  const message =
    typeof body === "object" && body !== null && "message" in body && typeof body.message === "string"
      ? body.message
      : "Unexpected Server Error";
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(JSON.stringify({ message, requestId: context.requestId }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests (the browser went away) are not errors of ours.
  if (request.signal.aborted) return;
  // The context's logger puts the request id on the line: the reference shown on the 500 page.
  logRouteError(context.logger, request, error);
};
