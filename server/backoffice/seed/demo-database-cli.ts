import path from "node:path";
import { ROOT_DIR } from "../../config/project-root";
import { buildDemoDump } from "./demo-database";

/**
 * `npm run build`'s last step: today's seeded demo database, which a first start with the demo
 * data copies instead of seeding (decision 0210). Already there: nothing to do.
 */
const started = Date.now();
const { file, made } = await buildDemoDump();
const what = made ? `written in ${((Date.now() - started) / 1000).toFixed(1)} s` : "already there";
console.log(`demo database ${path.relative(ROOT_DIR, file)}: ${what}`);
