import busboy from 'busboy';
import { AppError, badRequest } from './errors';

export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/** Largest multipart body accepted (images go to S3 directly; forms carry text and small files). */
const maxMultipartBytes = 6 * 1024 * 1024;

/** Parses a multipart/form-data body as API Gateway delivers it (base64 when binary). */
export function parseMultipart(body: Buffer, contentType: string): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    const result: MultipartBody = { fields: {}, files: {} };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { fileSize: maxMultipartBytes, fields: 50, files: 5, fieldSize: 64 * 1024 },
      });
    } catch {
      reject(badRequest('マルチパート形式が正しくありません。'));
      return;
    }
    parser.on('field', (name, value) => {
      result.fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => reject(new AppError(413, 'bad_request', 'ファイルサイズが大きすぎます。')));
      stream.on('end', () => {
        result.files[name] = {
          filename: info.filename ?? '',
          contentType: info.mimeType,
          data: Buffer.concat(chunks),
        };
      });
    });
    parser.on('error', () => reject(badRequest('マルチパート形式が正しくありません。')));
    parser.on('close', () => resolve(result));
    parser.end(body);
  });
}
