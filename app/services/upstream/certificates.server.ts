import {
  certificateFile,
  certificateRecord,
  type CertificateFile,
  type CertificateRecord,
  type CertificateUploadRequest,
} from "@shared/contracts/certificates";
import type { UpstreamHttp } from "./http.server";

/** The back-office's MMSI certificate store (/api/oms/certificates). */
export interface CertificatesClient {
  upload(input: CertificateUploadRequest): Promise<CertificateRecord>;
  /** 404 UpstreamError for an unknown id or another organization's certificate. */
  download(cerId: string): Promise<CertificateFile>;
  /** Deletes a certificate no cart line nor order refers to (a change given up after its upload); 409 UpstreamError otherwise. */
  remove(cerId: string): Promise<void>;
}

export function createCertificatesClient(http: UpstreamHttp): CertificatesClient {
  return {
    upload: (input) => http.send({ method: "POST", path: "api/oms/certificates", body: input, schema: certificateRecord }),
    download: (cerId) =>
      http.send({
        method: "GET",
        path: `api/oms/certificates/${encodeURIComponent(cerId)}`,
        query: { format: "base64" },
        schema: certificateFile,
      }),
    remove: (cerId) =>
      http.send({ method: "DELETE", path: `api/oms/certificates/${encodeURIComponent(cerId)}`, schema: null }).then(() => undefined),
  };
}
