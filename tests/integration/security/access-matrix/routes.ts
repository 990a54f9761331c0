import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PortalServer } from "../../../../server/app";

/**
 * The route lists the access-control matrix is generated from: the portal's pages from the
 * Remix build (what the server really serves), the back-office's endpoints from the Express
 * router stack really mounted under /api. Each route is named « METHOD pattern », the key of
 * its row in the expectation tables.
 */

const BUILD = path.resolve(import.meta.dirname, "../../../../build/index.js");

interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { loader?: unknown; action?: unknown; default?: unknown };
}

/** The full pattern of a Remix route: its ancestors' paths joined, as the router matches it. */
function patternOf(routes: Record<string, BuiltRoute>, id: string | undefined): string {
  const route = id ? routes[id] : undefined;
  if (!route) return "";
  const parent = patternOf(routes, route.parentId);
  return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
}

/**
 * Every page a request can reach: « GET pattern » for each route a URL ends on (a leaf, or an
 * index route; a layout is only reached through them), « POST pattern » for each that has an
 * action. The root and pathless layouts are never the end of a match.
 */
export async function portalRoutes(): Promise<string[]> {
  const build = (await import(pathToFileURL(BUILD).href)) as { routes: Record<string, BuiltRoute> };
  const all = Object.values(build.routes);
  const keys: string[] = [];
  for (const route of all) {
    const children = all.filter((child) => child.parentId === route.id);
    // A route with a path and an index child (« nous-contacter ») answers through that child.
    const addressable = route.index === true || (route.path !== undefined && !children.some((child) => child.index === true));
    if (!addressable) continue;
    const pattern = patternOf(build.routes, route.id) || "/";
    keys.push(`GET ${pattern}`);
    if (route.module.action) keys.push(`POST ${pattern}`);
  }
  return keys.sort();
}

interface Layer {
  regexp: RegExp & { fast_slash?: boolean };
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** The mount path of a router layer in Express 4 (`^\/oms\/?(?=\/|$)` → "/oms"). */
function mountPath(layer: Layer): string {
  if (layer.regexp.fast_slash) return "";
  const source = layer.regexp.source.replace(/^\^/, "").replace(/\\\/\?\(\?=\\\/\|\$\)$/, "");
  if (/[()[\]*+?]/.test(source.replace(/\\\//g, ""))) throw new Error(`cannot read the mount path of ${layer.regexp.source}`);
  return source.replace(/\\\//g, "/");
}

function walk(stack: Layer[], prefix: string, keys: Set<string>): void {
  for (const layer of stack) {
    if (layer.route) {
      const pattern = `${prefix}${layer.route.path}`.replace(/(.)\/$/, "$1");
      for (const method of Object.keys(layer.route.methods).filter((name) => name !== "_all"))
        keys.add(`${method.toUpperCase()} ${pattern}`);
    } else if (layer.handle.stack) {
      walk(layer.handle.stack, `${prefix}${mountPath(layer)}`, keys);
    }
  }
}

/**
 * Every endpoint of the back-office mounted under /api in this running portal (the app of
 * createBackofficeApi, with the routers the server's options add), relative to /api.
 */
export function backofficeRoutes(portal: PortalServer): string[] {
  const app = portal.app as unknown as { _router?: { stack: Layer[] } };
  const api = app._router?.stack.find((layer) => layer.handle.stack && mountPath(layer) === "/api");
  if (!api?.handle.stack) throw new Error("no back-office router mounted at /api");
  const keys = new Set<string>();
  walk(api.handle.stack, "", keys);
  return [...keys].sort();
}
