import { randomUUID } from "node:crypto";
import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Generated, Kysely } from "kysely";
import { fileNameForType, type CertificateMime, type CertificateRecord } from "@shared/contracts/certificates";
import type { Database } from "../db/schema";

/** The certificates table (migration 0003), beside the core schema's tables. */
export interface CertificatesTable {
  cer_id: string;
  org_id: number;
  product_id: number;
  mmsi: string;
  file_name: string;
  mime: CertificateMime;
  size: number;
  storage_name: string;
  created_by: number;
  created_at: Generated<Date>;
}

export type CertificatesDb = Kysely<Database & { certificates: CertificatesTable }>;

export function certificatesDb(db: Kysely<Database>): CertificatesDb {
  return db.withTables<{ certificates: CertificatesTable }>();
}

/** Where the files go: CERTIFICATES_DIR, or data/certificates of the working directory. */
export function defaultCertificatesDir(): string {
  return path.resolve(process.env.CERTIFICATES_DIR ?? path.join("data", "certificates"));
}

export interface NewCertificate {
  orgId: number;
  productId: number;
  userId: number;
  mmsi: string;
  fileName: string;
  mime: CertificateMime;
  bytes: Buffer;
}

type Row = Omit<CertificatesTable, "created_at"> & { created_at: Date };

function toRecord(row: Row): CertificateRecord {
  return {
    cer_id: row.cer_id,
    mmsi: row.mmsi,
    file_name: fileNameForType(row.file_name, row.mime),
    product_id: row.product_id,
    mime: row.mime,
    size: row.size,
    created_at: row.created_at.toISOString(),
  };
}

/** Writes the file under a random name (never the user's), then records it; a refused record takes the file with it. */
export async function storeCertificate(db: CertificatesDb, dir: string, input: NewCertificate): Promise<CertificateRecord> {
  const cerId = randomUUID();
  const storageName = `${randomUUID()}.bin`;
  const file = path.join(dir, storageName);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(file, input.bytes, { mode: 0o600, flag: "wx" });
  const row = await recordCertificate(db, cerId, storageName, input).catch(async (error: unknown) => {
    // No row will ever name this file: nothing else would delete it (decision 0142).
    await unlink(file).catch(() => undefined);
    throw error;
  });
  return toRecord(row);
}

function recordCertificate(db: CertificatesDb, cerId: string, storageName: string, input: NewCertificate): Promise<Row> {
  return db
    .insertInto("certificates")
    .values({
      cer_id: cerId,
      org_id: input.orgId,
      product_id: input.productId,
      mmsi: input.mmsi,
      file_name: input.fileName,
      mime: input.mime,
      size: input.bytes.length,
      storage_name: storageName,
      created_by: input.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A certificate of this organization with its bytes; undefined for any other (no existence leak). */
export async function findCertificate(
  db: CertificatesDb,
  dir: string,
  orgId: number,
  cerId: string,
): Promise<{ record: CertificateRecord; bytes: Buffer } | undefined> {
  const row = await db.selectFrom("certificates").selectAll().where("cer_id", "=", cerId).where("org_id", "=", orgId).executeTakeFirst();
  if (!row) return undefined;
  return { record: toRecord(row), bytes: await readFile(path.join(dir, row.storage_name)) };
}
