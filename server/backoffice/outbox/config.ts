import { z } from "zod";

/**
 * The ERP's webhook (docs/integration.md « Événements », decision 0183), from the environment
 * and checked with zod like requests/config.ts: without ERP_WEBHOOK_URL no event is posted
 * (they are still written, and read with GET /api/erp/events).
 */
export interface WebhookSettings {
  url: string;
  secret: string;
  /** A receiver that has not answered by then failed the attempt. */
  timeoutMs: number;
  /** First retry's delay (then doubling up to an hour). */
  firstRetryMs: number;
  /** How long an event is retried before it is set aside. */
  retryWindowMs: number;
}

const webhookEnvSchema = z
  .object({
    ERP_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: "doit être une adresse http(s) complète." }).optional(),
    ERP_WEBHOOK_SECRET: z
      .string()
      .min(32, { error: "doit faire au moins 32 caractères (le secret partagé qui signe chaque envoi)." })
      .optional(),
    ERP_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    ERP_WEBHOOK_FIRST_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
    /** 24 hours by the contract; shorter for tests and drills. */
    ERP_WEBHOOK_RETRY_WINDOW_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(7 * 86_400_000)
      .default(86_400_000),
  })
  .refine((env) => !env.ERP_WEBHOOK_URL || env.ERP_WEBHOOK_SECRET, {
    message: "ERP_WEBHOOK_SECRET est obligatoire avec ERP_WEBHOOK_URL : chaque envoi est signé avec ce secret.",
    path: ["ERP_WEBHOOK_SECRET"],
  });

export function readWebhookSettings(source: Record<string, string | undefined> = process.env): WebhookSettings | null {
  // An empty variable is an unset one.
  const present = Object.fromEntries(Object.entries(source).filter(([key, value]) => key.startsWith("ERP_WEBHOOK_") && value !== ""));
  const parsed = webhookEnvSchema.safeParse(present);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ");
    throw new Error(`Configuration du webhook de l'ERP invalide : ${details}`);
  }
  const env = parsed.data;
  if (!env.ERP_WEBHOOK_URL || !env.ERP_WEBHOOK_SECRET) return null;
  return {
    url: env.ERP_WEBHOOK_URL,
    secret: env.ERP_WEBHOOK_SECRET,
    timeoutMs: env.ERP_WEBHOOK_TIMEOUT_MS,
    firstRetryMs: env.ERP_WEBHOOK_FIRST_RETRY_MS,
    retryWindowMs: env.ERP_WEBHOOK_RETRY_WINDOW_MS,
  };
}
