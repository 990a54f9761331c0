import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement, type ReactElement } from "react";
import { renderToPipeableStream as resolvedRenderer } from "react-dom/server";
import { describe, expect, it } from "vitest";

/**
 * patches/react-dom (decision 0157): React 18.3's Node streaming renderer keeps a 2,048-byte
 * buffer; when a text chunk's next character did not fit (a multi-byte one: é, €, an emoji),
 * it sent the whole buffer, zeros included, so a NUL appeared in the page before the
 * character. These tests render accented text at every offset around the buffer's end, with
 * both builds (production, which the portal runs, and development, which vitest resolves),
 * and fail on the unpatched package.
 */
type Renderer = typeof resolvedRenderer;

const require = createRequire(import.meta.url);
const reactDomDir = path.dirname(require.resolve("react-dom/package.json"));
const build = (file: string): Renderer =>
  (require(path.join(reactDomDir, "cjs", file)) as { renderToPipeableStream: Renderer }).renderToPipeableStream;

const renderers: [string, Renderer][] = [
  ["production build", build("react-dom-server.node.production.min.js")],
  ["development build", build("react-dom-server.node.development.js")],
  ["react-dom/server as resolved here", resolvedRenderer],
];

function renderToBytes(render: Renderer, element: ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = render(element, { onAllReady: () => pipe(sink), onShellError: reject, onError: reject });
  });
}

/**
 * A page whose accented text starts `before` bytes into the HTML: ASCII padding in spans of at
 * most 500 characters, so that React writes it as small chunks into its buffer (a chunk longer
 * than a third of the buffer is sent on its own and never straddles it).
 */
function pageWithTextAt(before: number, text: string): { element: ReactElement; html: string } {
  const opening = "<div>";
  const spansHtml = (length: number) => {
    const pieces: string[] = [];
    for (let left = length; left > 0; left -= 500) pieces.push("x".repeat(Math.min(500, left)));
    return pieces;
  };
  for (let length = before; length >= 0; length--) {
    const pieces = spansHtml(length);
    const paddingHtml = pieces.map((piece) => `<span>${piece}</span>`).join("");
    if (opening.length + paddingHtml.length + "<b>".length !== before) continue;
    const spans = pieces.map((piece, index) => createElement("span", { key: index }, piece));
    return {
      element: createElement("div", null, ...spans, createElement("b", null, text)),
      html: `${opening}${paddingHtml}<b>${text}</b></div>`,
    };
  }
  throw new Error(`no padding puts the text at byte ${before}`);
}

describe("React's streaming renderer with multi-byte characters at its buffer's end", () => {
  for (const [name, render] of renderers) {
    for (const character of ["é", "€", "😀"]) {
      it(`${name}: « ${character} » at every offset around 2,048 bytes gives no NUL and the text as written`, async () => {
        const text = `${character}Réf${character}rence, prix public 89,90 ${character}`;
        for (let before = 2030; before <= 2060; before++) {
          const page = pageWithTextAt(before, text);
          const bytes = await renderToBytes(render, page.element);
          expect(bytes.indexOf(0), `NUL with the text at byte ${before}`).toBe(-1);
          expect(new TextDecoder("utf-8", { fatal: true }).decode(bytes), `text at byte ${before}`).toBe(page.html);
        }
      });
    }
  }
});
