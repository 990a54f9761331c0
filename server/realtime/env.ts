import { z } from "zod";

/**
 * The realtime server's settings from the environment, checked with zod like server/config/env.ts
 * (kept here so the realtime feature stays in its folder; see docs/realtime.md).
 */
const originList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== ""),
  )
  .pipe(z.array(z.url()));

export const realtimeEnvSchema = z.object({
  /** Set it and @socket.io/redis-adapter relays events between the portal's instances. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: "REDIS_URL doit commencer par redis:// ou rediss://." })
    .optional(),
  /** Prefix of the Redis channels: portals sharing a Redis for different sites must differ. */
  REALTIME_CHANNEL: z
    .string()
    .regex(/^[\w.:-]{1,64}$/)
    .default("portail"),
  /**
   * Origins allowed besides the request's own host, for a proxy that rewrites Host
   * (comma-separated, e.g. "https://portail.example.fr").
   */
  REALTIME_ALLOWED_ORIGINS: originList,
});
export type RealtimeEnv = z.infer<typeof realtimeEnvSchema>;

export function readRealtimeEnv(source: Record<string, string | undefined> = process.env): RealtimeEnv {
  const parsed = realtimeEnvSchema.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid realtime configuration: ${details}`);
  }
  return parsed.data;
}
