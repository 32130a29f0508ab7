/**
 * The rules of a new password beyond its length (the route's schema): not among the common and
 * breached passwords that guessing tries first (NIST SP 800-63B; docs/adr/0026-operators-second-factor.md).
 * The list is zxcvbn-ts's, about 50,000 passwords ranked by how often they appear in breaches.
 */
import { commonPasswordMessage } from '@golf/shared/schemas/account';
import { validationFailed } from '../../lib/errors';

let common: Promise<ReadonlySet<string>> | undefined;

/** Loaded at the first new password, so that only the functions that set one pay for the list. */
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  ));

/** Whether a password is a common one, whatever its case and width (the list is lower case). */
async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize('NFKC').toLowerCase());
}

/** A 422 on `password` when the new password is a common one. */
export async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw validationFailed({ password: [commonPasswordMessage] });
}
