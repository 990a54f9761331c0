// After `remix build`: writes public/build/version.json, the latest-build file the pages read
// to offer « Nouvelle version disponible » (docs/new-version.md, decision 0126).
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const { assets } = await import(pathToFileURL(path.join(root, "build", "index.js")).href);
writeFileSync(path.join(root, "public", "build", "version.json"), JSON.stringify({ version: assets.version }));
