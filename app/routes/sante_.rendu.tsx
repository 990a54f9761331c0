import type { MetaFunction } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Rendu en service · NautiDistrib" }, { name: "robots", content: "noindex" }];

/**
 * GET /sante/rendu: a tiny static page through the whole document path (root loader, layout,
 * React rendering, scripts), where /sante answers from the server alone. A monitor that
 * watches this one sees a broken build or a rendering failure; the catalogue benchmark uses
 * it as the bare Remix route its pages are compared with (docs/performance.md).
 */
export default function RenderingHealth() {
  return (
    <main id="contenu" className="page__main">
      <h1>Rendu en service</h1>
      <p>Le portail affiche ses pages normalement.</p>
    </main>
  );
}
