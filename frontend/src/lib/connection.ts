interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Links prefetch their page on hover or touch, except on 2g connections or with Data Saver on. */
export function shouldPrefetch(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

export function browserConnection(): NetworkInformationLike | undefined {
  return typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}
