import { createHash } from 'node:crypto';

/** What the table keeps of a one-time token (a mailed link, a sign-in grant, an X sign-in step): its SHA-256. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
