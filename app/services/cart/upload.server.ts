import { MultipartTooLarge, readMultipartForm } from "~/services/forms/multipart.server";
import { readForm } from "~/services/forms/read.server";

/** A file bigger than the form allows: the whole request is refused, nothing is kept. */
export class UploadTooLarge extends Error {
  override readonly name = "UploadTooLarge";
}

/**
 * The form of a request, files included (kept in memory, at most `maxPartSize` bytes each).
 * A plain urlencoded form (a fetcher without a file, a test) is read as usual.
 */
export async function readUploadForm(request: Request, maxPartSize: number): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) return readForm(request);
  try {
    return await readMultipartForm(request, maxPartSize);
  } catch (error) {
    if (error instanceof MultipartTooLarge) throw new UploadTooLarge(`a part is over ${maxPartSize} bytes`);
    throw error;
  }
}

/** The file of a field, or null when none was chosen (browsers send an empty part). */
export function fileField(form: FormData, name: string): File | null {
  const value = form.get(name);
  return typeof value === "object" && value !== null && value.size > 0 ? value : null;
}
