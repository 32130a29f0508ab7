import { encode } from 'uqr';
import { controlProps, Field } from '@/components/ui/form-field';
import { totpCodeOf } from '../login';

/** The 6-digit code of the authenticator app. */
export function TotpCodeField({
  value,
  onChange,
  errors,
}: {
  value: string;
  onChange: (code: string) => void;
  errors: string[] | undefined;
}) {
  return (
    <Field
      label="認証コード（6桁）"
      required
      hint="認証アプリに表示されている6桁の数字です。"
      errors={errors}
    >
      {(control) => (
        <input
          {...controlProps(control)}
          className="form-control"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          value={value}
          onChange={(event) => onChange(totpCodeOf(event.target.value).slice(0, 6))}
        />
      )}
    </Field>
  );
}

/** The otpauth:// address as a QR code an authenticator app scans (drawn as SVG, no script or style). */
export function OtpauthQrCode({ uri }: { uri: string }) {
  // A quiet zone of 4 modules round the code, as the QR standard asks.
  const { data } = encode(uri, { ecc: 'M', border: 4 });
  const side = data.length;
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg
      className="totp-qr"
      viewBox={`0 0 ${side} ${side}`}
      width={200}
      height={200}
      role="img"
      aria-label="認証アプリで読み取るQRコード"
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
