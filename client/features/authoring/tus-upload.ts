import { apiUrl } from '../../../contract/api-url';
import { TUS_VERSION } from '../../../contract/lesson-media';

/** Bytes per PATCH: small enough to lose little when a connection drops, large enough to keep it busy. */
export const CHUNK_BYTES = 8 * 1024 * 1024;
const RETRIES = 5;

type Fetch = typeof fetch;

/** The sentence in an error answer (`{ error }`, or the tus server's plain text), else a general one. */
async function refusal(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    return (JSON.parse(text) as { error?: string }).error ?? text;
  } catch {
    return text.trim() || `The upload failed (${res.status}).`;
  }
}

/**
 * Uploads `file` to a lesson with the tus protocol and returns the upload's id: chunks of CHUNK_BYTES, each PATCH
 * from the offset the server holds; after a failed PATCH (a dropped connection, a 5xx, a 409) it asks HEAD for the
 * offset and resumes from there, up to RETRIES times in a row.
 */
export async function tusUpload(
  lessonId: string,
  file: Blob,
  onProgress: (sent: number) => void,
  options: { fetch?: Fetch; wait?: (ms: number) => Promise<void> } = {},
): Promise<string> {
  const call = options.fetch ?? fetch;
  const wait = options.wait ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const headers = { 'Tus-Resumable': TUS_VERSION };
  const created = await call(
    apiUrl('POST /api/lms/authoring/lessons/:id/video/uploads', { params: { id: lessonId } }),
    {
      method: 'POST',
      headers: { ...headers, 'Upload-Length': String(file.size) },
    },
  );
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(await refusal(created));
  let offset = 0;
  let failures = 0;
  while (offset < file.size) {
    try {
      const res = await call(location, {
        method: 'PATCH',
        headers: {
          ...headers,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: file.slice(offset, offset + CHUNK_BYTES),
      });
      if (res.status === 204) {
        offset = Number(res.headers.get('upload-offset'));
        failures = 0;
        onProgress(offset);
        continue;
      }
      if (res.status < 500 && res.status !== 409) throw new Refused(await refusal(res));
    } catch (error) {
      if (error instanceof Refused) throw new Error(error.message);
    }
    if (++failures > RETRIES) throw new Error('The connection keeps failing; try again later.');
    await wait(1000 * 2 ** (failures - 1));
    const head = await call(location, { method: 'HEAD', headers }).catch(() => null);
    const held = head?.headers.get('upload-offset');
    if (head?.ok && held !== null && held !== undefined) offset = Number(held);
  }
  return location.slice(location.lastIndexOf('/') + 1);
}

class Refused extends Error {}
