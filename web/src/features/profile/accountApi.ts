// Download my data and delete my account (docs/api.md, docs/privacy.md, PRODUCT.md "Privacy").
import { apiRequest } from '../../lib/api';

/** The file name the server gives in Content-Disposition (`attachment; filename="…"`), or a fallback. */
export function attachmentFilename(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}

/**
 * GET /api/users/{id}/export and hand the document to the browser as a download (a blob link: the request carries
 * the session cookie and a failure becomes a toast rather than a page of JSON). Resolves with the file name.
 */
export async function downloadMyData(userId: string): Promise<string> {
  const res = await apiRequest('GET', `/api/users/${encodeURIComponent(userId)}/export`);
  const filename = attachmentFilename(res.headers.get('Content-Disposition'), 'mzansi-predicts-data.json');
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the blob to the download; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return filename;
}

/** DELETE /api/users/{id} with the password: the account and everything about it go; the session ends. */
export async function deleteMyAccount(userId: string, password: string): Promise<void> {
  await apiRequest('DELETE', `/api/users/${encodeURIComponent(userId)}`, { password });
}
