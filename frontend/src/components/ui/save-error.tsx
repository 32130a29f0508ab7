import { isApiError, networkErrorMessage } from '@/lib/api-client';

/** The server's Japanese message (and field messages) of a refused save, shown inline. */
export function SaveError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = isApiError(error) ? error.message : networkErrorMessage;
  const details = isApiError(error) && error.errors ? Object.values(error.errors).flat() : [];
  return (
    <div className="game-error" role="alert">
      <p>{message}</p>
      {details.length > 0 && (
        <ul>
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
