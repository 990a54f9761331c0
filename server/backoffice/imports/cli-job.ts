import { SingleBar } from "cli-progress";
import { importJobView, type ImportJobView, type ImportPhase } from "@shared/contracts/import-jobs";
import type { ImportFeed } from "@shared/contracts/imports";
import { Unreachable } from "../warehouse/client";

/**
 * `npm run import`'s side of an import job (docs/integration.md): sends the file to
 * /api/erp/import-jobs/<feed>, then reads the job until it ends, with a progress bar on a
 * terminal (one line per phase otherwise, for a log). Returns the ended job, or the portal's
 * refusal of the file (a bad token, an unknown feed, a file over 50 MB, too many imports).
 */

const PHASES: Record<ImportPhase, string> = { reading: "Lecture du fichier", checking: "Contrôle des lignes", writing: "Écriture" };
const POLL_MS = 250;

export interface PortalTarget {
  baseUrl: string;
  token: string;
}

export type JobOutcome = { job: ImportJobView } | { refusal: { status: number; message: string } };

async function fetchOrUnreachable(target: PortalTarget, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${target.baseUrl}${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${target.token}` } }).catch(
    (error: unknown) => {
      throw new Unreachable(
        `Impossible de joindre le portail à ${target.baseUrl} (${error instanceof Error ? error.message : String(error)}). Est-il démarré (npm start) ?`,
      );
    },
  );
}

async function refusalOf(response: Response): Promise<JobOutcome> {
  const answer: unknown = await response.json().catch(() => null);
  const message = (answer as { message?: unknown } | null)?.message;
  return { refusal: { status: response.status, message: typeof message === "string" ? message : "réponse inattendue du portail." } };
}

/** Draws the job's progress: a bar on a terminal, a line per phase elsewhere. */
function progressDisplay(stream: NodeJS.WriteStream): { show(job: ImportJobView): void; stop(): void } {
  let phase: ImportPhase | null = null;
  if (!stream.isTTY) {
    return {
      show(job) {
        if (!job.progress || job.progress.phase === phase) return;
        phase = job.progress.phase;
        stream.write(`${PHASES[phase]}${job.progress.rows === null ? "" : ` (${job.progress.rows} lignes)`}…\n`);
      },
      stop: () => undefined,
    };
  }
  const bar = new SingleBar({
    stream,
    format: "{phase} [{bar}] {percentage} % · {value}/{total} lignes",
    barCompleteChar: "█",
    barIncompleteChar: "░",
    hideCursor: true,
    clearOnComplete: true,
  });
  let started = false;
  return {
    show(job) {
      const progress = job.progress;
      if (!progress || progress.rows === null) return;
      const written = progress.phase === "writing" ? progress.written : 0;
      if (!started) bar.start(progress.rows, written, { phase: PHASES[progress.phase] });
      started = true;
      bar.update(written, { phase: PHASES[progress.phase] });
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}

export async function importAsJob(target: PortalTarget, feed: ImportFeed, bytes: Uint8Array, query: URLSearchParams): Promise<JobOutcome> {
  const submitted = await fetchOrUnreachable(target, `/api/erp/import-jobs/${feed}${query.size > 0 ? `?${query}` : ""}`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  if (submitted.status !== 202) return refusalOf(submitted);
  let job = importJobView.parse(await submitted.json());
  const display = progressDisplay(process.stderr);
  try {
    while (job.state === "queued" || job.state === "running") {
      display.show(job);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const answer = await fetchOrUnreachable(target, `/api/erp/import-jobs/${job.id}`);
      if (answer.status !== 200) return refusalOf(answer);
      job = importJobView.parse(await answer.json());
    }
  } finally {
    display.stop();
  }
  return { job };
}
