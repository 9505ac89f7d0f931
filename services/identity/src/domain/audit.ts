/** Rules for the admin audit log (PRODUCT.md "Privacy": kept one year, append-only). */

/** Entries are kept this long, then deleted by the retention job (and not before: the table's trigger checks it too). */
export const AUDIT_RETENTION_DAYS = 365;
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;

/** The moment before which entries may go, for a retention run at `now`. */
export const auditCutoff = (now: Date): Date => new Date(now.getTime() - AUDIT_RETENTION_DAYS * 24 * 3600_000);

/** A page request made sane: page ≥ 1, 1 ≤ size ≤ 200 (default 50). */
export function auditPage(page: number, pageSize: number): { page: number; pageSize: number; offset: number } {
  const p = Math.max(1, Math.floor(page) || 1);
  const size = Math.min(AUDIT_PAGE_SIZE_MAX, Math.max(1, Math.floor(pageSize) || AUDIT_PAGE_SIZE));
  return { page: p, pageSize: size, offset: (p - 1) * size };
}
