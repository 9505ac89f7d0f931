/** Retention rules (PRODUCT.md "Privacy"): the delivery log is kept at most 30 days. */
export const DELIVERY_LOG_DAYS = 30;
/** A newsletter signup nobody confirmed is forgotten after as long. */
export const UNCONFIRMED_NEWSLETTER_DAYS = 30;

export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * 24 * 3600_000);
/** Inbox items (personal and for everyone, with their read marks) are kept 90 days (PRODUCT.md "Inbox"). */
export const INBOX_DAYS = 90;
