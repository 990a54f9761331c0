import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./lib/nonce";

const ABORT_DELAY_MS = 5000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const isBot = isbot(request.headers.get("user-agent") ?? "");
  // Crawlers get the bare status of a missing or broken page, not the error page (spec section 8).
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
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Bots wait for the whole page; people get the shell as soon as it is ready.
        [isBot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; before it, Remix's handleError has them.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests (the browser went away) are not errors of ours.
  if (request.signal.aborted) return;
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  // The request id ties this log line to the reference shown on the 500 page.
  console.error(JSON.stringify({ msg: "route error", requestId: context.requestId, path: new URL(request.url).pathname, error: detail }));
};
